# views/panels: the docks' panels that show the model and the selected node: the nodes table with
# its filter, the selected node's properties, the model summary and the load warnings.
list(APPEND VIEWS_SOURCES
    panels/node_table_model.cpp panels/node_table_model.h
    panels/node_filter_proxy_model.cpp panels/node_filter_proxy_model.h
    panels/nodes_panel.cpp panels/nodes_panel.h
    panels/properties_panel.cpp panels/properties_panel.h
    panels/summary_panel.cpp panels/summary_panel.h
    panels/warnings_panel.cpp panels/warnings_panel.h
)
