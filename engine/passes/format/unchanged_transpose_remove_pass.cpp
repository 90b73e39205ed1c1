#include "passes/format/unchanged_transpose_remove_pass.h"

namespace passscope {

NodePass::NodeResult UnchangedTransposeRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& t = g.node(id);
    if (transop::kindOf(t) != transop::Kind::Transpose || !transop::plainSingleOutput(t)) return {};
    const TensorDesc in = transop::inputDesc(g, t, 0);
    // A Transpose between two storage layouts is not a plain ONNX transpose of what it reads.
    if (in.storageDiffers() || t.output(0).desc.storageDiffers()) return {};
    auto perm = transop::transposePerm(g, t);
    const Shape& shape = in.storageShape;
    if (!perm || !shape.rankKnown() || perm->size() != shape.rank()) return {};
    for (size_t i = 0; i < perm->size(); ++i)
        if ((*perm)[i] != static_cast<int64_t>(i) && shape[i].value != 1) return {};
    std::vector<NodeId> repass = consumersOf(g, id);
    const ValueRef source = t.input(0);
    ctx.count(kTransposesRemoved);
    transop::bypassAndRemove(g, id, source);
    return {true, std::move(repass)};
}

}  // namespace passscope
