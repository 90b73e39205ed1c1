// The pass framework itself: the graph verifier and where it runs, errors that must not pass as
// "nothing changed" (cycles, kernel bugs, a pass that breaks the graph), open statistics,
// instruments, the one cancel path, switch keys, and op traits.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>
#include <tuple>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "kernels/kernel_registry.h"
#include "model_builders.h"
#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "pipeline/graph_verifier.h"
#include "report/pipeline_report.h"

using namespace passscope;
using namespace passscope::test;
namespace fs = std::filesystem;

namespace {

bool anyProblemMentions(const std::vector<VerifierProblem>& problems, const std::string& text) {
    for (const VerifierProblem& p : problems)
        if (p.text().find(text) != std::string::npos) return true;
    return false;
}

// relu1 -> relu2 -> relu1: two nodes that read each other, spliced into the Add/Relu model.
Model cyclicModel() {
    Model model = loadProto(addReluModel(), "cyclic");
    Graph& g = *model.graph;
    Node& a = g.addNode("Relu", "", "loop_a", 1);
    Node& b = g.addNode("Relu", "", "loop_b", 1);
    const NodeId aid = a.id(), bid = b.id();
    g.setOutputName(aid, 0, "loop_a_out");
    g.setOutputName(bid, 0, "loop_b_out");
    g.addInput(aid, ValueRef{bid, 0, 0});
    g.addInput(bid, ValueRef{aid, 0, 0});
    return model;
}

// A pass that breaks the graph the way a buggy pass would: the first computing node's input
// duplicated behind the use lists' back.
class UseListBreakingPass : public Pass {
  public:
    std::string name() const override { return "UseListBreakingPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    bool run(Graph& g, PassContext&) override {
        for (const Node* n : g.nodes())
            if (!op::isStructural(n->opType(), n->domain()) && !n->inputs().empty()) {
                g.setInputsUnlinked(n->id(), {n->input(0), n->input(0)});
                return true;
            }
        return false;
    }
};

// Runs `inner` on every body of every If, through nested runs of the same pass manager.
class BodyRunnerPass : public Pass {
  public:
    BodyRunnerPass(PassManager& manager, Pass& inner) : manager_(manager), inner_(inner) {}
    std::string name() const override { return "BodyRunnerPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    bool run(Graph& g, PassContext&) override {
        bool changed = false;
        for (const Node* n : g.nodes())
            for (Graph* body : n->subgraphs())
                manager_.run(*body, [&] { changed |= manager_.runPass(inner_, *body, "Body", 1); });
        return changed;
    }

  private:
    PassManager& manager_;
    Pass& inner_;
};

// cond ? (then: x + sqrt(c)) : (else: x + sqrt(c)), with a dead Neg in each body.
Model ifModel(const std::string& dirName) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        const std::string out = std::string(branch) + "_out";
        addNode(*body, "Sqrt", {"c"}, {std::string(branch) + "_root"}, std::string(branch) + "_sqrt");
        addNode(*body, "Add", {"x", std::string(branch) + "_root"}, {out}, std::string(branch) + "_add");
        addNode(*body, "Neg", {"x"}, {std::string(branch) + "_dead"}, std::string(branch) + "_neg");
        addTensorValue(body->mutable_output(), out, onnx::TensorProto::FLOAT, {2});
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return loadProto(m, dirName);
}

kernels::KernelResult throwsOutOfRange(const kernels::KernelContext&) {
    throw std::out_of_range("vector::at");
}
kernels::KernelResult refusesWithKernelError(const kernels::KernelContext&) {
    throw kernels::KernelError("rank 2 not taken");
}

// Records the order of hook calls.
class RecordingInstrument : public PassInstrumentation {
  public:
    RecordingInstrument(std::vector<std::string>& log, std::string tag) : log_(log), tag_(std::move(tag)) {}
    void runBeforePass(PassExecution& e) override { log_.push_back(tag_ + " before " + e.pass.name()); }
    void runAfterPass(PassExecution& e) override { log_.push_back(tag_ + " after " + e.pass.name()); }

  private:
    std::vector<std::string>& log_;
    std::string tag_;
};

// Sets the cancel flag once `after` pass runs are done.
class CancelAfter : public PassInstrumentation {
  public:
    CancelAfter(std::atomic<bool>& flag, size_t after) : flag_(flag), after_(after) {}
    void runAfterPass(PassExecution&) override {
        if (++runs_ == after_) flag_ = true;
    }

  private:
    std::atomic<bool>& flag_;
    size_t after_;
    size_t runs_ = 0;
};

class TwoSwitchPass : public Pass {
  public:
    std::string name() const override { return "TwoSwitchPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    std::vector<std::string> switchOptions() const override {
        return {"ge.oo.constantFolding", "test.formats"};
    }
    bool run(Graph&, PassContext&) override { return false; }
};

}  // namespace

// ---- the verifier ----

TEST(GraphVerifier, SamplesAreSoundBeforeAndAfterThePipeline) {
    for (const char* sample : {"conv_net.onnx", "transformer_block.onnx", "training_step.onnx"}) {
        Model model = loadSample(sample);
        EXPECT_EQ(describeProblems(verifyGraph(*model.graph)), "") << sample;
        PipelineOptions options;
        options.verifyEach = true;
        runPipeline(model, options, nullptr);
        EXPECT_EQ(describeProblems(verifyGraph(*model.graph)), "") << sample;
    }
}

TEST(GraphVerifier, FindsUseListsOutOfStepDanglingInputsAndDuplicateOutputNames) {
    Model model = loadProto(addReluModel(), "verifier_broken");
    Graph& g = *model.graph;
    const Node* relu = byName(g, "relu");
    const Node* add = byName(g, "add");
    ASSERT_TRUE(relu && add);
    // An edge without its use, and an input that reads a node that does not exist.
    g.setInputsUnlinked(relu->id(), {relu->input(0), relu->input(0), ValueRef{9999, 0, 0}});
    g.addInput(g.netOutput(), ValueRef{relu->id(), 0, 0});
    g.setAttribute(g.netOutput(), Attribute{std::string(op::attr::kOutputNames),
                                            AttrKind::Strings,
                                            std::vector<std::string>{"y", "y"},
                                            {},
                                            {}});
    const auto problems = verifyGraph(g);
    EXPECT_TRUE(anyProblemMentions(problems, "node 'add' output 0 ('s') is read by 'relu' input 1"))
        << describeProblems(problems);
    EXPECT_TRUE(anyProblemMentions(problems, "node 'relu' input 2 reads node #9999, which does not exist"))
        << describeProblems(problems);
    EXPECT_TRUE(anyProblemMentions(problems, "graph output name 'y' is used twice"))
        << describeProblems(problems);
}

TEST(GraphVerifier, NamesTheNodesOfACycle) {
    Model model = cyclicModel();
    const std::vector<NodeId> cycle = findCycle(*model.graph);
    ASSERT_EQ(cycle.size(), 2u);
    const std::string text = describeCycle(*model.graph, cycle);
    EXPECT_NE(text.find("'loop_a'"), std::string::npos) << text;
    EXPECT_NE(text.find("'loop_b'"), std::string::npos) << text;
    EXPECT_TRUE(anyProblemMentions(verifyGraph(*model.graph), "is on a cycle"));
}

TEST(GraphVerifier, APassThatBreaksTheGraphFailsTheRunAndIsNamed) {
    Model model = loadProto(addReluModel(), "verifier_pass");
    PipelineOptions options;
    PassManager manager(model, options);
    manager.addInstrumentation(std::make_shared<VerifierInstrument>());
    UseListBreakingPass breaker;
    try {
        manager.run(*model.graph, [&] { manager.runPass(breaker, *model.graph, "Test", 1); });
        FAIL() << "the broken graph was accepted";
    } catch (const PassFailure& e) {
        EXPECT_EQ(e.pass(), "UseListBreakingPass");
        EXPECT_NE(std::string(e.what()).find("is read by 'add' input 1"), std::string::npos) << e.what();
    }
    // Without the verifier the same pass goes unnoticed: the instrument is what catches it.
    Model again = loadProto(addReluModel(), "verifier_pass_off");
    PassManager quiet(again, options);
    EXPECT_NO_THROW(quiet.run(*again.graph, [&] { quiet.runPass(breaker, *again.graph, "Test", 1); }));
}

TEST(GraphVerifier, ProblemsTheInputAlreadyHadAreNotBlamedOnAPass) {
    Model model = loadProto(addReluModel(), "verifier_baseline");
    Graph& g = *model.graph;
    g.addInput(g.netOutput(), ValueRef{byName(g, "relu")->id(), 0, 0});
    g.setAttribute(g.netOutput(), Attribute{std::string(op::attr::kOutputNames),
                                            AttrKind::Strings,
                                            std::vector<std::string>{"y", "y"},
                                            {},
                                            {}});
    PipelineOptions options;
    options.verifyEach = true;
    EXPECT_NO_THROW(runPipeline(model, options, nullptr));
}

TEST(PassManagerNesting, BodiesRunThroughTheSameManagerAndInstruments) {
    Model model = ifModel("nested_run");
    PipelineOptions options;
    PassManager manager(model, options);
    std::vector<std::string> log;
    manager.addInstrumentation(std::make_shared<RecordingInstrument>(log, "R"));
    manager.addInstrumentation(std::make_shared<VerifierInstrument>());
    manager.addInstrumentation(std::make_shared<TimingInstrument>());
    DeadCodeEliminationPass dce;
    BodyRunnerPass runner(manager, dce);
    manager.run(*model.graph, [&] { EXPECT_TRUE(manager.runPass(runner, *model.graph, "Test", 1)); });
    EXPECT_EQ(log,
              (std::vector<std::string>{"R before BodyRunnerPass", "R before DeadCodeEliminationPass",
                                        "R after DeadCodeEliminationPass", "R before DeadCodeEliminationPass",
                                        "R after DeadCodeEliminationPass", "R after BodyRunnerPass"}));
    for (const Graph* body : byName(*model.graph, "if")->subgraphs())
        for (const Node* n : body->nodes()) EXPECT_NE(n->opType(), "Neg");

    // A pass that breaks a body is caught by the verifier of the nested run, and named.
    Model again = ifModel("nested_run_broken");
    PassManager checked(again, options);
    checked.addInstrumentation(std::make_shared<VerifierInstrument>());
    UseListBreakingPass breaker;
    BodyRunnerPass breakingRunner(checked, breaker);
    try {
        checked.run(*again.graph, [&] { checked.runPass(breakingRunner, *again.graph, "Test", 1); });
        FAIL() << "a broken body was accepted";
    } catch (const PassFailure& e) {
        // The body's Sqrt reads the outer 'c' twice now; the use list in the main graph says once.
        EXPECT_EQ(e.pass(), "UseListBreakingPass");
        EXPECT_NE(std::string(e.what()).find("node 'c'"), std::string::npos) << e.what();
    }
}

// Sleeps, then runs `inner` (if any) on the same graph as a nested run of `manager`.
class SleepingPass : public Pass {
  public:
    SleepingPass(std::string name, int ms, PassManager* manager = nullptr, Pass* inner = nullptr)
        : name_(std::move(name)), ms_(ms), manager_(manager), inner_(inner) {}
    std::string name() const override { return name_; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    bool run(Graph& g, PassContext&) override {
        std::this_thread::sleep_for(std::chrono::milliseconds(ms_));
        if (manager_ && inner_) manager_->runPass(*inner_, g, "Test", 1);
        return false;
    }

  private:
    std::string name_;
    int ms_;
    PassManager* manager_;
    Pass* inner_;
};

// Keeps the seconds the timing instrument gave each pass run (added before it, so its after-hook
// runs after the timing's).
class SecondsRecorder : public PassInstrumentation {
  public:
    void runAfterPass(PassExecution& e) override { seconds[e.pass.name()] = e.seconds; }
    std::map<std::string, double> seconds;
};

TEST(PassInstrumentation, ANestedRunsTimeIsNotCountedAgainInThePassAroundIt) {
    Model model = loadProto(addReluModel(), "timing_nested");
    PipelineOptions options;
    PassManager manager(model, options);
    auto recorder = std::make_shared<SecondsRecorder>();
    manager.addInstrumentation(recorder);
    manager.addInstrumentation(std::make_shared<TimingInstrument>());
    SleepingPass inner("Inner", 200);
    SleepingPass outer("Outer", 20, &manager, &inner);
    manager.run(*model.graph, [&] { manager.runPass(outer, *model.graph, "Test", 1); });
    EXPECT_GE(recorder->seconds["Inner"], 0.2);
    // Outer's own time: its 20 ms sleep, not the 200 ms of the run nested in it.
    EXPECT_GE(recorder->seconds["Outer"], 0.02);
    EXPECT_LT(recorder->seconds["Outer"], 0.15);
}

// ---- no silent failure ----

TEST(PipelineFailures, ACyclicGraphFailsTheRunNamingANodeOnTheCycle) {
    Model model = cyclicModel();
    try {
        runPipeline(model, PipelineOptions{}, nullptr);
        FAIL() << "a cyclic graph ran as if nothing were wrong";
    } catch (const PipelineError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("cycle"), std::string::npos) << what;
        EXPECT_NE(what.find("loop_a"), std::string::npos) << what;
    }
    // Each pass on its own refuses too, instead of reporting "unchanged".
    PipelineOptions options;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin());
    ConstantFoldingPass folding;
    DeadCodeEliminationPass dce;
    CommonSubexpressionEliminationPass cse;
    EXPECT_THROW(folding.run(*model.graph, ctx), PassFailure);
    EXPECT_THROW(dce.run(*model.graph, ctx), PassFailure);
    EXPECT_THROW(cse.run(*model.graph, ctx), PassFailure);
}

TEST(PipelineFailures, TheLoaderRefusesACyclicFile) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Add", {"x", "b"}, {"a"}, "first");
    addNode(g, "Relu", {"a"}, {"b"}, "second");
    addTensorValue(g.mutable_output(), "b", onnx::TensorProto::FLOAT, {2});
    auto dir = freshDir("cyclic_file");
    writeModel(m, dir / "m.onnx");
    try {
        io::loadModel(dir / "m.onnx");
        FAIL() << "a cyclic file loaded";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
    }
}

TEST(PipelineFailures, AKernelBugIsAnErrorNamingOpAndNodeButARefusalIsAReason) {
    Model model = loadProto(addReluModel(), "kernel_bug");
    Graph& g = *model.graph;
    // A Relu of a constant: folding calls the Relu kernel.
    const NodeId w = byName(g, "add")->input(1).node;
    g.setInput(byName(g, "relu")->id(), 0, ValueRef{w, 0, 0});
    PipelineOptions options;

    kernels::KernelRegistry buggy;
    buggy.add("", "Relu", 1, 0, &throwsOutOfRange);
    PassContext ctx(model, options, buggy);
    ConstantFoldingPass folding;
    try {
        folding.run(g, ctx);
        FAIL() << "a kernel bug passed as unsupported";
    } catch (const KernelFailure& e) {
        const std::string what = e.what();
        EXPECT_EQ(e.opType(), "Relu");
        EXPECT_EQ(e.node(), "relu");
        EXPECT_NE(what.find("vector::at"), std::string::npos) << what;
        EXPECT_NE(what.find("--no-fold relu"), std::string::npos) << what;
    }

    kernels::KernelRegistry refusing;
    refusing.add("", "Relu", 1, 0, &refusesWithKernelError);
    PassContext refusedCtx(model, options, refusing);
    EXPECT_FALSE(folding.run(g, refusedCtx));
    bool reasoned = false;
    for (const UnfoldedNode& u : refusedCtx.takeUnfolded())
        if (u.name == "relu") {
            reasoned = true;
            EXPECT_EQ(u.reason, NotFoldedReason::NoKernel);
            EXPECT_NE(u.detail.find("rank 2 not taken"), std::string::npos) << u.detail;
        }
    EXPECT_TRUE(reasoned);
}

TEST(PipelineFailures, ARankOnlyInferenceLearnsIsRefusedAtLoadNamingTheNode) {
    // An STFT whose signal becomes rank 1 only through inference: the guard inside libonnx stops
    // it (libonnx would crash), and the loader refuses the model naming the node (issue 28; it
    // used to load with a warning, and its optimized export could not be read back).
    auto m = emptyModel(17);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 16, 1});
    for (const auto& [name, value, rank1] :
         {std::tuple<const char*, int64_t, bool>{"shape", 16, true}, {"step", 4, false}}) {
        onnx::TensorProto* t = g.add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::INT64);
        t->add_int64_data(value);
        if (rank1) t->add_dims(1);
    }
    addNode(g, "Reshape", {"x", "shape"}, {"signal"}, "flat");
    addNode(g, "STFT", {"signal", "step"}, {"y"}, "stft");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 4, 9, 2});
    // Something to fold, so the stage iterates and shape inference runs (and warns) again.
    addFloatInitializer(g, "c", {1}, {4});
    addNode(g, "Sqrt", {"c"}, {"r"}, "root");
    addNode(g, "Add", {"x", "r"}, {"z"}, "add");
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {1, 16, 1});
    try {
        (void)loadProto(m, "infer_warnings");
        ADD_FAILURE() << "the model loaded";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("node 'stft' (STFT)"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("has rank 1; STFT needs rank 3"), std::string::npos) << e.what();
    }
}

// ---- statistics ----

TEST(PassStatistics, EachPassReportsTheCountersItDeclared) {
    Model model = loadSample("conv_net.onnx");
    Journal journal;
    PipelineRun run = runPipeline(model, PipelineOptions{}, &journal);
    bool sawFolding = false, sawCse = false;
    for (const JournalStep& s : journal.steps()) {
        if (s.pass == "ConstantFoldingPass") {
            ASSERT_GE(s.stats.entries().size(), 4u);
            EXPECT_EQ(s.stats.entries()[0].name, "folded_nodes");  // declared first, listed even at 0
            EXPECT_FALSE(s.stats.entries()[0].description.empty());
            sawFolding |= s.stats.value("folded_nodes") > 0;
        }
        if (s.pass == "CommonSubexpressionEliminationPass") sawCse |= s.stats.value("merged") > 0;
        if (s.pass == "DeadCodeEliminationPass") {
            EXPECT_EQ(s.stats.value("folded_nodes"), 0u);
        }
    }
    EXPECT_TRUE(sawFolding);
    EXPECT_TRUE(sawCse);

    const nlohmann::json report = pipelineReport(journal, run, ModelInfo{}, ModelInfo{}, PipelineOptions{});
    uint64_t folded = 0;
    for (const auto& p : report["passes"])
        if (p["statistics"].contains("folded_nodes"))
            folded += p["statistics"]["folded_nodes"].get<uint64_t>();
    EXPECT_GT(folded, 0u);
    EXPECT_TRUE(report["statistic_descriptions"].contains("merged"));
    uint64_t totalFolded = 0;
    for (const auto& p : report["pass_totals"])
        if (p["statistics"].contains("folded_nodes"))
            totalFolded += p["statistics"]["folded_nodes"].get<uint64_t>();
    EXPECT_EQ(totalFolded, folded);
}

// ---- instruments and cancellation ----

TEST(PassInstrumentation, BeforeHooksInOrderAfterHooksInReverse) {
    Model model = loadSample("conv_net.onnx");
    std::vector<std::string> log;
    PipelineHooks hooks;
    hooks.instruments.push_back(std::make_shared<RecordingInstrument>(log, "A"));
    hooks.instruments.push_back(std::make_shared<RecordingInstrument>(log, "B"));
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal, hooks);
    ASSERT_EQ(log.size(), journal.steps().size() * 4);
    const std::string first = journal.steps()[0].pass;
    EXPECT_EQ(log[0], "A before " + first);
    EXPECT_EQ(log[1], "B before " + first);
    EXPECT_EQ(log[2], "B after " + first);
    EXPECT_EQ(log[3], "A after " + first);
    // The timing instrument measured every step.
    double total = 0;
    for (const JournalStep& s : journal.steps()) total += s.seconds;
    EXPECT_GT(total, 0);
}

TEST(Cancellation, TheFlagStopsTheRunBeforeTheNextPass) {
    Model model = loadSample("conv_net.onnx");
    std::atomic<bool> cancel{false};
    PipelineHooks hooks;
    hooks.cancel = &cancel;
    hooks.instruments.push_back(std::make_shared<CancelAfter>(cancel, 2));
    size_t progressCalls = 0;
    hooks.progress = [&](size_t, const std::string&) { ++progressCalls; };
    Journal journal;
    const PipelineRun run = runPipeline(model, PipelineOptions{}, &journal, hooks);
    EXPECT_TRUE(run.cancelled);
    EXPECT_EQ(journal.steps().size(), 2u);  // not the rest of the stage's iteration
    EXPECT_EQ(progressCalls, 2u);
}

TEST(Cancellation, NodePassesStopBetweenNodes) {
    Model model = loadSample("conv_net.onnx");
    const size_t before = model.graph->nodeCount();
    std::atomic<bool> cancel{true};
    PipelineOptions options;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin(), &cancel);
    ConstantFoldingPass folding;
    EXPECT_FALSE(folding.run(*model.graph, ctx));
    EXPECT_EQ(model.graph->nodeCount(), before);
}

// ---- switches and op traits ----

TEST(PassSwitches, APassRunsOnlyWhileEveryKeyItDeclaresIsOn) {
    TwoSwitchPass pass;
    PipelineOptions options;
    EXPECT_TRUE(pass.enabled(options));
    options.switches["test.formats"] = false;
    EXPECT_FALSE(pass.enabled(options));
    options.switches["test.formats"] = true;
    options.constantFolding = false;
    EXPECT_FALSE(pass.enabled(options));
    options.passSwitches["TwoSwitchPass"] = true;  // pass.<Name> forces it
    EXPECT_TRUE(pass.enabled(options));
}

TEST(OpTraits, OnePlaceForOpKnowledge) {
    EXPECT_TRUE(op::isOnnxDomain(""));
    EXPECT_TRUE(op::isOnnxDomain("ai.onnx"));
    EXPECT_FALSE(op::isOnnxDomain("ai.onnx.ml"));
    EXPECT_EQ(op::canonicalDomain("ai.onnx"), "");
    EXPECT_EQ(op::displayDomain(""), "ai.onnx");
    EXPECT_TRUE(op::isStandardDomain("ai.onnx.ml"));
    EXPECT_TRUE(op::writesState("AssignSub", op::kGeDomain));
    EXPECT_FALSE(op::writesState("Assign", ""));  // only GE's Assign writes a variable
    EXPECT_TRUE(op::touchesState("Variable", op::kGeDomain));
    EXPECT_TRUE(op::isRandom("RandomNormal", "ai.onnx"));
    EXPECT_TRUE(op::isRandom("Multinomial", ""));
    EXPECT_FALSE(op::isRandom("RandomNormal", "com.example"));
    EXPECT_TRUE(op::isRandomInTraining("Dropout", ""));
    EXPECT_TRUE(op::isControlFlow("Loop", "ai.onnx"));
    EXPECT_TRUE(op::isControlFlow("Switch", op::kGeDomain));
    EXPECT_TRUE(op::isShapeOp("Size", ""));
    EXPECT_TRUE(op::isDimensionOp("Unsqueeze", "ai.onnx"));
    EXPECT_FALSE(op::isDimensionOp("Unsqueeze", "com.example"));
}
