# `bisect` and `verify` on models with control flow (issue 36 item 2, docs/bisect.md §7): the
# published silero_vad.onnx (its model is inside If bodies, nested Ifs too) and PyTorch exports
# with a Loop (tests/fixtures/torch_loop: an LSTMCell stepped over the sequence; a loop over an
# input trip count with an If in its body) are evaluated, so both commands give their report and
# exit 0 (nothing changed the outputs), never "not evaluated".
# Invoked as: cmake -DCLI=... -DMODELS=... -DLOOPS=... -DWORK=... -P control_flow.cmake
function(expect_rc rc)
  execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT got EQUAL rc)
    message(FATAL_ERROR "passscope-cli ${ARGN}: exit ${got}, expected ${rc}\n${out}${err}")
  endif()
  if("${out}${err}" MATCHES "not evaluated")
    message(FATAL_ERROR "passscope-cli ${ARGN} says something is not evaluated:\n${out}${err}")
  endif()
  set(LAST_OUT "${out}" PARENT_SCOPE)
  set(LAST_ERR "${err}" PARENT_SCOPE)
endfunction()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# silero_vad: 512 samples (a symbolic dim of 1 is too short for its first Conv), one batch.
set(silero ${MODELS}/silero_vad.onnx)
set(pins --input-shape input:1,512 --input-shape h:2,1,64 --input-shape c:2,1,64)
expect_rc(0 bisect ${silero} ${pins} --json)
string(JSON kind TYPE "${LAST_OUT}" first_divergent)
string(JSON runs GET "${LAST_OUT}" pass_runs)
if(NOT kind STREQUAL "NULL" OR runs LESS 100)
  message(FATAL_ERROR "bisect of silero_vad:\n${LAST_OUT}")
endif()
expect_rc(0 optimize ${silero} -o ${WORK}/silero_optimized.onnx)
expect_rc(0 verify ${silero} ${WORK}/silero_optimized.onnx ${pins} --runs 2)
if(NOT LAST_OUT MATCHES "outputs match")
  message(FATAL_ERROR "verify of silero_vad:\n${LAST_OUT}")
endif()
# Too short a signal is a clear error from the body, exit 3 (not evaluated is never the reason).
expect_rc(3 bisect ${silero})
# ... which says the signal's length was set to 1 and how to give it.
if(NOT LAST_ERR MATCHES "hint: symbolic dimensions were set to 1.*--input-shape NAME:D0,D1")
  message(FATAL_ERROR "bisect of silero_vad without pins gives no --input-shape hint:\n${LAST_ERR}")
endif()

# The PyTorch Loop exports, on their stored inputs and on random ones.
foreach(name lstm_cell_loop cumulative_loop)
  set(model ${LOOPS}/${name}/model.onnx)
  set(extra "")
  if(name STREQUAL "lstm_cell_loop")
    set(extra --input-shape x:5,2,16)
  endif()
  expect_rc(0 bisect ${model} ${extra})
  if(NOT LAST_OUT MATCHES "no pass run changed the outputs")
    message(FATAL_ERROR "bisect of ${name}:\n${LAST_OUT}")
  endif()
  expect_rc(0 optimize ${model} -o ${WORK}/${name}_optimized.onnx)
  expect_rc(0 verify ${model} ${WORK}/${name}_optimized.onnx ${extra})
endforeach()

# --inputs with an ONNX test data folder (issue 36 item 3): the model's folder stands for its
# test_data_set_0, whose input_K.pb feed x and n.
expect_rc(0 bisect ${LOOPS}/cumulative_loop/model.onnx --inputs ${LOOPS}/cumulative_loop --json)
string(JSON kind TYPE "${LAST_OUT}" first_divergent)
if(NOT kind STREQUAL "NULL")
  message(FATAL_ERROR "bisect --inputs FOLDER:\n${LAST_OUT}")
endif()
expect_rc(3 bisect ${LOOPS}/cumulative_loop/model.onnx --inputs ${LOOPS})
