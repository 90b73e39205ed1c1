# views/graph: the graph scene, its items, the view with minimap and legend, the panel that ties
# them to the layout worker, and the picture export shared with `passscope-cli render`.
list(APPEND VIEWS_SOURCES
    graph/item_style.cpp graph/item_style.h
    graph/overlay.cpp graph/overlay.h
    graph/step_marks.cpp graph/step_marks.h
    graph/node_item.cpp graph/node_item.h
    graph/group_item.cpp graph/group_item.h
    graph/column_figure.cpp graph/column_figure.h
    graph/edge_item.cpp graph/edge_item.h
    graph/graph_scene.cpp graph/graph_scene.h
    graph/legend_widget.cpp graph/legend_widget.h
    graph/minimap.cpp graph/minimap.h
    graph/marked_scroll_bar.cpp graph/marked_scroll_bar.h
    graph/graph_view.cpp graph/graph_view.h
    graph/graph_panel.cpp graph/graph_panel.h
    graph/view_census.cpp graph/view_census.h
    graph/drawing_fill.cpp graph/drawing_fill.h
    graph/diagram_render.cpp graph/diagram_render.h
    graph/headless_render.cpp graph/headless_render.h
)
