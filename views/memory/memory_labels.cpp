#include "memory/memory_labels.h"

#include <QLocale>

namespace passscope::views {

QString MemoryLabels::kind(VarKind kind) {
    switch (kind) {
        case VarKind::Variable:
            return tr("Variable");
        case VarKind::ConstantOp:
            return tr("Constant");
        case VarKind::FileConstant:
            return tr("File constant");
        case VarKind::ConstPlaceHolder:
            return tr("Constant placeholder");
    }
    return {};
}

QString MemoryLabels::memoryType(MemoryType type) {
    switch (type) {
        case MemoryType::HBM:
            return tr("HBM");
        case MemoryType::RDMA:
            return tr("RDMA");
        case MemoryType::Host:
            return tr("Host");
    }
    return {};
}

QString MemoryLabels::reuseReason(ReuseReason reason) {
    switch (reason) {
        case ReuseReason::None:
            return tr("own memory");
        case ReuseReason::SameNameAndFormat:
            return tr("same name and format");
        case ReuseReason::IdenticalWeight:
            return tr("identical weight bytes");
        case ReuseReason::SameFileOffset:
            return tr("same weight file and offset");
        case ReuseReason::SizeCompatible:
            return tr("same name, fits the existing block");
    }
    return {};
}

QString MemoryLabels::address(uint64_t address) {
    return QStringLiteral("0x") + QString::number(address, 16).toUpper();
}

QString MemoryLabels::size(uint64_t bytes) {
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1);
}

// Colour-blind-safe hues (Tableau 10), one per kind of persistent node.
QColor MemoryLabels::kindColor(VarKind kind) {
    switch (kind) {
        case VarKind::Variable:
            return QColor(0x4E, 0x79, 0xA7);
        case VarKind::ConstantOp:
            return QColor(0xF2, 0x8E, 0x2B);
        case VarKind::FileConstant:
            return QColor(0x59, 0xA1, 0x4F);
        case VarKind::ConstPlaceHolder:
            return QColor(0xB0, 0x7A, 0xA1);
    }
    return Qt::gray;
}

QString MemoryLabels::reuseSummary(const VarMemoryPlan& plan, size_t entry) {
    const VarMemoryEntry& e = plan.entries.at(entry);
    if (!e.reusedFrom) return {};
    const VarMemoryEntry& origin = plan.entries.at(*e.reusedFrom);
    return tr("shares %1 (%2)").arg(QString::fromStdString(origin.nodeName), reuseReason(e.reuseReason));
}

QString MemoryLabels::toolTip(const VarMemoryPlan& plan, size_t entry) {
    const VarMemoryEntry& e = plan.entries.at(entry);
    const QString row = QStringLiteral("<tr><td>%1</td><td>%2</td></tr>");
    QString rows;
    rows += row.arg(tr("Kind:"), kind(e.kind) + QStringLiteral(" (") +
                                     QString::fromLatin1(varKindName(e.kind)) + QLatin1Char(')'));
    rows += row.arg(tr("Key:"), QString::fromStdString(e.varKey).toHtmlEscaped());
    rows += row.arg(tr("Memory:"), memoryType(e.memoryType));
    // Only HBM has logic addresses; RDMA and host blocks come from pools (docs/ge-variables.md §3).
    rows += row.arg(
        tr("Address:"),
        e.memoryType == MemoryType::HBM
            ? address(e.logicAddress)
            : tr("%1 (offset in the %2 pool)").arg(address(e.logicAddress), memoryType(e.memoryType)));
    const QString tensor = e.sizeKnown ? size(e.tensorBytes) : tr("unknown (dynamic shape)");
    rows += row.arg(tr("Size:"), tr("%1 tensor, %2 block").arg(tensor, size(e.alignedSize)));
    rows += row.arg(tr("Reuse:"),
                    e.reused() ? reuseSummary(plan, entry).toHtmlEscaped() : reuseReason(e.reuseReason));
    return QStringLiteral("<b>%1</b><table>%2</table>")
        .arg(QString::fromStdString(e.nodeName).toHtmlEscaped(), rows);
}

}  // namespace passscope::views
