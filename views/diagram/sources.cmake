# views/diagram: what the graph view draws, independent of how (no QGraphicsItems here).
views_classes(diagram scope_tree diagram_model visible_plan)
