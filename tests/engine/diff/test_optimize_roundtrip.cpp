// The acceptance test of `diff` (docs/graph-diff.md §6): a model diffed against its own pipeline
// output, exported as ONNX and reloaded, names exactly the nodes the journal says were added
// (and still there at the end) and removed (there at the start, gone at the end).
#include <gtest/gtest.h>

#include <set>

#include "compile/run_pipeline.h"
#include "diff/graph_diff.h"
#include "diff/node_identity.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "ir/op_types.h"
#include "model_builders.h"
#include "pipeline/journal.h"

using namespace passscope;
using namespace passscope::test;

namespace {

struct Expected {
    std::set<std::string> added, removed;
};

// What the journal says, named by the identity rule (docs/graph-diff.md §1).
Expected fromJournal(const Journal& journal, const Graph& start, const Graph& end) {
    Expected e;
    for (const JournalStep& step : journal.steps())
        for (const Change& c : step.changes) {
            if (!c.inMainGraph()) continue;
            if (const auto* a = std::get_if<change::NodeAdded>(&c))
                if (!start.findNode(a->node) && end.findNode(a->node))
                    e.added.insert(diff::shownName(end.node(a->node)));
            if (const auto* r = std::get_if<change::NodeRemoved>(&c)) {
                const NodeId id = r->snapshot->id();
                if (start.findNode(id) && !end.findNode(id))
                    e.removed.insert(diff::shownName(start.node(id)));
            }
        }
    // The exporter keeps a graph output's name with an Identity "<name>_output" where a pass
    // replaced its producer (onnx_export.cpp): a node of the file, not of the journal.
    if (end.netOutput() != kNoNode) {
        const Node& out = end.node(end.netOutput());
        const std::vector<std::string> names = end.outputNames();
        for (size_t i = 0; i < out.inputs().size(); ++i) {
            const NodeOutput* v = end.value(out.input(i));
            if (v && v->name != names[i]) e.added.insert(names[i] + "_output");
        }
    }
    return e;
}

std::set<std::string> names(const std::vector<diff::NodeRef>& refs) {
    std::set<std::string> s;
    for (const diff::NodeRef& r : refs) s.insert(r.name);
    return s;
}

// Runs the pipeline on a copy of `original`, exports and reloads the result, and checks the diff.
diff::GraphDiff expectDiffMatchesJournal(const Model& original, const std::string& tag,
                                         const PipelineOptions& options = {}) {
    Model model = original.clone();
    Journal journal;
    runPipeline(model, options, &journal);
    const std::filesystem::path file = freshDir("diff_roundtrip_" + tag) / "optimized.onnx";
    Diagnostics diag;
    io::exportModel(model, file, io::ExportOptions{}, diag);
    const Model reloaded = io::loadModel(file).model;

    const Expected expected = fromJournal(journal, *original.graph, *model.graph);
    const diff::GraphDiff d = diff::diffGraphs(*original.graph, *reloaded.graph);
    EXPECT_EQ(names(d.added), expected.added) << tag;
    EXPECT_EQ(names(d.removed), expected.removed) << tag;
    EXPECT_FALSE(expected.removed.empty()) << tag << ": the pipeline should change something";
    return d;
}

}  // namespace

TEST(GraphDiffRoundTrip, ConvNetSample) {
    expectDiffMatchesJournal(loadSample("conv_net.onnx"), "conv_net");
}

TEST(GraphDiffRoundTrip, TransformerBlockSample) {
    expectDiffMatchesJournal(loadSample("transformer_block.onnx"), "transformer_block");
}

TEST(GraphDiffRoundTrip, ConvNetSampleAtTargetGe) {
    // Format refinement adds TransData nodes (domain ai.passscope.ge) and changes storage formats.
    PipelineOptions ge;
    ge.target = Target::Ge;
    const diff::GraphDiff d = expectDiffMatchesJournal(loadSample("conv_net.onnx"), "conv_net_ge", ge);
    bool transData = false;
    for (const diff::NodeRef& r : d.added) transData |= r.op == "ai.passscope.ge:TransData";
    EXPECT_TRUE(transData);
}

TEST(GraphDiffRoundTrip, TrainingStepSample) {
    expectDiffMatchesJournal(loadSample("training_step.onnx"), "training_step");
}

TEST(GraphDiffRoundTrip, FoldingDceAndCseAllChangeSomething) {
    // x -> Relu (twice: CSE keeps one) -> Add(Mul(c1, c2) (folds)) -> y; a dead Sigmoid (DCE);
    // a graph output folded to a constant (z).
    onnx::ModelProto m = emptyModel();
    onnx::GraphProto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addFloatInitializer(g, "c1", {2, 3}, {1, 2, 3, 4, 5, 6});
    addFloatInitializer(g, "c2", {2, 3}, {2, 2, 2, 2, 2, 2});
    addNode(g, "Mul", {"c1", "c2"}, {"folded"}, "fold/Mul");
    addNode(g, "Relu", {"x"}, {"r1"}, "dup/Relu_a");
    addNode(g, "Relu", {"x"}, {"r2"}, "dup/Relu_b");
    addNode(g, "Add", {"r1", "r2"}, {"s"}, "sum/Add");
    addNode(g, "Add", {"s", "folded"}, {"y"}, "out/Add");
    addNode(g, "Sigmoid", {"x"}, {"unused"}, "dead/Sigmoid");
    addNode(g, "Neg", {"c1"}, {"z"}, "const_out/Neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2, 3});
    // Two graph outputs computed alike: CSE gives both one producer, so the file bridges one.
    addNode(g, "Abs", {"x"}, {"o1"}, "out_dup/Abs_a");
    addNode(g, "Abs", {"x"}, {"o2"}, "out_dup/Abs_b");
    addTensorValue(g.mutable_output(), "o1", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_output(), "o2", onnx::TensorProto::FLOAT, {2, 3});
    const Model original = loadProto(m, "diff_roundtrip_built_src");
    Model probe = original.clone();
    Journal journal;
    runPipeline(probe, PipelineOptions{}, &journal);
    // The fixture does what its name says.
    EXPECT_EQ(byName(*probe.graph, "fold/Mul"), nullptr);
    EXPECT_EQ(byName(*probe.graph, "dead/Sigmoid"), nullptr);
    EXPECT_EQ(
        (byName(*probe.graph, "dup/Relu_a") != nullptr) + (byName(*probe.graph, "dup/Relu_b") != nullptr), 1);
    const diff::GraphDiff d = expectDiffMatchesJournal(original, "built");
    // The merged graph output is bridged by the exporter, and the diff says so.
    bool bridge = false;
    for (const diff::NodeRef& r : d.added) bridge |= r.name == "o2_output" && r.op == "Identity";
    EXPECT_TRUE(bridge) << diff::diffToText(d);
}
