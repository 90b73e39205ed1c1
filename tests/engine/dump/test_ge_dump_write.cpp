// Writing a device graph as a GE ge_onnx dump (dump/ge_dump_write.h): the target-ge pipeline's last
// step, written and loaded back with the dump reader, is the same graph by `diff` — node types and
// domains, attributes, edges, storage and origin formats and shapes with a FRACTAL_Z's groups, and
// the folded weights' bytes. A graph with If/Loop/Scan bodies is refused.
#include <gtest/gtest.h>

#include <fstream>

#include "compile/run_pipeline.h"
#include "diff/graph_diff.h"
#include "dump/ge_dump.h"
#include "dump/ge_dump_write.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "model_builders.h"

using namespace passscope;
using namespace passscope::test;
using passscope::diff::diffGraphs;
using passscope::diff::diffToText;
using passscope::diff::GraphDiff;

namespace {

Model optimizedForGe(Model model) {
    PipelineOptions options;
    options.target = Target::Ge;
    runPipeline(model, options);
    return model;
}

Model writtenAndRead(const Model& model, const std::string& dirName) {
    const auto dir = freshDir(dirName);
    const auto file = dir / "ge_onnx_00000001_graph_1_PassScope.pbtxt";
    passscope::dump::writeGeOnnxDump(model, file);
    EXPECT_EQ(passscope::dump::detectGeDump(file), passscope::dump::GeDumpFormat::OnnxText);
    return passscope::dump::loadGeDump(file, passscope::dump::GeDumpFormat::OnnxText).model;
}

onnx::ModelProto groupedConvDumpModel() {
    onnx::ModelProto m = emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 8, 6, 6});
    std::vector<float> w(8 * 2 * 3 * 3);
    for (size_t i = 0; i < w.size(); ++i) w[i] = 0.01f * static_cast<float>(i) - 0.5f;
    addFloatInitializer(g, "w", {8, 2, 3, 3}, w);
    onnx::NodeProto* conv = addNode(g, "Conv", {"x", "w"}, {"c"}, "conv");
    onnx::AttributeProto* a = conv->add_attribute();
    a->set_name("group");
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(4);
    addNode(g, "Relu", {"c"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 8, 4, 4});
    return m;
}

}  // namespace

TEST(GeDumpWrite, DeviceGraphReadsBackAsTheSameGraph) {
    for (const std::string name : {"conv_net", "grouped"}) {
        SCOPED_TRACE(name);
        Model model = name == "conv_net" ? loadSample("conv_net.onnx")
                                         : loadProto(groupedConvDumpModel(), "ge_dump_write_grouped_src");
        const Model device = optimizedForGe(std::move(model));
        const Model back = writtenAndRead(device, "ge_dump_write_" + name);
        const GraphDiff d = diffGraphs(*device.graph, *back.graph);
        EXPECT_TRUE(d.empty()) << diffToText(d);
        // The grouped weight keeps its groups through GE's spelling "FRACTAL_Z:4".
        if (name == "grouped") {
            bool seen = false;
            for (const Node* n : back.graph->nodes())
                if (n->opType() == op::kConst && n->output(0).desc.storageFormatText() == "FRACTAL_Z:4")
                    seen = true;
            EXPECT_TRUE(seen);
        }
        // ONNX ops stay ONNX ops; GE's (TransData) stay GE's.
        EXPECT_EQ(countOp(*back.graph, "Conv"), countOp(*device.graph, "Conv"));
        for (const Node* n : back.graph->nodes())
            if (n->opType() == "Conv") {
                EXPECT_EQ(n->domain(), "");
            }
    }
}

TEST(GeDumpWrite, TextIsWhatGeWrites) {
    const Model device = optimizedForGe(loadProto(groupedConvDumpModel(), "ge_dump_write_text_src"));
    const std::string text = passscope::dump::geOnnxDumpText(device);
    for (const char* expected :
         {"op_type: \"ge:Conv\"", "op_type: \"ge:TransData\"", "op_type: \"ge:Data\"",
          "op_type: \"ge:NetOutput\"", "input_desc_layout:0", "output_desc_origin_shape:0", "\"FRACTAL_Z:4\"",
          "\"NC1HWC0\"", "\"DT_FLOAT\"", "value_data"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected;
}

TEST(GeDumpWrite, BodiesAreRefused) {
    onnx::ModelProto m = emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "c", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    onnx::NodeProto* ifNode = addNode(g, "If", {"c"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        onnx::GraphProto* b = addBody(*ifNode, branch);
        addNode(*b, "Identity", {"x"}, {std::string(branch) + "_y"});
        addTensorValue(b->mutable_output(), std::string(branch) + "_y", onnx::TensorProto::FLOAT, {2});
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    const Model model = loadProto(m, "ge_dump_write_if");
    try {
        passscope::dump::geOnnxDumpText(model);
        FAIL() << "a graph with bodies was written";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("subgraph"), std::string::npos) << e.what();
    }
}
