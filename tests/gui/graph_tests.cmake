# The acceptance test of the GUI workflow on MainWindow (views/graph and everything around it:
# stepping, folding toggles, exports, side by side, search, overlays, sessions, scope groups,
# If bodies). Included by tests/gui/CMakeLists.txt.
add_executable(test_gui_workflow ${CMAKE_CURRENT_LIST_DIR}/test_gui_workflow.cpp)
target_link_libraries(test_gui_workflow PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_gui_workflow PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
# The scope-group test generates its large model with this tool, found next to the test binary.
add_dependencies(test_gui_workflow passscope-make-large-model)
add_test(NAME gui.workflow COMMAND test_gui_workflow)
set(_gui_workflow_env "QT_QPA_PLATFORM=offscreen")
# Graphviz keeps a few allocations from its plugin tables until exit (see layout_tests.cmake).
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp)
  list(APPEND _gui_workflow_env "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_graphviz.supp")
endif()
set_tests_properties(gui.workflow PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# Before and after inside an If body (a body step, its ghosts and the before side), on MainWindow.
add_executable(test_body_steps ${CMAKE_CURRENT_LIST_DIR}/test_body_steps.cpp)
target_link_libraries(test_body_steps PRIVATE passscope_views passscope_test_support Qt6::Test)
add_test(NAME gui.body_steps COMMAND test_body_steps)
set_tests_properties(gui.body_steps PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# CondRemovePass in the GUI: the If on a constant condition replaced by its branch in one step,
# the inlined nodes marked added, the If a ghost marked removed.
add_executable(test_cond_remove_steps ${CMAKE_CURRENT_LIST_DIR}/test_cond_remove_steps.cpp)
target_link_libraries(test_cond_remove_steps PRIVATE passscope_views passscope_test_support Qt6::Test)
add_test(NAME gui.cond_remove_steps COMMAND test_cond_remove_steps)
set_tests_properties(gui.cond_remove_steps PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# Formats in the views: TransData properties, the origin/storage-format overlays and their
# legend, and the headless render's colours, on a model with real origin/storage formats.
add_executable(test_format_views ${CMAKE_CURRENT_LIST_DIR}/test_format_views.cpp)
target_link_libraries(test_format_views PRIVATE passscope_views passscope_test_support Qt6::Test)
add_test(NAME gui.format_views COMMAND test_format_views)
set_tests_properties(gui.format_views PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# The properties panel's value range row (InferValueRangePass) on x [N,3,224,224] -> Shape -> Gather.
add_executable(test_value_range_view ${CMAKE_CURRENT_LIST_DIR}/test_value_range_view.cpp)
target_link_libraries(test_value_range_view PRIVATE passscope_views passscope_test_support Qt6::Test)
add_test(NAME gui.value_range_view COMMAND test_value_range_view)
set_tests_properties(gui.value_range_view PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 120)

# Stepping through format refinement on sample (a) at target GE: the format stages in the
# timeline, the TransData added by TransDataInsertionPass and folded by OptimizeStage2.
add_executable(test_format_steps ${CMAKE_CURRENT_LIST_DIR}/test_format_steps.cpp)
target_link_libraries(test_format_steps PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_format_steps PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.format_steps COMMAND test_format_steps)
set_tests_properties(gui.format_steps PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# passscope --option KEY=VALUE and --inputs (the desktop application's command line).
add_test(NAME gui.command_line
         COMMAND ${CMAKE_COMMAND} -DGUI=$<TARGET_FILE:passscope>
                 -DSAMPLE=${PROJECT_SOURCE_DIR}/resources/samples/conv_net.onnx
                 -DLOOPS=${PROJECT_SOURCE_DIR}/tests/fixtures/torch_loop
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gui_command_line
                 -P ${CMAKE_CURRENT_LIST_DIR}/gui_command_line.cmake)
set_tests_properties(gui.command_line PROPERTIES ENVIRONMENT "${_gui_workflow_env}" LABELS gui TIMEOUT 300)

# The first view of every model kept in resources/ (published exports, PyTorch exports, samples)
# and the transformer encoder's column of layers (issue 21).
# Issue 35: the same, and a column figure C <= 2, for torchvision's models and an 80-layer
# decoder as users export them (unpacked from resources/models/pytorch/layout_models.tar.gz), at
# targets onnx and ge, as a ctest of its own (gui.real_layouts) so the two run side by side.
include(${PROJECT_SOURCE_DIR}/resources/models/pytorch/layout_models.cmake)
add_executable(test_model_layouts ${CMAKE_CURRENT_LIST_DIR}/test_model_layouts.cpp)
target_link_libraries(test_model_layouts PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_model_layouts PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    PASSSCOPE_LAYOUT_MODELS_DIR="${PASSSCOPE_LAYOUT_MODELS_DIR}")
add_test(NAME gui.model_layouts COMMAND test_model_layouts firstViewIsReadable transformerLayersStandInAColumn
    closedScopesStayClosedAcrossARerun)
add_test(NAME gui.real_layouts COMMAND test_model_layouts exportsPeopleMakeReadAsAColumn sharedValuesAreStubs)
set_tests_properties(gui.model_layouts gui.real_layouts PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 900)

# Stepping to a pass shows what it changed (issue 27): the view follows the step (into an If body
# for a step run there), F3 / Shift+F3 walk the changes, the minimap and scroll bar mark them.
add_executable(test_step_follow ${CMAKE_CURRENT_LIST_DIR}/test_step_follow.cpp)
target_link_libraries(test_step_follow PRIVATE passscope_views passscope_test_support Qt6::Test)
target_compile_definitions(test_step_follow PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.step_follow COMMAND test_step_follow)
set_tests_properties(gui.step_follow PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)
