# views/runner tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_pipeline_runner.cpp)
add_test(NAME gui.runner COMMAND gui_tests TestPipelineRunner)
set_tests_properties(gui.runner PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
