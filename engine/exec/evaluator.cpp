#include "exec/evaluator.h"

#include <algorithm>
#include <unordered_map>

#include "exec/control_flow.h"
#include "exec/logical_layout.h"
#include "ir/op_types.h"
#include "kernels/output_size.h"

namespace passscope {
namespace {

uint64_t key(NodeId node, uint32_t output) {
    return (static_cast<uint64_t>(node) << 32) | output;
}

}  // namespace

std::variant<std::vector<Tensor>, std::string> Evaluator::evaluateNode(
    const Graph& g, const Node& n, const ValueLookup& valueOf, const std::map<std::string, Tensor>& inputs,
    BodyValues* bodies) const {
    using Outcome = std::variant<std::vector<Tensor>, std::string>;
    // A constant's stored bytes as the logical tensor (exec/logical_layout.h), or why not.
    auto logical = [&](const Tensor& stored) -> Outcome {
        auto value = exec::logicalConstant(g, n, stored);
        if (auto* why = std::get_if<std::string>(&value)) return *why;
        return std::vector<Tensor>{std::get<Tensor>(std::move(value))};
    };
    if (op::isStructural(n.opType(), n.domain())) {
        if (n.opType() == op::kData) {
            // A value fed by the caller is the logical input, whatever storage format the input
            // was given (docs/ge-formats.md §2); a default is stored like a constant.
            auto it = inputs.find(n.output(0).name);
            if (it != inputs.end()) return std::vector<Tensor>{it->second};
            if (const Tensor* d = n.attrTensor(op::attr::kValue)) return logical(*d);
            return "no value given for graph input '" + n.output(0).name + "'";
        }
        if (n.opType() == op::kConst || n.opType() == op::kFileConstant) {
            const Tensor* t = n.attrTensor(op::attr::kValue);
            if (!t) return std::string("sparse initializers are not evaluated");
            return logical(*t);
        }
        return std::vector<Tensor>{};
    }
    if (op::isTransData(n.opType(), n.domain())) {
        const Tensor* in = n.inputs().empty() || !n.input(0).valid() ? nullptr : valueOf(n.input(0));
        if (!in) return std::string("an input has no value");
        auto value = exec::logicalTransData(g, n, *in);
        if (auto* why = std::get_if<std::string>(&value)) return *why;
        return std::vector<Tensor>{std::get<Tensor>(std::move(value))};
    }
    if (exec::isEvaluatedControlFlow(n)) return evaluateControlFlow(g, n, valueOf, bodies);
    if (!n.subgraphs().empty()) return "owns a subgraph (" + n.opType() + "), which is not evaluated";
    if (kernels::isNonDeterministic(n.domain(), n.opType())) return std::string("non-deterministic op");
    const int64_t opset = model_.opsetVersion(n.domain());
    kernels::KernelFn fn = registry_.find(n.domain(), n.opType(), opset);
    if (!fn) return "no kernel for " + n.opType() + " (opset " + std::to_string(opset) + ")";
    std::vector<std::optional<Tensor>> args;
    for (const ValueRef& r : n.inputs()) {
        if (!r.valid()) {
            args.emplace_back();
            continue;
        }
        const Tensor* v = valueOf(r);
        if (!v) return std::string("an input has no value");
        args.emplace_back(*v);
    }
    kernels::KernelContext ctx(n, opset, std::move(args));
    if (maxValueBytes_ != 0) {
        // Declared shapes may not be those of the inputs fed (pinned, symbolic dims set to 1),
        // so only the inputs count. An unknown estimate runs: every input is a real tensor,
        // and ops without a formula (Conv, pooling) stay within a small factor of them.
        kernels::OutputEstimate e;
        try {
            e = kernels::estimateOutputBytes(ctx, false);
        } catch (const std::exception& ex) {
            return std::string(ex.what());
        }
        if (e.known && !(e.bytes <= static_cast<double>(maxValueBytes_)))
            return "its outputs would take about " + kernels::bytesText(e.bytes) + ", over the limit of " +
                   std::to_string(maxValueBytes_) + " bytes per node";
    }
    kernels::KernelResult r = kernels::runKernel(fn, ctx);
    if (r.status != kernels::KernelStatus::Ok) return r.reason;
    r.outputs.resize(std::min(r.outputs.size(), n.outputs().size()));
    return std::move(r.outputs);
}

std::variant<std::vector<Tensor>, std::string> Evaluator::evaluateControlFlow(const Graph& g, const Node& n,
                                                                              const ValueLookup& valueOf,
                                                                              BodyValues* bodies) const {
    std::vector<std::optional<Tensor>> args;
    for (const ValueRef& r : n.inputs()) {
        if (!r.valid()) {
            args.emplace_back();
            continue;
        }
        const Tensor* v = valueOf(r);
        if (!v) return std::string("an input has no value");
        args.emplace_back(*v);
    }
    // A body's reads of the scope around `n` (depth 1 inside the body) are depth-0 refs of `g`.
    const exec::BodyRunner run = [&](const Graph& body, const std::vector<Tensor>& inputs) {
        return runBody(body, inputs, valueOf, bodies);
    };
    exec::ControlFlowLimits limits;
    limits.maxBytes = maxValueBytes_;
    limits.cancel = cancel_;
    return exec::evaluateControlFlow(n, model_.opsetVersion(n.domain()), args, run, limits);
}

std::variant<std::vector<Tensor>, std::string> Evaluator::runBody(const Graph& body,
                                                                  const std::vector<Tensor>& args,
                                                                  const ValueLookup& outer,
                                                                  BodyValues* bodies) const {
    auto order = body.topologicalOrder();
    if (!order) return "its body '" + body.name + "' has a cycle";
    NodeValues local;
    const ValueLookup lookup = [&](const ValueRef& r) -> const Tensor* {
        if (r.depth > 0) return outer(ValueRef{r.node, r.output, r.depth - 1});
        auto it = local.find(r.node);
        return it == local.end() || r.output >= it->second.size() ? nullptr : &it->second[r.output];
    };
    std::vector<Tensor> outputs;
    for (NodeId id : *order) {
        const Node& n = body.node(id);
        if (n.opType() == op::kData && op::isStructural(n.opType(), n.domain())) {
            const auto at = std::find(body.inputs().begin(), body.inputs().end(), id);
            const size_t index = static_cast<size_t>(at - body.inputs().begin());
            if (index < args.size()) {
                local[id] = {args[index]};
                continue;
            }
        }
        if (n.opType() == op::kNetOutput && op::isStructural(n.opType(), n.domain())) {
            for (const ValueRef& r : n.inputs()) {
                const Tensor* v = r.valid() ? lookup(r) : nullptr;
                if (!v) return "a graph output of its body '" + body.name + "' has no value";
                outputs.push_back(*v);
            }
            continue;
        }
        auto outcome = evaluateNode(body, n, lookup, {}, bodies);
        if (auto* why = std::get_if<std::string>(&outcome)) {
            if (*why == exec::kCancelledReason) return outcome;
            return "in its body '" + body.name + "', node '" + n.displayName() + "' (" + n.opType() +
                   "): " + *why;
        }
        local[id] = std::get<std::vector<Tensor>>(std::move(outcome));
    }
    if (bodies) (*bodies)[pathOf(body)] = std::move(local);
    return outputs;
}

EvalResult Evaluator::run(const std::map<std::string, Tensor>& inputs, BodyValues* bodies) const {
    EvalResult result;
    const Graph& g = *model_.graph;
    auto order = g.topologicalOrder();
    if (!order) {
        result.failure = EvalFailure{kNoNode, "", "", "the graph has a cycle"};
        return result;
    }
    std::unordered_map<uint64_t, Tensor> values;
    const ValueLookup valueOf = [&](const ValueRef& r) -> const Tensor* {
        auto it = values.find(key(r.node, r.output));
        return it == values.end() ? nullptr : &it->second;
    };
    for (NodeId id : *order) {
        const Node& n = g.node(id);
        auto outcome = evaluateNode(g, n, valueOf, inputs, bodies);
        if (auto* why = std::get_if<std::string>(&outcome)) {
            result.failure = EvalFailure{n.id(), n.displayName(), n.opType(), std::move(*why)};
            return result;
        }
        auto& outs = std::get<std::vector<Tensor>>(outcome);
        for (size_t i = 0; i < outs.size(); ++i)
            values[key(id, static_cast<uint32_t>(i))] = std::move(outs[i]);
        if (n.opType() != op::kNetOutput || !op::isStructural(n.opType(), n.domain())) continue;
        for (const ValueRef& r : n.inputs()) {
            const Tensor* v = r.valid() ? valueOf(r) : nullptr;
            if (!v) {
                result.failure =
                    EvalFailure{n.id(), n.displayName(), n.opType(), "a graph output has no value"};
                result.outputNames.clear();
                result.outputs.clear();
                return result;
            }
            result.outputNames.push_back(g.value(r)->name);
            result.outputs.push_back(*v);
        }
    }
    return result;
}

}  // namespace passscope
