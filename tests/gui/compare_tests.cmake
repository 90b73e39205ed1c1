# views/compare tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt: two models side by
# side with their differences marked, the difference list, selection across sides, a bad file.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_compare_view.cpp)
add_test(NAME gui.compare COMMAND gui_tests TestCompareView)
set(_gui_compare_env "QT_QPA_PLATFORM=offscreen")
# Graphviz keeps a few allocations from its plugin tables until exit (see layout_tests.cmake).
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp)
  list(APPEND _gui_compare_env "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp")
endif()
set_tests_properties(gui.compare PROPERTIES
    ENVIRONMENT "${_gui_compare_env}"
    LABELS gui
    TIMEOUT 300)

# passscope MODEL --compare FILE: usage errors, --help, a screenshot of a model against its own
# `passscope-cli optimize` output (the line it prints counts the differences), a bad second file.
add_test(NAME gui.compare_command_line
         COMMAND ${CMAKE_COMMAND} -DGUI=$<TARGET_FILE:passscope> -DCLI=$<TARGET_FILE:passscope-cli>
                 -DSAMPLE=${PROJECT_SOURCE_DIR}/resources/samples/conv_net.onnx
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gui_compare_command_line
                 -P ${CMAKE_CURRENT_LIST_DIR}/compare_command_line.cmake)
set_tests_properties(gui.compare_command_line PROPERTIES
    ENVIRONMENT "${_gui_compare_env}" LABELS gui TIMEOUT 300)
