// VariableOpPass (variable format fusion, docs/ge-variables.md §6): sample (c) stores dense/weight
// in its MatMul format; each refusal carries its reason; one decision per variable per graph; a
// variable changes format once per session; ge.exec.variable_acc=false changes nothing.
#include <gtest/gtest.h>

#include "engine_helpers.h"
#include "passes/variable/variable_op_pass.h"
#include "variable_fixtures.h"
#include "vars/var_manager_serial.h"

using namespace passscope;
using namespace passscope::test;

namespace {

const TensorDesc kWeightNd = desc(DataType::Float, {16, 2}, Format::ND, Format::ND);
const TensorDesc kWeightNz = desc(DataType::Float, {16, 2}, Format::ND, Format::FRACTAL_NZ, {1, 1, 16, 16});

// v[16,2] -> td_read (ND -> FRACTAL_NZ) -> Relu "relu" -> y, and whatever `extra` adds.
template <typename Extra>
Model readThroughTransData(const std::string& dir, Extra extra) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {16, 2});
    addTransData(g, "v", "v_nz", "ND", "FRACTAL_NZ", "td_read");
    addNode(g, "Relu", {"v_nz"}, {"y"}, "relu");
    addTensorValue(g.mutable_value_info(), "v_nz", onnx::TensorProto::FLOAT, {16, 2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {16, 2});
    extra(g);
    Model model = loadTransOpModel(m, dir);
    setDesc(*model.graph, "v", kWeightNd);
    setDesc(*model.graph, "td_read", kWeightNz);
    setDesc(*model.graph, "relu", kWeightNz);
    return model;
}

Model readThroughTransData(const std::string& dir) {
    return readThroughTransData(dir, [](onnx::GraphProto&) {});
}

}  // namespace

TEST(VariableFusion, SampleCStoresTheWeightInItsMatMulFormat) {
    Model model = loadSample("training_step.onnx");
    const PipelineRun run = runGe(model);
    const Graph& g = *model.graph;
    const Node* weight = byName(g, "dense/weight");
    ASSERT_NE(weight, nullptr);
    // The weight takes its storage format; no TransData reads it any more.
    EXPECT_EQ(weight->output(0).desc.storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(weight->output(0).desc.storageShape, Shape::fromExtents({1, 1, 16, 16}));
    EXPECT_EQ(weight->output(0).desc.originShape, Shape::fromExtents({16, 2}));
    for (const Use& u : weight->output(0).uses)
        EXPECT_NE(g.node(u.node).opType(), std::string(op::kTransData)) << g.node(u.node).name();
    EXPECT_EQ(byName(g, "dense/weight/TransData_ND_to_FRACTAL_NZ"), nullptr);
    // The in-place update reads and writes the weight in that format too.
    const Node* update = byName(g, "/update/weight/AssignSub");
    ASSERT_NE(update, nullptr);
    EXPECT_EQ(update->input(0).node, weight->id());
    EXPECT_EQ(update->output(0).desc.storageFormat, Format::FRACTAL_NZ);
    // The VarRef is gone again; the writer notes which variable its output writes.
    EXPECT_EQ(stringsAttr(*update, "_output_ref_var_src_var_name"), std::vector<std::string>{"dense/weight"});
    for (const Node* n : g.nodes()) EXPECT_FALSE(n->hasAttr(op::attr::kRefVarSrcVarName)) << n->name();

    // The manager has the road, the change and the new description.
    const VarManager& manager = *run.varManager;
    const VarTransRoad* road = manager.transRoad("dense/weight");
    ASSERT_NE(road, nullptr);
    ASSERT_EQ(road->size(), 1u);
    EXPECT_EQ(road->front().nodeType, "TransData");
    EXPECT_EQ(road->front().input.storageFormat, Format::ND);
    EXPECT_EQ(road->front().output.storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(manager.changedGraphId("dense/weight"), run.graphId);
    EXPECT_FALSE(manager.isVarPermitToChangeFormats("dense/weight"));
    ASSERT_NE(manager.curVarDesc("dense/weight"), nullptr);
    EXPECT_EQ(*manager.curVarDesc("dense/weight"), weight->output(0).desc);

    // One decision per variable, although the stage ran the pass more than once.
    const std::vector<VarFusionDecision> decisions = manager.fusionsOf(run.graphId);
    EXPECT_EQ(decisions.size(), 3u);
    const VarFusionDecision* w = decisionFor(decisions, "dense/weight");
    ASSERT_NE(w, nullptr);
    EXPECT_TRUE(w->fused) << w->reason;
    EXPECT_EQ(w->transRoad, *road);
    EXPECT_FALSE(w->removedNodes.empty());
    EXPECT_NE(w->reason.find("FRACTAL_NZ float [1,1,16,16]"), std::string::npos) << w->reason;
    // The bias is read by Sub and MatMul-free ops directly: refused, with the reader named.
    const VarFusionDecision* b = decisionFor(decisions, "dense/bias");
    ASSERT_NE(b, nullptr);
    EXPECT_FALSE(b->fused);
    EXPECT_NE(b->reason.find("reads the variable directly, not through a trans op"), std::string::npos)
        << b->reason;
    const VarFusionDecision* s = decisionFor(decisions, "global_step");
    ASSERT_NE(s, nullptr);
    EXPECT_FALSE(s->fused);
}

TEST(VariableFusion, ASecondGraphOfTheSessionMayNotChangeTheFormatAgain) {
    auto session = std::make_shared<VarManager>(7);
    Model first = loadSample("training_step.onnx");
    const PipelineRun one = runGe(first, session);
    ASSERT_TRUE(decisionFor(session->fusionsOf(one.graphId), "dense/weight")->fused);

    Model second = loadSample("training_step.onnx");
    const PipelineRun two = runGe(second, session);
    EXPECT_NE(two.graphId, one.graphId);
    const std::vector<VarFusionDecision> decisions = session->fusionsOf(two.graphId);
    const VarFusionDecision* d = decisionFor(decisions, "dense/weight");
    ASSERT_NE(d, nullptr);
    EXPECT_FALSE(d->fused);
    EXPECT_EQ(d->reason, "its format changed already in graph " + std::to_string(one.graphId) +
                             " of this session (a variable changes format at most once)");
    EXPECT_EQ(decisionsFor(decisions, "dense/weight"), 1u);
    // UpdateVariableFormatsPass gave the second graph the stored format and recovered the road
    // after the variable; the format passes cancelled it against the inserted conversion, so the
    // second graph is the first one again: no TransData reads the variable, as many as before
    // elsewhere. The session still counts one change.
    const Node* weight = byName(*second.graph, "dense/weight");
    ASSERT_NE(weight, nullptr);
    EXPECT_EQ(weight->output(0).desc.storageFormat, Format::FRACTAL_NZ);
    for (const Use& u : weight->output(0).uses)
        EXPECT_NE(second.graph->node(u.node).opType(), op::kTransData) << second.graph->node(u.node).name();
    EXPECT_EQ(countOp(*second.graph, "TransData"), countOp(*first.graph, "TransData"));
    EXPECT_EQ(second.graph->nodeCount(), first.graph->nodeCount());
    EXPECT_EQ(session->changeTimes("dense/weight"), 1);
    EXPECT_EQ(session->changedGraphId("dense/weight"), one.graphId);
}

TEST(VariableFusion, ASessionLoadedFromAFileRefusesASecondChangeWithItsReason) {
    auto session = std::make_shared<VarManager>();
    Model first = loadSample("training_step.onnx");
    const PipelineRun one = runGe(first, session);
    assignVariableMemory(*first.graph, *session, one.graphId);
    auto loaded = deserializeVarManager(serializeVarManager(*session));

    Model second = loadSample("training_step.onnx");
    const PipelineRun two = runGe(second, loaded);
    EXPECT_GT(two.graphId, one.graphId);
    const std::vector<VarFusionDecision> decisions = loaded->fusionsOf(two.graphId);
    const VarFusionDecision* d = decisionFor(decisions, "dense/weight");
    ASSERT_NE(d, nullptr);
    EXPECT_FALSE(d->fused);
    EXPECT_EQ(d->reason, "its format changed already in graph " + std::to_string(one.graphId) +
                             " of this session (a variable changes format at most once)");
    EXPECT_EQ(byName(*second.graph, "dense/weight")->output(0).desc.storageFormat, Format::FRACTAL_NZ);
}

TEST(VariableFusion, SwitchedOffItChangesNothingAndSaysSo) {
    Model model = loadSample("training_step.onnx");
    PipelineOptions options = geOptions();
    options.set("ge.exec.variable_acc", "false");
    EXPECT_FALSE(options.variableAcc);
    EXPECT_EQ(options.toKeyValues().at("ge.exec.variable_acc"), "false");
    const PipelineRun run = runGe(model, nullptr, options);
    EXPECT_EQ(byName(*model.graph, "dense/weight")->output(0).desc.storageFormat, Format::ND);
    EXPECT_NE(byName(*model.graph, "dense/weight/TransData_ND_to_FRACTAL_NZ"), nullptr);
    EXPECT_EQ(run.varManager->transRoad("dense/weight"), nullptr);
    const std::vector<VarFusionDecision> decisions = run.varManager->fusionsOf(run.graphId);
    ASSERT_EQ(decisions.size(), 3u);
    for (const VarFusionDecision& d : decisions) {
        EXPECT_FALSE(d.fused);
        EXPECT_EQ(d.reason, "variable fusion is off (ge.exec.variable_acc=false)");
    }
    EXPECT_THROW(options.set("ge.exec.variable_acc", "maybe"), std::invalid_argument);
}

TEST(VariableFusion, ReadersThatDisagreeAreRefused) {
    Model model = readThroughTransData("var_fusion_disagree", [](onnx::GraphProto& g) {
        auto* cast = addNode(g, "Cast", {"v"}, {"v16"}, "cast");
        auto* to = cast->add_attribute();
        to->set_name("to");
        to->set_type(onnx::AttributeProto::INT);
        to->set_i(onnx::TensorProto::FLOAT16);
        addNode(g, "Neg", {"v16"}, {"z"}, "neg");
        addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT16, {16, 2});
    });
    VarManager manager;
    VariableOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(r.problems, "");
    ASSERT_EQ(manager.fusions().size(), 1u);
    EXPECT_EQ(manager.fusions()[0].reason,
              "consumers want different results: FRACTAL_NZ float [1,1,16,16] | ND float16 [16,2]");
    EXPECT_NE(findByName(*model.graph, "td_read"), nullptr);
    EXPECT_EQ(r.stats.value("fusions_refused"), 1u);
}

TEST(VariableFusion, AReaderThatIsNoTransOpIsRefused) {
    Model model = readThroughTransData("var_fusion_direct", [](onnx::GraphProto& g) {
        addNode(g, "Neg", {"v"}, {"z"}, "/update/weight/Sub");
        addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {16, 2});
    });
    VarManager manager;
    VariableOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_FALSE(r.changed);
    ASSERT_EQ(manager.fusions().size(), 1u);
    EXPECT_EQ(manager.fusions()[0].reason,
              "consumer '/update/weight/Sub' reads the variable directly, not through a trans op");
    // The pass runs again in the next iteration of its stage: the same decision is not repeated.
    runVarPass(model, pass, manager, manager.lastGraphId());
    EXPECT_EQ(manager.fusions().size(), 1u);
}

TEST(VariableFusion, AWriteBackPathThatIsNotTheInverseIsRefused) {
    // The VarRef is written through a second ND -> FRACTAL_NZ conversion, not NZ -> ND.
    Model model = readThroughTransData("var_fusion_not_inverse", [](onnx::GraphProto& g) {
        addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {16, 2});
        addTransData(g, "x", "x_nz", "ND", "FRACTAL_NZ", "td_write");
        addTensorValue(g.mutable_value_info(), "x_nz", onnx::TensorProto::FLOAT, {16, 2});
        addVarRef(g, "v", "x_nz", "v_TO_w_REF_0", onnx::TensorProto::FLOAT, {16, 2});
    });
    setDesc(*model.graph, "td_write", kWeightNz);
    setDesc(*model.graph, "v_TO_w_REF_0", kWeightNd);
    VarManager manager;
    VariableOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_FALSE(r.changed);
    ASSERT_EQ(manager.fusions().size(), 1u);
    EXPECT_EQ(manager.fusions()[0].reason.rfind(
                  "the write-back path through 'v_TO_w_REF_0' is not the inverse of the read path", 0),
              0u)
        << manager.fusions()[0].reason;
    EXPECT_NE(findByName(*model.graph, "td_read"), nullptr);
}

TEST(VariableFusion, AnInverseWriteBackIsFusedWithTheRead) {
    // v -> td_read (ND -> NZ) -> relu -> td_back (NZ -> ND) -> VarRef of v
    Model model = readThroughTransData("var_fusion_inverse", [](onnx::GraphProto& g) {
        addTransData(g, "y", "y_nd", "FRACTAL_NZ", "ND", "td_back");
        addTensorValue(g.mutable_value_info(), "y_nd", onnx::TensorProto::FLOAT, {16, 2});
        addVarRef(g, "v", "y_nd", "v_TO_relu_REF_0", onnx::TensorProto::FLOAT, {16, 2});
    });
    setDesc(*model.graph, "td_back", kWeightNd);
    setDesc(*model.graph, "v_TO_relu_REF_0", kWeightNd);
    VarManager manager;
    const uint32_t graph = manager.beginGraph();
    VariableOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, graph);
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    const Graph& g = *model.graph;
    EXPECT_EQ(findByName(g, "td_read"), nullptr);
    EXPECT_EQ(findByName(g, "td_back"), nullptr);
    const Node& relu = *findByName(g, "relu");
    const Node& ref = *findByName(g, "v_TO_relu_REF_0");
    EXPECT_EQ(relu.input(0).node, idOf(g, "v"));
    EXPECT_EQ(ref.input(0).node, relu.id());
    EXPECT_EQ(ref.output(0).desc, kWeightNz);
    EXPECT_EQ(ref.inputDescs(), std::vector<TensorDesc>{kWeightNz});
    EXPECT_EQ(findByName(g, "v")->output(0).desc, kWeightNz);
    EXPECT_EQ(r.stats.value("trans_nodes_removed"), 2u);
    ASSERT_EQ(manager.fusions().size(), 1u);
    EXPECT_EQ(manager.fusions()[0].removedNodes, (std::vector<std::string>{"td_read", "td_back"}));
    // Run again (the stage's next iteration): nothing more to do, nothing more recorded.
    EXPECT_FALSE(runVarPass(model, pass, manager, graph).changed);
    EXPECT_EQ(manager.fusions().size(), 1u);
}

TEST(VariableFusion, AReFormatPadsARoadWhoseFormatsAreNotContiguous) {
    // The reader expects the variable as NCHW while the variable says ND: GE puts a ReFormat first.
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    addTransData(g, "v", "v5", "NCHW", "NC1HWC0", "td_read");
    addNode(g, "Relu", {"v5"}, {"y"}, "relu");
    addTensorValue(g.mutable_value_info(), "v5", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    Model model = loadTransOpModel(m, "var_fusion_reformat");
    Graph& gr = *model.graph;
    const TensorDesc nchw = desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NCHW);
    const TensorDesc five =
        desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NC1HWC0, {1, 1, 4, 4, 16});
    setDesc(gr, "v", desc(DataType::Float, {1, 3, 4, 4}, Format::ND, Format::ND));
    gr.setInputDescs(idOf(gr, "td_read"), {nchw});
    setDesc(gr, "td_read", five);
    setDesc(gr, "relu", five);
    VarManager manager;
    VariableOpPass pass;
    EXPECT_TRUE(runVarPass(model, pass, manager, manager.beginGraph()).changed);
    const VarTransRoad* road = manager.transRoad("v");
    ASSERT_NE(road, nullptr);
    ASSERT_EQ(road->size(), 2u);
    EXPECT_EQ((*road)[0].nodeType, "ReFormat");
    EXPECT_EQ((*road)[0].input.storageFormat, Format::ND);
    EXPECT_EQ((*road)[0].output, nchw);
    EXPECT_EQ((*road)[1].nodeType, "TransData");
    EXPECT_EQ(findByName(gr, "v")->output(0).desc.storageFormat, Format::NC1HWC0);
}

TEST(VariableFusion, AnUnknownShapeIsRefused) {
    Model model = readThroughTransData("var_fusion_unknown");
    TensorDesc unknown = kWeightNd;
    unknown.originShape = unknown.storageShape = Shape({Dim::symbolic("n"), Dim::known(2)});
    setDesc(*model.graph, "v", unknown);
    VarManager manager;
    VariableOpPass pass;
    EXPECT_FALSE(runVarPass(model, pass, manager, manager.beginGraph()).changed);
    ASSERT_EQ(manager.fusions().size(), 1u);
    EXPECT_EQ(manager.fusions()[0].reason, "its shape is not known at compile time ([n,2])");
}

// A road through a Cast: each step records what its own trans op reads. After the Cast
// float -> float16 is fused, the TransData behind it reads float16 (the variable's description is
// only rewritten once the whole road is known), and the road, saved and replayed by later graphs,
// must say so.
TEST(VariableFusion, EachStepOfTheRoadRecordsItsOwnInput) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {20, 33});
    onnx::NodeProto* cast = addNode(g, "Cast", {"v"}, {"v16"}, "cast");
    onnx::AttributeProto* to = cast->add_attribute();
    to->set_name("to");
    to->set_type(onnx::AttributeProto::INT);
    to->set_i(onnx::TensorProto::FLOAT16);
    addTransData(g, "v16", "v_nz", "ND", "FRACTAL_NZ", "td");
    addNode(g, "Relu", {"v_nz"}, {"y"}, "relu");
    addTensorValue(g.mutable_value_info(), "v16", onnx::TensorProto::FLOAT16, {20, 33});
    addTensorValue(g.mutable_value_info(), "v_nz", onnx::TensorProto::FLOAT16, {20, 33});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT16, {20, 33});
    Model model = loadTransOpModel(m, "var_fusion_cast_road");
    setDesc(*model.graph, "v", desc(DataType::Float, {20, 33}, Format::ND, Format::ND));
    setDesc(*model.graph, "cast", desc(DataType::Float16, {20, 33}, Format::ND, Format::ND));
    const TensorDesc nz = desc(DataType::Float16, {20, 33}, Format::ND, Format::FRACTAL_NZ, {3, 2, 16, 16});
    setDesc(*model.graph, "td", nz);
    setDesc(*model.graph, "relu", nz);
    VarManager manager;
    VariableOpPass pass;
    const VarPassRun run = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_TRUE(run.changed);
    EXPECT_EQ(run.problems, "");
    const VarTransRoad* road = manager.transRoad("v");
    ASSERT_NE(road, nullptr);
    ASSERT_EQ(road->size(), 2u);
    EXPECT_EQ((*road)[0].nodeType, "Cast");
    EXPECT_EQ((*road)[0].input.dtype, DataType::Float);
    EXPECT_EQ((*road)[0].output.dtype, DataType::Float16);
    EXPECT_EQ((*road)[1].nodeType, "TransData");
    EXPECT_EQ((*road)[1].input.dtype, DataType::Float16) << "the TransData reads the Cast's float16";
    EXPECT_EQ((*road)[1].input.storageFormat, Format::ND);
    EXPECT_EQ((*road)[1].output, nz);
}

// GE's Variable carries its `shape` and `dtype` as attributes; one with no value_info is sized from
// them by the memory table and fused from them too.
TEST(VariableFusion, AVariableDeclaredByItsAttributesIsFused) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    onnx::NodeProto* v = addGeNode(g, std::string(op::kVariable), {}, {"v"}, "v");
    onnx::AttributeProto* shape = v->add_attribute();
    shape->set_name("shape");
    shape->set_type(onnx::AttributeProto::INTS);
    shape->add_ints(16);
    shape->add_ints(2);
    onnx::AttributeProto* dtype = v->add_attribute();
    dtype->set_name("dtype");
    dtype->set_type(onnx::AttributeProto::INT);
    dtype->set_i(onnx::TensorProto::FLOAT);
    addTransData(g, "v", "v_nz", "ND", "FRACTAL_NZ", "td_read");
    addNode(g, "Relu", {"v_nz"}, {"y"}, "relu");
    addTensorValue(g.mutable_value_info(), "v_nz", onnx::TensorProto::FLOAT, {16, 2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {16, 2});
    Model model = loadTransOpModel(m, "var_fusion_declared");
    setDesc(*model.graph, "td_read", kWeightNz);
    setDesc(*model.graph, "relu", kWeightNz);
    VarManager manager;
    VariableOpPass pass;
    EXPECT_TRUE(runVarPass(model, pass, manager, manager.beginGraph()).changed);
    ASSERT_EQ(manager.fusions().size(), 1u);
    EXPECT_TRUE(manager.fusions()[0].fused) << manager.fusions()[0].reason;
    EXPECT_EQ(findByName(*model.graph, "v")->output(0).desc.storageFormat, Format::FRACTAL_NZ);
    const VarTransRoad* road = manager.transRoad("v");
    ASSERT_NE(road, nullptr);
    EXPECT_EQ(road->front().input, kWeightNd);
}
