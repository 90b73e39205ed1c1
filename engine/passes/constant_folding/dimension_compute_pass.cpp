#include "passes/constant_folding/dimension_compute_pass.h"

#include <cstring>

#include "ir/op_traits.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

Tensor int64Tensor(std::vector<int64_t> dims, const std::vector<int64_t>& data) {
    std::string bytes(data.size() * sizeof(int64_t), '\0');
    if (!data.empty()) std::memcpy(bytes.data(), data.data(), bytes.size());
    return Tensor(DataType::Int64, std::move(dims), std::make_shared<StringBuffer>(std::move(bytes)));
}

// The value of Shape/Size from the input's description, when the needed dims are static.
std::optional<Tensor> computeFromShape(const Node& n, const Shape& shape, int64_t opset) {
    if (!shape.rankKnown()) return std::nullopt;
    const int64_t rank = static_cast<int64_t>(shape.rank());
    if (n.opType() == "Size") {
        auto count = shape.elementCount();
        if (!count) return std::nullopt;
        return int64Tensor({}, {*count});
    }
    const auto [start, end] = folding::shapeReadRange(n, rank, opset);
    std::vector<int64_t> dims;
    for (int64_t i = start; i < end; ++i) {
        if (!shape[static_cast<size_t>(i)].isKnown()) return std::nullopt;
        dims.push_back(shape[static_cast<size_t>(i)].value);
    }
    return int64Tensor({static_cast<int64_t>(dims.size())}, dims);
}

}  // namespace

NodePass::NodeResult DimensionComputePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isShapeOp(n.opType(), n.domain())) return {};
    if (n.inputs().empty() || !folding::foldable(n, ctx)) return {};
    if (n.outputs().size() != 1) {
        // A malformed node (the checker warned at load): its other outputs have no value to take.
        ctx.notFolded(
            n, NotFoldedReason::KernelRefused,
            "it has " + std::to_string(n.outputs().size()) + " outputs; " + n.opType() + " has one");
        return {};
    }
    const NodeOutput* in = g.value(n.input(0));
    if (!in) return {};
    auto value = computeFromShape(n, in->desc.originShape, ctx.opset(n.domain()));
    if (!value) {
        ctx.notFolded(n, NotFoldedReason::RuntimeInput,
                      "the shape of its input '" + in->name + "' is not static (" +
                          in->desc.originShape.toString() + ")");
        return {};
    }
    ctx.clearNotFolded(id);
    if (!needFold_) {
        // Mark only; PotentialConstTakenEffectPass folds it when the traversal ends. Only the
        // marking pass updates its own mark.
        if (op::isPotentialConst(n) && op::potentialConstSource(n) != name()) return {};
        if (op::isPotentialConst(n)) return {};
        std::vector<Tensor> weights{*value};
        folding::markPotentialConst(g, id, std::move(weights), name());
        ctx.count(stat::kMarked);
        return {true, {}};
    }
    std::vector<Tensor> outs{std::move(*value)};
    return {true, folding::replaceWithConstants(g, id, std::move(outs), ctx)};
}

}  // namespace passscope
