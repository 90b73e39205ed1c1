#include "ir/graph_path.h"

#include "ir/graph.h"

namespace passscope {
namespace {

// The step that leads from `parent` to `g` through its owner node, if `g` hangs there.
bool stepTo(const Graph& g, GraphPathStep& step) {
    const Graph* parent = g.parent();
    const Node* owner = parent ? parent->findNode(g.ownerNode()) : nullptr;
    if (!owner) return false;
    for (const Attribute& a : owner->attributes()) {
        const std::vector<Graph*> bodies = a.graphs();
        for (size_t i = 0; i < bodies.size(); ++i)
            if (bodies[i] == &g) {
                step = GraphPathStep{owner->id(), a.name, static_cast<uint32_t>(i)};
                return true;
            }
    }
    return false;
}

}  // namespace

GraphPath pathOf(const Graph& g) {
    GraphPath reversed;
    for (const Graph* at = &g; at->parent(); at = at->parent()) {
        GraphPathStep step;
        if (!stepTo(*at, step)) break;  // a detached copy: its path starts here
        reversed.push_back(std::move(step));
    }
    return GraphPath(reversed.rbegin(), reversed.rend());
}

Graph* resolvePath(Graph& root, const GraphPath& path) {
    Graph* g = &root;
    for (const GraphPathStep& step : path) {
        const Node* owner = g->findNode(step.owner);
        const Attribute* a = owner ? owner->findAttr(step.attribute) : nullptr;
        if (!a) return nullptr;
        const std::vector<Graph*> bodies = a->graphs();
        if (step.index >= bodies.size() || !bodies[step.index]) return nullptr;
        g = bodies[step.index];
    }
    return g;
}

const Graph* resolvePath(const Graph& root, const GraphPath& path) {
    return resolvePath(const_cast<Graph&>(root), path);
}

std::string describePath(const Graph& root, const GraphPath& path) {
    std::string out;
    const Graph* g = &root;
    for (const GraphPathStep& step : path) {
        const Node* owner = g ? g->findNode(step.owner) : nullptr;
        if (!out.empty()) out += '/';
        out += owner ? owner->displayName() : "#" + std::to_string(step.owner);
        out += '/' + step.attribute;
        const Attribute* a = owner ? owner->findAttr(step.attribute) : nullptr;
        if (a && a->kind == AttrKind::Graphs) out += '[' + std::to_string(step.index) + ']';
        const std::vector<Graph*> bodies = a ? a->graphs() : std::vector<Graph*>{};
        g = step.index < bodies.size() ? bodies[step.index] : nullptr;
    }
    return out;
}

}  // namespace passscope
