// IdentityPass: an Identity goes, its readers read its input; in front of a graph output the
// producer's value takes the output's name. Kept: after a graph input, when its input already is a
// graph output, next to a subgraph (GE's rule), and in a body before the body's output.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "folding_fixtures.h"
#include "io/onnx_export.h"
#include "passes/cleanup/identity_pass.h"

using namespace passscope;
using namespace passscope::test;

namespace {

size_t exportedIdentities(const Model& model) {
    const onnx::ModelProto proto = io::toProto(model);
    size_t n = 0;
    for (const auto& node : proto.graph().node()) n += node.op_type() == "Identity";
    return n;
}

}  // namespace

TEST(IdentityPass, AnIdentityBetweenTwoOpsGoes) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Identity", {"r"}, {"i"}, "identity");
    addNode(g, "Neg", {"i"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "identity_middle");
    const Model before = model.clone();
    IdentityPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Identity"), 0u);
    EXPECT_EQ(r.stats.value("identities_removed"), 1u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(IdentityPass, BeforeAGraphOutputTheProducerTakesTheOutputName) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Identity", {"r"}, {"y"}, "identity");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "identity_output");
    const Model before = model.clone();
    IdentityPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Identity"), 0u);
    EXPECT_EQ(r.stats.value("outputs_taken_over"), 1u);
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
    EXPECT_EQ(findByName(*model.graph, "relu")->output(0).name, "y");
    EXPECT_EQ(exportedIdentities(model), 0u);  // no bridging Identity on export
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(IdentityPass, AnIdentityOfAGraphInputStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Identity", {"x"}, {"y"}, "identity");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "identity_input");
    IdentityPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Identity"), 1u);
    EXPECT_NE(keptBecause(r, "identity").find("graph input"), std::string::npos)
        << keptBecause(r, "identity");
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
}

TEST(IdentityPass, TwoOutputsOfOneValueKeepTwoNames) {
    // r is graph output y1 and, through an Identity, y2: merging them would leave one value for two
    // names. Likewise two Identities of one value: the first takes it over, the second stays.
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Identity", {"r"}, {"y2"}, "id_direct");
    addNode(g, "Neg", {"x"}, {"n"}, "neg");
    addNode(g, "Identity", {"n"}, {"y3"}, "id_first");
    addNode(g, "Identity", {"n"}, {"y4"}, "id_second");
    addTensorValue(g.mutable_output(), "r", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y2", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y3", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y4", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "identity_two_outputs");
    const Model before = model.clone();
    IdentityPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Identity"), 2u);
    EXPECT_TRUE(findByName(*model.graph, "id_direct"));
    EXPECT_NE(keptBecause(r, "id_direct").find("graph output already"), std::string::npos);
    EXPECT_EQ(r.stats.value("identities_removed"), 1u);
    EXPECT_EQ(model.graph->outputNames(), (std::vector<std::string>{"r", "y2", "y3", "y4"}));
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(IdentityPass, AnIdentityNextToASubgraphStaysBeforeABodyOutputOnlyAtTargetGe) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    auto* ifNode = addNode(g, "If", {"cond"}, {"o"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        const std::string b = branch;
        addNode(*body, "Neg", {"x"}, {b + "_n"}, b + "_neg");
        addNode(*body, "Identity", {b + "_n"}, {b + "_out"}, b + "_identity");
        addTensorValue(body->mutable_output(), b + "_out", onnx::TensorProto::FLOAT, {2});
    }
    addNode(g, "Identity", {"o"}, {"i"}, "after_if");
    addNode(g, "Relu", {"i"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "identity_subgraph");
    IdentityPass pass;
    PipelineOptions geOptions;
    geOptions.target = Target::Ge;
    // At target ge the Identity after the If stays (GE's rule); for ONNX it goes (ORT does the same).
    FoldingRun r = runFoldingPass(model, pass, geOptions);
    EXPECT_FALSE(r.changed);
    EXPECT_NE(keptBecause(r, "after_if").find("owns a subgraph"), std::string::npos);
    Model onnxModel = model.clone();
    FoldingRun onnxRun = runFoldingPass(onnxModel, pass);
    EXPECT_TRUE(onnxRun.changed);
    EXPECT_EQ(onnxRun.problems, "");
    EXPECT_FALSE(findByName(*onnxModel.graph, "after_if"));
    EXPECT_EQ(findByName(*onnxModel.graph, "relu")->input(0).node, idOf(*onnxModel.graph, "if"));
    // In a body (as SubgraphOptimizePass would run it): at target ge the Identity before the body
    // output stays (GE's rule); for ONNX it goes and Neg's value takes the body output's name.
    Graph& body = *findByName(*model.graph, "if")->subgraphs().front();
    PipelineOptions ge;
    ge.target = Target::Ge;
    PassContext geCtx(model, ge, kernels::KernelRegistry::builtin());
    EXPECT_FALSE(pass.run(body, geCtx));
    EXPECT_EQ(countOps(body, "Identity"), 1u);
    const PipelineOptions onnxOptions;  // PassContext keeps a reference: not a temporary
    PassContext onnxCtx(model, onnxOptions, kernels::KernelRegistry::builtin());
    EXPECT_TRUE(pass.run(body, onnxCtx));
    EXPECT_EQ(countOps(body, "Identity"), 0u);
    EXPECT_EQ(body.outputNames(), std::vector<std::string>{"then_branch_out"});
    EXPECT_EQ(findByName(body, "then_branch_neg")->output(0).name, "then_branch_out");
}

TEST(IdentityPass, ASequenceIdentityGoesToo) {
    onnx::ModelProto m = emptyModel(16);  // Identity takes sequences from opset 16 on
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addNode(g, "SequenceConstruct", {"x", "x"}, {"s"}, "construct");
    addNode(g, "Identity", {"s"}, {"t"}, "identity");
    addInt64Initializer(g, "pos", {}, {1});
    addNode(g, "SequenceAt", {"t", "pos"}, {"y"}, "at");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "identity_sequence");
    IdentityPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Identity"), 0u);
    EXPECT_EQ(findByName(*model.graph, "at")->input(0).node, idOf(*model.graph, "construct"));
}

TEST(IdentityPass, ThePipelineLeavesNoIdentityOrNoOpCastBeforeAnOutput) {
    // What ONNX Runtime's basic level removes: Relu -> Cast(float) -> Identity -> graph output y.
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    auto* cast = addNode(g, "Cast", {"r"}, {"c"}, "cast");
    auto* to = cast->add_attribute();
    to->set_name("to");
    to->set_type(onnx::AttributeProto::INT);
    to->set_i(onnx::TensorProto::FLOAT);
    addNode(g, "Identity", {"c"}, {"y"}, "identity");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "identity_pipeline");
    const Model before = model.clone();
    PipelineOptions options;
    options.verifyEach = true;
    runPipeline(model, options);
    EXPECT_EQ(model.graph->nodeCount(), 3u);  // Data, Relu, NetOutput
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
    EXPECT_EQ(exportedIdentities(model), 0u);
    EXPECT_EQ(sameResults(before, model), "");
}
