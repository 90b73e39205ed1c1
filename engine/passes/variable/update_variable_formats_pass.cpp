#include "passes/variable/update_variable_formats_pass.h"

#include <map>
#include <string>
#include <vector>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"
#include "passes/format/trans_data_insertion_pass.h"
#include "passes/variable/var_nodes.h"
#include "vars/var_manager.h"

namespace passscope {
namespace {

constexpr std::string_view kInsertedByGe = "_inserted_by_ge";

// One conversion from `in` to `out` of the road's kind, without its data input (linked by the
// caller). TransData and ReFormat are GE ops; Cast is ONNX's; a Reshape/Squeeze/Unsqueeze step is
// recovered as an ONNX Reshape to the target's dims (the data does not move, only the dims do).
NodeId makeTransNode(Graph& g, PassContext& ctx, const std::string& type, const TensorDesc& in,
                     const TensorDesc& out, const std::string& name) {
    const bool ge = type == op::kTransData || type == op::kReFormat;
    const bool reshape = type == "Reshape" || type == "Squeeze" || type == "Unsqueeze";
    const std::string opType = reshape ? std::string("Reshape") : type;
    const NodeId id =
        g.addNode(opType, ge ? std::string(op::kGeDomain) : std::string(), ctx.uniqueName(g, name), 1).id();
    if (type == op::kTransData) {
        g.setAttribute(id, Attribute::makeString(std::string(op::attr::kSrcFormat),
                                                 std::string(formatName(in.storageFormat))));
        g.setAttribute(id, Attribute::makeString(std::string(op::attr::kDstFormat),
                                                 std::string(formatName(out.storageFormat))));
        setTransDataGroups(g, id, in, out);
    } else if (type == "Cast") {
        g.setAttribute(id, Attribute::makeInt("to", static_cast<int64_t>(out.dtype)));
    }
    g.setAttribute(id, Attribute::makeInt(std::string(kInsertedByGe), 1));
    g.setOutputName(id, 0, ctx.uniqueValueName(g, g.node(id).name()));
    g.setOutputDesc(id, 0, out);
    g.setInputDescs(id, {in});
    if (reshape) {
        std::vector<int64_t> dims;
        for (const Dim& d : out.originShape.dims()) dims.push_back(d.isKnown() ? d.value : -1);
        g.addInput(id, ValueRef{});  // slot 0, linked by the caller
        g.addInput(id, folding::addInt64Const(g, ctx, g.node(id).name() + "/shape", dims));
    }
    ctx.count(UpdateVariableFormatsPass::kTransNodesRecovered);
    return id;
}

void linkData(Graph& g, NodeId node, ValueRef from) {
    if (g.node(node).inputs().empty())
        g.addInput(node, from);
    else
        g.setInput(node, 0, from);
}

// RecoverTransRoadForVar: variable -> road reversed -> the variable's former readers.
void recoverForVariable(Graph& g, PassContext& ctx, NodeId var, const VarTransRoad& road) {
    const ValueRef varOut{var, 0, 0};
    const std::string base = g.node(var).name() + "_trans_";
    std::vector<NodeId> chain;  // in data order: the first reads the variable
    for (size_t k = road.size(); k-- > 0;)
        chain.push_back(makeTransNode(g, ctx, road[k].nodeType, road[k].output, road[k].input,
                                      base + std::to_string(road.size() - 1 - k)));
    g.replaceAllUses(varOut, ValueRef{chain.back(), 0, 0});
    linkData(g, chain.front(), varOut);
    for (size_t i = 1; i < chain.size(); ++i) linkData(g, chain[i], ValueRef{chain[i - 1], 0, 0});
    g.setOutputDesc(var, 0, road.back().output);
}

// RecoverTransRoadForVarRef: writer -> road forward -> VarRef, described as the stored variable.
void recoverForVarRef(Graph& g, PassContext& ctx, NodeId ref, const VarTransRoad& road) {
    const Node& r = g.node(ref);
    if (r.inputs().empty() || !r.input(0).valid()) return;
    ValueRef from = r.input(0);
    const std::string base = r.name() + "_trans_";
    for (size_t k = 0; k < road.size(); ++k) {
        const NodeId t =
            makeTransNode(g, ctx, road[k].nodeType, road[k].input, road[k].output, base + std::to_string(k));
        linkData(g, t, from);
        from = ValueRef{t, 0, 0};
    }
    g.setInput(ref, 0, from);
    g.setOutputDesc(ref, 0, road.back().output);
    g.setInputDescs(ref, {road.back().output});
}

}  // namespace

bool UpdateVariableFormatsPass::run(Graph& graph, PassContext& ctx) {
    if (!ctx.varManager()) return false;
    // GE's CollectVarNamesToRefs, once: the graph edits below add no VarRef.
    std::map<std::string, std::vector<NodeId>> refsOf;
    std::vector<NodeId> variables;
    for (const Node* n : graph.nodes()) {
        if (op::isVarRef(*n))
            refsOf[op::refSource(*n)].push_back(n->id());
        else if (op::isVariable(*n) && !n->outputs().empty())
            variables.push_back(n->id());
    }
    bool changed = false;
    for (NodeId var : variables) {
        const std::string name = graph.node(var).name();
        const VarTransRoad* road = ctx.varManager()->transRoad(name);
        if (!road || road->empty()) continue;
        const VarTransRoad recovered = *road;
        if (!graph.node(var).output(0).desc.sameStorage(recovered.back().output)) {
            recoverForVariable(graph, ctx, var, recovered);
            ctx.count(kVariablesUpdated);
            changed = true;
        }
        for (NodeId ref : refsOf[name])
            if (!graph.node(ref).output(0).desc.sameStorage(recovered.back().output)) {
                recoverForVarRef(graph, ctx, ref, recovered);
                changed = true;
            }
    }
    return changed;
}

}  // namespace passscope
