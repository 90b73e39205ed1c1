#include "variable_note.h"

#include <QCoreApplication>

#include "desc_text.h"
#include "ir/op_types.h"

namespace passscope::views {
namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("passscope::views::VariableNote", text);
}

QString sideText(const TensorDesc& d, bool withDtype) {
    QString out = formatText(d.storageFormat);
    if (withDtype) out += QLatin1Char(' ') + dtypeText(d);
    return out + QLatin1Char(' ') + shapeText(d.storageShape);
}

// A GE Variable node, or a VarRef standing for one (docs/ge-variables.md §6: a node of the
// variable's op type naming its source in ref_var_src_var_name).
std::optional<std::string> variableNameOf(const Node& node) {
    if (node.domain() != op::kGeDomain || (node.opType() != op::kVariable && node.opType() != op::kVarRef))
        return std::nullopt;
    if (const Attribute* src = node.findAttr(varattr::kRefVarSrcVarName))
        if (const auto* s = std::get_if<std::string>(&src->value); s && !s->empty()) return *s;
    return node.name();
}

}  // namespace

QString transStepText(const TransNodeInfo& step) {
    const bool dtypeChanges = step.input.dtype != step.output.dtype;
    return QStringLiteral("%1 %2 → %3")
        .arg(QString::fromStdString(step.nodeType), sideText(step.input, dtypeChanges),
             sideText(step.output, dtypeChanges));
}

std::optional<VariableNote> variableNote(const Node& node, const VarMemoryPlan* plan,
                                         const VarManager* manager, uint32_t graphId) {
    const VarMemoryEntry* entry = plan ? plan->findByNode(node.id()) : nullptr;
    const std::optional<std::string> varName = variableNameOf(node);
    if (!entry && !varName) return std::nullopt;
    VariableNote note;
    note.variable = QString::fromStdString(entry ? entry->varName : *varName);
    note.isRef = node.findAttr(varattr::kRefVarSrcVarName) != nullptr || node.opType() == op::kVarRef;
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
            note.reuse = tr("%1 (%2)").arg(
                QString::fromUtf8(reuseReasonName(entry->reuseReason)),
                entry->reused() ? QString::fromStdString(plan->entries[*entry->reusedFrom].nodeName)
                                : tr("an earlier graph of the session"));
    }
    if (manager && (varName || (entry && entry->kind == VarKind::Variable))) {
        const std::string name = note.variable.toStdString();
        if (const VarTransRoad* road = manager->transRoad(name))
            for (const TransNodeInfo& step : *road) note.transRoad << transStepText(step);
        for (const VarFusionDecision& d : manager->fusionsOf(graphId)) {
            if (d.variable != name) continue;
            note.hasDecision = true;
            note.fused = d.fused;
            note.reason = QString::fromStdString(d.reason);
            note.removedNodes.clear();
            for (const std::string& n : d.removedNodes) note.removedNodes << QString::fromStdString(n);
            if (note.transRoad.isEmpty())
                for (const TransNodeInfo& step : d.transRoad) note.transRoad << transStepText(step);
        }
    }
    return note;
}

}  // namespace passscope::views
