#include "passes/format/transpose_trans_data_pass.h"

#include "ir/node_attributes.h"

namespace passscope {
namespace {

bool supportedTransfer(Format from, const std::string& to) {
    return (from == Format::NCHW || from == Format::NHWC) && parseFormat(to) == Format::NC1HWC0;
}

}  // namespace

NodePass::NodeResult TransposeTransDataPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& t = g.node(id);
    if (transop::kindOf(t) != transop::Kind::Transpose || !transop::plainSingleOutput(t)) return {};
    const TensorDesc in = transop::inputDesc(g, t, 0);
    const TensorDesc& out = t.output(0).desc;
    // GE: the formats must differ and the input must not be ND; unknown shapes are skipped.
    if (in.storageFormat == out.storageFormat || in.storageFormat == Format::ND) return {};
    if (!in.storageShape.isStatic() || !out.storageShape.isStatic()) return {};
    auto expected = transop::layoutPerm(in.storageFormat, out.storageFormat);
    auto perm = transop::transposePerm(g, t);
    if (!expected || !perm || *perm != *expected) return {};

    const ValueRef source = t.input(0);
    NodeResult result;
    std::vector<NodeId> readers;
    for (const Use& u : t.output(0).uses)
        if (u.input == 0) readers.push_back(u.node);
    for (NodeId r : readers) {
        const Node& td = g.node(r);
        if (!transop::isTransData(td) || td.inputs().size() != 1) continue;
        // FusionIfNeed: the TransData starts where the Transpose ends.
        const TensorDesc tdIn = transop::inputDesc(g, td, 0);
        if (tdIn.storageFormat != out.storageFormat || !(tdIn.storageShape == out.storageShape)) continue;
        if (td.attrString(op::attr::kSrcFormat) != formatName(out.storageFormat)) continue;
        if (!supportedTransfer(in.storageFormat, td.attrString(op::attr::kDstFormat))) continue;
        // CopyInputEdges: the TransData reads the Transpose's input, after what the Transpose waited for.
        g.setInput(r, 0, source);
        if (!td.inputDescs().empty()) {  // its input description is now the Transpose's input's
            std::vector<TensorDesc> descs = td.inputDescs();
            descs[0] = in;
            g.setInputDescs(r, std::move(descs));
        }
        g.setAttribute(r, Attribute::makeString(std::string(op::attr::kSrcFormat),
                                                std::string(formatName(in.storageFormat))));
        // As GE: the output keeps its origin (what the consumers mean, NCHW) and its storage; only
        // the input side changes. The TransData kernel reads a plain source from its input itself
        // (NC1HWC0 of NHWC and of NCHW are the same bytes), so nothing else needs to say it.
        for (NodeId p : std::vector<NodeId>(g.node(id).controlInputs())) g.addControlEdge(p, r);
        ctx.count(kTransposesFused);
        result.changed = true;
        result.repass.push_back(r);
    }
    if (result.changed && g.node(id).output(0).uses.empty()) {
        ctx.count(kTransposesRemoved);
        transop::removeUnused(g, id);
    }
    if (result.changed) result.repass.push_back(source.node);
    return result;
}

}  // namespace passscope
