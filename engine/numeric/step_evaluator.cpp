#include "numeric/step_evaluator.h"

#include "diff/desc_text.h"
#include "ir/op_types.h"

namespace passscope::numeric {
namespace {

bool sameAttributes(const Node& a, const Node& b) {
    if (a.attributes().size() != b.attributes().size()) return false;
    for (const Attribute& x : a.attributes()) {
        const Attribute* y = b.findAttr(x.name);
        if (!y || !diff::sameAttrValue(x, *y)) return false;
    }
    return true;
}

bool sameOutputDescs(const Node& a, const Node& b) {
    for (size_t i = 0; i < a.outputs().size(); ++i)
        if (!(a.output(i).desc == b.output(i).desc)) return false;
    return true;
}

bool readsDescriptions(const Node& n) {
    return op::isStructural(n.opType(), n.domain()) || op::isTransData(n.opType(), n.domain());
}

bool sameAttributesDeep(const Node& a, const Node& b);

// The same body, node by node (a body's node ids are stable along a journal, as the main graph's).
bool sameGraph(const Graph& a, const Graph& b) {
    if (a.nodeCount() != b.nodeCount() || a.inputs() != b.inputs() || a.netOutput() != b.netOutput())
        return false;
    bool same = true;
    a.forEachNode([&](const Node& x) {
        if (!same) return;
        const Node* y = b.findNode(x.id());
        same = y && x.opType() == y->opType() && x.domain() == y->domain() && x.inputs() == y->inputs() &&
               x.outputs().size() == y->outputs().size() && sameAttributesDeep(x, *y) &&
               (!readsDescriptions(x) || (sameOutputDescs(x, *y) && x.inputDescs() == y->inputDescs()));
    });
    return same;
}

// sameAttributes, with subgraphs compared by sameGraph (diff::sameAttrValue leaves them out).
bool sameAttributesDeep(const Node& a, const Node& b) {
    if (!sameAttributes(a, b)) return false;
    for (const Attribute& x : a.attributes()) {
        const std::vector<Graph*> gx = x.graphs(), gy = b.findAttr(x.name)->graphs();
        if (gx.size() != gy.size()) return false;
        for (size_t i = 0; i < gx.size(); ++i)
            if ((gx[i] == nullptr) != (gy[i] == nullptr) || (gx[i] && !sameGraph(*gx[i], *gy[i])))
                return false;
    }
    return true;
}

// The values of the graph owning `n` that its bodies read (refs leaving a body at `level`).
void collectOuterReads(const Graph& body, uint32_t level, std::vector<ValueRef>& out) {
    body.forEachNode([&](const Node& n) {
        for (const ValueRef& r : n.inputs())
            if (r.valid() && r.depth == level) out.push_back(ValueRef{r.node, r.output, 0});
        for (const Graph* sub : n.subgraphs())
            if (sub) collectOuterReads(*sub, level + 1, out);
    });
}

bool sameValues(const std::vector<Tensor>& a, const std::vector<Tensor>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!a[i].sameValue(b[i])) return false;
    return true;
}

}  // namespace

const NodeValues* StepValues::of(const GraphPath& path) const {
    if (path.empty()) return &values;
    auto it = bodies.find(path);
    return it == bodies.end() ? nullptr : &it->second;
}

const Tensor* StepValues::value(const ValueRef& r) const {
    auto it = values.find(r.node);
    if (it == values.end() || r.output >= it->second.size()) return nullptr;
    return &it->second[r.output];
}

StepEvaluator::StepEvaluator(const Model& model, std::map<std::string, Tensor> inputs, uint64_t maxValueBytes)
    : evaluator_(model), inputs_(std::move(inputs)) {
    evaluator_.setMaxValueBytes(maxValueBytes);
}

uint64_t StepEvaluator::versionOf(const ValueRef& r) const {
    if (!r.valid()) return 0;
    auto it = cache_.find(r.node);
    return it == cache_.end() ? 0 : it->second.version;
}

bool StepEvaluator::reusable(const Node& n, const Cached& c) const {
    const Node& was = *c.node;
    if (was.opType() != n.opType() || was.domain() != n.domain() || was.inputs() != n.inputs()) return false;
    if (!sameAttributesDeep(was, n) || was.outputs().size() != n.outputs().size()) return false;
    // Descriptions change at nearly every step (shape inference) but only constants (their
    // storage layout) and TransData (its sides, formats::transDataSides) compute from them.
    if (readsDescriptions(n) && (!sameOutputDescs(was, n) || was.inputDescs() != n.inputDescs()))
        return false;
    for (size_t i = 0; i < n.inputs().size(); ++i)
        if (versionOf(n.input(i)) != c.inputVersions[i]) return false;
    for (size_t i = 0; i < c.outerReads.size(); ++i)
        if (versionOf(c.outerReads[i]) != c.outerVersions[i]) return false;
    return true;
}

StepValues StepEvaluator::evaluate(const Graph& g, const std::atomic<bool>* cancel) {
    StepValues out;
    auto order = g.topologicalOrder();
    if (!order) {
        out.failure = EvalFailure{kNoNode, "", "", "the graph has a cycle"};
        return out;
    }
    const Evaluator::ValueLookup valueOf = [&](const ValueRef& r) { return out.value(r); };
    for (NodeId id : *order) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            out.cancelled = true;
            return out;
        }
        const Node& n = g.node(id);
        const bool computing = !op::isStructural(n.opType(), n.domain());
        auto hit = cache_.find(id);
        if (hit != cache_.end() && reusable(n, hit->second)) {
            out.values[id] = hit->second.outputs;
            for (const auto& [path, values] : hit->second.bodies) out.bodies[path] = values;
            if (computing) ++out.reused;
        } else {
            Cached c;
            for (const ValueRef& r : n.inputs()) c.inputVersions.push_back(versionOf(r));
            for (const Graph* body : n.subgraphs())
                if (body) collectOuterReads(*body, 1, c.outerReads);
            for (const ValueRef& r : c.outerReads) c.outerVersions.push_back(versionOf(r));
            evaluator_.setCancel(cancel);
            auto outcome = evaluator_.evaluateNode(g, n, valueOf, inputs_, &c.bodies);
            if (auto* why = std::get_if<std::string>(&outcome)) {
                if (cancel && cancel->load(std::memory_order_relaxed)) {
                    out.cancelled = true;
                    return out;
                }
                out.failure = EvalFailure{n.id(), n.displayName(), n.opType(), std::move(*why)};
                return out;
            }
            c.node = Graph::detachedCopy(n);
            c.outputs = std::get<std::vector<Tensor>>(std::move(outcome));
            // Recomputed to the same values (a node rewired to an equal constant): its consumers
            // still hold what they read.
            const bool same = hit != cache_.end() && sameValues(hit->second.outputs, c.outputs);
            c.version = same ? hit->second.version : nextVersion_++;
            out.values[id] = c.outputs;
            for (const auto& [path, values] : c.bodies) out.bodies[path] = values;
            cache_[id] = std::move(c);
            if (computing) ++out.computed;
        }
        if (n.opType() != op::kNetOutput || computing) continue;
        for (const ValueRef& r : n.inputs()) {
            const Tensor* v = r.valid() ? out.value(r) : nullptr;
            if (!v) {
                out.failure = EvalFailure{n.id(), n.displayName(), n.opType(), "a graph output has no value"};
                return out;
            }
            out.outputNames.push_back(g.value(r)->name);
            out.outputs.push_back(*v);
        }
    }
    return out;
}

}  // namespace passscope::numeric
