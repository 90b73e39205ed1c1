# views/numeric: list this folder's files (paths relative to views/).
list(APPEND VIEWS_SOURCES
    numeric/numeric_controller.cpp numeric/numeric_controller.h
    numeric/numeric_inputs_dialog.cpp numeric/numeric_inputs_dialog.h
    numeric/node_data_overlay.cpp numeric/node_data_overlay.h
    numeric/numeric_session.cpp numeric/numeric_session.h
    numeric/step_numbers.cpp numeric/step_numbers.h
    numeric/numeric_view.cpp numeric/numeric_view.h
)
