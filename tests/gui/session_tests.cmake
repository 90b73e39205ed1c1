# views/session tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_session_file.cpp)
add_test(NAME gui.session COMMAND gui_tests TestSessionFile)
set_tests_properties(gui.session PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
