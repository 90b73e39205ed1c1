# The acceptance test of the GUI workflow on MainWindow (views/graph and everything around it:
# stepping, folding toggles, exports, side by side, search, overlays, sessions, scope groups,
# If bodies). Included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_gui_workflow.cpp)
# The scope-group test generates its large model with this tool, found next to the test binary.
add_dependencies(gui_tests passscope-make-large-model)
add_test(NAME gui.workflow COMMAND gui_tests TestGuiWorkflow)
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
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_body_steps.cpp)
add_test(NAME gui.body_steps COMMAND gui_tests TestBodySteps)
set_tests_properties(gui.body_steps PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# CondRemovePass in the GUI: the If on a constant condition replaced by its branch in one step,
# the inlined nodes marked added, the If a ghost marked removed.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_cond_remove_steps.cpp)
add_test(NAME gui.cond_remove_steps COMMAND gui_tests TestCondRemoveSteps)
set_tests_properties(gui.cond_remove_steps PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# Formats in the views: TransData properties, the origin/storage-format overlays and their
# legend, and the headless render's colours, on a model with real origin/storage formats.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_format_views.cpp)
add_test(NAME gui.format_views COMMAND gui_tests TestFormatViews)
set_tests_properties(gui.format_views PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)

# The properties panel's value range row (InferValueRangePass) on x [N,3,224,224] -> Shape -> Gather.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_value_range_view.cpp)
add_test(NAME gui.value_range_view COMMAND gui_tests TestValueRangeView)
set_tests_properties(gui.value_range_view PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 120)

# Stepping through format refinement on sample (a) at target GE: the format stages in the
# timeline, the TransData added by TransDataInsertionPass and folded by OptimizeStage2.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_format_steps.cpp)
add_test(NAME gui.format_steps COMMAND gui_tests TestFormatSteps)
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
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_model_layouts.cpp)
target_compile_definitions(gui_tests PRIVATE PASSSCOPE_LAYOUT_MODELS_DIR="${PASSSCOPE_LAYOUT_MODELS_DIR}")
add_test(NAME gui.model_layouts COMMAND gui_tests TestModelLayouts firstViewIsReadable transformerLayersStandInAColumn
    closedScopesStayClosedAcrossARerun)
add_test(NAME gui.real_layouts COMMAND gui_tests TestModelLayouts exportsPeopleMakeReadAsAColumn sharedValuesAreStubs)
set_tests_properties(gui.model_layouts gui.real_layouts PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 900)
# The two longest GUI tests start first (see the COST block at the end of tests/CMakeLists.txt).
set_tests_properties(gui.real_layouts PROPERTIES COST 100)
set_tests_properties(gui.model_layouts PROPERTIES COST 50)

# Stepping to a pass shows what it changed (issue 27): the view follows the step (into an If body
# for a step run there), F3 / Shift+F3 walk the changes, the minimap and scroll bar mark them.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_step_follow.cpp)
add_test(NAME gui.step_follow COMMAND gui_tests TestStepFollow)
set_tests_properties(gui.step_follow PROPERTIES
    ENVIRONMENT "${_gui_workflow_env}"
    LABELS gui
    TIMEOUT 300)
