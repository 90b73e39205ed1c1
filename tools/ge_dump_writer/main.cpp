// passscope-make-ge-dumps <dir>: writes GE graph dump fixtures (docs/ge-dumps.md §1-§5) the way GE's
// dump writers do, so tests read files that follow the documented format exactly:
//   <dir>/conv_net/             the conv net through four stages, ge_onnx and ge_proto, with weights
//                               (DUMP_GE_GRAPH=1)
//   <dir>/conv_net_no_weights/  its first stage without weights and string attributes (level 2),
//                               and the ONNX form of its second with node relations only (level 3)
//   <dir>/subgraph/             a PartitionedCall owning a subgraph, in both forms
//   <dir>/bad/                  broken files, each made from a good one by the edit its name says
// The output is deterministic: tests regenerate it and compare with tests/fixtures/ge_dumps/.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "ge_graph.h"

namespace {

namespace fs = std::filesystem;
using namespace gedump;

void write(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// `text` with the first `from` replaced by `to`; refuses when `from` is missing (the edit would
// silently make a good file).
std::string edit(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::runtime_error("fixture edit: '" + from + "' not found");
    return text.replace(at, from.size(), to);
}

// Replaces the body of the `{ ... }` block that opens at or after `from` with `body`.
std::string editBlockAt(std::string text, size_t from, const std::string& body) {
    const auto open = text.find('{', from);
    if (open == std::string::npos) throw std::runtime_error("fixture edit: no block to replace");
    size_t depth = 0, close = open;
    for (; close < text.size(); ++close) {
        if (text[close] == '{') ++depth;
        if (text[close] == '}' && --depth == 0) break;
    }
    return text.replace(open + 1, close - open - 1, body);
}

// The same for the first block after `anchor`.
std::string editBlockAfter(const std::string& text, const std::string& anchor, const std::string& body) {
    const auto at = text.find(anchor);
    if (at == std::string::npos) throw std::runtime_error("fixture edit: '" + anchor + "' not found");
    return editBlockAt(text, at, body);
}

// The first attribute block named `name`: its values replaced by `values` (an ONNX AttributeProto body).
std::string editAttribute(const std::string& text, const std::string& name, const std::string& values) {
    const auto at = text.find("name: \"" + name + "\"");
    if (at == std::string::npos) throw std::runtime_error("fixture edit: attribute '" + name + "' not found");
    return editBlockAt(text, text.rfind("attribute {", at),
                       "\n      name: \"" + name + "\"\n" + values + "    ");
}

void writeBad(const fs::path& dir, const Stage& stage) {
    const std::string onnx = onnxDumpText(stage.graph, DumpLevel::All);
    const std::string proto = protoDumpText(stage.graph, DumpLevel::All);
    auto onnxName = [&](const std::string& what) {
        Stage s = stage;
        s.name = what;
        return dir / onnxDumpName(s);
    };
    auto protoName = [&](const std::string& what) {
        Stage s = stage;
        s.name = what;
        return dir / protoDumpName(s);
    };
    write(onnxName("Truncated"), onnx.substr(0, onnx.size() / 2));
    write(onnxName("UnknownField"),
          edit(onnx, "op_type: \"ge:Conv2D\"", "op_type: \"ge:Conv2D\"\n    bogus_field: 1"));
    write(onnxName("EdgeToMissingNode"), edit(onnx, "input: \"data:0\"", "input: \"nosuch:0\""));
    write(onnxName("EdgeOutOfRange"), edit(onnx, "input: \"conv1:0\"", "input: \"conv1:7\""));
    write(onnxName("ControlEdgeToMissingNode"), edit(onnx, "input: \"relu1:-1\"", "input: \"ghost:-1\""));
    write(onnxName("ShapeAsString"),
          editAttribute(onnx, "output_desc_shape:0", "      s: \"1,3,16,16\"\n      type: STRING\n"));
    write(onnxName("UnknownDtype"), edit(onnx, "s: \"DT_FLOAT16\"", "s: \"DT_NOPE\""));
    write(onnxName("UnknownFormat"), edit(onnx, "s: \"NCHW\"", "s: \"NCHW_NOPE\""));
    write(onnxName("JsonShapeAsString"),
          edit(onnx, "\\\"shape\\\":[", "\\\"shape\\\":\\\"1,8,16,16\\\",\\\"x\\\":["));
    write(protoName("Truncated"), proto.substr(0, proto.size() / 2));
    write(protoName("UnknownField"), edit(proto, "type: \"Conv2D\"", "type: \"Conv2D\"\n    bogus_field: 1"));
    write(protoName("EdgeToMissingNode"), edit(proto, "    input: \"data:0\"", "    input: \"nosuch:0\""));
    write(protoName("EdgeOutOfRange"), edit(proto, "    input: \"conv1:0\"", "    input: \"conv1:7\""));
    write(protoName("OriginShapeAsString"),
          editBlockAfter(proto, "key: \"origin_shape\"", "\n s: \"1,3,16,16\"\n"));
    write(protoName("UnknownFormat"), edit(proto, "layout: \"NCHW\"", "layout: \"NCHW_NOPE\""));
    write(protoName("MissingSubgraph"),
          edit(proto, "type: \"Relu\"", "type: \"Relu\"\n    subgraph_name: \"no_such_graph\""));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: passscope-make-ge-dumps <output folder>\n";
        return 2;
    }
    try {
        const fs::path root = argv[1];
        for (const char* sub : {"conv_net", "conv_net_no_weights", "subgraph", "bad"}) {
            fs::remove_all(root / sub);
            fs::create_directories(root / sub);
        }
        const std::vector<Stage> stages = convNetStages();
        for (const Stage& s : stages) {
            write(root / "conv_net" / onnxDumpName(s), onnxDumpText(s.graph, DumpLevel::All));
            write(root / "conv_net" / protoDumpName(s), protoDumpText(s.graph, DumpLevel::All));
        }
        write(root / "conv_net_no_weights" / onnxDumpName(stages.front()),
              onnxDumpText(stages.front().graph, DumpLevel::WithoutData));
        write(root / "conv_net_no_weights" / protoDumpName(stages.front()),
              protoDumpText(stages.front().graph, DumpLevel::WithoutData));
        // DUMP_GE_GRAPH=3: node relations only (the ONNX form; stage 1 under its own index).
        Stage relations = stages[1];
        relations.index = 1;
        relations.name = "NodeRelationsOnly";
        write(root / "conv_net_no_weights" / onnxDumpName(relations),
              onnxDumpText(relations.graph, DumpLevel::WithoutDesc));
        const Stage partitioned = subgraphStage();
        write(root / "subgraph" / onnxDumpName(partitioned), onnxDumpText(partitioned.graph, DumpLevel::All));
        write(root / "subgraph" / protoDumpName(partitioned),
              protoDumpText(partitioned.graph, DumpLevel::All));
        writeBad(root / "bad", stages[1]);
    } catch (const std::exception& e) {
        std::cerr << "passscope-make-ge-dumps: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
