#include "dump/stage_replay.h"

#include <algorithm>
#include <chrono>
#include <unordered_set>

#include "diff/desc_text.h"

namespace passscope::dump {
namespace {

// Whether setting `b` in place of `a` would change anything (bodies by content, tensors by value).
bool sameAttribute(const Attribute& a, const Attribute& b) {
    if (!diff::sameAttrValue(a, b) || a.docString != b.docString) return false;
    const std::vector<Graph*> x = a.graphs(), y = b.graphs();  // sameAttrValue leaves bodies to us
    return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                      [](const Graph* p, const Graph* q) { return diff::diffGraphs(*p, *q).empty(); });
}

// A matched pair can be edited in place only when it is the same kind of node under the same
// name: the IR has no rename and no change of op type or output count, so anything else is
// replayed as a removal plus an addition (the diff still reports it as one changed node).
bool editableInPlace(const Node& w, const Node& t) {
    return w.opType() == t.opType() && w.domain() == t.domain() && w.name() == t.name() &&
           w.outputs().size() == t.outputs().size();
}

class StepReplayer {
  public:
    StepReplayer(Graph& working, const Graph& target)
        : w_(working), t_(target), toW_(target.idLimit(), kNoNode) {}

    void run(const diff::NodeMatching& matching) {
        std::vector<NodeId> removals = matching.onlyInA, additions = matching.onlyInB;
        for (const auto& [a, b] : matching.matched) {
            if (editableInPlace(w_.node(a), t_.node(b)) || isNetOutputPair(a, b)) {
                toW_[b] = a;
                kept_.push_back(b);
            } else {
                removals.push_back(a);
                additions.push_back(b);
            }
        }
        std::sort(additions.begin(), additions.end());
        for (NodeId a : removals) removed_.insert(a);
        for (NodeId b : additions) add(b);
        for (NodeId b : kept_) updateInPlace(toW_[b], t_.node(b));
        // Bodies last among the attributes: their reads of main-graph values name nodes by id, and
        // every target node has its working id only now.
        for (NodeId b : additions) updateBodies(toW_[b], t_.node(b));
        for (NodeId b : kept_) updateBodies(toW_[b], t_.node(b));
        for (NodeId b : kept_) wire(toW_[b], t_.node(b));
        for (NodeId b : additions) wire(toW_[b], t_.node(b));
        for (NodeId a : removals) w_.removeNode(a);
        std::vector<NodeId> inputs;
        for (NodeId b : t_.inputs()) inputs.push_back(toW_.at(b));
        if (inputs != w_.inputs()) w_.setInputs(std::move(inputs));
    }

  private:
    // GE's NetOutput is one per graph; keeping the working graph's own avoids replacing the node
    // Graph::netOutput() points at (a change the journal does not record).
    bool isNetOutputPair(NodeId a, NodeId b) const {
        return a == w_.netOutput() && b == t_.netOutput() &&
               w_.node(a).outputs().size() == t_.node(b).outputs().size();
    }

    void add(NodeId b) {
        const Node& t = t_.node(b);
        const NodeId id = w_.addNode(t.opType(), t.domain(), t.name(), t.outputs().size()).id();
        toW_[b] = id;
        updateInPlace(id, t);
    }

    void updateInPlace(NodeId id, const Node& t) {
        std::vector<std::string> stale;
        for (const Attribute& a : w_.node(id).attributes())
            if (!t.findAttr(a.name)) stale.push_back(a.name);
        for (const std::string& name : stale) w_.removeAttribute(id, name);
        for (const Attribute& a : t.attributes()) {
            if (!a.graphs().empty()) continue;  // updateBodies()
            const Attribute* mine = w_.node(id).findAttr(a.name);
            if (!mine || !sameAttribute(*mine, a)) w_.setAttribute(id, deepCopy(a, &w_, id));
        }
        for (size_t o = 0; o < t.outputs().size(); ++o) {
            const NodeOutput& want = t.output(o);
            const NodeOutput& have = w_.node(id).output(o);
            if (have.name != want.name) w_.setOutputName(id, o, want.name);
            if (!(have.desc == want.desc)) w_.setOutputDesc(id, o, want.desc);
            if (have.docString != want.docString) w_.setOutputDocString(id, o, want.docString);
        }
        if (w_.node(id).inputDescs() != t.inputDescs()) w_.setInputDescs(id, t.inputDescs());
        if (w_.node(id).docString() != t.docString()) w_.setDocString(id, t.docString());
    }

    // A body attribute is set again when it differs, or when it reads a main-graph value whose
    // producer this step removes (a Constant replaced by a Const of the same value name).
    void updateBodies(NodeId id, const Node& t) {
        for (const Attribute& a : t.attributes()) {
            if (a.graphs().empty()) continue;
            const Attribute* mine = w_.node(id).findAttr(a.name);
            bool stale = !mine || !sameAttribute(*mine, a);
            if (!stale)
                for (Graph* body : mine->graphs()) stale = stale || readsRemoved(*body, 1);
            if (!stale) continue;
            Attribute copy = deepCopy(a);  // parentless until setAttribute adopts it
            for (Graph* body : copy.graphs()) remapMainReads(*body, 1);
            w_.setAttribute(id, std::move(copy));
        }
    }

    // Whether `body` (nested `level` graphs below the main graph) reads a node this step removes.
    bool readsRemoved(const Graph& body, uint32_t level) const {
        for (const Node* n : body.nodes()) {
            for (const ValueRef& r : n->inputs())
                if (r.valid() && r.depth == level && removed_.count(r.node)) return true;
            for (const Graph* inner : n->subgraphs())
                if (readsRemoved(*inner, level + 1)) return true;
        }
        return false;
    }

    // Rewrites the reads of main-graph values in a copy of a target body from target ids to
    // working ids (use lists are linked when setAttribute adopts the body).
    void remapMainReads(Graph& body, uint32_t level) const {
        for (const Node* n : body.nodes()) {
            std::vector<ValueRef> inputs = n->inputs();
            bool changed = false;
            for (ValueRef& r : inputs)
                if (r.valid() && r.depth == level) {
                    r.node = toW_.at(r.node);
                    changed = true;
                }
            if (changed) body.setInputsUnlinked(n->id(), std::move(inputs));
            for (Graph* inner : n->subgraphs()) remapMainReads(*inner, level + 1);
        }
    }

    ValueRef mapped(const ValueRef& r) const {
        if (!r.valid() || r.depth > 0) return r;  // outer-scope reads do not occur in a main graph
        return {toW_.at(r.node), r.output, r.depth};
    }

    void wire(NodeId id, const Node& t) {
        if (w_.node(id).inputs().size() != t.inputs().size()) w_.setInputCount(id, t.inputs().size());
        for (size_t i = 0; i < t.inputs().size(); ++i) {
            ValueRef want = mapped(t.input(i));
            if (!(w_.node(id).input(i) == want)) w_.setInput(id, i, want);
        }
        std::vector<NodeId> want;
        for (NodeId c : t.controlInputs()) want.push_back(toW_.at(c));
        const std::vector<NodeId> have = w_.node(id).controlInputs();
        for (NodeId c : have)
            if (std::find(want.begin(), want.end(), c) == want.end()) w_.removeControlEdge(c, id);
        for (NodeId c : want)
            if (std::find(have.begin(), have.end(), c) == have.end()) w_.addControlEdge(c, id);
    }

    Graph& w_;
    const Graph& t_;
    std::vector<NodeId> toW_;  // target id -> working id
    std::vector<NodeId> kept_;
    std::unordered_set<NodeId> removed_;  // working ids this step removes
};

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

diff::GraphDiff replayStep(Graph& working, const Graph& target) {
    diff::NodeMatching matching = diff::matchNodes(working, target);
    diff::GraphDiff applied = diff::diffGraphs(working, target, matching);
    StepReplayer(working, target).run(matching);
    return applied;
}

StageTimeline replayStages(const GeDumpSet& set, Model& working, Journal& journal,
                           const std::atomic<bool>* cancel) {
    StageTimeline timeline;
    auto load = [&](const GeDumpStage& stage) {
        io::LoadResult r = loadGeDump(stage.file, stage.name.format);
        for (std::string& w : r.diagnostics.warnings)
            timeline.diagnostics.warn(stage.file.filename().string() + ": " + std::move(w));
        return std::move(r.model);
    };
    auto info = [](const GeDumpStage& stage, const Graph& g) {
        StageInfo s;
        s.stage = stage.name.stage;
        s.file = stage.file;
        s.index = stage.name.index;
        s.nodeCount = g.nodeCount();
        return s;
    };
    if (set.stages.empty()) throw ModelError("no GE dump stage to show");
    // Files left out are named, a few at a time: a dump folder with both forms leaves out half.
    constexpr size_t kSkippedShown = 3;
    for (size_t k = 0; k < set.skipped.size() && k < kSkippedShown; ++k)
        timeline.diagnostics.warn(set.skipped[k]);
    if (set.skipped.size() > kSkippedShown)
        timeline.diagnostics.warn("and " + std::to_string(set.skipped.size() - kSkippedShown) +
                                  " more files left out of the timeline");

    timeline.first = load(set.stages.front());
    working = timeline.first.clone();
    timeline.stages.push_back(info(set.stages.front(), *working.graph));
    journal.begin(*working.graph);
    for (size_t k = 1; k < set.stages.size(); ++k) {
        if (cancel && cancel->load()) {
            timeline.cancelled = true;
            break;
        }
        Model next = load(set.stages[k]);
        auto t0 = std::chrono::steady_clock::now();
        journal.beginStep(set.stages[k].name.stage, std::string(kDumpStageName), 0);
        diff::GraphDiff applied = replayStep(*working.graph, *next.graph);
        PassStats stats;
        stats.add(stat::kNodesAdded, applied.added.size());
        stats.add(stat::kNodesRemoved, applied.removed.size());
        stats.add(stat::kNodesChanged, applied.changed.size());
        journal.endStep(secondsSince(t0), std::move(stats), {});
        StageInfo s = info(set.stages[k], *next.graph);
        s.diff = std::move(applied);
        timeline.stages.push_back(std::move(s));
        // Model-level data (opsets, producer) follows the latest stage; the graph is the replayed one.
        std::shared_ptr<Graph> replayed = std::move(working.graph);
        working = std::move(next);
        working.graph = std::move(replayed);
    }
    journal.end();
    return timeline;
}

}  // namespace passscope::dump
