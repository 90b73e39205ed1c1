#include "passes/constant_folding/replace_with_empty_const_pass.h"

#include <set>

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

bool excluded(const Node& n) {
    return op::isStructural(n.opType(), n.domain()) || op::holdsConstant(n.opType(), n.domain()) ||
           op::isControlFlow(n.opType(), n.domain()) || n.outputs().empty() ||
           n.attrInt("_is_inserted_by_ge", 0) != 0;
}

std::optional<Tensor> emptyTensorFor(const TensorDesc& d) {
    if (d.kind != ValueKind::Tensor || d.dtype == DataType::Undefined) return std::nullopt;
    auto dims = d.originShape.extents();
    if (!dims || std::find(dims->begin(), dims->end(), 0) == dims->end()) return std::nullopt;
    if (d.dtype == DataType::String) return Tensor(*dims, {});
    return Tensor(d.dtype, *dims, std::make_shared<StringBuffer>(std::string()));
}

}  // namespace

NodePass::NodeResult ReplaceWithEmptyConstPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (excluded(n)) return {};
    std::vector<Tensor> empties;
    for (const NodeOutput& o : n.outputs()) {
        auto t = emptyTensorFor(o.desc);
        if (!t) return {};  // not every output is empty: nothing to do (not a folding refusal)
        empties.push_back(std::move(*t));
    }
    // Emptiness must come from an empty input: an output declared empty while every input is
    // non-empty depends on input values (ConstantOfShape of a runtime [0]) and is only a promise
    // of the model's declared types, not something to bake in.
    bool emptyInput = false;
    for (const ValueRef& r : n.inputs()) {
        const NodeOutput* v = g.value(r);
        auto dims = v ? v->desc.originShape.extents() : std::nullopt;
        emptyInput |= dims && std::find(dims->begin(), dims->end(), 0) != dims->end();
    }
    if (!emptyInput) return {};
    if (!folding::foldable(n, ctx)) return {};
    if (!needFold_) {
        if (op::isPotentialConst(n)) return {};
        folding::markPotentialConst(g, id, std::move(empties), name());
        ctx.count(stat::kMarked);
        return {true, {}};
    }
    return {true, folding::replaceWithConstants(g, id, std::move(empties), ctx)};
}

}  // namespace passscope
