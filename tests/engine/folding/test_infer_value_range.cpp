// InferValueRangePass: TensorDesc::valueRange of Shape outputs with symbolic dims ([d,d] for a
// static dim, [0,∞) for a symbolic one) and of what Gather, Slice, Add, Sub, Div, Cast compute
// from them; sound intervals (10 - N is at most 10, not at least 10); MemoryPriority's 25-element
// limit; the range travels with clones and the journal's replay and stays out of ONNX export.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "io/onnx_export.h"
#include "ir/value_text.h"
#include "passes/constant_folding/value_range.h"
#include "shape_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

constexpr int64_t kOpenMin = ValueBounds::kNoMin;
constexpr int64_t kOpenMax = ValueBounds::kNoMax;

// x [N,3,224,224] -> Shape -> s, and derived values that read N, all graph outputs.
onnx::ModelProto rangeModel() {
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {std::string("N"), 3, 224, 224});
    addNode(g, "Shape", {"x"}, {"s"}, "shape");
    addInt64Initializer(g, "i0", {}, {0});
    addInt64Initializer(g, "one", {}, {1});
    addInt64Initializer(g, "two", {}, {2});
    addInt64Initializer(g, "ten", {}, {10});
    addInt64Initializer(g, "starts", {1}, {0});
    addInt64Initializer(g, "ends", {1}, {2});
    addNode(g, "Gather", {"s", "i0"}, {"n"}, "gather_n");
    addNode(g, "Slice", {"s", "starts", "ends"}, {"nc"}, "slice_nc");
    addNode(g, "Add", {"n", "one"}, {"n_plus_1"}, "add");
    addNode(g, "Sub", {"ten", "n"}, {"ten_minus_n"}, "sub");
    addNode(g, "Div", {"n", "two"}, {"half_n"}, "div");
    setIntAttr(*addNode(g, "Cast", {"n"}, {"n32"}, "cast"), "to", onnx::TensorProto::INT32);
    for (const char* o : {"s", "nc", "n_plus_1", "ten_minus_n", "half_n", "n32"}) {
        auto* out = g.add_output();
        out->set_name(o);
        out->mutable_type()->mutable_tensor_type()->set_elem_type(
            std::string(o) == "n32" ? onnx::TensorProto::INT32 : onnx::TensorProto::INT64);
    }
    return m;
}

std::vector<ValueBounds> rangeOf(const Graph& g, const std::string& node) {
    const Node* n = byName(g, node);
    return n ? n->output(0).desc.valueRange : std::vector<ValueBounds>{};
}

}  // namespace

TEST(InferValueRange, ShapeOfSymbolicDimsAndWhatIsComputedFromIt) {
    Model model = loadProto(rangeModel(), "ivr_basic");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    const Graph& g = *model.graph;
    EXPECT_TRUE(counted(journal, "InferValueRangePass", "Prepare", "value_ranges_set"));
    EXPECT_EQ(rangeOf(g, "shape"), (std::vector<ValueBounds>{{0, kOpenMax}, {3, 3}, {224, 224}, {224, 224}}));
    EXPECT_EQ(rangeOf(g, "gather_n"), (std::vector<ValueBounds>{{0, kOpenMax}}));
    EXPECT_EQ(rangeOf(g, "slice_nc"), (std::vector<ValueBounds>{{0, kOpenMax}, {3, 3}}));
    EXPECT_EQ(rangeOf(g, "add"), (std::vector<ValueBounds>{{1, kOpenMax}}));
    // Sub is decreasing in its right side: 10 - [0,∞) is (-∞,10], not "at least 10".
    EXPECT_EQ(rangeOf(g, "sub"), (std::vector<ValueBounds>{{kOpenMin, 10}}));
    EXPECT_EQ(rangeOf(g, "div"), (std::vector<ValueBounds>{{0, kOpenMax}}));
    // A cast to int32 can wrap a large N: only the type's range is certain.
    EXPECT_EQ(rangeOf(g, "cast"), (std::vector<ValueBounds>{{std::numeric_limits<int32_t>::min(),
                                                             std::numeric_limits<int32_t>::max()}}));
    EXPECT_EQ(valueRangeText(rangeOf(g, "shape")), "[0..∞, 3, 224, 224]");
}

TEST(InferValueRange, MemoryPriorityLeavesValuesOfMoreThan25ElementsWithoutRange) {
    auto build = [] {
        auto m = emptyModel(13);
        auto& g = *m.mutable_graph();
        std::vector<DimSpec> dims{std::string("N")};
        for (int i = 0; i < 25; ++i) dims.push_back(int64_t(1));
        addValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, dims);  // rank 26
        addNode(g, "Shape", {"x"}, {"s"}, "shape");
        g.add_output()->set_name("s");
        g.mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::INT64);
        return m;
    };
    Model timePriority = loadProto(build(), "ivr_time");
    runPipeline(timePriority, PipelineOptions{}, nullptr);
    EXPECT_EQ(rangeOf(*timePriority.graph, "shape").size(), 26u);

    Model memoryPriority = loadProto(build(), "ivr_memory");
    PipelineOptions options;
    options.set("ge.exec.memoryOptimizationPolicy", "MemoryPriority");
    runPipeline(memoryPriority, options, nullptr);
    EXPECT_TRUE(rangeOf(*memoryPriority.graph, "shape").empty());
}

TEST(InferValueRange, TravelsWithClonesAndTheJournalButNotIntoOnnx) {
    Model model = loadProto(rangeModel(), "ivr_copy");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    const auto expected = rangeOf(*model.graph, "shape");
    ASSERT_FALSE(expected.empty());
    Model copy = model.clone();
    EXPECT_EQ(rangeOf(*copy.graph, "shape"), expected);

    // Replayed: before InferValueRangePass's step the Shape had no range, after it has.
    size_t step = 0;
    for (; step < journal.steps().size(); ++step)
        if (journal.steps()[step].pass == "InferValueRangePass") break;
    ASSERT_LT(step, journal.steps().size());
    JournalCursor cursor(journal, *model.graph);
    cursor.moveTo(step);
    EXPECT_TRUE(rangeOf(cursor.graph(), "shape").empty());
    cursor.moveTo(step + 1);
    EXPECT_EQ(rangeOf(cursor.graph(), "shape"), expected);

    // ONNX has no place for it: export writes none, and a reload has none.
    onnx::ModelProto proto = io::toProto(model);
    std::string bytes;
    proto.SerializeToString(&bytes);
    Model reloaded = loadProto(proto, "ivr_reload");
    EXPECT_TRUE(rangeOf(*reloaded.graph, "shape").empty());
}

TEST(InferValueRange, TransferFunctionsAreSoundOnMixedSigns) {
    // Direct: Mul of [-2,3] and [-5,4] is [-15,12]; Abs of [-7,2] is [0,7]; Neg of [1,∞) is (-∞,-1].
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addValue(g.mutable_input(), "a", onnx::TensorProto::INT64, {int64_t(1)});
    addNode(g, "Mul", {"a", "a"}, {"p"}, "mul");
    Model model = loadProto(m, "ivr_signs");
    const Node* mul = byName(*model.graph, "mul");
    ASSERT_NE(mul, nullptr);
    auto fact = [](std::vector<ValueBounds> b) {
        value_range::InputFact f;
        f.present = true;
        f.origin = value_range::InputFact::Origin::Range;
        value_range::RangedValue v;
        v.dtype = DataType::Int64;
        v.dims = {static_cast<int64_t>(b.size())};
        for (const ValueBounds& x : b) v.elements.push_back({x, nullptr});
        f.range = v;
        return f;
    };
    auto out =
        value_range::infer(*mul, 13, kernels::KernelRegistry::builtin(), {fact({{-2, 3}}), fact({{-5, 4}})});
    ASSERT_TRUE(out[0].has_value());
    EXPECT_EQ(out[0]->bounds(), (std::vector<ValueBounds>{{-15, 12}}));
    // Overflow gives an open bound, never a wrapped one.
    out = value_range::infer(*mul, 13, kernels::KernelRegistry::builtin(),
                             {fact({{1, kOpenMax - 1}}), fact({{2, 2}})});
    ASSERT_TRUE(out[0].has_value());
    EXPECT_EQ(out[0]->bounds(), (std::vector<ValueBounds>{{2, kOpenMax}}));
}
