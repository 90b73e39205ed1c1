// RNN, GRU and LSTM kernels (engine/kernels/nn/recurrent.cpp) on what the ONNX node tests do not
// cover: bidirectional runs, the reverse direction, sequence_lens, layout 1 against layout 0,
// activations with alpha/beta, input_forget. Each is checked against another run of the kernel
// or a closed form, not against figures pasted from elsewhere.
#include <gtest/gtest.h>

#include <random>

#include "ir/model.h"
#include "kernels/kernel_registry.h"
#include "kernels/tensor_util.h"

using namespace passscope;
using kernels::makeTensor;
using kernels::toDoubles;

namespace {

struct Op {
    Model model;
    NodeId id = kNoNode;
    int64_t opset;
    Op(const std::string& type, size_t outputs, int64_t opsetVersion = 14) : opset(opsetVersion) {
        model.graph = std::make_shared<Graph>();
        id = model.graph->addNode(type, "", "n", outputs).id();
        for (size_t i = 0; i < outputs; ++i) model.graph->setOutputName(id, i, "out" + std::to_string(i));
    }
    Op& attr(Attribute a) {
        model.graph->setAttribute(id, std::move(a));
        return *this;
    }
    std::vector<std::vector<double>> run(std::vector<std::optional<Tensor>> inputs) const {
        const Node& n = model.graph->node(id);
        auto fn = kernels::KernelRegistry::builtin().find("", n.opType(), opset);
        EXPECT_NE(fn, nullptr);
        kernels::KernelResult r = kernels::runKernel(fn, kernels::KernelContext(n, opset, std::move(inputs)));
        EXPECT_EQ(r.status, kernels::KernelStatus::Ok) << r.reason;
        std::vector<std::vector<double>> out;
        for (const Tensor& t : r.outputs) out.push_back(toDoubles(t));
        return out;
    }
};

Tensor randomFloats(const std::vector<int64_t>& dims, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> v(static_cast<size_t>(kernels::product(dims)));
    for (float& x : v) x = u(rng);
    return makeTensor<float>(dims, v);
}

// Rows [from, from + count) of the first axis of t.
Tensor firstAxisSlice(const Tensor& t, int64_t from, int64_t count) {
    auto dims = t.dims();
    const int64_t inner = kernels::product(dims, 1);
    auto v = kernels::values<float>(t);
    dims[0] = count;
    return makeTensor<float>(
        dims, std::vector<float>(v.begin() + from * inner, v.begin() + (from + count) * inner));
}

void expectNear(const std::vector<double>& a, const std::vector<double>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-6) << "element " << i;
}

constexpr int64_t kSeq = 4, kBatch = 2, kInput = 3, kHidden = 5;

}  // namespace

TEST(RecurrentKernels, BidirectionalLstmIsForwardAndReverseRuns) {
    const Tensor x = randomFloats({kSeq, kBatch, kInput}, 1);
    const Tensor w = randomFloats({2, 4 * kHidden, kInput}, 2);
    const Tensor r = randomFloats({2, 4 * kHidden, kHidden}, 3);
    const Tensor b = randomFloats({2, 8 * kHidden}, 4);
    const Tensor p = randomFloats({2, 3 * kHidden}, 5);
    const Tensor h0 = randomFloats({2, kBatch, kHidden}, 6);
    const Tensor c0 = randomFloats({2, kBatch, kHidden}, 7);
    Op both("LSTM", 3);
    both.attr(Attribute::makeString("direction", "bidirectional"))
        .attr(Attribute::makeInt("hidden_size", kHidden));
    const auto y = both.run({x, w, r, b, std::nullopt, h0, c0, p});
    ASSERT_EQ(y.size(), 3u);
    for (int64_t d = 0; d < 2; ++d) {
        Op one("LSTM", 3);
        one.attr(Attribute::makeString("direction", d == 0 ? "forward" : "reverse"));
        const auto yd = one.run({x, firstAxisSlice(w, d, 1), firstAxisSlice(r, d, 1), firstAxisSlice(b, d, 1),
                                 std::nullopt, firstAxisSlice(h0, d, 1), firstAxisSlice(c0, d, 1),
                                 firstAxisSlice(p, d, 1)});
        // Y [seq, 2, batch, hidden]: direction d of every step.
        std::vector<double> part;
        for (int64_t t = 0; t < kSeq; ++t)
            for (int64_t i = 0; i < kBatch * kHidden; ++i)
                part.push_back(y[0][static_cast<size_t>((t * 2 + d) * kBatch * kHidden + i)]);
        expectNear(part, yd[0]);
        for (size_t k = 1; k <= 2; ++k) {
            const auto& full = y[k];
            expectNear(std::vector<double>(full.begin() + d * kBatch * kHidden,
                                           full.begin() + (d + 1) * kBatch * kHidden),
                       yd[k]);
        }
    }
}

TEST(RecurrentKernels, ReverseIsForwardOnTheReversedSequence) {
    const Tensor x = randomFloats({kSeq, kBatch, kInput}, 11);
    const Tensor w = randomFloats({1, kHidden, kInput}, 12);
    const Tensor r = randomFloats({1, kHidden, kHidden}, 13);
    auto xv = kernels::values<float>(x);
    std::vector<float> reversed;
    for (int64_t t = kSeq - 1; t >= 0; --t)
        reversed.insert(reversed.end(), xv.begin() + t * kBatch * kInput,
                        xv.begin() + (t + 1) * kBatch * kInput);
    Op rev("RNN", 2), fwd("RNN", 2);
    rev.attr(Attribute::makeString("direction", "reverse"));
    const auto a = rev.run({x, w, r});
    const auto b = fwd.run({makeTensor<float>(x.dims(), reversed), w, r});
    expectNear(a[1], b[1]);             // the last state
    for (int64_t t = 0; t < kSeq; ++t)  // Y at t is forward's Y at seq - 1 - t
        for (int64_t i = 0; i < kBatch * kHidden; ++i)
            EXPECT_NEAR(a[0][static_cast<size_t>(t * kBatch * kHidden + i)],
                        b[0][static_cast<size_t>((kSeq - 1 - t) * kBatch * kHidden + i)], 1e-6);
}

TEST(RecurrentKernels, SequenceLengthsStopEachRow) {
    const Tensor x = randomFloats({kSeq, kBatch, kInput}, 21);
    const Tensor w = randomFloats({1, 3 * kHidden, kInput}, 22);
    const Tensor r = randomFloats({1, 3 * kHidden, kHidden}, 23);
    Op gru("GRU", 2);
    const auto full = gru.run({x, w, r, std::nullopt, makeTensor<int32_t>({kBatch}, {kSeq, 2})});
    // Row 1 stops after 2 steps: Y is zero after them, Y_h is its state after step 2.
    for (int64_t t = 2; t < kSeq; ++t)
        for (int64_t i = 0; i < kHidden; ++i)
            EXPECT_EQ(full[0][static_cast<size_t>((t * kBatch + 1) * kHidden + i)], 0.0);
    const auto shortRun = gru.run({firstAxisSlice(x, 0, 2), w, r});
    for (int64_t i = 0; i < kHidden; ++i)
        EXPECT_NEAR(full[1][static_cast<size_t>(kHidden + i)], shortRun[1][static_cast<size_t>(kHidden + i)],
                    1e-6);
    // Row 0 runs all steps, as without sequence_lens.
    const auto plain = gru.run({x, w, r});
    for (int64_t i = 0; i < kHidden; ++i)
        EXPECT_NEAR(full[1][static_cast<size_t>(i)], plain[1][static_cast<size_t>(i)], 1e-6);
}

TEST(RecurrentKernels, LayoutOneIsLayoutZeroTransposed) {
    const Tensor x = randomFloats({kSeq, kBatch, kInput}, 31);
    const Tensor w = randomFloats({2, 3 * kHidden, kInput}, 32);
    const Tensor r = randomFloats({2, 3 * kHidden, kHidden}, 33);
    const Tensor h0 = randomFloats({2, kBatch, kHidden}, 34);
    auto transpose01 = [](const Tensor& t) {  // swap the first two axes
        const auto& d = t.dims();
        const int64_t inner = kernels::product(d, 2);
        auto v = kernels::values<float>(t);
        std::vector<float> out(v.size());
        for (int64_t i = 0; i < d[0]; ++i)
            for (int64_t j = 0; j < d[1]; ++j)
                std::copy_n(v.begin() + (i * d[1] + j) * inner, inner, out.begin() + (j * d[0] + i) * inner);
        std::vector<int64_t> dims = d;
        std::swap(dims[0], dims[1]);
        return makeTensor<float>(dims, out);
    };
    Op seqMajor("GRU", 2), batchMajor("GRU", 2);
    seqMajor.attr(Attribute::makeString("direction", "bidirectional"))
        .attr(Attribute::makeInt("linear_before_reset", 1));
    batchMajor.attr(Attribute::makeString("direction", "bidirectional"))
        .attr(Attribute::makeInt("linear_before_reset", 1))
        .attr(Attribute::makeInt("layout", 1));
    const auto a = seqMajor.run({x, w, r, std::nullopt, std::nullopt, h0});
    const auto b = batchMajor.run({transpose01(x), w, r, std::nullopt, std::nullopt, transpose01(h0)});
    // Y: [seq, dirs, batch, hidden] against [batch, seq, dirs, hidden].
    for (int64_t t = 0; t < kSeq; ++t)
        for (int64_t d = 0; d < 2; ++d)
            for (int64_t n = 0; n < kBatch; ++n)
                for (int64_t k = 0; k < kHidden; ++k)
                    EXPECT_NEAR(a[0][static_cast<size_t>(((t * 2 + d) * kBatch + n) * kHidden + k)],
                                b[0][static_cast<size_t>(((n * kSeq + t) * 2 + d) * kHidden + k)], 1e-6);
    for (int64_t d = 0; d < 2; ++d)
        for (int64_t n = 0; n < kBatch; ++n)
            for (int64_t k = 0; k < kHidden; ++k)
                EXPECT_NEAR(a[1][static_cast<size_t>((d * kBatch + n) * kHidden + k)],
                            b[1][static_cast<size_t>((n * 2 + d) * kHidden + k)], 1e-6);
}

TEST(RecurrentKernels, ActivationsTakeAlphaAndBeta) {
    // W = 1, R = 0: each step is f(x_t) alone. Affine(2, 0.5) gives 2x + 0.5.
    Op rnn("RNN", 1);
    rnn.attr(Attribute{"activations", AttrKind::Strings, std::vector<std::string>{"Affine"}, {}, {}})
        .attr(Attribute{"activation_alpha", AttrKind::Floats, std::vector<double>{2.0}, {}, {}})
        .attr(Attribute{"activation_beta", AttrKind::Floats, std::vector<double>{0.5}, {}, {}});
    const Tensor x = makeTensor<float>({3, 1, 1}, {1.0f, -2.0f, 0.25f});
    const auto y = rnn.run({x, makeTensor<float>({1, 1, 1}, {1.0f}), makeTensor<float>({1, 1, 1}, {0.0f})});
    expectNear(y[0], {2.5, -3.5, 1.0});
}

TEST(RecurrentKernels, InputForgetIgnoresTheForgetGate) {
    const Tensor x = randomFloats({kSeq, kBatch, kInput}, 41);
    Tensor w = randomFloats({1, 4 * kHidden, kInput}, 42);
    const Tensor r = randomFloats({1, 4 * kHidden, kHidden}, 43);
    Op lstm("LSTM", 2);
    lstm.attr(Attribute::makeInt("input_forget", 1));
    const auto a = lstm.run({x, w, r});
    auto wv = kernels::values<float>(w);  // new forget-gate rows (gates i, o, f, c)
    for (int64_t i = 2 * kHidden * kInput; i < 3 * kHidden * kInput; ++i) wv[static_cast<size_t>(i)] += 0.5f;
    const auto b = lstm.run({x, makeTensor<float>(w.dims(), wv), r});
    expectNear(a[0], b[0]);
}
