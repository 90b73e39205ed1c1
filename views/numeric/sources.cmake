# views/numeric: numbers on the graph: the step's values against the original's (bisect's first
# divergent step), the numeric inputs, other tools' node data (paths relative to views/).
views_classes(numeric numeric_controller numeric_inputs_dialog node_data_overlay numeric_session
    step_numbers numeric_view)
