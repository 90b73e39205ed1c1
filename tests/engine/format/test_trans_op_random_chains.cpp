// Random chains of Transpose, Cast, Reshape, Squeeze and Unsqueeze (some values also read by a second
// consumer) through the seven trans-op passes: the graph stays sound and computes bit for bit what
// it computed before, for every seed.
#include <gtest/gtest.h>

#include <random>

#include "passes/format/cast_remove_pass.h"
#include "passes/format/dim1_transpose_to_squeeze_pass.h"
#include "passes/format/trans_op_breadth_fusion_pass.h"
#include "passes/format/trans_op_symmetry_elimination_pass.h"
#include "passes/format/trans_op_without_reshape_fusion_pass.h"
#include "passes/format/transpose_trans_data_pass.h"
#include "passes/format/unchanged_transpose_remove_pass.h"
#include "pipeline/instrumentation.h"
#include "pipeline/pass_manager.h"
#include "stage_runner.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

constexpr int kTypes[] = {onnx::TensorProto::FLOAT, onnx::TensorProto::DOUBLE, onnx::TensorProto::FLOAT16,
                          onnx::TensorProto::INT32, onnx::TensorProto::INT64,  onnx::TensorProto::INT8};

void addInts(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& values) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a->add_ints(v);
}

void addAxes(onnx::GraphProto& g, const std::string& name, int64_t axis) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    t->add_dims(1);
    t->set_raw_data(std::string(reinterpret_cast<const char*>(&axis), sizeof axis));
}

onnx::ModelProto randomChain(unsigned seed) {
    std::mt19937 rng(seed);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    std::vector<int64_t> shape{1, 2, 1, 3};
    int type = onnx::TensorProto::FLOAT;
    addTensorValue(g.mutable_input(), "x", type, shape);
    std::string value = "x";
    int outputs = 0;
    const int steps = 4 + pick(5);
    for (int s = 0; s < steps; ++s) {
        const std::string out = "v" + std::to_string(s);
        const int kind = pick(5);
        if (kind == 0) {  // Transpose, often the inverse of a previous one by chance on small ranks
            std::vector<int64_t> perm(shape.size());
            for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int64_t>(i);
            std::shuffle(perm.begin(), perm.end(), rng);
            addInts(addNode(g, "Transpose", {value}, {out}, out), "perm", perm);
            std::vector<int64_t> next;
            for (int64_t p : perm) next.push_back(shape[static_cast<size_t>(p)]);
            shape = next;
        } else if (kind == 1) {  // Cast
            type = kTypes[pick(6)];
            auto* a = addNode(g, "Cast", {value}, {out}, out)->add_attribute();
            a->set_name("to");
            a->set_type(onnx::AttributeProto::INT);
            a->set_i(type);
        } else if (kind == 4) {  // Reshape to the dims reversed (back again when done twice)
            std::vector<int64_t> next(shape.rbegin(), shape.rend());
            auto* t = g.add_initializer();
            t->set_name(out + "_shape");
            t->set_data_type(onnx::TensorProto::INT64);
            t->add_dims(static_cast<int64_t>(next.size()));
            t->set_raw_data(
                std::string(reinterpret_cast<const char*>(next.data()), next.size() * sizeof(int64_t)));
            addNode(g, "Reshape", {value, out + "_shape"}, {out}, out);
            shape = next;
        } else if (kind == 2 && shape.size() < 5) {  // Unsqueeze
            const int64_t axis = pick(static_cast<int>(shape.size()) + 1);
            addAxes(g, out + "_axes", axis);
            addNode(g, "Unsqueeze", {value, out + "_axes"}, {out}, out);
            shape.insert(shape.begin() + axis, 1);
        } else {  // Squeeze a dim of size 1 if there is one
            std::vector<int64_t> ones;
            for (size_t i = 0; i < shape.size(); ++i)
                if (shape[i] == 1) ones.push_back(static_cast<int64_t>(i));
            if (ones.empty() || shape.size() < 2) continue;
            const int64_t axis = ones[static_cast<size_t>(pick(static_cast<int>(ones.size())))];
            addAxes(g, out + "_axes", axis);
            addNode(g, "Squeeze", {value, out + "_axes"}, {out}, out);
            shape.erase(shape.begin() + axis);
        }
        value = out;
        if (pick(4) == 0) {  // a second reader of this value, a graph output of its own
            const std::string side = "side" + std::to_string(outputs++);
            addNode(g, "Identity", {value}, {side}, side);
            addTensorValue(g.mutable_output(), side, type, shape);
        }
    }
    addNode(g, "Identity", {value}, {"y"}, "last");
    addTensorValue(g.mutable_output(), "y", type, shape);
    return m;
}

}  // namespace

TEST(TransOpRandomChains, EverySeedStaysSoundAndComputesTheSame) {
    size_t changedModels = 0;
    for (unsigned seed = 1; seed <= 150; ++seed) {
        Model model = loadTransOpModel(randomChain(seed), "random_chain");
        const Model before = model.clone();
        const size_t nodesBefore = model.graph->nodeCount();
        std::vector<Stage> stages(1);
        stages[0].name = "FormatOptimize";
        stages[0].passes.push_back(std::make_unique<TransOpSymmetryEliminationPass>());
        stages[0].passes.push_back(std::make_unique<TransOpBreadthFusionPass>());
        stages[0].passes.push_back(std::make_unique<TransOpWithoutReshapeFusionPass>());
        stages[0].passes.push_back(std::make_unique<TransposeTransDataPass>());
        stages[0].passes.push_back(std::make_unique<UnchangedTransposeRemovePass>());
        stages[0].passes.push_back(std::make_unique<CastRemovePass>());
        stages[0].passes.push_back(std::make_unique<Dim1TransposeToSqueezePass>());
        PipelineRun run;
        ASSERT_NO_THROW(run = runTestStages(model, PipelineOptions{}, stages, {nullptr, true, false}))
            << "seed " << seed;
        EXPECT_FALSE(run.stages.at(0).hitCap) << "seed " << seed;
        EXPECT_EQ(model.graph->outputNames(), before.graph->outputNames()) << "seed " << seed;
        EXPECT_EQ(sameResults(before, model, seed), "") << "seed " << seed;
        changedModels += model.graph->nodeCount() != nodesBefore;
    }
    EXPECT_GT(changedModels, 30u);  // the chains do give the passes work
}
