# Issue 23, item 5: on the committed PyTorch exports, `optimize` (default target and options) leaves
# no more of the op types ONNX Runtime's basic level removes than ORT 1.30 does, and no more nodes
# in all; the result verifies equal to the original. The limits are ORT's counts
# (tools/ort_compare/pytorch_results.md); the ops are those PassScope kept more of before (Dropout
# and Not in Swin, Unsqueeze and Concat of shape chains, Transpose, Mul by 1).
# Invoked as: cmake -DCLI=... -DMODELS=resources/models/pytorch -DWORK=... -P pytorch_parity.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# name, most nodes, then op=most pairs
set(expected
    "transformer_encoder 402 Unsqueeze=41 Transpose=24 Mul=33"
    "gpt_decoder 249 Unsqueeze=13 Concat=8"
    "shufflenet_v2_x0_5 443 Unsqueeze=64"
    "swin_tiny_windows 2725 Dropout=0 Not=0 Unsqueeze=292")
foreach(entry IN LISTS expected)
  separate_arguments(entry)
  list(POP_FRONT entry name most)
  set(in ${MODELS}/${name}.onnx)
  set(out ${WORK}/${name}.onnx)
  execute_process(COMMAND ${CLI} optimize ${in} -o ${out} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "optimize ${name}: exit ${rc}\n${err}")
  endif()
  execute_process(COMMAND ${CLI} verify ${in} ${out} --runs 1 RESULT_VARIABLE rc OUTPUT_VARIABLE vout ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "verify ${name}: exit ${rc}\n${vout}${err}")
  endif()
  execute_process(COMMAND ${CLI} info --json ${out} RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "info ${name}: exit ${rc}\n${err}")
  endif()
  string(JSON nodes GET "${json}" nodes)
  message("${name}: ${nodes} nodes (ONNX Runtime basic: ${most})")
  if(nodes GREATER most)
    message(FATAL_ERROR "${name}: ${nodes} nodes, ONNX Runtime's basic level leaves ${most}")
  endif()
  foreach(limit IN LISTS entry)
    string(REPLACE "=" ";" pair ${limit})
    list(GET pair 0 op)
    list(GET pair 1 max)
    string(JSON count ERROR_VARIABLE none GET "${json}" ops ${op})
    if(none)
      set(count 0)
    endif()
    if(count GREATER max)
      message(FATAL_ERROR "${name}: ${count} ${op}, ONNX Runtime's basic level leaves ${max}")
    endif()
  endforeach()
endforeach()
