// diffGraphs, diffToJson, diffToText (docs/graph-diff.md §4, §5): which fields are named, with
// readable values.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "diff/graph_diff.h"
#include "diff_graphs.h"
#include "engine_helpers.h"
#include "ir/buffer.h"

using namespace passscope;
using namespace passscope::diff;
using passscope::test::floatTensor;
using passscope::test::GraphBuilder;

namespace {

// x, w -> Conv "conv" -> Relu "relu" -> NetOutput; also a Sigmoid "side" of x feeding the output.
struct Net {
    GraphBuilder b;
    NodeId x, w, conv, relu, side, out;
    Net() {
        x = b.data("x");
        w = b.data("w");
        conv = b.node("Conv", "conv", {x, w});
        relu = b.node("Relu", "relu", {conv});
        side = b.node("Sigmoid", "side", {x});
        out = b.output({relu, side});
    }
    Graph& g() { return b.graph(); }
};

const ChangedNode* changedNamed(const GraphDiff& d, const std::string& name) {
    for (const ChangedNode& c : d.changed)
        if (c.name == name) return &c;
    return nullptr;
}

const FieldChange* field(const ChangedNode* c, const std::string& name) {
    if (!c) return nullptr;
    for (const FieldChange& f : c->fields)
        if (f.field == name) return &f;
    return nullptr;
}

}  // namespace

TEST(GraphDiff, IdenticalGraphsAreEmpty) {
    Net a, b;
    const GraphDiff d = diffGraphs(a.g(), b.g());
    EXPECT_TRUE(d.empty());
    EXPECT_EQ(diffToJson(d), nlohmann::json::parse(R"({"added":[],"removed":[],"changed":[]})").dump(2));
    EXPECT_EQ(diffToText(d), "0 added, 0 removed, 0 changed\n");
}

TEST(GraphDiff, AttributeChangesAreNamedWithValues) {
    Net a, b;
    a.g().setAttribute(a.conv, Attribute::makeInts("strides", {1, 1}));
    b.g().setAttribute(b.conv, Attribute::makeInts("strides", {2, 2}));
    b.g().setAttribute(b.conv, Attribute::makeString("auto_pad", "SAME_UPPER"));
    a.g().setAttribute(a.relu, Attribute::makeTensor("t", floatTensor({1, 2, 3})));
    b.g().setAttribute(b.relu, Attribute::makeTensor("t", floatTensor({1, 2, 4})));
    const GraphDiff d = diffGraphs(a.g(), b.g());
    const FieldChange* strides = field(changedNamed(d, "conv"), "attr:strides");
    ASSERT_NE(strides, nullptr);
    EXPECT_EQ(strides->before, "[1,1]");
    EXPECT_EQ(strides->after, "[2,2]");
    const FieldChange* pad = field(changedNamed(d, "conv"), "attr:auto_pad");
    ASSERT_NE(pad, nullptr);
    EXPECT_EQ(pad->before, "");
    EXPECT_EQ(pad->after, "\"SAME_UPPER\"");
    const FieldChange* t = field(changedNamed(d, "relu"), "attr:t");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->before, "float[3] {1,2,3}");
    EXPECT_EQ(t->after, "float[3] {1,2,4}");
    // The same tensor value under a shared or a copied buffer is no change.
    Net c, e;
    c.g().setAttribute(c.relu, Attribute::makeTensor("t", floatTensor({5, 6})));
    e.g().setAttribute(e.relu, Attribute::makeTensor("t", floatTensor({5, 6})));
    EXPECT_TRUE(diffGraphs(c.g(), e.g()).empty());
}

TEST(GraphDiff, FormatShapeAndDtypeChangesAreNamed) {
    Net a, b;
    TensorDesc d5 =
        TensorDesc::tensor(DataType::Float16, Shape::fromExtents({1, 1, 8, 8, 16}), Format::NC1HWC0);
    d5.originFormat = Format::NCHW;
    d5.originShape = Shape::fromExtents({1, 3, 8, 8});
    b.g().setOutputDesc(b.conv, 0, d5);
    const GraphDiff d = diffGraphs(a.g(), b.g());
    const ChangedNode* conv = changedNamed(d, "conv");
    ASSERT_NE(conv, nullptr);
    ASSERT_NE(field(conv, "output:0.dtype"), nullptr);
    EXPECT_EQ(field(conv, "output:0.dtype")->before, "float");
    EXPECT_EQ(field(conv, "output:0.dtype")->after, "float16");
    ASSERT_NE(field(conv, "output:0.format"), nullptr);
    EXPECT_EQ(field(conv, "output:0.format")->before, "NCHW");
    EXPECT_EQ(field(conv, "output:0.format")->after, "NC1HWC0");
    ASSERT_NE(field(conv, "output:0.shape"), nullptr);
    EXPECT_EQ(field(conv, "output:0.shape")->before, "[1,3,8,8]");
    EXPECT_EQ(field(conv, "output:0.shape")->after, "[1,1,8,8,16]");
    EXPECT_EQ(field(conv, "output:0.origin_shape"), nullptr);  // unchanged
    EXPECT_EQ(field(conv, "output:0.origin_format"), nullptr);
    // What a consumer expects is its own field.
    b.g().setInputDescs(b.relu, {d5});
    const GraphDiff d2 = diffGraphs(a.g(), b.g());
    ASSERT_NE(field(changedNamed(d2, "relu"), "input_desc:0.format"), nullptr);
    EXPECT_EQ(field(changedNamed(d2, "relu"), "input_desc:0.format")->after, "NC1HWC0");
}

TEST(GraphDiff, RewiredInputShowsBothSources) {
    Net a, b;
    b.g().setInput(b.relu, 0, ValueRef{b.side, 0, 0});
    const GraphDiff d = diffGraphs(a.g(), b.g());
    const FieldChange* in = field(changedNamed(d, "relu"), "input:0");
    ASSERT_NE(in, nullptr);
    EXPECT_EQ(in->before, "conv:0");
    EXPECT_EQ(in->after, "side:0");
}

TEST(GraphDiff, ControlInputsAndOpChanges) {
    Net a, b;
    b.g().addControlEdge(b.side, b.relu);
    const GraphDiff d = diffGraphs(a.g(), b.g());
    const FieldChange* ctrl = field(changedNamed(d, "relu"), "control_inputs");
    ASSERT_NE(ctrl, nullptr);
    EXPECT_EQ(ctrl->before, "");
    EXPECT_EQ(ctrl->after, "[side]");
}

TEST(GraphDiff, AddedAndRemovedNodes) {
    Net a;
    GraphBuilder b;
    NodeId x = b.data("x"), w = b.data("w");
    NodeId conv = b.node("Conv", "conv", {x, w});
    NodeId cast = b.node("Cast", "cast", {conv});
    NodeId relu = b.node("Relu", "relu", {cast});
    b.output({relu});
    const GraphDiff d = diffGraphs(a.g(), b.graph());
    ASSERT_EQ(d.added.size(), 1u);
    EXPECT_EQ(d.added[0].name, "cast");
    EXPECT_EQ(d.added[0].op, "Cast");
    ASSERT_EQ(d.removed.size(), 1u);
    EXPECT_EQ(d.removed[0].name, "side");
    const nlohmann::json j = nlohmann::json::parse(diffToJson(d));
    EXPECT_EQ(j["added"][0]["name"], "cast");
    EXPECT_EQ(j["removed"][0]["op"], "Sigmoid");
    bool rewired = false;
    for (const auto& c : j["changed"])
        for (const auto& f : c["fields"])
            rewired |= c["name"] == "relu" && f["field"] == "input:0" && f["before"] == "conv:0" &&
                       f["after"] == "cast:0";
    EXPECT_TRUE(rewired) << j.dump();
    const std::string text = diffToText(d);
    EXPECT_NE(text.find("+ cast (Cast)\n"), std::string::npos) << text;
    EXPECT_NE(text.find("- side (Sigmoid)\n"), std::string::npos) << text;
    EXPECT_NE(text.find("~ relu (Relu): input:0 conv:0 -> cast:0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("1 added, 1 removed"), std::string::npos) << text;
}

TEST(GraphDiff, RenamedNodeMatchedAndNamed) {
    Net a;
    GraphBuilder b;
    NodeId x = b.data("x"), w = b.data("w");
    NodeId conv = b.node("Conv", "Conv2D_7", {x, w});
    NodeId relu = b.node("Relu", "relu", {conv});
    NodeId side = b.node("Sigmoid", "side", {x});
    b.output({relu, side});
    const GraphDiff d = diffGraphs(a.g(), b.graph());
    EXPECT_TRUE(d.added.empty());
    EXPECT_TRUE(d.removed.empty());
    const FieldChange* name = field(changedNamed(d, "Conv2D_7"), "name");
    ASSERT_NE(name, nullptr);
    EXPECT_EQ(name->before, "conv");
    // The consumer's input is the same edge under the new producer name: no input change.
    EXPECT_EQ(field(changedNamed(d, "relu"), "input:0"), nullptr);
}

TEST(GraphDiff, DomainShownInOp) {
    Net a;
    GraphBuilder b;
    NodeId x = b.data("x"), w = b.data("w");
    NodeId conv = b.node("Conv", "conv", {x, w});
    Node& t = b.graph().addNode("TransData", "ai.passscope.ge", "trans", 1);
    b.graph().addInput(t.id(), ValueRef{conv, 0, 0});
    NodeId relu = b.node("Relu", "relu", {t.id()});
    NodeId side = b.node("Sigmoid", "side", {x});
    b.output({relu, side});
    const GraphDiff d = diffGraphs(a.g(), b.graph());
    ASSERT_EQ(d.added.size(), 1u);
    EXPECT_EQ(d.added[0].op, "ai.passscope.ge:TransData");
}

TEST(GraphDiff, BodiesAreSummarised) {
    auto body = [](bool extra) {
        auto g = std::make_shared<Graph>();
        g->name = "then_branch";
        Node& c = g->addNode(std::string(op::kConst), "", "k", 1);
        g->setOutputName(c.id(), 0, "k");
        Node& n = g->addNode("Neg", "", "neg", 1);
        g->addInput(n.id(), ValueRef{c.id(), 0, 0});
        g->setOutputName(n.id(), 0, "neg:0");
        NodeId last = n.id();
        if (extra) {
            Node& e = g->addNode("Abs", "", "abs", 1);
            g->addInput(e.id(), ValueRef{n.id(), 0, 0});
            g->setOutputName(e.id(), 0, "abs:0");
            last = e.id();
        }
        Node& out = g->addNode(std::string(op::kNetOutput), "", "", 0);
        g->addInput(out.id(), ValueRef{last, 0, 0});
        g->setNetOutput(out.id());
        return g;
    };
    Net a, b;
    a.g().setAttribute(a.relu, Attribute::makeGraph("then_branch", body(false)));
    b.g().setAttribute(b.relu, Attribute::makeGraph("then_branch", body(true)));
    const GraphDiff d = diffGraphs(a.g(), b.g());
    const FieldChange* f = field(changedNamed(d, "relu"), "body:then_branch");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->before, "3 nodes");
    EXPECT_EQ(f->after, "4 nodes (1 added, 0 removed, 1 changed)");
    Net c, e;
    c.g().setAttribute(c.relu, Attribute::makeGraph("then_branch", body(false)));
    e.g().setAttribute(e.relu, Attribute::makeGraph("then_branch", body(false)));
    EXPECT_TRUE(diffGraphs(c.g(), e.g()).empty());
}
