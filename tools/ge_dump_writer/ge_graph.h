#pragma once
// A GE compute graph as GE's dump writers see it (docs/ge-dumps.md §2): nodes with typed attributes,
// per-input and per-output tensor descriptions (dtype, storage format and shape, origin format and
// shape), data edges "<node>:<index>" and control edges, Const weights. Written to disk by
// write_onnx.cpp and write_proto.cpp the way GE's writers do.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gedump {

struct Desc {
    std::string dtype = "DT_FLOAT16";  // GE's spelling
    std::vector<int64_t> shape;        // storage shape
    std::string layout = "ND";         // storage format
    std::vector<int64_t> originShape;
    std::string originLayout = "ND";
};

// GE attribute values as the dump writers distinguish them (AddAttrProtoForAttrsFromAttrMap).
using AttrValue = std::variant<int64_t, bool, float, std::string, std::vector<int64_t>>;

struct Weights {
    Desc desc;
    std::string bytes;  // little-endian elements
};

struct Node {
    std::string name;
    std::string type;
    std::vector<std::string> inputs;      // "<node>:<index>" or "" per data input
    std::vector<std::string> controls;    // control predecessors
    std::vector<std::string> inputNames;  // GE's input names (x, filter, bias, ...)
    std::vector<Desc> inDescs;
    std::vector<Desc> outDescs;
    std::map<std::string, AttrValue> attrs;
    std::optional<Weights> weights;      // a Const's "value"
    std::vector<std::string> subgraphs;  // names of the subgraphs it owns (Graph::subgraphs)
};

struct Graph {
    std::string name;
    uint32_t id = 0;
    std::vector<Node> nodes;       // in GE's node order
    std::vector<Graph> subgraphs;  // of the root graph: every subgraph, owned by a node naming it
    Node& node(const std::string& name);
};

struct Stage {
    uint64_t index = 0;
    std::string name;
    Graph graph;
};

// DUMP_GE_GRAPH: 1 with weights and string attributes, 2 without weights, 3 without any attribute
// (node relations only; ge_ir_utils.cc, EncodeNode).
enum class DumpLevel { All = 1, WithoutData = 2, WithoutDesc = 3 };

// Text of ge_onnx_*.pbtxt and of ge_proto_*.txt for one stage.
std::string onnxDumpText(const Graph& g, DumpLevel level);
std::string protoDumpText(const Graph& g, DumpLevel level);
// GE's file names (graph_utils.cc: GenDumpOnnxFileName, GenDumpTxtFileName).
std::string onnxDumpName(const Stage& s);
std::string protoDumpName(const Stage& s);

// The conv net through the compile stages (conv_net.cpp).
std::vector<Stage> convNetStages();
// A graph whose PartitionedCall owns a subgraph (conv_net.cpp).
Stage subgraphStage();

}  // namespace gedump
