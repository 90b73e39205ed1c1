# Tests of views/diagram/ (what the graph view draws: weights inside their consumers, name-scope
# groups and the stretches of a large flat level) and of views/layout/long_edges (edges routed
# around dot). Included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_diagram.cpp)
add_test(NAME gui.diagram COMMAND gui_tests TestDiagram)
set_tests_properties(gui.diagram PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp"
    LABELS gui
    TIMEOUT 300)
