#include "pipeline/instrumentation.h"

#include <algorithm>

#include "pipeline/graph_verifier.h"
#include "pipeline/pipeline_error.h"

namespace passscope {

void TimingInstrument::stop(PassExecution& e) {
    if (open_.empty()) return;
    const OpenRun run = open_.back();
    open_.pop_back();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - run.start).count();
    if (!open_.empty()) open_.back().nestedSeconds += wall;
    e.seconds = std::max(0.0, wall - run.nestedSeconds);
    totals_[e.pass.name()] += e.seconds;
}

void JournalInstrument::runBeforePipeline(Graph& graph) {
    if (root_) return;  // a nested run: its steps join the journal begun by the outer one
    root_ = &graph;
    journal_.begin(graph);
}

void JournalInstrument::runAfterPipeline(Graph& graph) {
    if (&graph != root_) return;
    journal_.end();
    root_ = nullptr;
}

void JournalInstrument::runBeforePass(PassExecution& e) {
    journal_.beginStep(e.pass.name(), e.stage, e.iteration, e.context.graphPath(), e.context.graphName());
}

void JournalInstrument::runAfterPass(PassExecution& e) {
    journal_.endStep(e.seconds, e.context.stats(), e.context.takeUnfolded());
}

void ProgressInstrument::runAfterPass(PassExecution& e) {
    ++steps_;
    if (report_)
        report_(steps_, e.stage + " / " + e.pass.name() +
                            (e.context.graphName().empty() ? "" : " in " + e.context.graphName()));
}

void VerifierInstrument::runBeforePipeline(Graph& graph) {
    const Graph& root = graph.root();
    auto [it, fresh] = baseline_.try_emplace(&root);
    if (!fresh) return;  // a nested run: the outer run took the baseline
    for (const VerifierProblem& p : verifyGraph(root)) it->second.insert(p.text());
}

void VerifierInstrument::runBeforePass(PassExecution& e) {
    std::vector<std::pair<NodeId, size_t>>& typed = typed_.emplace_back();
    for (const Node* n : e.graph.nodes())
        for (size_t o = 0; o < n->outputs().size(); ++o) {
            const TensorDesc& d = n->output(o).desc;
            if (d.kind == ValueKind::Tensor && d.dtype != DataType::Undefined) typed.emplace_back(n->id(), o);
        }
}

void VerifierInstrument::runAfterPass(PassExecution& e) {
    const std::vector<std::pair<NodeId, size_t>> typed = std::move(typed_.back());
    typed_.pop_back();
    const Graph& root = e.graph.root();
    const std::unordered_set<std::string>& known = baseline_[&root];
    std::vector<VerifierProblem> fresh;
    for (VerifierProblem& p : verifyGraph(root))
        if (!known.count(p.text())) fresh.push_back(std::move(p));
    for (const auto& [id, o] : typed) {
        const Node* n = e.graph.findNode(id);
        if (!n || o >= n->outputs().size()) continue;
        const TensorDesc& d = n->output(o).desc;
        if (d.kind == ValueKind::Tensor && d.dtype == DataType::Undefined)
            fresh.push_back(VerifierProblem{
                "", n->displayName(),
                "output " + std::to_string(o) + " lost the data type shape inference gave it"});
    }
    if (!fresh.empty())
        throw PassFailure(e.pass.name(), "left the graph broken (graph verifier, " + e.stage + " iteration " +
                                             std::to_string(e.iteration) + "):\n  " +
                                             describeProblems(fresh));
}

}  // namespace passscope
