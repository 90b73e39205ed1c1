#include "variable_note.h"

#include <QCoreApplication>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "text/desc_text.h"

namespace passscope::views {
namespace {

// The context of this file's messages in the translations. A free tr() would be filed by lupdate
// under the namespace, a context nothing asks for at run time.
struct VariableNoteText {
    Q_DECLARE_TR_FUNCTIONS(VariableNoteText)
};

// The variable a GE Variable or a VarRef stands for (docs/ge-variables.md §6). A Data variable
// (an initializer input) counts only where the plan has it: that depends on the target.
std::optional<std::string> variableNameOf(const Node& node) {
    if (op::isVarRef(node)) return op::refSource(node);
    if (op::isVariableOp(node)) return node.name();
    return std::nullopt;
}

}  // namespace

std::optional<VariableNote> variableNote(const Node& node, const VarMemoryPlan* plan,
                                         const VarManager* manager, uint32_t graphId) {
    const VarMemoryEntry* entry = plan ? plan->findByNode(node.id()) : nullptr;
    const std::optional<std::string> varName = variableNameOf(node);
    if (!entry && !varName) return std::nullopt;
    VariableNote note;
    note.variable = QString::fromStdString(entry ? entry->varName : *varName);
    note.isRef = op::isVarRef(node);
    if (entry) {
        note.planned = true;
        note.kind = QString::fromUtf8(varKindName(entry->kind));
        note.varKey = QString::fromStdString(entry->varKey);
        note.memoryType = QString::fromUtf8(memoryTypeName(entry->memoryType));
        note.logicAddress = entry->logicAddress;
        note.size = entry->alignedSize;
        // An earlier entry of this graph, or (a reason without an entry) an address the session
        // had before this graph.
        if (entry->reuseReason != ReuseReason::None)
            note.reuse = VariableNoteText::tr("%1 (%2)").arg(
                QString::fromUtf8(reuseReasonName(entry->reuseReason)),
                entry->reused() ? QString::fromStdString(plan->entries[*entry->reusedFrom].nodeName)
                                : VariableNoteText::tr("an earlier graph of the session"));
    }
    if (manager && (varName || (entry && entry->kind == VarKind::Variable))) {
        const std::string name = note.variable.toStdString();
        if (const VarTransRoad* road = manager->transRoad(name))
            for (const TransNodeInfo& step : *road)
                note.transRoad << QString::fromStdString(transStepText(step, "→"));
        for (const VarFusionDecision& d : manager->fusionsOf(graphId)) {
            if (d.variable != name) continue;
            note.hasDecision = true;
            note.fused = d.fused;
            note.decidedBy = QString::fromStdString(d.pass);
            note.reason = QString::fromStdString(d.reason);
            note.removedNodes.clear();
            for (const std::string& n : d.removedNodes) note.removedNodes << QString::fromStdString(n);
            if (note.transRoad.isEmpty())
                for (const TransNodeInfo& step : d.transRoad)
                    note.transRoad << QString::fromStdString(transStepText(step, "→"));
        }
    }
    return note;
}

}  // namespace passscope::views
