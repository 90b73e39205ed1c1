#include "passes/cleanup/ctrl_edge_transfer_pass.h"

#include <algorithm>

#include "ir/op_types.h"

namespace passscope {

bool CtrlEdgeTransferPass::run(Graph& g, PassContext& ctx) {
    bool changed = false;
    for (const Node* c : g.nodes()) {
        if (!op::holdsConstant(c->opType(), c->domain()) || c->controlInputs().empty()) continue;
        const NodeId cid = c->id();
        // GetOutNodes: data readers (within this graph) and control successors, each once.
        std::vector<NodeId> after = consumersOf(g, cid);
        for (NodeId s : c->controlOutputs()) after.push_back(s);
        std::sort(after.begin(), after.end());
        after.erase(std::unique(after.begin(), after.end()), after.end());
        const std::vector<NodeId> preds = c->controlInputs();
        for (NodeId p : preds) {
            g.removeControlEdge(p, cid);
            for (NodeId s : after) {
                const Node& sn = g.node(s);
                if (s == p || std::find(sn.controlInputs().begin(), sn.controlInputs().end(), p) !=
                                  sn.controlInputs().end())
                    continue;
                g.addControlEdge(p, s);
            }
            ctx.count(kMoved);
            changed = true;
        }
    }
    return changed;
}

}  // namespace passscope
