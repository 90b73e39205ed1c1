// DropOutPass: a Dropout that passes its input on goes (opset 13 without training_mode, with
// training_mode false, with ratio 0 even in training mode as PyTorch exports it; opset 10; opset 6
// with is_test). Kept: training mode with ratio 0.5 (given or by default), training_mode computed
// at run time, a mask something reads.
#include <gtest/gtest.h>

#include "noop_fixtures.h"
#include "passes/cleanup/dropout_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

std::string floatBytes(float v) {
    return std::string(reinterpret_cast<const char*>(&v), sizeof v);
}

// x[2,3] -> Dropout(x[, ratio][, mode]) -> Relu -> y; `ratio` < 0 leaves the input out, `mode` < 0
// too. The mask is declared (and read by a second Relu when `readMask`).
onnx::ModelProto dropoutModel(float ratio, int mode, bool readMask = false, int opset = 13) {
    onnx::ModelProto m = emptyModel(opset);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    std::vector<std::string> inputs{"x"};
    if (ratio >= 0 || mode >= 0) {
        inputs.push_back(ratio >= 0 ? "ratio" : "");
        if (ratio >= 0) addScalarInitializer(g, "ratio", onnx::TensorProto::FLOAT, {}, floatBytes(ratio));
    }
    if (mode >= 0) {
        inputs.push_back("mode");
        addScalarInitializer(g, "mode", onnx::TensorProto::BOOL, {}, std::string(1, static_cast<char>(mode)));
    }
    addNode(g, "Dropout", inputs, {"d", "mask"}, "dropout");
    addNode(g, "Relu", {"d"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    if (readMask) {
        addNode(g, "Not", {"mask"}, {"m"}, "not");
        addTensorValue(g.mutable_output(), "m", onnx::TensorProto::BOOL, {});
    }
    return m;
}

}  // namespace

TEST(DropOutPass, DropoutsThatPassTheirInputOnGo) {
    struct Case {
        float ratio;
        int mode;
    };
    // no ratio/mode; mode false with ratio 0.5; ratio 0 in training mode (PyTorch's F.dropout(p=0))
    const std::vector<Case> cases = {{-1, -1}, {0.5f, 0}, {0.0f, 1}, {-1, 0}};
    for (size_t i = 0; i < cases.size(); ++i) {
        Model model =
            loadTransOpModel(dropoutModel(cases[i].ratio, cases[i].mode), "dropout_go_" + std::to_string(i));
        const Model before = model.clone();
        FoldingRun r = runFoldingPass<DropOutPass>(model);
        EXPECT_EQ(r.problems, "") << i;
        EXPECT_EQ(countOps(*model.graph, "Dropout"), 0u) << i;
        EXPECT_EQ(r.stats.value("dropouts_removed"), 1u) << i;
        EXPECT_EQ(findByName(*model.graph, "relu")->input(0).node, model.graph->inputs()[0]) << i;
        EXPECT_EQ(countOps(*model.graph, "Const"), 0u) << i;  // ratio and mode went with it
        EXPECT_EQ(sameResults(before, model), "") << i;
    }
}

TEST(DropOutPass, OlderOpsetsFollowTheirOwnRules) {
    {  // Dropout-10: inference only
        onnx::ModelProto m = dropoutModel(-1, -1, false, 10);
        m.mutable_graph()->mutable_node(0)->add_attribute()->set_name("ratio");
        m.mutable_graph()->mutable_node(0)->mutable_attribute(0)->set_type(onnx::AttributeProto::FLOAT);
        m.mutable_graph()->mutable_node(0)->mutable_attribute(0)->set_f(0.3f);
        Model model = loadTransOpModel(m, "dropout_opset10");
        EXPECT_TRUE(runFoldingPass<DropOutPass>(model).changed);
        EXPECT_EQ(countOps(*model.graph, "Dropout"), 0u);
    }
    for (const int isTest : {1, 0}) {  // Dropout-6: is_test 0 (the default) is training
        onnx::ModelProto m = dropoutModel(-1, -1, false, 6);
        auto* a = m.mutable_graph()->mutable_node(0)->add_attribute();
        a->set_name("is_test");
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(isTest);
        Model model = loadTransOpModel(m, "dropout_opset6_" + std::to_string(isTest));
        FoldingRun r = runFoldingPass<DropOutPass>(model);
        EXPECT_EQ(r.changed, isTest == 1);
        EXPECT_EQ(countOps(*model.graph, "Dropout"), isTest == 1 ? 0u : 1u);
    }
}

TEST(DropOutPass, RandomDropoutsAndReadMasksStay) {
    struct Case {
        float ratio;
        int mode;
        bool readMask;
        std::string why;
    };
    const std::vector<Case> cases = {
        {0.5f, 1, false, "ratio is 0.5"},  // training mode, random
        {-1, 1, false, "ratio is 0.5"},    // training mode, ratio by default 0.5
        {-1, -1, true, "'mask' is read"},  // an identity, but its mask is used
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        Model model =
            loadTransOpModel(dropoutModel(c.ratio, c.mode, c.readMask), "dropout_stay_" + std::to_string(i));
        FoldingRun r = runFoldingPass<DropOutPass>(model);
        EXPECT_FALSE(r.changed) << i;
        EXPECT_EQ(countOps(*model.graph, "Dropout"), 1u) << i;
        const std::string why = keptBecause(r, "dropout");
        EXPECT_NE(why.find(c.why), std::string::npos) << i << ": " << why;
    }
}

TEST(DropOutPass, TrainingModeComputedAtRunTimeStays) {
    onnx::ModelProto m = dropoutModel(0.5f, -1);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "mode", onnx::TensorProto::BOOL, {});
    g.mutable_node(0)->add_input("mode");
    Model model = loadTransOpModel(m, "dropout_runtime_mode");
    FoldingRun r = runFoldingPass<DropOutPass>(model);
    EXPECT_FALSE(r.changed);
    EXPECT_NE(keptBecause(r, "dropout").find("run time"), std::string::npos);
}
