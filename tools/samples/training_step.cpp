// Sample (c): one SGD step of a dense layer with variables and write-back, using the
// graph-engine custom domain (ai.passscope.ge) the way a training graph compiler would.
#include <cstdint>
#include <string>
#include <vector>

#include "builder.h"
#include "samples.h"

namespace passscope::samples {

namespace {

constexpr const char* kTrainingStepDoc =
    "One SGD training step of a dense layer (x [4,16], label [4,2]) with mean-squared-error loss. State "
    "lives in ai.passscope.ge Variable nodes (dense/weight, dense/bias, global_step) and is written back "
    "with AssignSub (the weight, in place) / Assign / AssignAdd, whose outputs are graph outputs so the "
    "updates stay live. The gradient is "
    "written by hand; the step size is lr * 2/N computed by ops on constants. Demonstrates: variable "
    "passes (variable discovery, read/write ordering, write-back), constant folding of the learning rate, "
    "and shape inference stopping at schema-less custom ops (their outputs are typed via value_info).";

constexpr std::int64_t kBatch = 4;
constexpr std::int64_t kIn = 16;
constexpr std::int64_t kOut = 2;

// A GE Variable: no inputs, one output carrying the current value. The node name is the
// variable's identity (what the write-back refers to); the output is named the same so
// the value reads naturally in the graph view. Schema-less, so its type goes in value_info.
std::string variable(GraphBuilder& g, const std::string& name, int dtype,
                     const std::vector<std::int64_t>& shape, const onnx::TensorProto& init_value) {
    g.add_named("Variable", name, {}, {name}, kGeDomain)
        .attr_ints("shape", shape)
        .attr_i("dtype", dtype)
        .attr_t("init_value", init_value);
    Shape declared(shape.begin(), shape.end());
    g.value_info(name, dtype, declared);
    return name;
}

}  // namespace

onnx::ModelProto build_training_step() {
    onnx::ModelProto model = new_model("training_step", kTrainingStepDoc, {{kGeDomain, 1}});
    GraphBuilder g(*model.mutable_graph());
    SplitMix64 rng(0x7EA1'0003ULL);

    const std::string x = g.input("x", kFloat, {kBatch, kIn});
    const std::string label = g.input("label", kFloat, {kBatch, kOut});

    const std::string weight =
        variable(g, "dense/weight", kFloat, {kIn, kOut}, random_tensor(rng, {kIn, kOut}, fan_in_bound(kIn)));
    const std::string bias = variable(g, "dense/bias", kFloat, {kOut}, float_tensor({kOut}, {0.0f, 0.0f}));
    const std::string step = variable(g, "global_step", kInt64, {}, int64_scalar(0));

    // Forward pass and MSE loss = mean((pred - label)^2) over all N = 4 * 2 elements.
    const std::string pred = g.add("Add", "/dense", {g.add("MatMul", "/dense", {x, weight}), bias});
    const std::string diff = g.add("Sub", "/loss/error", {pred, label});
    const std::string squared =
        g.add("Pow", "/loss/square", {diff, g.constant("/loss/square/exponent", float_scalar(2.0f))});
    g.add_named("ReduceMean", "/loss/ReduceMean", {squared}, {"loss"}).attr_i("keepdims", 0);

    // Step size lr * 2/N: dL/dpred = (2/N) * diff, and folding the factor into the learning
    // rate leaves one scalar Mul per parameter. Computed by ops so it constant-folds.
    const std::string two_over_n =
        g.add("Div", "/grad/scale",
              {g.constant("/grad/scale/two", float_scalar(2.0f)),
               g.constant("/grad/scale/count", float_scalar(static_cast<float>(kBatch * kOut)))});
    const std::string step_size =
        g.add("Mul", "/grad/scale", {g.constant("/grad/scale/lr", float_scalar(0.05f)), two_over_n});

    // Unscaled gradients: dW = x^T @ diff ([16,2]), db = sum over the batch of diff ([2]).
    // ReduceSum takes its axes as an input from opset 13 on.
    const std::string x_t = g.add("Transpose", "/grad/weight", {x}).attr_ints("perm", {1, 0});
    const std::string grad_w = g.add("MatMul", "/grad/weight", {x_t, diff});
    const std::string grad_b =
        g.add("ReduceSum", "/grad/bias", {diff, g.constant("/grad/bias/axes", int64_tensor({1}, {0}))})
            .attr_i("keepdims", 0);

    // Write-back: param := param - step_size * grad. The weight is updated in place, as optimizers
    // do (AssignSub writes its input 0), so at target ge every reader of dense/weight converts it
    // the same way and variable fusion stores it in its MatMul format. The bias is computed by
    // Sub and written by Assign, and global_step by AssignAdd, so their fusion is refused with a
    // reason. Assign/AssignAdd/AssignSub outputs are graph outputs, which both keeps them live under
    // dead code elimination and types them (schema-less ops get no inferred types).
    g.add_named("AssignSub", "/update/weight/AssignSub",
                {weight, g.add("Mul", "/update/weight", {grad_w, step_size})}, {"dense/weight_updated"},
                kGeDomain);
    const std::string new_b =
        g.add("Sub", "/update/bias", {bias, g.add("Mul", "/update/bias", {grad_b, step_size})});
    g.add_named("Assign", "/update/bias/Assign", {bias, new_b}, {"dense/bias_updated"}, kGeDomain);
    g.add_named("AssignAdd", "/update/global_step/AssignAdd",
                {step, g.constant("/update/global_step/one", int64_scalar(1))}, {"global_step_updated"},
                kGeDomain);

    g.output("loss", kFloat, {});
    g.output("dense/weight_updated", kFloat, {kIn, kOut});
    g.output("dense/bias_updated", kFloat, {kOut});
    g.output("global_step_updated", kInt64, {});

    return model;
}

}  // namespace passscope::samples
