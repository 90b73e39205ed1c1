// Loading GE dumps into the IR (docs/ge-dumps.md §3, §4): per-tensor formats and shapes at each
// stage of the conv-net fixture, both formats giving the same graph, the JSON form of nodes with
// 20 or more tensors, control edges, Data/NetOutput/Const, and what is kept of GE's attributes.
#include <gtest/gtest.h>
#include <unistd.h>

#include "dump/ge_dump.h"
#include "engine_helpers.h"
#include "ge_dump_fixtures.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "ir/op_types.h"

using namespace passscope;
using namespace passscope::dump;
using namespace passscope::test::dump;
using passscope::test::byName;

namespace {

const char* const kStages[] = {"00000000_graph_1_PreRunBegin", "00000004_graph_1_AfterFirstInferformat",
                               "00000011_graph_1_OptimizeOriginalGraph_FeInsertTransNodeAfter",
                               "00000017_graph_1_PreRunAfterOptimize1"};

std::filesystem::path onnxStage(int i) {
    return convNet() / ("ge_onnx_" + std::string(kStages[i]) + ".pbtxt");
}
std::filesystem::path protoStage(int i) {
    return convNet() / ("ge_proto_" + std::string(kStages[i]) + ".txt");
}

Model load(const std::filesystem::path& p) {
    return io::loadModel(p).model;
}

const Node& node(const Model& m, const std::string& name) {
    const Node* n = byName(*m.graph, name);
    if (!n) throw std::runtime_error("no node " + name);
    return *n;
}

// "<storage format> <storage shape> / <origin format> <origin shape> <dtype>"
std::string describe(const TensorDesc& d) {
    return std::string(formatName(d.storageFormat)) + " " + d.storageShape.toString() + " / " +
           std::string(formatName(d.originFormat)) + " " + d.originShape.toString() + " " +
           std::string(dataTypeName(d.dtype));
}

std::string producerOf(const Model& m, const Node& n, size_t input) {
    const ValueRef& r = n.input(input);
    if (!r.valid()) return "";
    return m.graph->node(r.node).name() + ":" + std::to_string(r.output);
}

}  // namespace

// Outside the anonymous namespace: GoogleTest derives a class per test from it, and in a unity
// batch (this file included from another) GCC warns of a base of internal linkage.
class GeDumpBothFormats : public ::testing::TestWithParam<bool> {
  protected:
    std::filesystem::path stage(int i) const { return GetParam() ? protoStage(i) : onnxStage(i); }
};

TEST_P(GeDumpBothFormats, PreRunBeginIsTheUsersGraph) {
    const Model m = load(stage(0));
    const Graph& g = *m.graph;
    ASSERT_EQ(g.inputs().size(), 1u);
    const Node& data = g.node(g.inputs()[0]);
    EXPECT_EQ(data.name(), "data");
    EXPECT_EQ(data.opType(), op::kData);
    EXPECT_EQ(data.domain(), "");
    EXPECT_EQ(data.attrInt(op::attr::kIndex, -1), 0);
    EXPECT_EQ(describe(data.output(0).desc), "NCHW [1,3,16,16] / NCHW [1,3,16,16] float16");
    const Node& conv = node(m, "conv1");
    EXPECT_EQ(conv.opType(), "Conv2D");
    EXPECT_EQ(conv.domain(), op::kGeDomain);
    EXPECT_EQ(describe(conv.output(0).desc), "ND [1,8,16,16] / ND [1,8,16,16] float16");
    ASSERT_EQ(conv.inputs().size(), 4u);
    EXPECT_EQ(producerOf(m, conv, 0), "data:0");
    EXPECT_EQ(producerOf(m, conv, 1), "conv1_w:0");
    EXPECT_EQ(producerOf(m, conv, 2), "conv1_b:0");
    EXPECT_FALSE(conv.input(3).valid());  // offset_w: unconnected ("" in the dump)
    const Node& w = node(m, "conv1_w");
    EXPECT_EQ(w.opType(), op::kConst);
    const Tensor* t = w.attrTensor(op::attr::kValue);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->dtype(), DataType::Float16);
    EXPECT_EQ(t->dims(), (std::vector<int64_t>{8, 3, 3, 3}));
    EXPECT_EQ(t->byteSize(), 8u * 3 * 3 * 3 * 2);
}

TEST_P(GeDumpBothFormats, AfterInferFormatTheOriginFormatsAreSet) {
    const Model m = load(stage(1));
    EXPECT_EQ(describe(node(m, "conv1").output(0).desc), "NCHW [1,8,16,16] / NCHW [1,8,16,16] float16");
    EXPECT_EQ(describe(node(m, "conv1").inputDescs().at(1)), "NCHW [8,3,3,3] / NCHW [8,3,3,3] float16");
    EXPECT_EQ(describe(node(m, "conv1_b").output(0).desc), "ND [8] / ND [8] float16");
    EXPECT_EQ(describe(node(m, "concat_dim").output(0).desc), "ND [] / ND [] int32");
}

TEST_P(GeDumpBothFormats, TransDataInsertionChangesTheStorage) {
    const Model m = load(stage(2));
    const Node& conv = node(m, "conv1");
    ASSERT_GE(conv.inputDescs().size(), 3u);
    EXPECT_EQ(describe(conv.inputDescs()[0]), "NC1HWC0 [1,1,16,16,16] / NCHW [1,3,16,16] float16");
    EXPECT_EQ(describe(conv.inputDescs()[1]), "FRACTAL_Z [9,1,16,16] / NCHW [8,3,3,3] float16");
    EXPECT_EQ(describe(conv.inputDescs()[2]), "ND [8] / ND [8] float16");
    EXPECT_EQ(describe(conv.output(0).desc), "NC1HWC0 [1,1,16,16,16] / NCHW [1,8,16,16] float16");
    EXPECT_EQ(producerOf(m, conv, 0), "trans_TransData_0:0");
    EXPECT_EQ(producerOf(m, conv, 1), "trans_TransData_1:0");
    const Node& t0 = node(m, "trans_TransData_0");
    EXPECT_EQ(t0.opType(), op::kTransData);
    EXPECT_EQ(t0.domain(), op::kGeDomain);
    EXPECT_EQ(producerOf(m, t0, 0), "data:0");
    EXPECT_EQ(describe(t0.output(0).desc), "NC1HWC0 [1,1,16,16,16] / NCHW [1,3,16,16] float16");
    EXPECT_EQ(describe(node(m, "trans_TransData_2").output(0).desc),
              "NCHW [1,8,16,16] / NCHW [1,8,16,16] float16");
    EXPECT_EQ(producerOf(m, node(m, "relu1"), 0), "trans_TransData_2:0");
}

TEST_P(GeDumpBothFormats, FoldingReplacesTheWeightsTransDataByAConst) {
    const Model m = load(stage(3));
    EXPECT_FALSE(byName(*m.graph, "conv1_w"));
    EXPECT_FALSE(byName(*m.graph, "trans_TransData_1"));
    const Node& c = node(m, "trans_TransData_1_folded");
    EXPECT_EQ(c.opType(), op::kConst);
    EXPECT_EQ(c.attrInt("_is_from_constant_folding", 0), 1);
    EXPECT_EQ(describe(c.output(0).desc), "FRACTAL_Z [9,1,16,16] / NCHW [8,3,3,3] float16");
    const Tensor* t = c.attrTensor(op::attr::kValue);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->dims(), (std::vector<int64_t>{9, 1, 16, 16}));
    EXPECT_EQ(producerOf(m, node(m, "conv1"), 1), "trans_TransData_1_folded:0");
}

TEST_P(GeDumpBothFormats, TwentyInputsUseTheJsonFormInOnnx) {
    const Model m = load(stage(2));
    const Node& concat = node(m, "concat");
    ASSERT_EQ(concat.inputs().size(), 21u);
    ASSERT_EQ(concat.inputDescs().size(), 21u);
    for (size_t i = 0; i < 20; ++i) {
        EXPECT_EQ(describe(concat.inputDescs()[i]), "NCHW [1,8,16,16] / NCHW [1,8,16,16] float16") << i;
        EXPECT_EQ(producerOf(m, concat, i), "relu1:0");
    }
    EXPECT_EQ(describe(concat.inputDescs()[20]), "ND [] / ND [] int32");
    EXPECT_EQ(describe(concat.output(0).desc), "NCHW [1,160,16,16] / NCHW [1,160,16,16] float16");
    EXPECT_EQ(concat.attrInt("N", 0), 20);
    for (const Attribute& a : concat.attributes()) {
        EXPECT_NE(a.name, "input_desc_0");
        EXPECT_NE(a.name, "input_desc_nums");
    }
}

TEST_P(GeDumpBothFormats, ControlEdgesAndGraphOutputs) {
    const Model m = load(stage(1));
    const Node& axis = node(m, "concat_dim");
    const Node& relu = node(m, "relu1");
    EXPECT_EQ(axis.controlInputs(), std::vector<NodeId>{relu.id()});
    EXPECT_EQ(relu.controlOutputs(), std::vector<NodeId>{axis.id()});
    const Graph& g = *m.graph;
    ASSERT_NE(g.netOutput(), kNoNode);
    const Node& out = g.node(g.netOutput());
    EXPECT_EQ(out.name(), "Node_Output");
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"Node_Output"});
    ASSERT_EQ(out.inputDescs().size(), 1u);
    EXPECT_EQ(describe(out.inputDescs()[0]), "NCHW [1,160,16,16] / NCHW [1,160,16,16] float16");
    EXPECT_EQ(producerOf(m, out, 0), "concat:0");
}

TEST_P(GeDumpBothFormats, KeepsGeAttributesButNotTheMappedDescriptions) {
    const Model m = load(stage(2));
    const Node& conv = node(m, "conv1");
    const Attribute* strides = conv.findAttr("strides");
    ASSERT_TRUE(strides);
    EXPECT_EQ(strides->kind, AttrKind::Ints);
    EXPECT_EQ(conv.attrInt("groups", 0), 1);
    EXPECT_TRUE(conv.hasAttr("id"));
    EXPECT_TRUE(conv.hasAttr("stream_id"));
    const Attribute* format = conv.findAttr("data_format");
    ASSERT_TRUE(format);
    EXPECT_EQ(std::get<std::string>(format->value), "NCHW");
    for (const Attribute& a : conv.attributes()) {
        EXPECT_EQ(a.name.find("_desc_dtype"), std::string::npos) << a.name;
        EXPECT_EQ(a.name.find("_desc_layout"), std::string::npos) << a.name;
        EXPECT_EQ(a.name.find("_desc_shape"), std::string::npos) << a.name;
    }
    EXPECT_EQ(std::get<std::string>(node(m, "trans_TransData_1").findAttr("dst_format")->value), "FRACTAL_Z");
}

INSTANTIATE_TEST_SUITE_P(Format, GeDumpBothFormats, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "ge_proto" : "ge_onnx"; });

TEST(GeDumpLoad, BothFormatsGiveTheSameGraph) {
    for (int s = 0; s < 4; ++s) {
        const Model a = load(onnxStage(s));
        const Model b = load(protoStage(s));
        ASSERT_EQ(a.graph->nodeCount(), b.graph->nodeCount()) << kStages[s];
        for (const Node* na : a.graph->nodes()) {
            const Node* nb = byName(*b.graph, na->name());
            ASSERT_TRUE(nb) << na->name();
            EXPECT_EQ(na->opType(), nb->opType());
            EXPECT_EQ(na->domain(), nb->domain());
            ASSERT_EQ(na->outputs().size(), nb->outputs().size()) << na->name();
            for (size_t i = 0; i < na->outputs().size(); ++i)
                EXPECT_EQ(describe(na->output(i).desc), describe(nb->output(i).desc))
                    << na->name() << " " << i;
            ASSERT_EQ(na->inputs().size(), nb->inputs().size()) << na->name();
            for (size_t i = 0; i < na->inputs().size(); ++i) {
                EXPECT_EQ(producerOf(a, *na, i), producerOf(b, *nb, i)) << na->name() << " " << i;
                if (i < na->inputDescs().size() && i < nb->inputDescs().size()) {
                    EXPECT_EQ(describe(na->inputDescs()[i]), describe(nb->inputDescs()[i]))
                        << na->name() << " " << i;
                }
            }
            EXPECT_EQ(na->inputDescs().size(), nb->inputDescs().size()) << na->name();
            EXPECT_EQ(na->controlInputs().size(), nb->controlInputs().size()) << na->name();
            const Tensor* ta = na->attrTensor(op::attr::kValue);
            const Tensor* tb = nb->attrTensor(op::attr::kValue);
            ASSERT_EQ(ta != nullptr, tb != nullptr) << na->name();
            if (ta) {
                EXPECT_TRUE(ta->sameValue(*tb)) << na->name();
            }
        }
    }
}

TEST(GeDumpLoad, WithoutWeightsAConstKeepsItsDescriptionOnly) {
    for (const char* file :
         {"ge_onnx_00000000_graph_1_PreRunBegin.pbtxt", "ge_proto_00000000_graph_1_PreRunBegin.txt"}) {
        const Model m = load(fixtures() / "conv_net_no_weights" / file);
        const Node& w = node(m, "conv1_w");
        EXPECT_EQ(w.opType(), op::kConst);
        EXPECT_FALSE(w.attrTensor(op::attr::kValue)) << file;
        EXPECT_EQ(describe(w.output(0).desc), "ND [8,3,3,3] / ND [8,3,3,3] float16") << file;
    }
    // DUMP_GE_GRAPH=2 leaves string attributes out of the ONNX form (ge_ir_utils.cc).
    const Model m = load(fixtures() / "conv_net_no_weights" / "ge_onnx_00000000_graph_1_PreRunBegin.pbtxt");
    EXPECT_FALSE(node(m, "conv1").hasAttr("data_format"));
}

TEST(GeDumpLoad, ModelHeaderAndDomains) {
    const Model m = load(onnxStage(2));
    EXPECT_EQ(m.opsetVersion(std::string(op::kGeDomain)), op::kGeDomainVersion);
    EXPECT_EQ(m.sourcePath, onnxStage(2));
}

TEST(GeDumpLoad, NodeRelationsOnlyKeepTheGraphWithoutDescriptions) {
    // DUMP_GE_GRAPH=3: no attributes; outputs are known from the "<node>:<index>" lists.
    const Model m =
        load(fixtures() / "conv_net_no_weights" / "ge_onnx_00000001_graph_1_NodeRelationsOnly.pbtxt");
    const Node& conv = node(m, "conv1");
    EXPECT_EQ(conv.domain(), op::kGeDomain);
    ASSERT_EQ(conv.outputs().size(), 1u);
    EXPECT_FALSE(conv.output(0).desc.hasType());
    EXPECT_EQ(producerOf(m, conv, 1), "conv1_w:0");
    EXPECT_FALSE(node(m, "conv1_w").attrTensor(op::attr::kValue));
    EXPECT_EQ(node(m, "concat").inputs().size(), 21u);
    EXPECT_EQ(node(m, "concat_dim").controlInputs(), std::vector<NodeId>{node(m, "relu1").id()});
    EXPECT_TRUE(conv.attributes().empty());
}

TEST(GeDumpLoad, ProtoSubgraphsBecomeGraphAttributesOfTheirOwner) {
    const Model m = load(fixtures() / "subgraph" / "ge_proto_00000000_graph_2_PreRunAfterBuild.txt");
    const Node& call = node(m, "call");
    EXPECT_EQ(call.opType(), "PartitionedCall");
    const Attribute* a = call.findAttr("subgraph_0");
    ASSERT_TRUE(a);
    ASSERT_EQ(a->kind, AttrKind::Graph);
    const Graph& body = *std::get<GraphPtr>(a->value);
    EXPECT_EQ(body.name, "call_body");
    EXPECT_EQ(body.parent(), m.graph.get());
    ASSERT_EQ(body.inputs().size(), 1u);
    EXPECT_EQ(body.node(body.inputs()[0]).name(), "arg0");
    const Node* relu = byName(body, "body_relu");
    ASSERT_TRUE(relu);
    EXPECT_EQ(describe(relu->output(0).desc), "NCHW [1,3,16,16] / NCHW [1,3,16,16] float16");
    ASSERT_NE(body.netOutput(), kNoNode);
    EXPECT_EQ(body.node(body.netOutput()).name(), "body_out");
}

TEST(GeDumpLoad, OnnxSubgraphNodesAreReportedNotGuessed) {
    // The ONNX form does not say which node owns a subgraph (docs/ge-dumps.md §4).
    const io::LoadResult r =
        io::loadModel(fixtures() / "subgraph" / "ge_onnx_00000000_graph_2_PreRunAfterBuild.pbtxt");
    EXPECT_TRUE(byName(*r.model.graph, "call"));
    EXPECT_FALSE(byName(*r.model.graph, "call_body"));
    ASSERT_EQ(r.diagnostics.warnings.size(), 1u);
    EXPECT_NE(r.diagnostics.warnings[0].find("subgraph 'call_body' is not shown"), std::string::npos);
}

TEST(GeDumpLoad, ExportRefusesAConstWithoutWeightsNamingIt) {
    const Model m = load(fixtures() / "conv_net_no_weights" / "ge_proto_00000000_graph_1_PreRunBegin.txt");
    const auto out = std::filesystem::temp_directory_path() /
                     ("passscope_ge_no_weights_" + std::to_string(::getpid()) + ".onnx");
    std::filesystem::remove(out);
    Diagnostics diag;
    try {
        io::exportModel(m, out, {}, diag);
        FAIL() << "exported a Const without weights";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("Const 'conv1_w' holds no weights"), std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(out));
}
