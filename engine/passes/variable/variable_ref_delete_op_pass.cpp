#include "passes/variable/variable_ref_delete_op_pass.h"

#include <set>

#include "passes/variable/var_nodes.h"
#include "pipeline/pipeline_error.h"

namespace passscope {
namespace {

// The variables of the whole model (GE looks in the root graph), bodies included.
void collectVariables(const Graph& g, std::set<std::string>& names) {
    for (const Node* n : g.nodes()) {
        if (op::isVariable(*n)) names.insert(n->name());
        for (const Graph* sub : n->subgraphs()) collectVariables(*sub, names);
    }
}

}  // namespace

bool VariableRefDeleteOpPass::run(Graph& g, PassContext& ctx) {
    std::vector<NodeId> refs;
    for (const Node* n : g.nodes())
        if (op::isVarRef(*n)) refs.push_back(n->id());
    if (refs.empty()) return false;
    std::set<std::string> variables;
    collectVariables(g.root(), variables);
    for (NodeId id : refs) {
        const Node& ref = g.node(id);
        const std::string source = op::refSource(ref);
        if (!variables.count(source))
            throw PassFailure(name(), "VarRef '" + ref.displayName() + "' refers to variable '" + source +
                                          "', which this model does not have");
        const ValueRef in = ref.inputs().empty() ? ValueRef{} : ref.input(0);
        const Node* writer = in.valid() && in.depth == 0 ? g.findNode(in.node) : nullptr;
        if (!writer || in.output >= writer->outputs().size())
            throw PassFailure(
                name(), "VarRef '" + ref.displayName() + "' has no input: nothing writes '" + source + "'");
    }
    for (NodeId id : refs) {
        const Node& ref = g.node(id);
        const std::string source = op::refSource(ref);
        const ValueRef in = ref.input(0);
        const Node& writer = g.node(in.node);
        // GE avoids the self-reference: a variable feeding its own VarRef is not noted.
        if (writer.name() != source) {
            std::vector<std::string> entries(writer.outputs().size());
            if (const Attribute* a = writer.findAttr(op::attr::kOutputRefVarSrcVarName))
                if (const auto* s = std::get_if<std::vector<std::string>>(&a->value))
                    for (size_t i = 0; i < s->size() && i < entries.size(); ++i) entries[i] = (*s)[i];
            entries.at(in.output) = source;
            g.setAttribute(in.node, Attribute{std::string(op::attr::kOutputRefVarSrcVarName),
                                              AttrKind::Strings,
                                              std::move(entries),
                                              {},
                                              {}});
        }
        // GE's IsolateNode: whatever the VarRef ordered now follows its writer.
        const NodeId writerId = in.node;
        std::set<NodeId> followers(writer.controlOutputs().begin(), writer.controlOutputs().end());
        for (const NodeOutput& o : writer.outputs())
            for (const Use& u : o.uses) followers.insert(u.node);
        for (NodeId to : std::vector<NodeId>(ref.controlOutputs()))
            if (to != writerId && !followers.count(to)) g.addControlEdge(writerId, to);
        for (NodeId from : std::vector<NodeId>(ref.controlInputs()))
            for (NodeId to : std::vector<NodeId>(g.node(id).controlOutputs()))
                if (from != to) g.addControlEdge(from, to);
        g.removeNode(id);
        ctx.count(kVarRefsDeleted);
    }
    return true;
}

}  // namespace passscope
