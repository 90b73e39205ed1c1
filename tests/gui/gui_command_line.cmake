# The desktop application's --option: pipeline options from the command line (wrong ones are a
# usage error, exit 2, naming the option), and a screenshot at target GE whose timeline then has
# the format stages; --inputs (issue 36 item 3) feeds the numeric overlay from an ONNX test data
# folder. Run with -DGUI=<passscope> -DSAMPLE=<conv_net.onnx> -DLOOPS=<tests/fixtures/torch_loop>
# -DWORK=<dir>.
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

run_gui(2 --option nonsense ${SAMPLE})
if(NOT LAST_ERR MATCHES "KEY=VALUE")
  message(FATAL_ERROR "--option without '=' does not say KEY=VALUE: ${LAST_ERR}")
endif()
run_gui(2 --option passscope.target=mars ${SAMPLE})
if(NOT LAST_ERR MATCHES "passscope.target")
  message(FATAL_ERROR "a wrong option value does not name the key: ${LAST_ERR}")
endif()
run_gui(0 --help)
if(NOT LAST_OUT MATCHES "--option")
  message(FATAL_ERROR "--help does not document --option")
endif()

# Target GE: more pass runs than the default target (the format stages ran), asked beyond the last.
run_gui(0 --screenshot ${WORK}/onnx.png --step 1000 ${SAMPLE})
string(REGEX MATCH "only ([0-9]+) pass runs" _ "${LAST_ERR}")
set(onnx_runs ${CMAKE_MATCH_1})
run_gui(0 --option passscope.target=ge --overlay storage-format --screenshot ${WORK}/ge.png --step 1000 ${SAMPLE})
string(REGEX MATCH "only ([0-9]+) pass runs" _ "${LAST_ERR}")
set(ge_runs ${CMAKE_MATCH_1})
if(NOT EXISTS ${WORK}/ge.png OR "${onnx_runs}" STREQUAL "" OR "${ge_runs}" STREQUAL "" OR NOT ge_runs GREATER onnx_runs)
  message(FATAL_ERROR "--option passscope.target=ge did not run the format passes (${onnx_runs} vs ${ge_runs} pass runs)")
endif()

# --overlay numeric with --bisect (docs/bisect.md §6): the sample's outputs never move, so the
# bisection says so and the picture is taken once the last step's numbers are shown.
run_gui(0 --overlay numeric --bisect --screenshot ${WORK}/numeric.png ${SAMPLE})
if(NOT EXISTS ${WORK}/numeric.png OR NOT LAST_ERR MATCHES "no pass run changed the graph outputs")
  message(FATAL_ERROR "--overlay numeric --bisect:\n${LAST_OUT}\n${LAST_ERR}")
endif()
run_gui(0 --help)
if(NOT LAST_OUT MATCHES "--bisect" OR NOT LAST_OUT MATCHES "numeric")
  message(FATAL_ERROR "--help does not document --bisect and the numeric overlay")
endif()

# --inputs (issue 36 item 3): an ONNX test data folder feeds both inputs of a PyTorch Loop export
# (by position: its protos are named x and n); a missing file is a usage error; a file that is no
# tensor is said and the inputs stay random.
set(loop ${LOOPS}/cumulative_loop)
run_gui(0 --inputs ${loop}/test_data_set_0 --overlay numeric --bisect --screenshot ${WORK}/inputs.png ${loop}/model.onnx)
if(NOT LAST_ERR MATCHES "numeric inputs from files: n, x" OR NOT LAST_ERR MATCHES "no pass run changed")
  message(FATAL_ERROR "--inputs FOLDER:\n${LAST_OUT}\n${LAST_ERR}")
endif()
run_gui(2 --inputs ${WORK}/missing.npy ${SAMPLE})
if(NOT LAST_ERR MATCHES "missing.npy")
  message(FATAL_ERROR "--inputs with a missing file:\n${LAST_ERR}")
endif()
run_gui(0 --inputs ${SAMPLE} --screenshot ${WORK}/inputs_bad.png ${SAMPLE})
if(NOT LAST_ERR MATCHES "Numeric inputs: .*\\.pb" OR LAST_ERR MATCHES "numeric inputs from files")
  message(FATAL_ERROR "--inputs with a model file instead of a tensor:\n${LAST_ERR}")
endif()
run_gui(0 --help)
if(NOT LAST_OUT MATCHES "--inputs")
  message(FATAL_ERROR "--help does not document --inputs")
endif()
