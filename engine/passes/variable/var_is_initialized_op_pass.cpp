#include "passes/variable/var_is_initialized_op_pass.h"

#include <map>
#include <memory>
#include <set>

#include "ir/buffer.h"
#include "ir/op_types.h"
#include "passes/variable/var_nodes.h"
#include "vars/var_manager.h"

namespace passscope {
namespace {

bool isInitializedCheck(const Node& n) {
    return n.domain() == op::kGeDomain &&
           (n.opType() == op::kVarIsInitializedOp || n.opType() == op::kIsVariableInitialized);
}

// GE's CheckAndSetVarInited: only Assign initializes (AssignAdd/AssignSub read the old value).
const Node* assignedVariable(const Graph& g, const Node& n) {
    if (n.domain() != op::kGeDomain || n.opType() != op::kAssign || n.inputs().empty()) return nullptr;
    return variable::variableOf(g, n.input(0));
}

// The variables an Assign writes on some path into each node (data or control), GE's
// nodes_to_inited_vars_, in topological order.
std::map<NodeId, std::set<std::string>> initializedBefore(const Graph& g, const std::vector<NodeId>& order) {
    std::map<NodeId, std::set<std::string>> inited;
    for (NodeId id : order) {
        const Node& n = g.node(id);
        std::set<std::string> here;
        if (const Node* v = assignedVariable(g, n)) here.insert(v->name());
        auto merge = [&](NodeId from) {
            auto it = inited.find(from);
            if (it != inited.end()) here.insert(it->second.begin(), it->second.end());
        };
        for (const ValueRef& r : n.inputs())
            if (r.valid() && r.depth == 0) merge(r.node);
        for (NodeId c : n.controlInputs()) merge(c);
        if (!here.empty()) inited[id] = std::move(here);
    }
    return inited;
}

Tensor boolScalar(bool value) {
    return Tensor(DataType::Bool, {}, std::make_shared<StringBuffer>(std::string(1, value ? '\1' : '\0')));
}

}  // namespace

bool VarIsInitializedOpPass::run(Graph& g, PassContext& ctx) {
    const std::vector<NodeId> order = topologicalOrderOrThrow(g, name());
    std::vector<NodeId> checks;
    for (NodeId id : order)
        if (isInitializedCheck(g.node(id))) checks.push_back(id);
    if (checks.empty()) return false;
    const auto inited = initializedBefore(g, order);

    bool changed = false;
    for (NodeId id : checks) {
        const Node& n = g.node(id);
        const Node* var = n.inputs().size() == 1 ? variable::variableOf(g, n.input(0)) : nullptr;
        if (!var || n.outputs().size() != 1) {
            ctx.warn(n.opType() + " '" + n.displayName() +
                     "' is left as it is: it must read exactly one variable (a Variable node) at input 0");
            continue;
        }
        const auto it = inited.find(id);
        const bool value = (ctx.varManager() && ctx.varManager()->isVarExist(var->name())) ||
                           (it != inited.end() && it->second.count(var->name()));
        const NodeId varId = var->id();
        const std::string nodeName = n.name();
        const std::string valueName = n.output(0).name;
        TensorDesc desc = n.output(0).desc;
        if (!desc.hasType()) desc = TensorDesc::tensor(DataType::Bool, Shape(std::vector<Dim>{}));
        const std::vector<NodeId> controlIn = n.controlInputs();
        const std::vector<NodeId> controlOut = n.controlOutputs();

        Tensor t = boolScalar(value);
        t.setName(valueName);
        const NodeId c = g.addNode(std::string(op::kConst), "", nodeName, 1).id();
        g.setAttribute(c, Attribute::makeTensor(std::string(op::attr::kValue), std::move(t)));
        g.setOutputDesc(c, 0, std::move(desc));
        g.addControlEdge(varId, c);  // the read becomes an ordering (GE's ProcessInAnchor)
        for (NodeId from : controlIn) g.addControlEdge(from, c);
        for (NodeId to : controlOut) g.addControlEdge(c, to);
        g.replaceAllUses(ValueRef{id, 0, 0}, ValueRef{c, 0, 0});
        g.setOutputName(id, 0, "");
        g.removeNode(id);
        g.setOutputName(c, 0, valueName);
        ctx.count(kReplaced);
        changed = true;
    }
    return changed;
}

}  // namespace passscope
