# views/session tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
add_executable(test_session_file ${CMAKE_CURRENT_LIST_DIR}/test_session_file.cpp)
target_link_libraries(test_session_file PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_session_file PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.session COMMAND test_session_file)
set_tests_properties(gui.session PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)
