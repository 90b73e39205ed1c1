#include "graph_equality.h"

namespace passscope::test {

std::string compareGraphs(const Graph& a, const Graph& b) {
    if (a.nodeCount() != b.nodeCount())
        return "node count " + std::to_string(a.nodeCount()) + " vs " + std::to_string(b.nodeCount());
    if (a.inputs() != b.inputs()) return "graph inputs differ";
    for (const Node* na : a.nodes()) {
        const Node* nb = b.findNode(na->id());
        const std::string at = "node " + std::to_string(na->id()) + " '" + na->displayName() + "'";
        if (!nb) return at + " missing";
        if (na->opType() != nb->opType() || na->name() != nb->name() || na->domain() != nb->domain())
            return at + ": identity differs";
        if (na->inputs() != nb->inputs()) return at + ": inputs differ";
        if (na->inputDescs() != nb->inputDescs()) return at + ": input descs differ";
        if (na->outputs().size() != nb->outputs().size()) return at + ": output count differs";
        for (size_t i = 0; i < na->outputs().size(); ++i) {
            const NodeOutput& oa = na->output(i);
            const NodeOutput& ob = nb->output(i);
            if (oa.name != ob.name) return at + ": output name '" + oa.name + "' vs '" + ob.name + "'";
            if (!(oa.desc == ob.desc)) return at + ": output desc differs";
            if (oa.uses.size() != ob.uses.size()) return at + ": use count differs";
        }
        if (na->controlInputs() != nb->controlInputs() || na->controlOutputs() != nb->controlOutputs())
            return at + ": control edges differ";
        if (na->attributes().size() != nb->attributes().size()) return at + ": attribute count differs";
        for (size_t i = 0; i < na->attributes().size(); ++i) {
            const Attribute& x = na->attributes()[i];
            const Attribute* y = nb->findAttr(x.name);
            if (!y || y->kind != x.kind) return at + ": attribute '" + x.name + "' differs";
            if (const Tensor* t = std::get_if<Tensor>(&x.value)) {
                const Tensor* u = std::get_if<Tensor>(&y->value);
                if (!u || !t->sameValue(*u)) return at + ": tensor attribute '" + x.name + "' differs";
            }
            // Bodies are graphs like the main one: compared the same way, recursively.
            const std::vector<Graph*> xs = x.graphs(), ys = y->graphs();
            if (xs.size() != ys.size())
                return at + ": attribute '" + x.name + "' holds another number of graphs";
            for (size_t k = 0; k < xs.size(); ++k) {
                if (!xs[k] || !ys[k]) {
                    if (xs[k] != ys[k]) return at + ": attribute '" + x.name + "' lacks a graph";
                    continue;
                }
                std::string inner = compareGraphs(*xs[k], *ys[k]);
                if (!inner.empty()) return at + " body '" + x.name + "[" + std::to_string(k) + "]': " + inner;
            }
        }
    }
    return {};
}

}  // namespace passscope::test
