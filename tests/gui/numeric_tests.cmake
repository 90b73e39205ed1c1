# Numeric debugging in the GUI (views/numeric, docs/bisect.md §6): Find First Divergent Step marks
# the ConstantClipPass run of a model whose weight overflows float16, the "Numeric difference"
# overlay marks the clipped weight's path at that step and nothing else, the properties panel
# shows the values before and after; without ge.is_weight_clip nothing is marked.
# Included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_numeric_overlay.cpp)
add_test(NAME gui.numeric_overlay COMMAND gui_tests TestNumericOverlay)
set(_numeric_env "QT_QPA_PLATFORM=offscreen")
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp)
  list(APPEND _numeric_env "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp")
endif()
set_tests_properties(gui.numeric_overlay PROPERTIES
    ENVIRONMENT "${_numeric_env}"
    LABELS gui
    TIMEOUT 300)
