// Sample (b): one post-norm transformer encoder block with dynamic batch and sequence
// length, written the way exporters lower it to primitive ONNX ops.
#include <cstdint>
#include <string>
#include <vector>

#include "builder.h"
#include "samples.h"

namespace passscope::samples {

namespace {

constexpr const char* kTransformerBlockDoc =
    "Transformer encoder block (tokens_embedded [batch,seq,64] -> block_out [batch,seq,64]): 4-head causal "
    "self-attention, LayerNorm and a GELU feed-forward network, all in primitive ops. Demonstrates: "
    "constant folding of the 1/sqrt(d) attention scale, of sqrt(2) in GELU and of a [16,16] causal mask "
    "built by Range/Unsqueeze/Less/Where from constants (sliced to the dynamic sequence length); a "
    "dynamic-shape chain Shape -> Gather -> Unsqueeze -> Concat feeding Reshape and Slice; LayerNorm "
    "(ReduceMean/Sub/Pow/ReduceMean/Add/Sqrt/Div/Mul/Add) as a fusion candidate; MatMul + Add projections "
    "and a Gemm output projection.";

constexpr std::int64_t kModel = 64;  // d_model
constexpr std::int64_t kHeads = 4;
constexpr std::int64_t kHeadDim = kModel / kHeads;
constexpr std::int64_t kHidden = 128;  // feed-forward width
constexpr std::int64_t kMaxLen = 16;   // causal mask is built for this length, then sliced

// Linear layer as torch.onnx exports it for 3-D input: MatMul with a [in, out] weight,
// then Add of the bias.
std::string linear(GraphBuilder& g, SplitMix64& rng, const std::string& scope,
                   const std::string& param_prefix, const std::string& input, std::int64_t in,
                   std::int64_t out) {
    const float bound = fan_in_bound(in);
    const std::string weight = g.initializer(param_prefix + ".weight", random_tensor(rng, {in, out}, bound));
    const std::string bias = g.initializer(param_prefix + ".bias", random_tensor(rng, {out}, bound));
    const std::string product = g.add("MatMul", scope, {input, weight});
    return g.add("Add", scope, {product, bias});
}

}  // namespace

onnx::ModelProto build_transformer_block() {
    onnx::ModelProto model = new_model("transformer_block", kTransformerBlockDoc);
    GraphBuilder g(*model.mutable_graph());
    SplitMix64 rng(0x7F0B'0002ULL);

    const std::string x = g.input("tokens_embedded", kFloat, {"batch", "seq", kModel});

    // Dynamic-shape chain: batch and seq are read from the input at run time. The 1-D
    // forms feed Reshape targets (split/merge heads) and the Slice of the causal mask.
    const std::string shape = g.add("Shape", "/shape", {x});
    const std::string batch =
        g.add("Gather", "/shape/batch", {shape, g.constant("/shape/batch/index", int64_scalar(0))})
            .attr_i("axis", 0);
    const std::string seq =
        g.add("Gather", "/shape/seq", {shape, g.constant("/shape/seq/index", int64_scalar(1))})
            .attr_i("axis", 0);
    const std::string axis0 = g.constant("/shape/axes", int64_tensor({1}, {0}));
    const std::string batch_1d = g.add("Unsqueeze", "/shape/batch", {batch, axis0});
    const std::string seq_1d = g.add("Unsqueeze", "/shape/seq", {seq, axis0});
    const std::string heads_dims =
        g.constant("/attn/split_heads/dims", int64_tensor({2}, {kHeads, kHeadDim}));
    const std::string split_target =
        g.add("Concat", "/attn/split_heads", {batch_1d, seq_1d, heads_dims}).attr_i("axis", 0);
    const std::string model_dim = g.constant("/attn/merge_heads/dims", int64_tensor({1}, {kModel}));
    const std::string merge_target =
        g.add("Concat", "/attn/merge_heads", {batch_1d, seq_1d, model_dim}).attr_i("axis", 0);

    // q/k/v projections, then [B,S,64] -> [B,S,4,16] -> per-head layout. K is transposed
    // straight to [B,4,16,S] so the score MatMul needs no further Transpose.
    auto heads = [&](const std::string& name, const std::vector<std::int64_t>& perm) {
        const std::string proj =
            linear(g, rng, "/attn/" + name + "_proj", "attn." + name + "_proj", x, kModel, kModel);
        const std::string split = g.add("Reshape", "/attn/" + name + "_split", {proj, split_target});
        return std::string(g.add("Transpose", "/attn/" + name + "_split", {split}).attr_ints("perm", perm));
    };
    const std::string q = heads("q", {0, 2, 1, 3});
    const std::string k = heads("k", {0, 2, 3, 1});
    const std::string v = heads("v", {0, 2, 1, 3});

    // Scores scaled by 1/sqrt(d_head); the scale is Div(1, Sqrt(16)) on constants so it
    // folds to a single scalar.
    const std::string scores = g.add("MatMul", "/attn/scores", {q, k});
    const std::string head_dim =
        g.constant("/attn/scale/head_dim", float_scalar(static_cast<float>(kHeadDim)));
    const std::string sqrt_d = g.add("Sqrt", "/attn/scale", {head_dim});
    const std::string inv_sqrt_d =
        g.add("Div", "/attn/scale", {g.constant("/attn/scale/one", float_scalar(1.0f)), sqrt_d});
    const std::string scaled = g.add("Mul", "/attn/scale", {scores, inv_sqrt_d});

    // Causal mask for kMaxLen positions from constants only: position i may not attend to
    // j > i (Less(i, j) -> -1e9, else 0). Everything up to the Where folds to a [16,16]
    // constant; the Slice to the dynamic seq length stays.
    const std::string positions = g.add("Range", "/attn/mask/positions",
                                        {g.constant("/attn/mask/start", int64_scalar(0)),
                                         g.constant("/attn/mask/limit", int64_scalar(kMaxLen)),
                                         g.constant("/attn/mask/delta", int64_scalar(1))});
    const std::string rows = g.add("Unsqueeze", "/attn/mask/rows",
                                   {positions, g.constant("/attn/mask/rows/axes", int64_tensor({1}, {1}))});
    const std::string cols = g.add("Unsqueeze", "/attn/mask/cols",
                                   {positions, g.constant("/attn/mask/cols/axes", int64_tensor({1}, {0}))});
    const std::string future = g.add("Less", "/attn/mask/future", {rows, cols});
    const std::string full_mask = g.add("Where", "/attn/mask/select",
                                        {future, g.constant("/attn/mask/blocked", float_scalar(-1e9f)),
                                         g.constant("/attn/mask/allowed", float_scalar(0.0f))});
    const std::string mask_ends = g.add("Concat", "/attn/mask/ends", {seq_1d, seq_1d}).attr_i("axis", 0);
    const std::string mask = g.add("Slice", "/attn/mask/crop",
                                   {full_mask, g.constant("/attn/mask/starts", int64_tensor({2}, {0, 0})),
                                    mask_ends, g.constant("/attn/mask/axes", int64_tensor({2}, {0, 1}))});
    const std::string masked = g.add("Add", "/attn/mask/apply", {scaled, mask});
    const std::string probs = g.add("Softmax", "/attn/softmax", {masked}).attr_i("axis", -1);

    // Weighted values, heads merged back. The output projection runs as a Gemm on the
    // flattened [B*S, 64] tokens (a pattern TF/Keras exports produce) and is reshaped back.
    const std::string context = g.add("MatMul", "/attn/context", {probs, v});
    const std::string context_t =
        g.add("Transpose", "/attn/merge_heads", {context}).attr_ints("perm", {0, 2, 1, 3});
    const std::string tokens_2d =
        g.add("Reshape", "/attn/out_proj/flatten",
              {context_t, g.constant("/attn/out_proj/flatten/shape", int64_tensor({2}, {-1, kModel}))});
    const float out_bound = fan_in_bound(kModel);
    const std::string wo =
        g.initializer("attn.out_proj.weight", random_tensor(rng, {kModel, kModel}, out_bound));
    const std::string bo = g.initializer("attn.out_proj.bias", random_tensor(rng, {kModel}, out_bound));
    const std::string projected = g.add("Gemm", "/attn/out_proj", {tokens_2d, wo, bo}).attr_i("transB", 1);
    const std::string attn_out = g.add("Reshape", "/attn/merge_heads", {projected, merge_target});
    const std::string residual = g.add("Add", "/attn/residual", {x, attn_out});

    // LayerNorm over the last axis written out in primitives (opset 13 has no
    // LayerNormalization op), a typical fusion target.
    const std::string mu =
        g.add("ReduceMean", "/ln/mean", {residual}).attr_ints("axes", {-1}).attr_i("keepdims", 1);
    const std::string centred = g.add("Sub", "/ln/center", {residual, mu});
    const std::string squared =
        g.add("Pow", "/ln/square", {centred, g.constant("/ln/square/exponent", float_scalar(2.0f))});
    const std::string variance =
        g.add("ReduceMean", "/ln/variance", {squared}).attr_ints("axes", {-1}).attr_i("keepdims", 1);
    const std::string var_eps =
        g.add("Add", "/ln/epsilon", {variance, g.constant("/ln/epsilon/value", float_scalar(1e-5f))});
    const std::string stddev = g.add("Sqrt", "/ln/std", {var_eps});
    const std::string normed = g.add("Div", "/ln/normalize", {centred, stddev});
    const std::string gamma = g.initializer("ln.weight", positive_tensor(rng, {kModel}, 2.0f));
    const std::string beta = g.initializer("ln.bias", random_tensor(rng, {kModel}, 0.1f));
    const std::string h = g.add("Add", "/ln/shift", {g.add("Mul", "/ln/scale", {normed, gamma}), beta});

    // Feed-forward: Linear -> GELU (exact erf form, 0.5 * x * (1 + erf(x / sqrt(2)))) ->
    // Linear, with a residual Add. sqrt(2) is Sqrt of a Constant, another folding target.
    const std::string up = linear(g, rng, "/ffn/up", "ffn.up", h, kModel, kHidden);
    const std::string sqrt2 =
        g.add("Sqrt", "/ffn/gelu/sqrt2", {g.constant("/ffn/gelu/two", float_scalar(2.0f))});
    const std::string erf = g.add("Erf", "/ffn/gelu", {g.add("Div", "/ffn/gelu", {up, sqrt2})});
    const std::string one_plus =
        g.add("Add", "/ffn/gelu", {erf, g.constant("/ffn/gelu/one", float_scalar(1.0f))});
    const std::string half_x =
        g.add("Mul", "/ffn/gelu/half", {up, g.constant("/ffn/gelu/half", float_scalar(0.5f))});
    const std::string gelu = g.add("Mul", "/ffn/gelu", {half_x, one_plus});
    const std::string down = linear(g, rng, "/ffn/down", "ffn.down", gelu, kHidden, kModel);
    g.add_named("Add", "/ffn/residual/Add", {h, down}, {"block_out"});
    g.output("block_out", kFloat, {"batch", "seq", kModel});

    return model;
}

}  // namespace passscope::samples
