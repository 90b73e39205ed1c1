# views/dialogs/options_dialog tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_options_dialog.cpp)
add_test(NAME gui.options_dialog COMMAND gui_tests TestOptionsDialog)
set_tests_properties(gui.options_dialog PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
