#include "pipeline/graph_verifier.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "ir/op_types.h"

namespace passscope {
namespace {

// A use as the graph should record it, keyed by the value it reads.
using ValueKey = std::pair<NodeId, uint32_t>;

bool useBefore(const Use& a, const Use& b) {
    return a.node != b.node ? a.node < b.node : a.input < b.input;
}

uint64_t keyOf(NodeId node, uint32_t output) {
    return (static_cast<uint64_t>(node) << 32) | output;
}

std::string useText(const Graph& g, const Use& u) {
    const Node* n = g.findNode(u.node);
    std::string who = n ? "'" + n->displayName() + "'" : "#" + std::to_string(u.node);
    return u.input == Use::kImplicit ? who + " (a body reads it)" : who + " input " + std::to_string(u.input);
}

// Outer-scope reads of `sub` at `depth` (1 = the graph owning `sub`), as depth-0 keys.
void outerReads(const Graph& sub, uint32_t depth, std::vector<ValueKey>& out) {
    for (const Node* n : sub.nodes()) {
        for (const ValueRef& r : n->inputs())
            if (r.valid() && r.depth == depth) out.emplace_back(r.node, r.output);
        for (const Graph* s : n->subgraphs()) outerReads(*s, depth + 1, out);
    }
}

// Predecessors as topologicalOrder counts them.
std::vector<NodeId> predecessors(const Node& n) {
    std::vector<NodeId> out;
    for (const ValueRef& r : n.inputs())
        if (r.valid() && r.depth == 0) out.push_back(r.node);
    for (NodeId c : n.controlInputs()) out.push_back(c);
    std::vector<ValueKey> outer;
    for (const Graph* s : n.subgraphs()) outerReads(*s, 1, outer);
    for (const ValueKey& k : outer) out.push_back(k.first);
    return out;
}

std::string attributeOf(const Node& owner, const Graph* body) {
    for (const Attribute& a : owner.attributes())
        for (const Graph* g : a.graphs())
            if (g == body) return a.name;
    return "body";
}

class Verifier {
  public:
    explicit Verifier(std::vector<VerifierProblem>& problems) : problems_(problems) {}

    void run(const Graph& g, const std::string& where) {
        where_ = where;
        checkEdges(g);
        checkUses(g);
        checkGraphInterface(g);
        checkConstants(g);
        if (const std::vector<NodeId> cycle = findCycle(g); !cycle.empty())
            add(g.node(cycle.front()).displayName(), "is on a cycle: " + describeCycle(g, cycle));
        for (const Node* n : g.nodes())
            for (const Graph* sub : n->subgraphs()) {
                const std::string path = (where.empty() ? "" : where + " / ") + "node '" + n->displayName() +
                                         "' / " + attributeOf(*n, sub);
                if (sub->parent() != &g || sub->ownerNode() != n->id())
                    add(n->displayName(), "owns a body whose parent link points elsewhere");
                run(*sub, path);
                where_ = where;
            }
    }

  private:
    void add(std::string node, std::string message) {
        problems_.push_back(VerifierProblem{where_, std::move(node), std::move(message)});
    }

    void checkEdges(const Graph& g) {
        for (const Node* n : g.nodes()) {
            for (size_t i = 0; i < n->inputs().size(); ++i) {
                const ValueRef& r = n->input(i);
                if (!r.valid()) continue;
                const Graph* scope = g.scope(r.depth);
                if (!scope) {
                    add(n->displayName(), "input " + std::to_string(i) + " reads " + std::to_string(r.depth) +
                                              " scopes up, past the outermost graph");
                    continue;
                }
                const Node* p = scope->findNode(r.node);
                if (!p)
                    add(n->displayName(), "input " + std::to_string(i) + " reads node #" +
                                              std::to_string(r.node) + ", which does not exist");
                else if (r.output >= p->outputs().size())
                    add(n->displayName(), "input " + std::to_string(i) + " reads output " +
                                              std::to_string(r.output) + " of '" + p->displayName() +
                                              "', which has " + std::to_string(p->outputs().size()));
            }
            for (NodeId c : n->controlInputs()) {
                const Node* p = g.findNode(c);
                if (!p)
                    add(n->displayName(),
                        "has a control input from node #" + std::to_string(c) + ", which does not exist");
                else if (std::find(p->controlOutputs().begin(), p->controlOutputs().end(), n->id()) ==
                         p->controlOutputs().end())
                    add(n->displayName(), "has a control input from '" + p->displayName() +
                                              "' that its control outputs do not list");
            }
            for (NodeId c : n->controlOutputs()) {
                const Node* s = g.findNode(c);
                if (!s)
                    add(n->displayName(),
                        "has a control output to node #" + std::to_string(c) + ", which does not exist");
                else if (std::find(s->controlInputs().begin(), s->controlInputs().end(), n->id()) ==
                         s->controlInputs().end())
                    add(n->displayName(), "has a control output to '" + s->displayName() +
                                              "' that its control inputs do not list");
            }
        }
    }

    // The use lists of this graph's values against the reads of this graph's nodes and of the
    // bodies they own (a body's read of an outer value is an implicit use by the owner).
    void checkUses(const Graph& g) {
        std::unordered_map<uint64_t, std::vector<Use>> expected;
        std::vector<ValueKey> outer;
        for (const Node* n : g.nodes()) {
            for (size_t i = 0; i < n->inputs().size(); ++i) {
                const ValueRef& r = n->input(i);
                if (r.valid() && r.depth == 0)
                    expected[keyOf(r.node, r.output)].push_back(Use{n->id(), static_cast<int32_t>(i)});
            }
            outer.clear();
            for (const Graph* s : n->subgraphs()) outerReads(*s, 1, outer);
            for (const ValueKey& k : outer)
                expected[keyOf(k.first, k.second)].push_back(Use{n->id(), Use::kImplicit});
        }
        for (const Node* p : g.nodes())
            for (size_t o = 0; o < p->outputs().size(); ++o) {
                std::vector<Use> actual = p->output(o).uses;
                auto it = expected.find(keyOf(p->id(), static_cast<uint32_t>(o)));
                std::vector<Use> want = it == expected.end() ? std::vector<Use>{} : it->second;
                if (actual.empty() && want.empty()) continue;
                std::sort(actual.begin(), actual.end(), useBefore);
                std::sort(want.begin(), want.end(), useBefore);
                if (actual == want) continue;
                std::vector<Use> missing, extra;
                std::set_difference(want.begin(), want.end(), actual.begin(), actual.end(),
                                    std::back_inserter(missing), useBefore);
                std::set_difference(actual.begin(), actual.end(), want.begin(), want.end(),
                                    std::back_inserter(extra), useBefore);
                const std::string value = "output " + std::to_string(o) + " ('" + p->output(o).name + "')";
                for (const Use& u : missing)
                    add(p->displayName(),
                        value + " is read by " + useText(g, u) + ", which its use list lacks");
                for (const Use& u : extra)
                    add(p->displayName(), value + " lists a use by " + useText(g, u) + " that has no edge");
            }
    }

    void checkGraphInterface(const Graph& g) {
        for (NodeId id : g.inputs())
            if (!g.findNode(id)) add("", "graph input #" + std::to_string(id) + " is not a live node");
        if (g.netOutput() != kNoNode && !g.findNode(g.netOutput()))
            add("", "the output node is not a live node");
        std::set<std::string> seen;
        for (const std::string& name : g.outputNames())
            if (!name.empty() && !seen.insert(name).second)
                add("", "graph output name '" + name + "' is used twice");
    }

    // A constant's description is what consumers and export see: it must agree with the value.
    void checkConstants(const Graph& g) {
        for (const Node* n : g.nodes()) {
            if (!op::isConstant(n->opType(), n->domain()) || n->outputs().empty()) continue;
            const Tensor* t = n->attrTensor(op::attr::kValue);
            const TensorDesc& d = n->output(0).desc;
            if (!t || d.kind != ValueKind::Tensor) continue;
            if (d.dtype == DataType::Undefined)
                add(n->displayName(), "holds a constant but its output has no data type");
            else if (d.dtype != t->dtype())
                add(n->displayName(), "is described as " + std::string(dataTypeName(d.dtype)) +
                                          " but holds " + std::string(dataTypeName(t->dtype())));
            // The value has the storage dims (docs/ge-formats.md §2); plain ONNX: storage == origin.
            else if (const Shape& s = d.storageDiffers() ? d.storageShape : d.originShape;
                     s.extents() && *s.extents() != t->dims())
                add(n->displayName(),
                    "is described with shape " + s.toString() + " but holds a value of another shape");
        }
    }

    std::vector<VerifierProblem>& problems_;
    std::string where_;
};

}  // namespace

std::string VerifierProblem::text() const {
    std::string out = where.empty() ? "" : "in " + where + ": ";
    if (!node.empty()) out += "node '" + node + "' ";
    return out + message;
}

std::vector<VerifierProblem> verifyGraph(const Graph& graph) {
    std::vector<VerifierProblem> problems;
    Verifier(problems).run(graph, "");
    return problems;
}

std::vector<NodeId> findCycle(const Graph& g) {
    if (g.topologicalOrder()) return {};
    // Kahn's algorithm leaves exactly the nodes on or behind a cycle; each of them has a
    // predecessor left too, so walking predecessors among them must come back to a node seen.
    std::unordered_map<NodeId, std::vector<NodeId>> preds;
    std::unordered_map<NodeId, size_t> pending;
    std::unordered_map<NodeId, std::vector<NodeId>> succs;
    for (const Node* n : g.nodes()) {
        pending[n->id()];
        for (NodeId p : predecessors(*n))
            if (g.findNode(p)) {
                preds[n->id()].push_back(p);
                succs[p].push_back(n->id());
                ++pending[n->id()];
            }
    }
    std::vector<NodeId> ready;
    for (const auto& [id, count] : pending)
        if (count == 0) ready.push_back(id);
    while (!ready.empty()) {
        NodeId id = ready.back();
        ready.pop_back();
        for (NodeId s : succs[id])
            if (--pending[s] == 0) ready.push_back(s);
    }
    NodeId start = kNoNode;
    for (const Node* n : g.nodes())
        if (pending[n->id()] > 0) {
            start = n->id();
            break;
        }
    if (start == kNoNode) return {};
    std::vector<NodeId> path;
    std::unordered_map<NodeId, size_t> position;
    NodeId at = start;
    while (!position.count(at)) {
        position[at] = path.size();
        path.push_back(at);
        NodeId next = kNoNode;
        for (NodeId p : preds[at])
            if (pending[p] > 0) {
                next = p;
                break;
            }
        if (next == kNoNode) return {at};  // cannot happen on a consistent graph
        at = next;
    }
    // path[position[at]..] walks the cycle backwards along edges; report it forwards.
    std::vector<NodeId> cycle(path.begin() + static_cast<std::ptrdiff_t>(position[at]), path.end());
    std::reverse(cycle.begin(), cycle.end());
    return cycle;
}

std::string describeCycle(const Graph& g, const std::vector<NodeId>& cycle) {
    std::string out;
    for (NodeId id : cycle) out += "'" + g.node(id).displayName() + "' -> ";
    return cycle.empty() ? out : out + "'" + g.node(cycle.front()).displayName() + "'";
}

std::string describeProblems(const std::vector<VerifierProblem>& problems, size_t limit) {
    std::string out;
    for (size_t i = 0; i < problems.size() && i < limit; ++i) out += (i ? "\n  " : "") + problems[i].text();
    if (problems.size() > limit) out += "\n  ... and " + std::to_string(problems.size() - limit) + " more";
    return out;
}

}  // namespace passscope
