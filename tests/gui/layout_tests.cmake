# Tests of views/layout/ (the Graphviz layout engine, its cache and worker). Included by
# tests/gui/CMakeLists.txt.
add_executable(test_layout ${CMAKE_CURRENT_LIST_DIR}/test_layout.cpp)
target_link_libraries(test_layout PRIVATE passscope_views Qt6::Test)
# The NN-shaped request generator is shared with passscope-bench-layout.
target_include_directories(test_layout PRIVATE ${PROJECT_SOURCE_DIR}/tests/bench)
add_test(NAME gui.layout COMMAND test_layout)
# Graphviz keeps a few allocations from its plugin tables until exit; they are its own, listed in
# lsan_graphviz.supp, so LeakSanitizer still reports ours.
set_tests_properties(gui.layout PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp"
    LABELS gui
    TIMEOUT 300)
