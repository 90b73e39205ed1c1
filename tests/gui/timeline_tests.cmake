# views/timeline tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
add_executable(test_timeline ${CMAKE_CURRENT_LIST_DIR}/test_timeline.cpp)
target_link_libraries(test_timeline PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_timeline PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.timeline COMMAND test_timeline)
set_tests_properties(gui.timeline PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)

# A folder of GE graph dumps stepped through as a timeline of GE's stages (issue 13).
add_executable(test_dump_timeline ${CMAKE_CURRENT_LIST_DIR}/test_dump_timeline.cpp)
target_link_libraries(test_dump_timeline PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_dump_timeline PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
# The graph equality of the replay tests (replay/same_graph.h), independent of the diff.
target_include_directories(test_dump_timeline PRIVATE ${PROJECT_SOURCE_DIR}/tests/engine)
add_test(NAME gui.dump_timeline COMMAND test_dump_timeline)
set_tests_properties(gui.dump_timeline PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)
