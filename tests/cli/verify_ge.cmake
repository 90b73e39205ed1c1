# `passscope-cli verify` on a device-level model (README, verify): sample (a) optimized with
# --target ge (TransData nodes, weights folded into FRACTAL_Z / FRACTAL_NZ) verifies against the
# original; the same model with a wrong input shape pin does not compare (exit 1).
# Invoked as: cmake -DCLI=... -DSAMPLES=... -DWORK=... -P verify_ge.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(model ${SAMPLES}/conv_net.onnx)

execute_process(COMMAND ${CLI} optimize ${model} -o ${WORK}/ge.onnx --target ge RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "optimize --target ge: exit ${rc}\n${out}${err}")
endif()
execute_process(COMMAND ${CLI} formats ${WORK}/ge.onnx --target onnx --json RESULT_VARIABLE rc
                OUTPUT_VARIABLE json ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0 OR NOT json MATCHES "FRACTAL_Z")
  message(FATAL_ERROR "the optimized model holds no FRACTAL_Z constant (exit ${rc}):\n${json}${err}")
endif()

execute_process(COMMAND ${CLI} verify ${model} ${WORK}/ge.onnx RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "verify original vs --target ge: exit ${rc}\n${out}${err}")
endif()

execute_process(COMMAND ${CLI} verify ${model} ${WORK}/ge.onnx --input-shape image:1,4,32,32 RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "verify with a wrong channel count: exit ${rc}, expected 1\n${out}${err}")
endif()
