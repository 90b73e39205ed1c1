// DiffOptions::byComputation (docs/graph-diff.md §8): constants compared by dtype, shape and bytes
// whatever holds them and whatever their names; descriptions that only became known set apart;
// ignored attributes. The default options keep the exact diff the dump replay needs.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "diff/graph_diff.h"
#include "diff_graphs.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "ir/buffer.h"

using namespace passscope;
using namespace passscope::diff;
using passscope::test::floatTensor;
using passscope::test::GraphBuilder;

namespace {

const std::vector<float> kWeight = {0.5f, -1.25f, 2.0f, 3.5f, 4.0f, -6.0f, 7.0f, 8.0f, 9.0f, 10.0f};

// x -> Mul(x, w) "scale" -> Add(scale, b) "shift" -> output; w and b held as `holder` nodes.
struct HeldNet {
    GraphBuilder g;
    NodeId x, w, b, scale, shift;
    HeldNet(const std::string& holder, const std::string& wName, const std::string& bName,
            std::vector<float> weight = kWeight) {
        x = g.data("x");
        w = g.constant(holder, holder == "Constant" ? "" : wName, wName, floatTensor(std::move(weight)));
        b = g.constant(holder, holder == "Constant" ? "" : bName, bName, floatTensor({1, 2}));
        scale = g.node("Mul", "scale", {x, w});
        shift = g.node("Add", "shift", {scale, b});
        g.output({shift});
    }
    Graph& graph() { return g.graph(); }
};

}  // namespace

TEST(ConstantsByValue, ConstantNodesBecomingInitializersUnderOtherNamesAreNotChanges) {
    HeldNet a("Constant", "Constant_0_out", "Constant_1_out");  // Paddle2ONNX: unnamed Constant nodes
    HeldNet b("Const", "conv.w", "conv.b");                     // optimize's output: initializers
    const GraphDiff d = diffGraphs(a.graph(), b.graph(), DiffOptions::byComputation());
    EXPECT_TRUE(d.empty()) << diffToText(d, DiffOptions::byComputation(), true);
    EXPECT_EQ(d.heldDifferently.size(), 2u);
    EXPECT_FALSE(d.identical());
    // The exact diff (dump replay, stage timeline) still sees every change of representation.
    const GraphDiff exact = diffGraphs(a.graph(), b.graph());
    EXPECT_EQ(exact.added.size(), 2u);
    EXPECT_EQ(exact.removed.size(), 2u);
    EXPECT_EQ(exact.changed.size(), 2u);  // scale and shift read other producers
    EXPECT_TRUE(exact.heldDifferently.empty());
}

TEST(ConstantsByValue, OneChangedByteIsOneChangedConstantNamingItsReaders) {
    std::vector<float> edited = kWeight;
    reinterpret_cast<uint8_t*>(edited.data())[5] ^= 0x01;  // one byte of the second element
    HeldNet a("Constant", "Constant_0_out", "Constant_1_out");
    HeldNet b("Const", "conv.w", "conv.b", edited);
    const DiffOptions options = DiffOptions::byComputation();
    const GraphDiff d = diffGraphs(a.graph(), b.graph(), options);
    ASSERT_EQ(d.changed.size(), 1u) << diffToText(d, options, true);
    EXPECT_TRUE(d.added.empty());
    EXPECT_TRUE(d.removed.empty());
    const ChangedNode& c = d.changed[0];
    EXPECT_EQ(c.name, "conv.w");
    ASSERT_EQ(c.fields.size(), 1u);
    EXPECT_EQ(c.fields[0].field, "value");
    EXPECT_NE(c.fields[0].before, c.fields[0].after);
    EXPECT_EQ(c.fields[0].after.rfind("float[10] #", 0), 0u) << c.fields[0].after;
    EXPECT_EQ(c.consumers, std::vector<std::string>{"scale"});
    ASSERT_TRUE(c.maxAbsDiff.has_value());
    EXPECT_DOUBLE_EQ(*c.maxAbsDiff, std::fabs(static_cast<double>(edited[1]) - kWeight[1]));
    EXPECT_EQ(d.heldDifferently.size(), 1u);  // the bias, only renamed

    const auto json = nlohmann::json::parse(diffToJson(d, options));
    EXPECT_EQ(json["changed"][0]["consumers"], nlohmann::json::array({"scale"}));
    EXPECT_TRUE(json["changed"][0]["max_abs_diff"].is_number());
    EXPECT_EQ(json["held_differently"].size(), 1u);
    // An unnamed holder is shown as diff shows every unnamed node: <op>#<id>.
    EXPECT_EQ(json["held_differently"][0]["a"].get<std::string>().rfind("Constant#", 0), 0u);
    EXPECT_EQ(json["held_differently"][0]["b"], "conv.b");
    EXPECT_TRUE(json["refined"].empty());
}

TEST(ConstantsByValue, MergedDuplicatesAreHeldDifferentlyNotRemoved) {
    // a: two equal constants, one per reader; b: one constant read by both (CSE of constants).
    GraphBuilder a, b;
    const NodeId xa = a.data("x"), xb = b.data("x");
    const NodeId c1 = a.constant("Constant", "", "k1", floatTensor({3}));
    const NodeId c2 = a.constant("Constant", "", "k2", floatTensor({3}));
    const NodeId k = b.constant("Const", "k", "k", floatTensor({3}));
    a.output({a.node("Mul", "m1", {xa, c1}), a.node("Mul", "m2", {xa, c2})});
    b.output({b.node("Mul", "m1", {xb, k}), b.node("Mul", "m2", {xb, k})});
    const GraphDiff d = diffGraphs(a.graph(), b.graph(), DiffOptions::byComputation());
    EXPECT_TRUE(d.empty()) << diffToText(d, DiffOptions::byComputation(), true);
    EXPECT_EQ(d.heldDifferently.size(), 2u);
}

TEST(ConstantsByValue, AConstantWithAValueTheOtherSideLacksIsAddedOrRemoved) {
    GraphBuilder a, b;
    const NodeId xa = a.data("x"), xb = b.data("x");
    a.output({a.node("Mul", "m", {xa, a.constant("Constant", "", "k", floatTensor({3}))})});
    b.output({b.node("Mul", "m", {xb, xb})});
    b.constant("Const", "spare", "spare", floatTensor({4}));  // unread, and a value a lacks
    const GraphDiff d = diffGraphs(a.graph(), b.graph(), DiffOptions::byComputation());
    ASSERT_EQ(d.removed.size(), 1u);
    ASSERT_EQ(d.added.size(), 1u);
    EXPECT_EQ(d.added[0].name, "spare");
    ASSERT_EQ(d.changed.size(), 1u);  // m reads x instead of the constant
    EXPECT_EQ(d.changed[0].fields[0].field, "input:1");
}

TEST(ConstantsByValue, ShapesThatOnlyBecameKnownAreRefinements) {
    GraphBuilder a, b;
    const NodeId xa = a.data("x"), xb = b.data("x");
    const NodeId ra = a.node("Relu", "r", {xa}), rb = b.node("Relu", "r", {xb});
    const NodeId sa = a.node("Sigmoid", "s", {ra}), sb = b.node("Sigmoid", "s", {rb});
    a.output({sa});
    b.output({sb});
    TensorDesc unknown = TensorDesc::tensor(DataType::Float, Shape(), Format::NCHW);
    a.graph().setOutputDesc(ra, 0, unknown);  // r: rank unknown in a, [1,3,8,8] in b
    TensorDesc symbolic = TensorDesc::tensor(
        DataType::Float, Shape({Dim::symbolic("n"), Dim::known(3), Dim::known(8), Dim::known(8)}),
        Format::NCHW);
    a.graph().setOutputDesc(sa, 0, symbolic);  // s: n in a, 1 in b
    const DiffOptions options = DiffOptions::byComputation();
    GraphDiff d = diffGraphs(a.graph(), b.graph(), options);
    EXPECT_TRUE(d.empty()) << diffToText(d, options, true);
    ASSERT_EQ(d.refined.size(), 2u);
    EXPECT_EQ(d.refined[0].fields[0].field, "output:0.shape");

    // A known dim that differs is a change, and so is a dim that became unknown.
    b.graph().setOutputDesc(
        sb, 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({2, 3, 8, 8}), Format::NCHW));
    a.graph().setOutputDesc(
        sa, 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({1, 3, 8, 8}), Format::NCHW));
    d = diffGraphs(a.graph(), b.graph(), options);
    ASSERT_EQ(d.changed.size(), 1u);
    EXPECT_EQ(d.changed[0].name, "s");
    d = diffGraphs(b.graph(), a.graph(), options);  // r: known in b, unknown in a
    EXPECT_EQ(d.changed.size(), 2u) << diffToText(d, options, true);
}

TEST(ConstantsByValue, IgnoredAttributesAreNotCompared) {
    GraphBuilder a, b;
    const NodeId xa = a.data("x"), xb = b.data("x");
    const NodeId ra = a.node("Relu", "r", {xa}), rb = b.node("Relu", "r", {xb});
    a.output({ra});
    b.output({rb});
    a.graph().setAttribute(ra, Attribute::makeInt("_producer_id", 7));
    b.graph().setAttribute(rb, Attribute::makeInt("_producer_id", 9));
    DiffOptions options = DiffOptions::byComputation();
    EXPECT_EQ(diffGraphs(a.graph(), b.graph(), options).changed.size(), 1u);
    options.ignoredAttributes.insert("_producer_id");
    EXPECT_TRUE(diffGraphs(a.graph(), b.graph(), options).identical());
}

// A published model (PP-OCRv4 det, weights in 342 Constant nodes): one byte of one weight
// changed is exactly one changed constant, named with its reader; everything else equal.
TEST(ConstantsByValue, OneByteOfAPublishedModelsWeight) {
    const std::string path =
        std::string(PASSSCOPE_SOURCE_DIR) + "/resources/models/ch_PP-OCRv4_det_infer.onnx";
    io::LoadResult a = io::loadModel(path);
    io::LoadResult b = io::loadModel(path);
    Graph& g = *b.model.graph;
    const Node* weight = nullptr;
    for (const Node* n : g.nodes())
        if (const Tensor* t = n->opType() == "Constant" ? n->attrTensor("value") : nullptr;
            t && t->dtype() == DataType::Float && t->elementCount() > 1000) {
            weight = n;
            break;
        }
    ASSERT_NE(weight, nullptr);
    const Tensor& t = *weight->attrTensor("value");
    std::string bytes(reinterpret_cast<const char*>(t.rawData()), t.byteSize());
    bytes[bytes.size() / 2] ^= 0x10;
    Tensor edited(t.dtype(), t.dims(), std::make_shared<StringBuffer>(std::move(bytes)));
    const NodeId id = weight->id();
    std::set<std::string> readers;
    for (const Use& u : weight->output(0).uses) readers.insert(g.node(u.node).name());
    g.setAttribute(id, Attribute::makeTensor("value", std::move(edited)));

    const DiffOptions options = DiffOptions::byComputation();
    const GraphDiff d = diffGraphs(*a.model.graph, g, options);
    ASSERT_EQ(d.changed.size(), 1u) << diffToText(d, options);
    EXPECT_TRUE(d.added.empty());
    EXPECT_TRUE(d.removed.empty());
    EXPECT_EQ(d.changed[0].b, id);
    EXPECT_EQ(std::set<std::string>(d.changed[0].consumers.begin(), d.changed[0].consumers.end()), readers);
    EXPECT_GT(d.changed[0].maxAbsDiff.value_or(0), 0);
    EXPECT_TRUE(d.heldDifferently.empty());  // the same holders on both sides
    EXPECT_TRUE(diffGraphs(*a.model.graph, *a.model.graph, options).identical());
}
