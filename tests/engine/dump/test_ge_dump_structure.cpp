// Structure rules of the dump import on small ge_onnx texts written here (docs/ge-dumps.md §3, §5):
// graph inputs by GE's Data `index`, several NetOutput inputs, duplicate names, cycles, bad edges.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "dump/ge_dump.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "util/diagnostics.h"

using namespace passscope;
using passscope::test::loadError;

namespace {

// A ge_onnx dump text: one "node { ... }" block per entry of `nodes`.
std::filesystem::path writeDump(const std::string& name, const std::vector<std::string>& nodes) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("passscope_ge_structure_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / ("ge_onnx_00000000_graph_9_" + name + ".pbtxt");
    std::ofstream out(path);
    out << "ir_version: 6\nproducer_name: \"GE\"\ngraph {\n  name: \"g\"\n";
    for (const auto& n : nodes) out << "  node {\n" << n << "  }\n";
    out << "}\n";
    return path;
}

std::string dataNode(const std::string& name, int index) {
    return "    output: \"" + name + ":0\"\n    name: \"" + name + "\"\n    op_type: \"ge:Data\"\n" +
           "    attribute {\n      name: \"index\"\n      i: " + std::to_string(index) +
           "\n      type: INT\n    }\n";
}

std::string opNode(const std::string& name, const std::string& type, const std::vector<std::string>& inputs) {
    std::string text;
    for (const auto& in : inputs) text += "    input: \"" + in + "\"\n";
    return text + "    output: \"" + name + ":0\"\n    name: \"" + name + "\"\n    op_type: \"ge:" + type +
           "\"\n";
}

}  // namespace

TEST(GeDumpStructure, GraphInputsFollowGesIndexAndOutputsAreNumbered) {
    const auto p =
        writeDump("Inputs", {dataNode("b", 1), dataNode("a", 0), opNode("add", "Add", {"a:0", "b:0"}),
                             opNode("out", "NetOutput", {"add:0", "a:0"})});
    const Model m = io::loadModel(p).model;
    const Graph& g = *m.graph;
    ASSERT_EQ(g.inputs().size(), 2u);
    EXPECT_EQ(g.node(g.inputs()[0]).name(), "a");
    EXPECT_EQ(g.node(g.inputs()[1]).name(), "b");
    EXPECT_EQ(g.node(g.inputs()[1]).attrInt(op::attr::kIndex, -1), 1);
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"out:0", "out:1"}));
}

TEST(GeDumpStructure, DuplicateNamesCyclesAndMalformedEdgesAreErrors) {
    auto p = writeDump("Duplicate", {dataNode("a", 0), dataNode("a", 1)});
    EXPECT_NE(loadError(p).find(p.string() + ":17: a second node named 'a' (first at line 7)"),
              std::string::npos)
        << loadError(p);
    p = writeDump("Cycle", {opNode("x", "Relu", {"y:0"}), opNode("y", "Relu", {"x:0"})});
    EXPECT_NE(loadError(p).find("has a cycle through node"), std::string::npos) << loadError(p);
    p = writeDump("NoIndex", {dataNode("a", 0), opNode("r", "Relu", {"a"})});
    EXPECT_NE(loadError(p).find("'a' is not <node>:<output index>"), std::string::npos) << loadError(p);
    p = writeDump("BadIndex", {dataNode("a", 0), opNode("r", "Relu", {"a:-2"})});
    EXPECT_NE(loadError(p).find("'a:-2' is not <node>:<output index>"), std::string::npos) << loadError(p);
    p = writeDump("TwoOutputs", {opNode("o1", "NetOutput", {}), opNode("o2", "NetOutput", {})});
    EXPECT_NE(loadError(p).find("a second NetOutput node 'o2'"), std::string::npos) << loadError(p);
    p = writeDump("DataWithInput", {dataNode("a", 0), opNode("b", "Data", {"a:0"})});
    EXPECT_NE(loadError(p).find("has a data input"), std::string::npos) << loadError(p);
}

TEST(GeDumpStructure, DescriptionIndicesAndDimensionsAreBounded) {
    auto p = writeDump("HugeIndex", {opNode("r", "Relu", {}) +
                                     "    attribute {\n      name: \"output_desc_dtype:99999999\"\n      s: "
                                     "\"DT_FLOAT\"\n      type: STRING\n    }\n"});
    EXPECT_NE(loadError(p).find("the tensor index is not a number up to 65536"), std::string::npos)
        << loadError(p);
    p = writeDump("NegativeDim", {opNode("r", "Relu", {}) +
                                  "    attribute {\n      name: \"output_desc_shape:0\"\n      ints: -5\n"
                                  "      type: INTS\n    }\n"});
    EXPECT_NE(loadError(p).find("dimension -5 is neither an extent nor -1"), std::string::npos)
        << loadError(p);
    p = writeDump("UnknownRank", {opNode("r", "Relu", {}) +
                                  "    attribute {\n      name: \"output_desc_shape:0\"\n      ints: -2\n"
                                  "      type: INTS\n    }\n"});
    const Model m = io::loadModel(p).model;
    for (const Node* n : m.graph->nodes())
        if (n->name() == "r") {
            EXPECT_FALSE(n->output(0).desc.storageShape.rankKnown());
        }
}

TEST(GeDumpStructure, GeNamesTheIrLacksReadAsReservedWithAWarning) {
    auto attr = [](const std::string& name, const std::string& value) {
        return "    attribute {\n      name: \"" + name + "\"\n      s: \"" + value +
               "\"\n      type: STRING\n    }\n";
    };
    const auto p = writeDump(
        "GeOnlyNames", {opNode("r", "Relu", {}) + attr("output_desc_layout:0", "NDC1HWC0") +
                        attr("output_desc_origin_layout:0", "FRACTAL_Z:16") +
                        attr("output_desc_dtype:0", "DT_INT4") + attr("input_desc_layout:0", "NDC1HWC0")});
    const io::LoadResult r = io::loadModel(p);
    const Node* relu = nullptr;
    for (const Node* n : r.model.graph->nodes())
        if (n->name() == "r") relu = n;
    ASSERT_TRUE(relu);
    const TensorDesc& d = relu->output(0).desc;
    EXPECT_EQ(d.storageFormat, Format::RESERVED);
    EXPECT_EQ(d.originFormat, Format::FRACTAL_Z);  // the sub-format (":16", groups) is dropped
    EXPECT_EQ(d.dtype, DataType::Undefined);
    // One warning per name, however often it occurs.
    EXPECT_EQ(r.diagnostics.warnings,
              (std::vector<std::string>{
                  "format NDC1HWC0 has no counterpart in PassScope's IR; it is shown as RESERVED",
                  "data type DT_INT4 has no counterpart in PassScope's IR; it is shown as undefined"}));
}
