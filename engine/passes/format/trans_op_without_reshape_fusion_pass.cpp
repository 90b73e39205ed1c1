#include "passes/format/trans_op_without_reshape_fusion_pass.h"

#include "ir/node_attributes.h"

namespace passscope {
namespace {

using transop::Kind;

// The trans ops this pass walks through (GE's TransOpWithoutReshapeFusionPass::IsTransOp).
bool chainOp(const Node& n) {
    const Kind k = transop::kindOf(n);
    return k == Kind::TransData || k == Kind::Transpose || k == Kind::Cast || k == Kind::Reshape;
}

// GE's FusionFormatSupport.
bool fusionFormat(Format f) {
    return f == Format::NCHW || f == Format::NHWC || f == Format::FRACTAL_Z || f == Format::NC1HWC0;
}

// GE's HasPrecisionLoss, made exact for the whole chain: the chain gives back its input only when
// every Cast on it goes to a dtype that holds every value of the dtype the chain starts with
// (a -> b -> a with b wider; never int32 -> int8 -> int32).
bool castLossy(const Node& n, DataType chainType) {
    if (transop::kindOf(n) != Kind::Cast) return false;
    const int64_t to = n.attrInt("to", 0);
    if (!isKnownDataType(static_cast<int32_t>(to))) return true;
    return !transop::castIsLossless(chainType, static_cast<DataType>(to));
}

// One data edge of a chain: `from` is read by input `input` of node `to`.
struct Edge {
    ValueRef from;
    NodeId to = kNoNode;
    size_t input = 0;
};
using Path = std::vector<Edge>;

constexpr size_t kMaxPaths = 4096;  // a fan-out of trans ops this wide is left alone

// GE's GetSubGraphsBetweenNormalNode: every path from `out` through trans ops to a normal input.
void collectPaths(const Graph& g, const ValueRef& out, Path& path, std::vector<Path>& paths) {
    const NodeOutput* v = g.value(out);
    if (!v) return;
    for (const Use& u : v->uses) {
        if (u.input < 0 || paths.size() > kMaxPaths) continue;  // a body's read is not a chain end
        const Node& c = g.node(u.node);
        path.push_back(Edge{out, u.node, static_cast<size_t>(u.input)});
        if (chainOp(c) && u.input == 0 && transop::plainSingleOutput(c))
            collectPaths(g, ValueRef{u.node, 0, 0}, path, paths);
        else
            paths.push_back(path);
        path.pop_back();
    }
}

// GE's NeedRemainNode for one edge of a chain, plus a check GE leaves to its format semantics:
// a Transpose or TransData must do what its formats say, so that the chain is faithful.
bool mustRemain(const Graph& g, const Edge& e, DataType chainType) {
    const Node& in = g.node(e.to);
    const Kind kind = transop::kindOf(in);
    if (kind == Kind::Reshape) return true;
    const TensorDesc inDesc = transop::inputDesc(g, in, e.input);
    const TensorDesc* outDesc = transop::valueDesc(g, e.from);
    if (!outDesc) return true;
    if (kind == Kind::Transpose) {
        const Format inFmt = inDesc.storageFormat, outFmt = in.output(0).desc.storageFormat;
        if (inFmt == outFmt || !inDesc.storageShape.isStatic()) return true;  // IsTransposeNoNeedFusion
        auto expected = transop::layoutPerm(inFmt, outFmt);
        auto perm = transop::transposePerm(g, in);
        if (!expected || !perm || *perm != *expected) return true;
    }
    if (kind == Kind::TransData &&
        (in.attrString(op::attr::kSrcFormat) != formatName(inDesc.storageFormat) ||
         in.attrString(op::attr::kDstFormat) != formatName(in.output(0).desc.storageFormat)))
        return true;
    // IsFormatContinuous
    if (!(inDesc.storageShape == outDesc->storageShape) || inDesc.storageFormat != outDesc->storageFormat ||
        inDesc.storageSubFormat != outDesc->storageSubFormat)
        return true;
    if (chainOp(in) && kind != Kind::Cast && !fusionFormat(inDesc.storageFormat)) return true;
    // IsTransOpDataTypeContinuous: the dtype-continuity rule.
    if (chainOp(in) && inDesc.dtype != outDesc->dtype) return true;
    return castLossy(in, chainType);
}

// GE's DescEqualCheck on the chain's ends. Every step of a chain that passed mustRemain is a
// faithful conversion of the same tensor (no Reshape), so equal descriptions at the ends mean the
// same dims at run time too, unknown ones included; only an unknown rank is refused.
bool endsMatch(const TensorDesc& begin, const TensorDesc& end) {
    // A FRACTAL_Z regrouped for another convolution keeps format and shape but not the layout.
    return fusionFormat(begin.storageFormat) && begin.storageFormat == end.storageFormat &&
           begin.storageSubFormat == end.storageSubFormat && begin.dtype == end.dtype &&
           begin.dtype != DataType::Undefined && begin.storageShape.rankKnown() &&
           begin.storageShape == end.storageShape && begin.originShape == end.originShape;
}

}  // namespace

bool TransOpWithoutReshapeFusionPass::run(Graph& g, PassContext& ctx) {
    const std::vector<NodeId> order = topologicalOrderOrThrow(g, name());
    bool changed = false;
    for (NodeId id : order) {
        if (ctx.cancelRequested()) break;
        const Node* n = g.findNode(id);
        if (!n || chainOp(*n)) continue;
        for (uint32_t o = 0; o < n->outputs().size(); ++o) {
            std::vector<Path> paths;
            Path path;
            collectPaths(g, ValueRef{id, o, 0}, path, paths);
            if (paths.size() > kMaxPaths) continue;
            std::vector<const Path*> fused;
            for (const Path& p : paths) {
                if (p.size() < 2) continue;  // no trans op between the two normal nodes
                const TensorDesc* begin = transop::valueDesc(g, p.front().from);
                if (!begin) continue;
                if (std::any_of(p.begin(), p.end(),
                                [&](const Edge& e) { return mustRemain(g, e, begin->dtype); }))
                    continue;
                const TensorDesc end = transop::inputDesc(g, g.node(p.back().to), p.back().input);
                if (endsMatch(*begin, end)) fused.push_back(&p);
            }
            // Relink every fused end first, then drop what nothing reads any more.
            for (const Path* p : fused) {
                g.setInput(p->back().to, p->back().input, p->front().from);
                ctx.count(kChainsFused);
                changed = true;
            }
            for (const Path* p : fused)
                for (size_t i = p->size() - 1; i-- > 0;) {
                    const NodeId t = (*p)[i].to;
                    const Node* tn = g.findNode(t);
                    if (!tn || !tn->output(0).uses.empty()) break;
                    if (transop::isTransData(*tn)) ctx.count(transop::kTransDataEliminated);
                    ctx.count(kTransOpsRemoved);
                    transop::removeUnused(g, t);
                }
            n = g.findNode(id);
            if (!n) break;
        }
    }
    return changed;
}

}  // namespace passscope
