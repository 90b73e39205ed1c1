# views/graph: the graph scene, its items, the view with minimap and legend, the panel that ties
# them to the layout worker, and the picture export shared with `passscope-cli render`.
views_classes(graph item_style overlay step_marks node_item group_item column_figure edge_item
    graph_scene legend_widget minimap marked_scroll_bar graph_view graph_panel view_census
    drawing_fill diagram_render headless_render)
