#include "passes/format/cast_remove_pass.h"

namespace passscope {
namespace {

bool isCast(const Node& n) {
    return transop::kindOf(n) == transop::Kind::Cast;
}

// The one data reader of `n` (over all its outputs) and the output it reads; nullopt otherwise.
std::optional<std::pair<uint32_t, Use>> onlyReader(const Node& n) {
    std::optional<std::pair<uint32_t, Use>> found;
    for (uint32_t o = 0; o < n.outputs().size(); ++o)
        for (const Use& u : n.output(o).uses) {
            if (found || u.input < 0) return std::nullopt;
            found = std::make_pair(o, u);
        }
    return found;
}

bool oneByte(DataType t) {
    return elementSize(t) == 1;
}

}  // namespace

NodePass::NodeResult CastRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    // IsRedundantCastNode: a Cast to the dtype it reads.
    if (isCast(n) && transop::plainSingleOutput(n)) {
        const DataType from = transop::inputDesc(g, n, 0).dtype;
        if (from == DataType::Undefined || from != transop::outputType(n)) return {};
        std::vector<NodeId> repass = consumersOf(g, id);
        const ValueRef source = n.input(0);
        ctx.count(kCastsRemoved);
        transop::bypassAndRemove(g, id, source);
        return {true, std::move(repass)};
    }
    // GetTheEndNode: begin at a normal node with one reader and follow single readers through trans ops.
    if (transop::isTransOp(n)) return {};
    auto first = onlyReader(n);
    if (!first) return {};
    const DataType type = n.output(first->first).desc.dtype;
    std::vector<NodeId> chain;
    std::optional<Use> next = first->second;
    while (next) {
        const Node& c = g.node(next->node);
        if (!transop::isTransOp(c) || next->input != 0 || !transop::plainSingleOutput(c)) break;
        chain.push_back(c.id());
        auto reader = onlyReader(c);
        next = reader ? std::optional<Use>(reader->second) : std::nullopt;
    }
    if (chain.empty() || type == DataType::Undefined) return {};
    // CheckPrecisionLoss and HasSameDataType, and at least one Cast to remove.
    bool anyCast = false;
    for (NodeId c : chain) {
        const Node& cn = g.node(c);
        if (isCast(cn)) {
            anyCast = true;
            // GE checks each Cast against its precision-loss table; exactly, the values stay the
            // starting dtype's values all along when every Cast's target holds all of them.
            if (!transop::castIsLossless(type, transop::outputType(cn))) return {};
        } else if (transop::isTransData(cn) && oneByte(cn.output(0).desc.dtype) != oneByte(type)) {
            return {};  // C0 would change: the storage shape is not the same tensor in the other dtype
        }
    }
    if (!anyCast || transop::outputType(g.node(chain.back())) != type) return {};

    NodeResult result{true, {}};
    for (NodeId c : chain) {
        const Node& cn = g.node(c);
        if (isCast(cn)) {
            const ValueRef source = cn.input(0);
            ctx.count(kCastsRemoved);
            transop::bypassAndRemove(g, c, source);
            continue;
        }
        // RemoveCast: the trans ops left carry the chain's dtype on both sides.
        TensorDesc out = cn.output(0).desc;
        out.dtype = type;
        g.setOutputDesc(c, 0, std::move(out));
        if (!cn.inputDescs().empty() && cn.inputDescs()[0].hasType()) {
            std::vector<TensorDesc> descs = cn.inputDescs();
            descs[0].dtype = type;
            g.setInputDescs(c, std::move(descs));
        }
    }
    for (NodeId c : chain)
        if (g.findNode(c))
            for (NodeId r : consumersOf(g, c)) result.repass.push_back(r);
    return result;
}

}  // namespace passscope
