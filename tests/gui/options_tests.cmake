# views/dialogs/options_dialog tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
add_executable(test_options_dialog ${CMAKE_CURRENT_LIST_DIR}/test_options_dialog.cpp)
target_link_libraries(test_options_dialog PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_options_dialog PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.options_dialog COMMAND test_options_dialog)
set_tests_properties(gui.options_dialog PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
