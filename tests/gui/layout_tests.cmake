# Tests of views/layout/ (the Graphviz layout engine, its cache and worker). Included by
# tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_layout.cpp)
# The NN-shaped request generator is shared with passscope-bench-layout.
target_include_directories(gui_tests PRIVATE ${PROJECT_SOURCE_DIR}/tests/bench)
add_test(NAME gui.layout COMMAND gui_tests TestLayout)
# Graphviz 2.42's dot leaks the skeletons it builds for clusters (lsan_graphviz.supp says which);
# the suppressions cover only allocations made through its own allocator, so ours still count.
set_tests_properties(gui.layout PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp"
    LABELS gui
    TIMEOUT 300)

# Figures of merit of a layout (edge lengths, crossings) on hand-made results.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_layout_quality.cpp)
add_test(NAME gui.layout_quality COMMAND gui_tests TestLayoutQuality)
set_tests_properties(gui.layout_quality PROPERTIES LABELS gui TIMEOUT 60)
