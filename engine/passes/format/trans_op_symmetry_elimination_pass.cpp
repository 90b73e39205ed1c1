#include "passes/format/trans_op_symmetry_elimination_pass.h"

#include "ir/node_attributes.h"

namespace passscope {
namespace {

using transop::Kind;

bool typesPair(Kind a, Kind b) {
    if (a == b) return true;
    return (a == Kind::Squeeze && b == Kind::Unsqueeze) || (a == Kind::Unsqueeze && b == Kind::Squeeze);
}

// GE's JudgeTransposeDBack2Raw: the second perm undoes the first.
bool permsCancel(const std::vector<int64_t>& first, const std::vector<int64_t>& second) {
    if (first.size() != second.size()) return false;
    const int64_t n = static_cast<int64_t>(first.size());
    for (int64_t i = 0; i < n; ++i) {
        if (second[i] < 0 || second[i] >= n || first[second[i]] != i) return false;
    }
    return true;
}

// Per-kind conditions of GE's CheckCanBeEliminated (everything but the descriptions).
bool kindAllows(const Graph& g, const Node& t1, const Node& t2, const TensorDesc& srcIn) {
    switch (transop::kindOf(t1)) {
        case Kind::Transpose: {
            auto p1 = transop::transposePerm(g, t1), p2 = transop::transposePerm(g, t2);
            return p1 && p2 && permsCancel(*p1, *p2);
        }
        case Kind::TransData:
            // GE skips an input of unknown rank; the attributes must name the inverse transfer.
            return srcIn.storageShape.rankKnown() &&
                   t1.attrString(op::attr::kSrcFormat) == t2.attrString(op::attr::kDstFormat) &&
                   t1.attrString(op::attr::kDstFormat) == t2.attrString(op::attr::kSrcFormat) &&
                   t1.attrInt("groups", 1) == t2.attrInt("groups", 1);
        case Kind::Cast:
            // GE's TransOpUtil::IsPrecisionLoss on the first Cast (stricter here, see castIsLossless).
            return transop::castIsLossless(srcIn.dtype, transop::outputType(t1));
        case Kind::Reshape:
        case Kind::Squeeze:
        case Kind::Unsqueeze:
            return true;  // pure relabellings: the shape check below decides
        default:
            return false;
    }
}

// GE's DescAreSymmetry.
bool descsSymmetric(const Graph& g, const Node& t1, const Node& t2) {
    const TensorDesc srcIn = transop::inputDesc(g, t1, 0);
    const TensorDesc& srcOut = t1.output(0).desc;
    const TensorDesc dstIn = transop::inputDesc(g, t2, 0);
    const TensorDesc& dstOut = t2.output(0).desc;
    if (!kindAllows(g, t1, t2, srcIn)) return false;
    const DataType srcType = srcIn.dtype;
    if (srcType == DataType::Undefined || srcType != transop::outputType(t2)) return false;
    const Kind kind = transop::kindOf(t1);
    if (kind == Kind::Cast) {
        return srcIn.storageFormat == dstOut.storageFormat || srcIn.storageFormat == Format::ND ||
               dstOut.storageFormat == Format::ND;
    }
    if (srcIn.storageFormat != dstOut.storageFormat || srcOut.storageFormat != dstIn.storageFormat ||
        srcIn.storageSubFormat != dstOut.storageSubFormat ||
        srcOut.storageSubFormat != dstIn.storageSubFormat)
        return false;
    // A Transpose pair whose perms cancel, or a TransData pair whose formats are each other's
    // inverse, gives back its input whatever the dims are at run time (GE only refuses an unknown
    // rank); a Reshape, Squeeze or Unsqueeze pair does so only when equal descriptions mean equal
    // dims at run time.
    const bool exactRoundTrip = kind == Kind::Transpose || kind == Kind::TransData;
    auto sameShape = [&](const Shape& a, const Shape& b) {
        return exactRoundTrip ? a == b : transop::provablyEqual(a, b);
    };
    if (!sameShape(srcIn.storageShape, dstOut.storageShape)) return false;
    if (srcIn.originFormat == dstOut.originFormat && !sameShape(srcIn.originShape, dstOut.originShape))
        return false;
    return true;
}

}  // namespace

NodePass::NodeResult TransOpSymmetryEliminationPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& t1 = g.node(id);
    if (!transop::isTransOp(t1) || !transop::plainSingleOutput(t1)) return {};
    const ValueRef source = t1.input(0);
    NodeResult result;
    bool again = true;
    while (again) {
        again = false;
        const Node* first = g.findNode(id);
        if (!first) break;
        for (const Use& u : first->output(0).uses) {
            if (u.input != 0) continue;  // GE: the second must read the first at its data input
            const Node& t2 = g.node(u.node);
            if (!transop::isTransOp(t2) || !transop::plainSingleOutput(t2)) continue;
            if (!typesPair(transop::kindOf(*first), transop::kindOf(t2))) continue;
            if (!descsSymmetric(g, *first, t2)) continue;
            // GE's EliminateTransOp: T2's consumers read T1's input; T1's control predecessors
            // stay ordered before what T2 ordered; T1 goes once nothing reads it.
            const NodeId t2id = t2.id();
            for (NodeId p : std::vector<NodeId>(first->controlInputs()))
                for (NodeId s : std::vector<NodeId>(t2.controlOutputs())) g.addControlEdge(p, s);
            for (NodeId c : consumersOf(g, t2id)) result.repass.push_back(c);
            if (transop::isTransData(t2)) ctx.count(transop::kTransDataEliminated);
            ctx.count(kTransOpsRemoved);
            transop::bypassAndRemove(g, t2id, source);
            result.changed = true;
            again = true;
            break;
        }
    }
    const Node* first = g.findNode(id);
    if (result.changed && first && first->output(0).uses.empty()) {
        if (transop::isTransData(*first)) ctx.count(transop::kTransDataEliminated);
        ctx.count(kTransOpsRemoved);
        transop::removeUnused(g, id);
    }
    // The first one's producer may now face an inverse of its own (A->B->C->C'->B'->A').
    if (result.changed) result.repass.push_back(source.node);
    return result;
}

}  // namespace passscope
