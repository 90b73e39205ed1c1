# passscope MODEL --compare FILE (views/compare/). Run with -DGUI=<passscope> -DCLI=<passscope-cli>
# -DSAMPLE=<conv_net.onnx> -DWORK=<dir>.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
function(run_gui expected_rc)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${GUI} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "passscope ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  set(LAST_ERR "${err}" PARENT_SCOPE)
  set(LAST_OUT "${out}" PARENT_SCOPE)
endfunction()

run_gui(0 --help)
if(NOT LAST_OUT MATCHES "--compare <FILE>")
  message(FATAL_ERROR "--help does not document --compare")
endif()
run_gui(2 --compare ${SAMPLE})
if(NOT LAST_ERR MATCHES "--compare needs a MODEL")
  message(FATAL_ERROR "--compare without MODEL is not a usage error naming it: ${LAST_ERR}")
endif()

# The sample against itself: nothing differs.
run_gui(0 ${SAMPLE} --compare ${SAMPLE} --screenshot ${WORK}/same.png)
if(NOT EXISTS ${WORK}/same.png OR NOT LAST_OUT MATCHES "compare: 0 removed, 0 added, 0 changed")
  message(FATAL_ERROR "comparing a model with itself: ${LAST_OUT}${LAST_ERR}")
endif()

# The sample against its optimized form: folding removed nodes, so something differs.
execute_process(COMMAND ${CLI} optimize ${SAMPLE} -o ${WORK}/optimized.onnx RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "passscope-cli optimize failed: ${err}")
endif()
run_gui(0 ${SAMPLE} --compare ${WORK}/optimized.onnx --screenshot ${WORK}/optimized.png)
if(NOT EXISTS ${WORK}/optimized.png OR NOT LAST_OUT MATCHES "compare: [1-9][0-9]* removed")
  message(FATAL_ERROR "comparing a model with its optimized form shows no removed node: ${LAST_OUT}")
endif()

# A second file that is not a model: an error naming it, exit 1, no picture.
file(WRITE ${WORK}/not_a_model.onnx "not a model")
run_gui(1 ${SAMPLE} --compare ${WORK}/not_a_model.onnx --screenshot ${WORK}/bad.png)
if(NOT LAST_ERR MATCHES "not_a_model.onnx" OR EXISTS ${WORK}/bad.png)
  message(FATAL_ERROR "a bad second file: ${LAST_ERR}")
endif()
# The same as the first file: the error names that one.
run_gui(1 ${WORK}/not_a_model.onnx --compare ${SAMPLE} --screenshot ${WORK}/bad.png)
if(NOT LAST_ERR MATCHES "not_a_model.onnx" OR EXISTS ${WORK}/bad.png)
  message(FATAL_ERROR "a bad first file: ${LAST_ERR}")
endif()
