#include "passes/constant_folding/cond_remove_pass.h"

#include <set>
#include <unordered_set>

#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "ir/value_text.h"
#include "passes/constant_folding/body_inlining.h"
#include "passes/constant_folding/control_flow.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// The branch an If takes for the constant condition `t`, or why the condition cannot be read.
// ONNX If (all opsets): a bool tensor holding exactly one element; its value decides. GE's
// CheckIfCondConstInput reads a non-scalar condition by TF's rule instead (true when it has
// elements, whatever they are), which would take the wrong branch for an ONNX [1] tensor
// holding false (docs/ge-constant-folding.md §15.1).
std::optional<bool> conditionValue(const Tensor& t, std::string& why) {
    if (t.dtype() != DataType::Bool) {
        why = "the condition is " + std::string(dataTypeName(t.dtype())) + "; ONNX If takes a bool";
        return std::nullopt;
    }
    if (t.elementCount() != 1) {
        why = "the condition holds " + std::to_string(t.elementCount()) +
              " elements; ONNX If needs exactly one";
        return std::nullopt;
    }
    if (!t.rawData()) {
        why = "the condition's bytes are not loaded";
        return std::nullopt;
    }
    return t.rawData()[0] != 0;
}

}  // namespace

NodePass::NodeResult CondRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "If")) return {};
    if (op::doNotFold(n)) {
        ctx.notFolded(n, NotFoldedReason::UserFlag, "_do_not_constant_folding is set");
        return {};
    }
    if (n.inputs().empty() || !n.input(0).valid()) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, "the If has no condition input");
        return {};
    }
    const ValueRef condRef = n.input(0);
    const Tensor* cond = folding::constantValue(g, condRef);
    if (!cond) {
        ctx.notFolded(
            n, NotFoldedReason::RuntimeInput,
            "the condition " + controlflow::describeRuntimeValue(g, condRef) + "; both branches stay");
        return {};
    }
    std::string why;
    const std::optional<bool> taken = conditionValue(*cond, why);
    if (!taken) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, why);
        return {};
    }
    const char* branchName = *taken ? "then_branch" : "else_branch";
    const Attribute* attr = n.findAttr(branchName);
    const Graph* branch = attr && attr->graphs().size() == 1 ? attr->graphs().front() : nullptr;
    if (!branch) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, std::string("the If has no ") + branchName);
        return {};
    }
    if (auto bad = folding::whyNotInlinable(*branch)) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, std::string(branchName) + ": " + *bad);
        return {};
    }
    const Node& branchOut = branch->node(branch->netOutput());
    if (branchOut.inputs().size() != n.outputs().size()) {
        ctx.notFolded(n, NotFoldedReason::ContradictsInference,
                      std::string(branchName) + " has " + std::to_string(branchOut.inputs().size()) +
                          " outputs, the If " + std::to_string(n.outputs().size()));
        return {};
    }
    // What each branch output is, as the branch describes it (the producer's description, else
    // the branch's declared output type), checked against the If's output.
    std::vector<TensorDesc> branchDescs;
    for (size_t i = 0; i < n.outputs().size(); ++i) {
        const NodeOutput* v = branch->value(branchOut.input(i));
        TensorDesc d = v ? v->desc : TensorDesc{};
        const TensorDesc declared =
            i < branchOut.inputDescs().size() ? branchOut.inputDescs()[i] : TensorDesc{};
        for (const TensorDesc* other : {&declared, &n.output(i).desc}) {
            if (auto clash = descIncompatibility(d, *other)) {
                ctx.notFolded(n, NotFoldedReason::ContradictsInference,
                              std::string(branchName) + " output " + std::to_string(i) + ": " + *clash);
                return {};
            }
            if (!d.hasType()) d = *other;
        }
        branchDescs.push_back(std::move(d));
    }

    folding::InlinedBody in = folding::inlineBody(g, id, *branch, ctx);
    const std::unordered_set<NodeId> copies(in.added.begin(), in.added.end());
    auto isCopy = [&](const ValueRef& r) { return r.valid() && r.depth == 0 && copies.count(r.node) > 0; };
    folding::transferControlEdges(g, id, in.added);
    std::vector<NodeId> repass = in.added;
    std::set<std::pair<NodeId, uint32_t>> named;  // copy outputs that took an If output's name
    for (size_t i = 0; i < in.outputs.size(); ++i) {
        const ValueRef to = in.outputs[i];
        const ValueRef from{id, static_cast<uint32_t>(i), 0};
        if (isCopy(to)) {
            const NodeOutput& v = g.node(to.node).output(to.output);
            if (!v.desc.hasType() && branchDescs[i].hasType())
                g.setOutputDesc(to.node, to.output, branchDescs[i]);
            // The If's value name moves to the branch's value: names downstream (and a graph
            // output's producer name) read as before, and no Identity is needed on export.
            const std::string name = g.node(id).output(i).name;
            if (!name.empty() && named.emplace(to.node, to.output).second) {
                g.setOutputName(id, i, "");
                g.setOutputName(to.node, to.output, name);
            }
        }
        for (const Use& u : g.node(id).output(i).uses) repass.push_back(u.node);
        g.replaceAllUses(from, to);
    }
    ctx.clearNotFolded(id);
    g.removeNode(id);
    if (condRef.depth == 0) folding::deleteIfOrphanConstant(g, condRef.node, ctx);
    ctx.count(kIfRemoved);
    ctx.count(kInlinedNodes, in.added.size());
    ctx.count(stat::kRemovedOps);
    return {true, repass};
}

}  // namespace passscope
