// The one comparison rule (issue 36 item 1, exec/tensor_compare.h): NaN against a number, NaN
// against an infinity, +inf against -inf, a dtype or a shape change are divergences; NaN against
// NaN at the same element is equal. Each case through compareTensors, then through the places that
// ask it: verify, bisect and compareWithOriginal (the GUI's overlay and properties panel).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "exec/tensor_compare.h"
#include "exec/verify.h"
#include "kernels/tensor_util.h"
#include "model_builders.h"
#include "numeric/bisect.h"
#include "numeric/value_compare.h"

using namespace passscope;
using namespace passscope::test;

namespace {

constexpr float kRuleNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kRuleInf = std::numeric_limits<float>::infinity();

Tensor ruleFloats(std::vector<float> v) {
    const auto n = static_cast<int64_t>(v.size());
    return kernels::makeTensor<float>({n}, v);
}

// Two one-element float tensors compared by the rule.
TensorComparison ruleCompare(float expected, float actual) {
    return compareTensors(ruleFloats({expected}), ruleFloats({actual}), 1e-3, 1e-5);
}

}  // namespace

TEST(ComparisonRule, NaNAgainstANumberDiverges) {
    for (const auto& c :
         {ruleCompare(kRuleNaN, 0.0f), ruleCompare(0.0f, kRuleNaN), ruleCompare(kRuleNaN, 0.5f)}) {
        EXPECT_FALSE(c.equal);
        EXPECT_TRUE(std::isinf(c.maxAbsDiff));  // infinite, never NaN (a NaN maximum compares as nothing)
        EXPECT_TRUE(std::isinf(c.maxRelDiff));
    }
    EXPECT_NE(ruleCompare(kRuleNaN, 0.5f).detail.find("nan"), std::string::npos);
}

TEST(ComparisonRule, NaNAgainstAnInfinityDiverges) {
    EXPECT_FALSE(ruleCompare(kRuleNaN, kRuleInf).equal);
    EXPECT_FALSE(ruleCompare(-kRuleInf, kRuleNaN).equal);
}

TEST(ComparisonRule, OppositeInfinitiesDiverge) {
    EXPECT_FALSE(ruleCompare(kRuleInf, -kRuleInf).equal);
    EXPECT_FALSE(ruleCompare(kRuleInf, 65504.0f).equal);
    EXPECT_TRUE(ruleCompare(kRuleInf, kRuleInf).equal);
    EXPECT_TRUE(ruleCompare(-kRuleInf, -kRuleInf).equal);
}

TEST(ComparisonRule, NaNAgainstNaNAtTheSameElementIsEqual) {
    EXPECT_TRUE(
        compareTensors(ruleFloats({kRuleNaN, 1.0f}), ruleFloats({-kRuleNaN, 1.0f}), 1e-3, 1e-5).equal);
    // ... but not at another element.
    EXPECT_FALSE(
        compareTensors(ruleFloats({kRuleNaN, 1.0f}), ruleFloats({1.0f, kRuleNaN}), 1e-3, 1e-5).equal);
    // float16, as the weight-clip model computes it.
    const Tensor a = kernels::makeTensor<kernels::half>({2}, {kernels::half(kRuleNaN), kernels::half(0.0f)});
    const Tensor b = kernels::makeTensor<kernels::half>({2}, {kernels::half(kRuleNaN), kernels::half(0.0f)});
    const Tensor c = kernels::makeTensor<kernels::half>({2}, {kernels::half(0.0f), kernels::half(0.0f)});
    EXPECT_TRUE(compareTensors(a, b, 1e-3, 1e-5).equal);
    EXPECT_FALSE(compareTensors(a, c, 1e-3, 1e-5).equal);
}

TEST(ComparisonRule, ADtypeOrShapeChangeDiverges) {
    const Tensor f = ruleFloats({1.0f, 2.0f});
    const Tensor d = kernels::makeTensor<double>({2}, {1.0, 2.0});
    const Tensor reshaped = kernels::makeTensor<float>({1, 2}, {1.0f, 2.0f});
    const TensorComparison byType = compareTensors(f, d, 1e-3, 1e-5);
    EXPECT_FALSE(byType.equal);
    EXPECT_NE(byType.detail.find("dtype"), std::string::npos);
    const TensorComparison byShape = compareTensors(f, reshaped, 1e-3, 1e-5);
    EXPECT_FALSE(byShape.equal);
    EXPECT_NE(byShape.detail.find("shape"), std::string::npos);
}

TEST(ComparisonRule, ComplexPartsAreEachCompared) {
    using C = std::complex<float>;
    const Tensor a = kernels::makeTensor<C>({1}, {C(1.0f, kRuleNaN)});
    const Tensor b = kernels::makeTensor<C>({1}, {C(1.0f, 0.0f)});
    const Tensor c = kernels::makeTensor<C>({1}, {C(5.0f, 0.0f)});
    EXPECT_FALSE(compareTensors(a, b, 1e-3, 1e-5).equal);
    EXPECT_TRUE(compareTensors(a, a, 1e-3, 1e-5).equal);
    // A real part far off and an imaginary part equal: the maximum is the real part's.
    EXPECT_DOUBLE_EQ(compareTensors(b, c, 1e-3, 1e-5).maxAbsDiff, 4.0);
}

// verify: the original computes [NaN, 0], the clipped graph [0, 0].
TEST(ComparisonRule, VerifySeesNaNAgainstANumber) {
    Model original = loadProto(weightClipNanModel(), "rule_verify_original");
    Model clipped = original.clone();
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    runPipeline(clipped, options, nullptr);
    VerifyOptions vo;
    vo.runs = 1;
    const VerifyResult r = verifyModels(original, clipped, vo);
    ASSERT_TRUE(r.comparable) << r.problem;
    ASSERT_EQ(r.rows.size(), 1u);
    EXPECT_FALSE(r.rows[0].equal);
    EXPECT_NE(r.rows[0].detail.find("nan"), std::string::npos) << r.rows[0].detail;
    // Without the clip the optimized graph keeps the NaN: NaN against NaN is equal.
    Model plain = original.clone();
    runPipeline(plain, PipelineOptions{}, nullptr);
    EXPECT_TRUE(verifyModels(original, plain, vo).allEqual());
}

// bisect: ConstantClipPass with the option, nothing without it.
TEST(ComparisonRule, BisectNamesTheRunThatTurnedNaNIntoANumber) {
    for (const bool clip : {true, false}) {
        Model model = loadProto(weightClipNanModel(), "rule_bisect");
        PipelineOptions options;
        if (clip) options.set("ge.is_weight_clip", "1");
        Journal journal;
        runPipeline(model, options, &journal);
        numeric::StepEvaluator evaluator(model, {{"x", ruleFloats({-1.0f, 0.5f})}});
        const numeric::BisectResult r =
            numeric::bisectJournal(journal, *model.graph, evaluator, numeric::BisectOptions{});
        ASSERT_TRUE(r.problem.empty()) << r.problem;
        if (!clip) {
            EXPECT_FALSE(r.first.has_value()) << r.first->pass;
            continue;
        }
        ASSERT_TRUE(r.first.has_value());
        EXPECT_EQ(r.first->pass, "ConstantClipPass");
        ASSERT_EQ(r.first->outputs.size(), 1u);
        EXPECT_FALSE(r.first->outputs[0].equal);
        EXPECT_TRUE(std::isinf(r.first->outputs[0].maxAbs));
    }
}

// The GUI's numbers (compareWithOriginal): the Mul whose NaN became 0 differs, the Relu does not.
TEST(ComparisonRule, CompareWithOriginalMarksTheNaNThatBecameANumber) {
    Model model = loadProto(weightClipNanModel(), "rule_overlay");
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    Journal journal;
    runPipeline(model, options, &journal);
    JournalCursor original(journal, *model.graph);
    original.moveTo(0);
    numeric::StepEvaluator evaluator(model, {{"x", ruleFloats({-1.0f, 0.5f})}});
    const numeric::StepValues before = evaluator.evaluate(original.graph());
    const numeric::StepValues after = evaluator.evaluate(*model.graph);
    bool mulDiffers = false, reluSame = false;
    for (const numeric::ValueDistance& d :
         numeric::compareWithOriginal(original.graph(), before, *model.graph, after, 1e-3, 1e-5)) {
        const std::string& name = model.graph->node(d.value.node).name();
        if (name == "mul")
            mulDiffers = d.compared && !d.comparison.equal && std::isinf(d.comparison.maxRelDiff);
        if (name == "relu") reluSame = d.compared && d.comparison.equal;
    }
    EXPECT_TRUE(mulDiffers);
    EXPECT_TRUE(reluSame);
}
