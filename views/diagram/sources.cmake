# views/diagram: what the graph view draws, independent of how (no QGraphicsItems here).
list(APPEND VIEWS_SOURCES
    diagram/scope_tree.cpp diagram/scope_tree.h
    diagram/diagram_model.cpp diagram/diagram_model.h
    diagram/visible_plan.cpp diagram/visible_plan.h
)
