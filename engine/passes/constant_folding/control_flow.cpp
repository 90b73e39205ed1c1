#include "passes/constant_folding/control_flow.h"

#include "ir/node_attributes.h"
#include "ir/op_types.h"

namespace passscope::controlflow {
std::string describeRuntimeValue(const Graph& g, const ValueRef& ref) {
    const NodeOutput* v = g.value(ref);
    const Node* p = g.producer(ref);
    std::string text = "'" + (v ? v->name : std::string()) + "'";
    if (!p) return text + " has no producer";
    if (op::isData(p->opType(), p->domain()))
        return text + (op::isOverridableInitializer(*p) ? " is an initializer that callers may override"
                                                        : " is a graph input");
    return text + " is computed at run time by '" + p->displayName() + "' (" + p->opType() + ")";
}

}  // namespace passscope::controlflow
