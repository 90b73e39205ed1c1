# `bisect MODEL [pipeline options] [--json]` (docs/bisect.md): with ge.is_weight_clip=1 the first
# divergent pass run of a model whose float32 weight overflows float16 through a Cast is
# ConstantClipPass (exit 1); without the option nothing diverges (exit 0); usage 2, load error 3.
# The same for issue 36's divergence to NaN: where the original computes 0 * inf = NaN and the
# clipped graph 0 * 65504 = 0, bisect sees NaN against a number as a divergence, and verify too.
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

# Issue 36: y = float(half(Relu(-|x|)) * half(w)), w = [1e6, 2]: the original computes [NaN, 0]
# whatever x, the clipped graph [0, 0] (tests/engine/model_builders.h, weightClipNanModel).
set(nan_model ${WORK}/overflow_nan.txt)
file(WRITE ${nan_model} [=[
ir_version: 8
opset_import { domain: "" version: 13 }
graph {
  name: "overflow_nan"
  node { input: "x" output: "ax" name: "abs" op_type: "Abs" }
  node { input: "ax" output: "nx" name: "neg" op_type: "Neg" }
  node { input: "nx" output: "r" name: "relu" op_type: "Relu" }
  node { input: "r" output: "r16" name: "cast_r" op_type: "Cast" attribute { name: "to" i: 10 type: INT } }
  node { input: "w" output: "w16" name: "cast_w" op_type: "Cast" attribute { name: "to" i: 10 type: INT } }
  node { input: "r16" input: "w16" output: "m16" name: "mul" op_type: "Mul" }
  node { input: "m16" output: "y" name: "cast_y" op_type: "Cast" attribute { name: "to" i: 1 type: INT } }
  initializer { dims: 2 data_type: 1 float_data: 1000000 float_data: 2 name: "w" }
  input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
  output { name: "y" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
}
]=])
expect_rc(1 bisect ${nan_model} --option ge.is_weight_clip=1 --json)
string(JSON pass GET "${LAST_OUT}" first_divergent pass)
string(JSON max_abs GET "${LAST_OUT}" first_divergent outputs 0 max_abs)
string(JSON equal GET "${LAST_OUT}" first_divergent outputs 0 equal)
if(NOT pass STREQUAL "ConstantClipPass" OR NOT max_abs STREQUAL "inf" OR equal)
  message(FATAL_ERROR "bisect does not see NaN against 0 as a divergence:\n${LAST_OUT}")
endif()
expect_rc(0 bisect ${nan_model} --json)
string(JSON kind TYPE "${LAST_OUT}" first_divergent)
if(NOT kind STREQUAL "NULL")
  message(FATAL_ERROR "bisect without the weight clip reports a divergence (NaN against NaN is equal):\n${LAST_OUT}")
endif()
expect_rc(0 optimize ${nan_model} --option ge.is_weight_clip=1 -o ${WORK}/nan_clipped.onnx)
expect_rc(1 verify ${nan_model} ${WORK}/nan_clipped.onnx --runs 1)
if(NOT LAST_OUT MATCHES "OUTPUTS DIFFER" OR NOT LAST_OUT MATCHES "nan")
  message(FATAL_ERROR "verify does not see NaN against 0:\n${LAST_OUT}")
endif()
