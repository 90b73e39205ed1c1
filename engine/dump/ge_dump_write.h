#pragma once
// Writes a graph as GE writes a compile stage with DUMP_GE_GRAPH (docs/ge-dumps.md §2, §3): the
// text of a ModelProto in GE's ge_onnx form — op types "ge:<type>", edges "<node>:<output>" (a
// control edge "<node>:-1"), each tensor description as input_desc_* / output_desc_* attributes in
// GE's spellings (DT_FLOAT16, NC1HWC0, FRACTAL_Z:16), a Const's weights as value_desc_* plus
// value_data. This is how the device graph of a target-ge run is offered to GE's tools and read
// back by PassScope's own dump reader (loadGeDump) as the same graph.
//
// What GE's writer has no place for is kept as attributes PassScope's reader consumes:
// `_passscope_domain` on an op of a domain other than GE's (an ONNX Conv stays an ONNX Conv),
// `_passscope_value_names` (the names of its output values), `_passscope_unnamed` (a node without
// a name of its own), and `_output_names` on NetOutput (the graph's output names). A ge_onnx dump cannot say
// which node owns a subgraph (GE writes them as loose "subgraph" nodes), so a graph with If/Loop/Scan bodies
// is refused.
#include <filesystem>
#include <string>

#include "ir/model.h"

namespace passscope::dump {

// What GE's form has no field for, kept as attributes PassScope's reader consumes (docs/ge-dumps.md
// §7): the IR domain of an op that is not GE's, the names of a node's output values, and that a
// node had no name of its own (a dump names every node).
inline constexpr std::string_view kDomainAttr = "_passscope_domain";
inline constexpr std::string_view kValueNamesAttr = "_passscope_value_names";
inline constexpr std::string_view kUnnamedAttr = "_passscope_unnamed";

// The dump text of `model`'s main graph. Throws ModelError when it has If/Loop/Scan bodies.
std::string geOnnxDumpText(const Model& model);

// Writes geOnnxDumpText to `path` through a temporary (nothing is left behind on failure).
void writeGeOnnxDump(const Model& model, const std::filesystem::path& path);

}  // namespace passscope::dump
