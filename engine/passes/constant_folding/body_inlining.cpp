#include "passes/constant_folding/body_inlining.h"

#include <functional>
#include <unordered_set>

namespace passscope::folding {
namespace {

void collectValueNames(const Graph& g, std::unordered_set<std::string>& out, NodeId skipOwner) {
    for (const Node* n : g.nodes()) {
        for (const NodeOutput& o : n->outputs())
            if (!o.name.empty()) out.insert(o.name);
        if (n->id() == skipOwner) continue;
        for (const Graph* sub : n->subgraphs()) collectValueNames(*sub, out, kNoNode);
    }
}

// Value names the copies must not take: every name of the model except those of `owner`'s
// bodies (they leave with it), plus the names inside bodies of the body's own nodes (they come
// along, below the copies, and must not be shadowed by them).
std::unordered_set<std::string> namesToAvoid(const Graph& g, NodeId owner, const Graph& body) {
    std::unordered_set<std::string> taken;
    const Graph* root = &g;
    while (root->parent()) root = root->parent();
    // Everything outside `g`'s subtree is an ancestor's depth-0 name or a sibling body's; the
    // siblings' names are harmless but collecting them too keeps the walk simple.
    std::function<void(const Graph&)> walk = [&](const Graph& at) {
        for (const Node* n : at.nodes()) {
            for (const NodeOutput& o : n->outputs())
                if (!o.name.empty()) taken.insert(o.name);
            if (&at == &g && n->id() == owner) continue;
            for (const Graph* sub : n->subgraphs()) walk(*sub);
        }
    };
    walk(*root);
    for (const Node* n : body.nodes())
        for (const Graph* sub : n->subgraphs()) collectValueNames(*sub, taken, kNoNode);
    return taken;
}

// The ref a node of the graph uses for what a node of the body (at nesting `level` below the
// body: 0 for the body's own nodes) read through `r`.
ValueRef remap(const ValueRef& r, uint32_t level, const std::unordered_map<NodeId, NodeId>& copies) {
    if (!r.valid() || r.depth < level) return r;  // inside a deeper body: unchanged
    if (r.depth == level) return ValueRef{copies.at(r.node), r.output, r.depth};  // a body value
    return ValueRef{r.node, r.output, r.depth - 1};  // outside the body: one scope less to cross
}

// Re-aims the reads of a (parentless) copy of a body owned by a body node, `level` scopes below
// the body, at the graph the body is inlined into.
void remapNested(Graph& copy, uint32_t level, const std::unordered_map<NodeId, NodeId>& copies) {
    for (const Node* n : copy.nodes()) {
        const NodeId id = n->id();
        for (size_t i = 0; i < n->inputs().size(); ++i) {
            const ValueRef r = n->input(i);
            const ValueRef to = remap(r, level, copies);
            if (!(to == r)) copy.setInput(id, i, to);
        }
        for (Graph* sub : copy.node(id).subgraphs()) remapNested(*sub, level + 1, copies);
    }
}

}  // namespace

std::optional<std::string> whyNotInlinable(const Graph& body) {
    if (!body.inputs().empty())
        return "the branch takes " + std::to_string(body.inputs().size()) +
               " input(s); an If branch takes none";
    if (!body.findNode(body.netOutput())) return "the branch has no outputs node";
    if (!body.topologicalOrder()) return "the branch has a cycle";
    return std::nullopt;
}

InlinedBody inlineBody(Graph& g, NodeId owner, const Graph& body, PassContext& ctx) {
    InlinedBody result;
    std::unordered_set<std::string> taken = namesToAvoid(g, owner, body);
    auto freshValueName = [&](const std::string& base) {
        if (base.empty()) return base;  // an omitted optional output stays omitted
        std::string candidate = ctx.uniqueValueName(g, base);
        for (int i = 1; taken.count(candidate); ++i)
            candidate = ctx.uniqueValueName(g, base + "_" + std::to_string(i));
        taken.insert(candidate);
        return candidate;
    };
    const std::vector<NodeId> order = *body.topologicalOrder();
    for (NodeId id : order) {
        const Node& src = body.node(id);
        if (id == body.netOutput()) continue;
        Node& copy =
            g.addNode(src.opType(), src.domain(),
                      src.name().empty() ? src.name() : ctx.uniqueName(g, src.name()), src.outputs().size());
        const NodeId cid = copy.id();
        result.copies.emplace(id, cid);
        result.added.push_back(cid);
        g.setDocString(cid, src.docString());
        for (size_t o = 0; o < src.outputs().size(); ++o) {
            const NodeOutput& out = src.output(o);
            g.setOutputName(cid, o, freshValueName(out.name));
            g.setOutputDesc(cid, o, out.desc);
            if (!out.docString.empty()) g.setOutputDocString(cid, o, out.docString);
        }
        for (const Attribute& a : src.attributes()) {
            if (a.graphs().empty()) {
                g.setAttribute(cid, a);
                continue;
            }
            Attribute clone = deepCopy(a);  // parentless: re-aiming its reads records no uses
            for (Graph* sub : clone.graphs()) remapNested(*sub, 1, result.copies);
            g.setAttribute(cid, std::move(clone));  // adopts the bodies and links their outer reads
        }
        for (const ValueRef& r : src.inputs()) g.addInput(cid, remap(r, 0, result.copies));
        if (!src.inputDescs().empty()) g.setInputDescs(cid, src.inputDescs());
    }
    for (NodeId id : order)
        for (NodeId from : body.node(id).controlInputs())
            if (result.copies.count(from) && result.copies.count(id))
                g.addControlEdge(result.copies.at(from), result.copies.at(id));
    for (const ValueRef& r : body.node(body.netOutput()).inputs())
        result.outputs.push_back(remap(r, 0, result.copies));
    return result;
}

void transferControlEdges(Graph& g, NodeId owner, const std::vector<NodeId>& copies) {
    const std::vector<NodeId> in = g.node(owner).controlInputs();
    const std::vector<NodeId> out = g.node(owner).controlOutputs();
    if (in.empty() && out.empty()) return;
    const std::unordered_set<NodeId> inlined(copies.begin(), copies.end());
    std::vector<NodeId> sources, sinks;
    for (NodeId id : copies) {
        const Node& n = g.node(id);
        bool fed = false, feeds = false;
        for (const ValueRef& r : n.inputs()) fed |= r.valid() && r.depth == 0 && inlined.count(r.node);
        for (NodeId c : n.controlInputs()) fed |= inlined.count(c) > 0;
        for (const NodeOutput& o : n.outputs())
            for (const Use& u : o.uses) feeds |= inlined.count(u.node) > 0;
        for (NodeId c : n.controlOutputs()) feeds |= inlined.count(c) > 0;
        if (!fed) sources.push_back(id);
        if (!feeds) sinks.push_back(id);
    }
    for (NodeId from : in)
        for (NodeId to : copies.empty() ? out : sources)
            if (to != from) g.addControlEdge(from, to);
    for (NodeId to : out)
        for (NodeId from : sinks)
            if (to != from) g.addControlEdge(from, to);
}

}  // namespace passscope::folding
