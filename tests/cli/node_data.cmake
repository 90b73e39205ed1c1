# `render --node-data FILE` (issue 36 item 4, docs/node-data.md): Model Explorer's node data on the
# picture (values keyed by node name and by output tensor name; a key naming no node is noted),
# two files compared, and malformed files refused with a message (exit 1), never a crash.
# Invoked as: cmake -DCLI=... -DWORK=... -P node_data.cmake
function(expect_rc rc)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${CLI} ${ARGN}
                  RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT got EQUAL rc)
    message(FATAL_ERROR "passscope-cli ${ARGN}: exit ${got}, expected ${rc}\n${out}${err}")
  endif()
  set(LAST_ERR "${err}" PARENT_SCOPE)
endfunction()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(model ${WORK}/relu.txt)
file(WRITE ${model} [=[
ir_version: 8
opset_import { domain: "" version: 13 }
graph {
  name: "relu"
  node { input: "x" input: "w" output: "s" name: "add" op_type: "Add" }
  node { input: "s" output: "y" name: "relu" op_type: "Relu" }
  initializer { dims: 2 data_type: 1 float_data: 1 float_data: -2 name: "w" }
  input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
  output { name: "y" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
}
]=])
file(WRITE ${WORK}/me.json [=[
{"relu": {"results": {"add": {"value": 0.25}, "y": {"value": 3}, "ghost": {"value": 1}},
          "gradient": [{"stop": 0, "bgColor": "#ffffff"}, {"stop": 1, "bgColor": "#0000ff"}]}}
]=])
file(WRITE ${WORK}/me_other.json [=[
{"results": {"add": {"value": 0.25}, "relu": {"value": 30}}}
]=])
expect_rc(0 render ${model} -o ${WORK}/one.png --node-data ${WORK}/me.json)
if(NOT LAST_ERR MATCHES "node data: me.json, 2 node" OR NOT LAST_ERR MATCHES "name no node of this graph: ghost"
   OR NOT EXISTS ${WORK}/one.png)
  message(FATAL_ERROR "render --node-data me.json:\n${LAST_ERR}")
endif()
expect_rc(0 render ${model} -o ${WORK}/two.svg --node-data ${WORK}/me.json --node-data ${WORK}/me_other.json)
if(NOT LAST_ERR MATCHES "me.json against me_other.json, 1 node\\(s\\) differ")
  message(FATAL_ERROR "render with two node data files:\n${LAST_ERR}")
endif()
file(READ ${WORK}/two.svg svg)
if(NOT svg MATCHES "Node data")
  message(FATAL_ERROR "the picture has no node data legend")
endif()
file(WRITE ${WORK}/broken.json "{\"results\": ")
expect_rc(1 render ${model} -o ${WORK}/bad.png --node-data ${WORK}/broken.json)
if(NOT LAST_ERR MATCHES "not valid JSON")
  message(FATAL_ERROR "a broken node data file:\n${LAST_ERR}")
endif()
file(WRITE ${WORK}/polygraphy.json "{\"lst\": [[\"onnxrt-runner\", [{\"y\": {\"array\": \"%%%\", \"polygraphy_class\": \"ndarray\"}}]]]}")
expect_rc(1 render ${model} -o ${WORK}/bad.png --node-data ${WORK}/polygraphy.json)
if(NOT LAST_ERR MATCHES "not base64")
  message(FATAL_ERROR "a Polygraphy file with a bad array:\n${LAST_ERR}")
endif()
expect_rc(1 render ${model} -o ${WORK}/bad.png --node-data ${WORK}/missing.json)
expect_rc(0 render --help)
