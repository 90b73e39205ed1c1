#include "passes/cleanup/pass_through.h"

#include <algorithm>

#include "ir/op_types.h"

namespace passscope::passthrough {
namespace {

// The NetOutput inputs that read `ref`.
std::vector<size_t> outputSlots(const Graph& g, const ValueRef& ref) {
    std::vector<size_t> slots;
    const Node* out = g.findNode(g.netOutput());
    if (!out) return slots;
    for (size_t i = 0; i < out->inputs().size(); ++i)
        if (out->input(i) == ref) slots.push_back(i);
    return slots;
}

bool isGraphInput(const Graph& g, NodeId id) {
    const Node& n = g.node(id);
    return (op::isData(n.opType(), n.domain())) ||
           std::find(g.inputs().begin(), g.inputs().end(), id) != g.inputs().end();
}

}  // namespace

std::string refusal(const Graph& g, NodeId id, const PassContext& ctx, size_t input) {
    const Node& n = g.node(id);
    if (n.outputs().empty()) return "it has no output";
    // A second output nothing reads (Dropout's mask) goes with the node.
    for (size_t i = 1; i < n.outputs().size(); ++i)
        if (!n.output(i).uses.empty()) return "its output '" + n.output(i).name + "' is read";
    if (input >= n.inputs().size() || !n.input(input).valid()) return "the input it passes on is omitted";
    const ValueRef src = n.input(input);
    // An outer-scope read is the body's own name for that value (GE keeps an Identity after a
    // subgraph's Data node, identity_pass.cc CheckIdentityUsable).
    if (src.depth != 0) return "it reads an outer-scope value";
    const ValueRef self{id, 0, 0};
    const std::vector<size_t> slots = outputSlots(g, self);
    if (slots.empty()) return {};
    const std::vector<std::string> names = g.outputNames();
    const std::string& valueName = n.output(0).name;
    // GE keeps what feeds a subgraph's NetOutput (identity_pass.cc, reshape_remove_pass.cc
    // IsOutputOfSubGraph). An ONNX body output is a name like a graph output's (the checks below
    // keep body inputs and outer values out), so for ONNX it goes.
    if (g.parent() && ctx.options().target == Target::Ge)
        return "it gives the body output '" + names[slots.front()] + "'";
    for (size_t i : slots)
        if (i >= names.size() || names[i] != valueName)
            return "the graph output it gives is named '" + (i < names.size() ? names[i] : std::string()) +
                   "', not after its value";
    if (isGraphInput(g, src.node))
        return "its input '" + g.value(src)->name + "' is a graph input, and the graph output '" + valueName +
               "' keeps its own name";
    if (!outputSlots(g, src).empty())
        return "its input '" + g.value(src)->name + "' is a graph output already, and the graph output '" +
               valueName + "' keeps its own name";
    return {};
}

std::vector<NodeId> takeOut(Graph& g, NodeId id, PassContext&, size_t input) {
    const Node& n = g.node(id);
    const ValueRef src = n.input(input);
    const ValueRef self{id, 0, 0};
    const bool givesOutput = !outputSlots(g, self).empty();
    const std::string valueName = n.output(0).name;
    if (givesOutput) {
        // The declared names are pinned first, so the output's name never follows a producer.
        const Node& out = g.node(g.netOutput());
        if (!out.hasAttr(op::attr::kOutputNames))
            g.setAttribute(
                out.id(),
                Attribute{std::string(op::attr::kOutputNames), AttrKind::Strings, g.outputNames(), {}, {}});
    }
    const Node& node = g.node(id);
    std::vector<NodeId> readers = consumersOf(g, id);
    const std::vector<NodeId> preds = node.controlInputs();
    const std::vector<NodeId> succs = node.controlOutputs();
    std::vector<NodeId> params;
    for (size_t i = 0; i < node.inputs().size(); ++i)
        if (i != input && node.input(i).valid() && node.input(i).depth == 0)
            params.push_back(node.input(i).node);

    g.replaceAllUses(self, src);
    // Whoever waited for the node (by data or control) still waits for its control predecessors.
    for (NodeId p : preds) {
        for (NodeId s : succs)
            if (p != s) g.addControlEdge(p, s);
        for (NodeId r : readers) {
            const Node& rn = g.node(r);
            if (r == p || r == g.netOutput() ||
                std::find(rn.controlInputs().begin(), rn.controlInputs().end(), p) !=
                    rn.controlInputs().end())
                continue;
            g.addControlEdge(p, r);
        }
    }
    g.removeNode(id);
    if (givesOutput) g.setOutputName(src.node, src.output, valueName);
    // GE's ReshapeRemovePass: a shape constant only this node read goes too.
    for (NodeId c : params) {
        const Node* cn = g.findNode(c);
        if (!cn || !op::holdsConstant(cn->opType(), cn->domain()) || !cn->controlOutputs().empty()) continue;
        bool used = false;
        for (const NodeOutput& o : cn->outputs()) used |= !o.uses.empty();
        if (!used && std::find(g.inputs().begin(), g.inputs().end(), c) == g.inputs().end()) g.removeNode(c);
    }
    std::erase(readers, g.netOutput());
    return readers;
}

}  // namespace passscope::passthrough
