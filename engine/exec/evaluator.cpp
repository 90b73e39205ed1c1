#include "exec/evaluator.h"

#include <unordered_map>

#include "exec/logical_layout.h"
#include "ir/op_types.h"
#include "kernels/output_size.h"

namespace passscope {
namespace {

uint64_t key(NodeId node, uint32_t output) {
    return (static_cast<uint64_t>(node) << 32) | output;
}

}  // namespace

EvalResult Evaluator::run(const std::map<std::string, Tensor>& inputs) const {
    EvalResult result;
    const Graph& g = *model_.graph;
    auto fail = [&](const Node& n, std::string reason) {
        result.failure = EvalFailure{n.id(), n.displayName(), n.opType(), std::move(reason)};
        result.outputs.clear();
        return result;
    };
    auto order = g.topologicalOrder();
    if (!order) {
        result.failure = EvalFailure{kNoNode, "", "", "the graph has a cycle"};
        return result;
    }
    std::unordered_map<uint64_t, Tensor> values;
    for (NodeId id : *order) {
        const Node& n = g.node(id);
        if (op::isStructural(n.opType(), n.domain())) {
            if (n.opType() == op::kData) {
                auto it = inputs.find(n.output(0).name);
                // A value fed by the caller is the logical input, whatever storage format the
                // input was given (docs/ge-formats.md §2); a default is stored like a constant.
                if (it != inputs.end()) {
                    values[key(id, 0)] = it->second;
                } else if (const Tensor* d = n.attrTensor(op::attr::kValue)) {
                    auto logical = exec::logicalConstant(g, n, *d);
                    if (auto* why = std::get_if<std::string>(&logical)) return fail(n, *why);
                    values[key(id, 0)] = std::get<Tensor>(std::move(logical));
                } else {
                    return fail(n, "no value given for graph input '" + n.output(0).name + "'");
                }
            } else if (n.opType() == op::kConst || n.opType() == op::kFileConstant) {
                const Tensor* t = n.attrTensor(op::attr::kValue);
                if (!t) return fail(n, "sparse initializers are not evaluated");
                auto logical = exec::logicalConstant(g, n, *t);
                if (auto* why = std::get_if<std::string>(&logical)) return fail(n, *why);
                values[key(id, 0)] = std::get<Tensor>(std::move(logical));
            } else if (n.opType() == op::kNetOutput) {
                for (const ValueRef& r : n.inputs()) {
                    auto it = values.find(key(r.node, r.output));
                    if (!r.valid() || it == values.end()) return fail(n, "a graph output has no value");
                    result.outputNames.push_back(g.value(r)->name);
                    result.outputs.push_back(it->second);
                }
            }
            continue;
        }
        if (n.opType() == op::kTransData && n.domain() == op::kGeDomain) {
            const ValueRef r = n.inputs().empty() ? ValueRef{} : n.input(0);
            auto it = values.find(key(r.node, r.output));
            if (!r.valid() || it == values.end()) return fail(n, "an input has no value");
            auto logical = exec::logicalTransData(g, n, it->second);
            if (auto* why = std::get_if<std::string>(&logical)) return fail(n, *why);
            values[key(id, 0)] = std::get<Tensor>(std::move(logical));
            continue;
        }
        if (!n.subgraphs().empty())
            return fail(n, "owns a subgraph (" + n.opType() + "); control flow is not evaluated");
        if (kernels::isNonDeterministic(n.domain(), n.opType())) return fail(n, "non-deterministic op");
        const int64_t opset = model_.opsetVersion(n.domain());
        kernels::KernelFn fn = registry_.find(n.domain(), n.opType(), opset);
        if (!fn) return fail(n, "no kernel for " + n.opType() + " (opset " + std::to_string(opset) + ")");
        std::vector<std::optional<Tensor>> args;
        for (const ValueRef& r : n.inputs()) {
            if (!r.valid()) {
                args.emplace_back();
                continue;
            }
            auto it = values.find(key(r.node, r.output));
            if (it == values.end()) return fail(n, "an input has no value");
            args.emplace_back(it->second);
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
                return fail(n, ex.what());
            }
            if (e.known && !(e.bytes <= static_cast<double>(maxValueBytes_)))
                return fail(n, "its outputs would take about " + kernels::bytesText(e.bytes) +
                                   ", over the limit of " + std::to_string(maxValueBytes_) +
                                   " bytes per node");
        }
        kernels::KernelResult r = kernels::runKernel(fn, ctx);
        if (r.status != kernels::KernelStatus::Ok) return fail(n, r.reason);
        for (size_t i = 0; i < n.outputs().size() && i < r.outputs.size(); ++i)
            values[key(id, static_cast<uint32_t>(i))] = std::move(r.outputs[i]);
    }
    return result;
}

}  // namespace passscope
