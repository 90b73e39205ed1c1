// UpdateVariableFormatsPass (GE's UpdateVariableFormats, docs/ge-variables.md §6): a variable whose
// format an earlier graph of the session changed is described by the stored format, with the trans
// road recovered in reverse after it and forward in front of its VarRef; a variable without a road
// and a second run change nothing.
#include <gtest/gtest.h>

#include "engine_helpers.h"
#include "passes/variable/update_variable_formats_pass.h"
#include "variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

const TensorDesc kNd = desc(DataType::Float, {16, 2}, Format::ND, Format::ND);
const TensorDesc kNz = desc(DataType::Float, {16, 2}, Format::ND, Format::FRACTAL_NZ, {1, 1, 16, 16});

// v[16,2] -> relu -> y; relu's result written back to v through a VarRef.
Model readAndWriteBack() {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {16, 2});
    addNode(g, "Relu", {"v"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {16, 2});
    addVarRef(g, "v", "y", "v_TO_relu_REF_0", onnx::TensorProto::FLOAT, {16, 2});
    Model model = loadTransOpModel(m, "update_variable_formats");
    setDesc(*model.graph, "v", kNd);
    setDesc(*model.graph, "relu", kNd);
    setDesc(*model.graph, "v_TO_relu_REF_0", kNd);
    return model;
}

}  // namespace

TEST(UpdateVariableFormats, TheStoredFormatComesBackWithItsRoadRecovered) {
    Model model = readAndWriteBack();
    VarManager session;
    session.setTransRoad("v", {TransNodeInfo{std::string(op::kTransData), kNd, kNz}});
    UpdateVariableFormatsPass pass;
    const VarPassRun r = runVarPass(model, pass, session, session.beginGraph());
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value(UpdateVariableFormatsPass::kVariablesUpdated.name), 1u);
    EXPECT_EQ(r.stats.value(UpdateVariableFormatsPass::kTransNodesRecovered.name), 2u);

    const Graph& g = *model.graph;
    const Node& v = *findByName(g, "v");
    EXPECT_EQ(v.output(0).desc, kNz);
    // v (NZ) -> TransData NZ -> ND -> relu: the reader still gets the origin layout.
    const Node& relu = *findByName(g, "relu");
    const Node& back = g.node(relu.input(0).node);
    EXPECT_EQ(back.opType(), op::kTransData);
    EXPECT_EQ(back.input(0).node, v.id());
    EXPECT_EQ(stringAttrOf(back, "src_format"), "FRACTAL_NZ");
    EXPECT_EQ(stringAttrOf(back, "dst_format"), "ND");
    EXPECT_EQ(back.output(0).desc, kNd);
    EXPECT_TRUE(back.hasAttr("_inserted_by_ge"));
    // relu -> TransData ND -> NZ -> VarRef (NZ): the write-back stores the stored layout.
    const Node& ref = *findByName(g, "v_TO_relu_REF_0");
    const Node& forth = g.node(ref.input(0).node);
    EXPECT_EQ(forth.opType(), op::kTransData);
    EXPECT_EQ(forth.input(0).node, relu.id());
    EXPECT_EQ(stringAttrOf(forth, "dst_format"), "FRACTAL_NZ");
    EXPECT_EQ(ref.output(0).desc, kNz);
    EXPECT_EQ(ref.inputDescs(), std::vector<TensorDesc>{kNz});

    // A second run finds everything in place.
    const size_t nodes = g.nodeCount();
    EXPECT_FALSE(runVarPass(model, pass, session, 1).changed);
    EXPECT_EQ(g.nodeCount(), nodes);
}

TEST(UpdateVariableFormats, AVariableWithoutARoadIsLeftAlone) {
    Model model = readAndWriteBack();
    VarManager session;
    UpdateVariableFormatsPass pass;
    const size_t nodes = model.graph->nodeCount();
    EXPECT_FALSE(runVarPass(model, pass, session, session.beginGraph()).changed);
    EXPECT_EQ(model.graph->nodeCount(), nodes);
    EXPECT_EQ(findByName(*model.graph, "v")->output(0).desc, kNd);
}

TEST(UpdateVariableFormats, ACastOnTheRoadIsRecoveredAsACast) {
    Model model = readAndWriteBack();
    const TensorDesc half = desc(DataType::Float16, {16, 2}, Format::ND, Format::ND);
    VarManager session;
    session.setTransRoad("v", {TransNodeInfo{"Cast", kNd, half}});
    UpdateVariableFormatsPass pass;
    const VarPassRun r = runVarPass(model, pass, session, session.beginGraph());
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    const Graph& g = *model.graph;
    const Node& cast = g.node(findByName(g, "relu")->input(0).node);
    EXPECT_EQ(cast.opType(), "Cast");
    EXPECT_EQ(cast.attrInt("to", 0), static_cast<int64_t>(DataType::Float));
    EXPECT_EQ(findByName(g, "v")->output(0).desc.dtype, DataType::Float16);
}
