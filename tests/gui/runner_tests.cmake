# views/runner tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
add_executable(test_pipeline_runner ${CMAKE_CURRENT_LIST_DIR}/test_pipeline_runner.cpp)
target_link_libraries(test_pipeline_runner PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_pipeline_runner PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.runner COMMAND test_pipeline_runner)
set_tests_properties(gui.runner PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
