# views/panels: the docks' panels that show the model and the selected node: the nodes table with
# its filter, the selected node's properties, the model summary and the load warnings.
views_classes(panels node_table_model node_filter_proxy_model nodes_panel properties_panel
    summary_panel warnings_panel)
