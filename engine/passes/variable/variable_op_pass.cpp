#include "passes/variable/variable_op_pass.h"

#include <algorithm>
#include <map>
#include <set>

#include "ir/op_types.h"
#include "ir/value_text.h"
#include "passes/format/trans_op_util.h"
#include "passes/variable/var_nodes.h"
#include "vars/var_manager.h"

namespace passscope {
namespace {

std::string quoted(const Node& n) {
    return "'" + n.displayName() + "'";
}

// One layer of the road: what every reader of the variable does to it.
struct Layer {
    std::vector<NodeId> readers;  // the trans nodes reading the variable
    TransNodeInfo info;           // their conversion (all alike)
    std::string refusal;          // set when the layer cannot be fused
};

// What trans op `reader` of the variable reads: its own input description when it has one, else
// `current`, the variable as the layers fused before left it. (The variable's own description is
// only rewritten once the whole road is known, so after a Cast float -> float16 was fused, the
// TransData behind it reads float16 while the variable still says float.)
TensorDesc readerInput(const Node& reader, const TensorDesc& current) {
    if (!reader.inputDescs().empty() && reader.inputDescs()[0].hasType()) return reader.inputDescs()[0];
    return current;
}

// GE's CheckSameAndTransOp and IsTransSupport. `current`: the variable as earlier layers left it.
Layer readLayer(const Graph& g, const Node& var, const TensorDesc& current) {
    Layer layer;
    const NodeOutput& value = var.output(0);
    std::set<std::string> results;
    for (const Use& u : value.uses) {
        const Node& c = g.node(u.node);
        if (u.input < 0) {
            layer.refusal = "it is read inside a body of " + quoted(c) + ", not through a trans op";
            return layer;
        }
        if (!transop::isTransOp(c) || c.outputs().size() != 1) {
            layer.refusal = "consumer " + quoted(c) + " reads the variable directly, not through a trans op";
            return layer;
        }
        if (u.input != 0) {
            layer.refusal = "consumer " + quoted(c) + " (" + c.opType() + ") reads the variable at input " +
                            std::to_string(u.input) + ", which it does not convert";
            return layer;
        }
        if (std::find(layer.readers.begin(), layer.readers.end(), u.node) == layer.readers.end())
            layer.readers.push_back(u.node);
        results.insert(storageDescText(c.output(0).desc));
    }
    if (layer.readers.empty()) {
        layer.refusal = "nothing reads the variable";
        return layer;
    }
    if (results.size() > 1) {
        std::string list;
        for (const std::string& r : results) list += (list.empty() ? "" : " | ") + r;
        layer.refusal = "consumers want different results: " + list;
        return layer;
    }
    for (NodeId id : layer.readers) {
        const Node& t = g.node(id);
        if (transop::kindOf(t) == transop::Kind::Transpose) {
            layer.refusal =
                "trans op " + quoted(t) + " is a Transpose, which variable fusion does not take over";
            return layer;
        }
        const TensorDesc in = readerInput(t, current);
        const TensorDesc& out = t.output(0).desc;
        if (!in.storageShape.isStatic() || !out.storageShape.isStatic()) {
            layer.refusal = "trans op " + quoted(t) + " converts a shape not known at compile time (" +
                            in.storageShape.toString() + " -> " + out.storageShape.toString() + ")";
            return layer;
        }
    }
    const Node& first = g.node(layer.readers.front());
    layer.info = TransNodeInfo{first.opType(), readerInput(first, current), first.output(0).desc};
    return layer;
}

// GE's CheckVariableRefLegally: each VarRef is written through the inverse of the read layer.
std::string checkWriteBack(const Graph& g, const std::vector<NodeId>& readers,
                           const std::vector<NodeId>& varRefs, const TensorDesc& current) {
    const Node& reader = g.node(readers.front());
    const TensorDesc readIn = readerInput(reader, current);
    const TensorDesc& readOut = reader.output(0).desc;
    for (NodeId id : varRefs) {
        const Node& ref = g.node(id);
        const std::string path = "the write-back path through " + quoted(ref);
        if (ref.inputs().empty() || !ref.input(0).valid() || ref.input(0).depth != 0)
            return path + " has no input to convert";
        const Node* backNode = g.findNode(ref.input(0).node);
        if (!backNode) return path + " has no input to convert";
        const Node& back = *backNode;
        if (!transop::isTransOp(back) || ref.input(0).output != 0 || back.outputs().size() != 1 ||
            back.inputs().empty() || !back.input(0).valid() || back.input(0).depth != 0 ||
            std::find(readers.begin(), readers.end(), back.id()) != readers.end())
            return path + " is not the inverse of the read path (" + quoted(back) + " is not a trans op)";
        const TensorDesc backIn = transop::inputDesc(g, back, 0);
        const TensorDesc& backOut = back.output(0).desc;
        if (!readOut.sameStorage(backIn) || !backOut.sameStorage(readIn))
            return path + " is not the inverse of the read path (" + quoted(back) + " converts " +
                   storageDescText(backIn) + " to " + storageDescText(backOut) + ", the readers " +
                   storageDescText(readIn) + " to " + storageDescText(readOut) + ")";
    }
    return {};
}

// Graph outputs keep their names when a trans node feeding NetOutput goes (the names are then
// NetOutput's own, not the producers' value names).
void pinOutputNames(Graph& g) {
    const NodeId out = g.netOutput();
    if (out == kNoNode || g.node(out).hasAttr(op::attr::kOutputNames)) return;
    g.setAttribute(
        out, Attribute{std::string(op::attr::kOutputNames), AttrKind::Strings, g.outputNames(), {}, {}});
}

bool feedsNetOutput(const Graph& g, const Node& n) {
    for (const NodeOutput& o : n.outputs())
        for (const Use& u : o.uses)
            if (u.node == g.netOutput()) return true;
    return false;
}

void countRemoval(const Node& n, PassContext& ctx) {
    ctx.count(VariableOpPass::kTransNodesRemoved);
    if (transop::isTransData(n)) ctx.count(transop::kTransDataEliminated);
}

// GE's DealFusion for one layer; returns the names of the nodes removed.
std::vector<std::string> removeLayer(Graph& g, NodeId var, const std::vector<NodeId>& readers,
                                     const std::vector<NodeId>& varRefs, PassContext& ctx) {
    std::vector<std::string> removed;
    for (NodeId id : readers) {
        if (!g.findNode(id)) continue;
        if (feedsNetOutput(g, g.node(id))) pinOutputNames(g);
        removed.push_back(g.node(id).displayName());
        countRemoval(g.node(id), ctx);
        transop::bypassAndRemove(g, id, ValueRef{var, 0, 0});
    }
    for (NodeId id : varRefs) {
        const NodeId back = g.node(id).input(0).node;
        const Node& b = g.node(back);
        const ValueRef before = b.input(0);
        size_t readersOfBack = 0;
        for (const NodeOutput& o : b.outputs()) readersOfBack += o.uses.size();
        if (readersOfBack > 1) {  // others still read the converted value: only the VarRef moves
            for (NodeId c : std::vector<NodeId>(b.controlInputs())) g.addControlEdge(c, id);
            g.setInput(id, 0, before);
            continue;
        }
        removed.push_back(b.displayName());
        countRemoval(b, ctx);
        transop::bypassAndRemove(g, back, before);
    }
    return removed;
}

class Fuser {
  public:
    Fuser(Graph& g, PassContext& ctx, VarManager& manager) : g_(g), ctx_(ctx), manager_(manager) {}

    // Records `d` unless the same decision was recorded for this variable in this graph already
    // (the stage iterates; the pass runs again).
    void record(VarFusionDecision d) {
        d.graphId = ctx_.graphId();
        d.pass = VariableOpPass().name();
        const std::vector<VarFusionDecision>& prior = manager_.fusions();  // no copy: V records
        for (auto it = prior.rbegin(); it != prior.rend(); ++it)
            if (it->graphId == ctx_.graphId() && it->variable == d.variable) {
                if (*it == d) return;
                break;
            }
        if (!d.fused) ctx_.count(VariableOpPass::kRefused);
        manager_.recordFusion(std::move(d));
    }

    void refuse(const std::string& variable, std::string reason) {
        VarFusionDecision d;
        d.variable = variable;
        d.reason = std::move(reason);
        record(std::move(d));
    }

    // GE's FusionIfNeed and what Run does with its road. Returns whether the graph changed.
    bool fuse(NodeId var, const std::vector<NodeId>& varRefs) {
        const std::string name = g_.node(var).name();
        if (!manager_.isVarPermitToChangeFormats(name)) {
            const auto changedIn = manager_.changedGraphId(name);
            if (changedIn && *changedIn == ctx_.graphId())
                return false;  // fused by an earlier run on this graph
            refuse(name, "its format changed already" +
                             (changedIn ? " in graph " + std::to_string(*changedIn) : std::string()) +
                             " of this session (a variable changes format at most once)");
            return false;
        }
        TensorDesc varDesc = g_.node(var).output(0).desc;
        // A Variable declared by its `shape` and `dtype` attributes alone (no value_info).
        if (!varDesc.hasType() || !varDesc.storageShape.isStatic())
            if (auto declared = declaredVariableDesc(g_.node(var))) varDesc = *declared;
        if (!varDesc.hasType() || !varDesc.storageShape.isStatic()) {
            refuse(name, "its shape is not known at compile time (" + varDesc.storageShape.toString() + ")");
            return false;
        }
        VarTransRoad road;
        std::vector<std::string> removed;
        std::string stop;
        // Each layer removes at least one node, so this ends; the cap only guards a broken graph.
        TensorDesc current = varDesc;  // the variable as the layers fused so far leave it
        for (size_t layerIndex = 0; layerIndex < 64; ++layerIndex) {
            Layer layer = readLayer(g_, g_.node(var), current);
            if (layer.refusal.empty()) layer.refusal = checkWriteBack(g_, layer.readers, varRefs, current);
            if (!layer.refusal.empty()) {
                stop = layer.refusal;
                break;
            }
            if (road.empty() && varDesc.storageFormat != layer.info.input.storageFormat)
                road.push_back(TransNodeInfo{std::string(op::kReFormat), varDesc, layer.info.input});
            road.push_back(layer.info);
            current = layer.info.output;
            for (std::string& r : removeLayer(g_, var, layer.readers, varRefs, ctx_))
                removed.push_back(std::move(r));
        }
        if (road.empty()) {
            refuse(name, stop);
            return false;
        }

        const TensorDesc& last = road.back().output;
        TensorDesc stored = varDesc;  // GE's CopyVariableFormatDataTypeAndShape
        stored.kind = ValueKind::Tensor;
        stored.dtype = last.dtype;
        stored.originShape = last.originShape;
        stored.storageFormat = last.storageFormat;
        stored.storageSubFormat = last.storageSubFormat;
        stored.storageShape = last.storageShape;
        g_.setOutputDesc(var, 0, stored);
        for (NodeId id : varRefs) {
            g_.setOutputDesc(id, 0, stored);
            g_.setInputDescs(id, {stored});
        }
        manager_.setTransRoad(name, road);
        manager_.setChangedGraphId(name, ctx_.graphId());
        manager_.setStateChanged(name);
        manager_.renewCurVarDesc(name, stored);
        ctx_.count(VariableOpPass::kVariablesFused);

        VarFusionDecision d;
        d.variable = name;
        d.fused = true;
        d.reason = "every reader converted it to " + storageDescText(last) + ": it is stored that way now (" +
                   std::to_string(removed.size()) + " trans node" + (removed.size() == 1 ? "" : "s") +
                   " removed)";
        d.removedNodes = std::move(removed);
        d.transRoad = std::move(road);
        record(std::move(d));
        return true;
    }

  private:
    Graph& g_;
    PassContext& ctx_;
    VarManager& manager_;
};

}  // namespace

bool VariableOpPass::run(Graph& g, PassContext& ctx) {
    // GE: no fusion in a subgraph (several branches may share the variable).
    if (g.parent()) return false;
    std::map<std::string, NodeId> variables;  // by name: a stable order for the decisions
    std::map<std::string, std::vector<NodeId>> refsOf;
    for (const Node* n : g.nodes()) {
        if (op::isVariable(*n) && !n->outputs().empty())
            variables.emplace(n->name(), n->id());
        else if (op::isVarRef(*n))
            refsOf[op::refSource(*n)].push_back(n->id());
    }
    if (variables.empty()) return false;
    VarManager scratch;  // a pass run outside runPipeline has no session: a fresh one
    Fuser fuser(g, ctx, ctx.varManager() ? *ctx.varManager() : scratch);
    if (!ctx.options().switchOn(kSwitch)) {
        for (const auto& [name, id] : variables)
            fuser.refuse(name, "variable fusion is off (ge.exec.variable_acc=false)");
        return false;
    }
    bool changed = false;
    for (const auto& [name, id] : variables) {
        if (ctx.cancelRequested()) break;
        changed |= fuser.fuse(id, refsOf[name]);
    }
    return changed;
}

}  // namespace passscope
