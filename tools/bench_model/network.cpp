// The generated network is shaped like an exported transformer encoder so that the
// optimisation passes find what they would find in a real model:
//   - MatMul + Add pairs with weight/bias initializers (MatMul+Add fusion -> Gemm),
//   - LayerNorm decomposed into primitives (LayerNorm fusion),
//   - Reshape with constant shapes and Transpose pairs (transpose/reshape cancelling),
//   - every kShapeChainEvery-th layer a Shape->Gather->Unsqueeze->Concat->Reshape chain
//     and an Add of two Constant nodes (constant folding, shape folding),
//   - a tail of Identity nodes (Identity elimination) that also makes the count exact.
#include "network.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace passscope::bench_model {

namespace {

struct Context {
    GraphBuilder& nodes;
    TensorSink& tensors;
    std::int64_t hidden;
};

onnx::TensorProto float_scalar_tensor(float value) {
    onnx::TensorProto t;
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_float_data(value);
    return t;
}

FloatInit weight_init(std::int64_t fan_in) {
    return {0.0f, 1.0f / std::sqrt(static_cast<float>(fan_in))};
}

constexpr FloatInit kBiasInit{0.0f, 0.02f};

// x @ W + b, W [in, out]; `param` is the dotted PyTorch-style parameter prefix.
std::string linear(Context& ctx, const std::string& scope, const std::string& param, const std::string& x,
                   std::int64_t in, std::int64_t out) {
    ctx.tensors.add_float(param + ".weight", {in, out}, weight_init(in));
    ctx.tensors.add_float(param + ".bias", {out}, kBiasInit);
    const std::string mm = ctx.nodes.add(scope, "MatMul", {x, param + ".weight"});
    return ctx.nodes.add(scope, "Add", {mm, param + ".bias"});
}

// LayerNorm over the last axis as an exporter emits it for opset < 17 (kLayerNormNodes nodes).
std::string layer_norm(Context& ctx, const std::string& scope, const std::string& param,
                       const std::string& x) {
    ctx.tensors.add_float(param + ".eps", {}, {1e-5f, 0.0f});
    ctx.tensors.add_float(param + ".weight", {ctx.hidden}, {1.0f, 0.05f});
    ctx.tensors.add_float(param + ".bias", {ctx.hidden}, kBiasInit);
    GraphBuilder& g = ctx.nodes;
    const std::string mean =
        g.add(scope, "ReduceMean", {x}, {ints_attr("axes", {-1}), int_attr("keepdims", 1)});
    const std::string centered = g.add(scope, "Sub", {x, mean});
    const std::string squared = g.add(scope, "Mul", {centered, centered});
    const std::string var =
        g.add(scope, "ReduceMean", {squared}, {ints_attr("axes", {-1}), int_attr("keepdims", 1)});
    const std::string var_eps = g.add(scope, "Add", {var, param + ".eps"});
    const std::string stddev = g.add(scope, "Sqrt", {var_eps});
    const std::string normed = g.add(scope, "Div", {centered, stddev});
    const std::string scaled = g.add(scope, "Mul", {normed, param + ".weight"});
    return g.add(scope, "Add", {scaled, param + ".bias"});
}

// Attention-shaped block: projection, split into heads, transpose, softmax, back.
// Not real attention (no Q.K^T) because the activations are [batch, D] rows, but it
// carries the same op mix and Reshape/Transpose pairs that passes must handle.
std::string attention(Context& ctx, const std::string& scope, const std::string& param,
                      const std::string& x) {
    const std::int64_t d = ctx.hidden;
    GraphBuilder& g = ctx.nodes;
    ctx.tensors.add_int64(param + ".split_shape", {3}, {0, kHeads, d / kHeads});
    ctx.tensors.add_int64(param + ".merge_shape", {2}, {0, d});
    ctx.tensors.add_float(param + ".scale", {}, {1.0f / std::sqrt(static_cast<float>(d / kHeads)), 0.0f});

    const std::string proj = linear(ctx, scope, param + ".proj", x, d, d);
    const std::string heads = g.add(scope, "Reshape", {proj, param + ".split_shape"});
    const std::string head_major = g.add(scope, "Transpose", {heads}, {ints_attr("perm", {1, 0, 2})});
    const std::string probs = g.add(scope, "Softmax", {head_major}, {int_attr("axis", -1)});
    const std::string batch_major = g.add(scope, "Transpose", {probs}, {ints_attr("perm", {1, 0, 2})});
    const std::string merged = g.add(scope, "Reshape", {batch_major, param + ".merge_shape"});
    return g.add(scope, "Mul", {merged, param + ".scale"});
}

std::string feed_forward(Context& ctx, const std::string& scope, const std::string& param,
                         const std::string& x, std::int64_t ffn) {
    const std::string up = linear(ctx, scope, param + ".up", x, ctx.hidden, ffn);
    const std::string act = ctx.nodes.add(scope, "Relu", {up});
    return linear(ctx, scope, param + ".down", act, ffn, ctx.hidden);
}

// Dynamic-shape bookkeeping as exporters emit it for `x.view(-1, x.size(1))`, plus
// `x * (0.5 + 0.5)` with Constant nodes. The size taken is the static hidden dim, so a
// shape-aware constant folder can fold the whole chain to the constant [-1, D], after
// which the Reshape is a no-op. (ONNX 1.12 shape inference cannot see through the
// chain, so until then the shapes downstream are unknown, as in real exported models.)
std::string shape_chain(Context& ctx, const std::string& scope, const std::string& param,
                        const std::string& x) {
    GraphBuilder& g = ctx.nodes;
    ctx.tensors.add_int64(param + ".feature_index", {}, {1});
    ctx.tensors.add_int64(param + ".unsqueeze_axes", {1}, {0});
    ctx.tensors.add_int64(param + ".minus_one", {1}, {-1});

    const std::string shape = g.add(scope, "Shape", {x});
    const std::string size = g.add(scope, "Gather", {shape, param + ".feature_index"}, {int_attr("axis", 0)});
    const std::string size_1d = g.add(scope, "Unsqueeze", {size, param + ".unsqueeze_axes"});
    const std::string new_shape =
        g.add(scope, "Concat", {param + ".minus_one", size_1d}, {int_attr("axis", 0)});
    const std::string reshaped = g.add(scope, "Reshape", {x, new_shape});

    const std::string half_a =
        g.add(scope, "Constant", {}, {tensor_attr("value", float_scalar_tensor(0.5f))});
    const std::string half_b =
        g.add(scope, "Constant", {}, {tensor_attr("value", float_scalar_tensor(0.5f))});
    const std::string one = g.add(scope, "Add", {half_a, half_b});
    return g.add(scope, "Mul", {reshaped, one});
}

std::string encoder_layer(Context& ctx, std::int64_t index, std::int64_t ffn, const std::string& x) {
    const std::string scope = "/encoder/layer." + std::to_string(index);
    const std::string param = "encoder.layer." + std::to_string(index);

    const std::string ln1 = layer_norm(ctx, scope + "/ln1", param + ".ln1", x);
    const std::string attn = attention(ctx, scope + "/attn", param + ".attn", ln1);
    const std::string res1 = ctx.nodes.add(scope, "Add", {x, attn});
    const std::string ln2 = layer_norm(ctx, scope + "/ln2", param + ".ln2", res1);
    const std::string ffn_out = feed_forward(ctx, scope + "/ffn", param + ".ffn", ln2, ffn);
    const std::string res2 = ctx.nodes.add(scope, "Add", {res1, ffn_out});
    if ((index + 1) % kShapeChainEvery != 0) return res2;
    return shape_chain(ctx, scope + "/view", param + ".view", res2);
}

void declare_io(onnx::ValueInfoProto* info, const std::string& name) {
    info->set_name(name);
    auto* tensor = info->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(onnx::TensorProto::FLOAT);
    tensor->mutable_shape()->add_dim()->set_dim_param("batch");
    tensor->mutable_shape()->add_dim()->set_dim_value(kInputDim);
}

}  // namespace

void build_network(const NetworkPlan& plan, onnx::GraphProto& graph, TensorSink& tensors) {
    GraphBuilder nodes(graph);
    Context ctx{nodes, tensors, plan.hidden};
    declare_io(graph.add_input(), "input");

    std::string x = linear(ctx, "/embed", "embed", "input", kInputDim, plan.hidden);
    for (std::int64_t i = 0; i < plan.layers; ++i) x = encoder_layer(ctx, i, plan.ffn, x);
    x = layer_norm(ctx, "/head/ln", "head.ln", x);
    x = linear(ctx, "/head", "head.proj", x, plan.hidden, kInputDim);
    for (std::int64_t i = 0; i < plan.padding_nodes; ++i) x = nodes.add("/head", "Identity", {x});
    nodes.rename_last_output("output");
    declare_io(graph.add_output(), "output");

    if (nodes.node_count() != plan.total_nodes) {
        throw std::logic_error("built " + std::to_string(nodes.node_count()) + " nodes but planned " +
                               std::to_string(plan.total_nodes) + " (network_plan.h is out of date)");
    }
}

}  // namespace passscope::bench_model
