# views/timeline tests (QtTest, offscreen), included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_timeline.cpp)
add_test(NAME gui.timeline COMMAND gui_tests TestTimeline)
set_tests_properties(gui.timeline PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)

# A folder of GE graph dumps stepped through as a timeline of GE's stages (issue 13).
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_dump_timeline.cpp)
# The graph equality of the replay tests (replay/same_graph.h), independent of the diff.
target_include_directories(gui_tests PRIVATE ${PROJECT_SOURCE_DIR}/tests/engine)
add_test(NAME gui.dump_timeline COMMAND gui_tests TestDumpTimeline)
set_tests_properties(gui.dump_timeline PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)
