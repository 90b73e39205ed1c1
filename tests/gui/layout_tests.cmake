# Tests of views/layout/ (the Graphviz layout engine, its cache and worker). Included by
# tests/gui/CMakeLists.txt.
add_executable(test_layout ${CMAKE_CURRENT_LIST_DIR}/test_layout.cpp)
target_link_libraries(test_layout PRIVATE passscope_views Qt6::Test)
# The NN-shaped request generator is shared with passscope-bench-layout.
target_include_directories(test_layout PRIVATE ${PROJECT_SOURCE_DIR}/tests/bench)
add_test(NAME gui.layout COMMAND test_layout)
# Graphviz 2.42's dot leaks the skeletons it builds for clusters (lsan_graphviz.supp says which);
# the suppressions cover only allocations made through its own allocator, so ours still count.
set_tests_properties(gui.layout PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp"
    LABELS gui
    TIMEOUT 300)

# Figures of merit of a layout (edge lengths, crossings) on hand-made results.
add_executable(test_layout_quality ${CMAKE_CURRENT_LIST_DIR}/test_layout_quality.cpp)
target_link_libraries(test_layout_quality PRIVATE passscope_views Qt6::Test)
add_test(NAME gui.layout_quality COMMAND test_layout_quality)
set_tests_properties(gui.layout_quality PROPERTIES LABELS gui TIMEOUT 60)
