# `vars --load` on the same model: a later graph of the saved session keeps every key and
# address, and the cached compile stays valid. A variable whose format the saved compile changed
# takes its stored format again before the format passes (GE's GraphPrepare::UpdateVariableFormats,
# graph_prepare.cc: the trans road is recovered reversely; UpdateVariableFormatsPass here), so its
# key, address and description stay.
# Invoked as: cmake -DCLI=... -DSAMPLES=... -DWORK=... -P vars_session.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run_vars expected_rc)
  execute_process(COMMAND ${CLI} vars ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 120)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "vars ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}${err}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
endfunction()

set(saved ${WORK}/session.varmgr)
run_vars(0 ${SAMPLES}/training_step.onnx --save ${saved} --json)
set(first "${OUT}")
run_vars(0 ${SAMPLES}/training_step.onnx --load ${saved} --json)
string(JSON n LENGTH "${first}" variables)
string(JSON n2 LENGTH "${OUT}" variables)
if(NOT n EQUAL n2)
  message(FATAL_ERROR "--load: ${n2} entries, ${n} when saved")
endif()
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  foreach(key name key logic_address)
    string(JSON a GET "${first}" variables ${i} ${key})
    string(JSON b GET "${OUT}" variables ${i} ${key})
    if(NOT a STREQUAL b)
      message(FATAL_ERROR "--load: variables[${i}].${key} is ${b}, ${a} when saved")
    endif()
  endforeach()
endforeach()
string(JSON valid GET "${OUT}" model_cache valid)
string(JSON message GET "${OUT}" model_cache message)
if(NOT message MATCHES "^cache valid" OR NOT valid)
  message(FATAL_ERROR "the same model in its saved session: model_cache ${valid}, '${message}'")
endif()
