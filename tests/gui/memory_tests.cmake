# Tests of views/memory/ (the variable memory map and its panel). Included by
# tests/gui/CMakeLists.txt.
add_executable(test_memory_map ${CMAKE_CURRENT_LIST_DIR}/test_memory_map.cpp)
target_link_libraries(test_memory_map PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_memory_map PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.memory_map COMMAND test_memory_map)
set_tests_properties(gui.memory_map PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 120)

# Variables in the GUI: the fusion step's marks, the properties of Variables and VarRefs (key,
# address, trans road, fusion decision), the memory dock following the timeline.
add_executable(test_variable_view ${CMAKE_CURRENT_LIST_DIR}/test_variable_view.cpp)
target_link_libraries(test_variable_view PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_variable_view PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.variable_view COMMAND test_variable_view)
set_tests_properties(gui.variable_view PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)
