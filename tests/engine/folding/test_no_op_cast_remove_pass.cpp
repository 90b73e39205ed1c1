// NoOpCastRemovePass: a Cast to the dtype its input has (and a CastLike whose target shares it) goes;
// a real conversion stays, and so does a Cast whose input dtype is unknown (with the reason).
#include <gtest/gtest.h>

#include "folding_fixtures.h"
#include "passes/cleanup/no_op_cast_remove_pass.h"

using namespace passscope;
using namespace passscope::test;

namespace {

onnx::NodeProto* addCast(onnx::GraphProto& g, const std::string& in, const std::string& out, int to,
                         const std::string& name) {
    auto* c = addNode(g, "Cast", {in}, {out}, name);
    auto* a = c->add_attribute();
    a->set_name("to");
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(to);
    return c;
}

}  // namespace

TEST(NoOpCastRemovePass, ACastToItsOwnDtypeGoesAConversionStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addCast(g, "r", "c", onnx::TensorProto::FLOAT, "same");
    addCast(g, "c", "y", onnx::TensorProto::INT32, "convert");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::INT32, {2, 3});
    Model model = loadTransOpModel(m, "cast_same");
    const Model before = model.clone();
    NoOpCastRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("casts_removed"), 1u);
    EXPECT_FALSE(findByName(*model.graph, "same"));
    EXPECT_TRUE(findByName(*model.graph, "convert"));
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(NoOpCastRemovePass, BeforeAGraphOutputAndCastLike) {
    onnx::ModelProto m = emptyModel(15);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "like", onnx::TensorProto::FLOAT, {1});
    addNode(g, "Neg", {"x"}, {"n"}, "neg");
    addNode(g, "CastLike", {"n", "like"}, {"l"}, "cast_like");
    addCast(g, "l", "y", onnx::TensorProto::FLOAT, "cast_out");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "cast_output");
    const Model before = model.clone();
    NoOpCastRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("casts_removed"), 2u);
    EXPECT_EQ(countOps(*model.graph, "Cast") + countOps(*model.graph, "CastLike"), 0u);
    EXPECT_EQ(findByName(*model.graph, "neg")->output(0).name, "y");
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(NoOpCastRemovePass, ACastWhoseInputDtypeIsUnknownStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addCast(g, "r", "y", onnx::TensorProto::FLOAT, "cast");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "cast_unknown");
    setDesc(*model.graph, "relu", TensorDesc{});  // nothing known about the Relu's output
    NoOpCastRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_TRUE(findByName(*model.graph, "cast"));
    EXPECT_NE(keptBecause(r, "cast").find("dtype of its input is not known"), std::string::npos);
}

TEST(NoOpCastRemovePass, ACastOfAGraphInputToItsDtypeBeforeAnOutputStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addCast(g, "x", "y", onnx::TensorProto::FLOAT, "cast");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "cast_input");
    NoOpCastRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_NE(keptBecause(r, "cast").find("graph input"), std::string::npos);
}
