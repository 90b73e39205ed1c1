# Tests of views/memory/ (the variable memory map and its panel). Included by
# tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_memory_map.cpp)
add_test(NAME gui.memory_map COMMAND gui_tests TestMemoryMap)
set_tests_properties(gui.memory_map PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)

# Variables in the GUI: the fusion step's marks, the properties of Variables and VarRefs (key,
# address, trans road, fusion decision), the memory dock following the timeline.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_variable_view.cpp)
add_test(NAME gui.variable_view COMMAND gui_tests TestVariableView)
set_tests_properties(gui.variable_view PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)
