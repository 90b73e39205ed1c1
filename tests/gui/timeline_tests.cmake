# views/timeline tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
add_executable(test_timeline ${CMAKE_CURRENT_LIST_DIR}/test_timeline.cpp)
target_link_libraries(test_timeline PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_timeline PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.timeline COMMAND test_timeline)
set_tests_properties(gui.timeline PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
