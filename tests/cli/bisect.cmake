# `bisect MODEL [pipeline options] [--json]` (docs/bisect.md): with ge.is_weight_clip=1 the first
# divergent pass run of a model whose float32 weight overflows float16 through a Cast is
# ConstantClipPass (exit 1); without the option nothing diverges (exit 0); usage 2, load error 3.
# Invoked as: cmake -DCLI=... -DWORK=... -P bisect.cmake
function(expect_rc rc)
  execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT got EQUAL rc)
    message(FATAL_ERROR "passscope-cli ${ARGN}: exit ${got}, expected ${rc}\n${out}${err}")
  endif()
  set(LAST_OUT "${out}" PARENT_SCOPE)
endfunction()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# The model as protobuf text (the loader reads both encodings): y = float(half(x) + half(w)).
set(model ${WORK}/overflow.txt)
file(WRITE ${model} [=[
ir_version: 8
opset_import { domain: "" version: 13 }
graph {
  name: "overflow"
  node { input: "w" output: "w16" name: "cast_w" op_type: "Cast" attribute { name: "to" i: 10 type: INT } }
  node { input: "x" output: "x16" name: "cast_x" op_type: "Cast" attribute { name: "to" i: 10 type: INT } }
  node { input: "x16" input: "w16" output: "s16" name: "add" op_type: "Add" }
  node { input: "s16" output: "y" name: "cast_y" op_type: "Cast" attribute { name: "to" i: 1 type: INT } }
  initializer { dims: 2 data_type: 1 float_data: 1000000 float_data: 2 name: "w" }
  input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
  output { name: "y" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
}
]=])

expect_rc(0 bisect --help)
if(NOT LAST_OUT MATCHES "--inputs" OR NOT LAST_OUT MATCHES "--json" OR NOT LAST_OUT MATCHES "3 the")
  message(FATAL_ERROR "bisect --help does not document --inputs, --json and the exit codes:\n${LAST_OUT}")
endif()
expect_rc(2 bisect)
expect_rc(2 bisect ${model} --bogus)
expect_rc(2 bisect ${model} --option nokey)
expect_rc(3 bisect ${WORK}/missing.onnx)
expect_rc(3 bisect ${model} --inputs ${WORK}/missing.npy)

# With the weight clip: exit 1, ConstantClipPass, y differs.
expect_rc(1 bisect ${model} --option ge.is_weight_clip=1 --json)
string(JSON pass GET "${LAST_OUT}" first_divergent pass)
string(JSON step GET "${LAST_OUT}" first_divergent step)
string(JSON output GET "${LAST_OUT}" first_divergent outputs 0 name)
string(JSON nodes LENGTH "${LAST_OUT}" first_divergent nodes)
string(JSON values LENGTH "${LAST_OUT}" first_divergent values)
if(NOT pass STREQUAL "ConstantClipPass" OR NOT output STREQUAL "y" OR step LESS 1 OR nodes EQUAL 0 OR values EQUAL 0)
  message(FATAL_ERROR "bisect with ge.is_weight_clip=1 names the wrong run:\n${LAST_OUT}")
endif()
expect_rc(1 bisect ${model} --option ge.is_weight_clip=1)
if(NOT LAST_OUT MATCHES "first divergent pass run: step [0-9]+, ConstantClipPass")
  message(FATAL_ERROR "text output of bisect:\n${LAST_OUT}")
endif()

# Without it: exit 0, first_divergent null.
expect_rc(0 bisect ${model} --json)
string(JSON kind TYPE "${LAST_OUT}" first_divergent)
if(NOT kind STREQUAL "NULL")
  message(FATAL_ERROR "bisect without the weight clip reports a divergence:\n${LAST_OUT}")
endif()
expect_rc(0 bisect ${model} --seed 7)
if(NOT LAST_OUT MATCHES "no pass run changed the outputs")
  message(FATAL_ERROR "text output of bisect without divergence:\n${LAST_OUT}")
endif()
