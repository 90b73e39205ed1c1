#include "panels/summary_panel.h"

#include <algorithm>
#include <climits>

#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLocale>

#include "document/model_document.h"
#include "ir/op_traits.h"
#include "text/desc_text.h"

namespace passscope::views {

SummaryPanel::SummaryPanel(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setAcceptDrops(false);  // a dropped model goes to the window, not into the text
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFrameShape(QFrame::NoFrame);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    clearSummary();
}

void SummaryPanel::attach(const ModelDocument& document) {
    connect(&document, &ModelDocument::modelLoaded, this, [this, &document] {
        showSummary(document.loadedModel()->path, document.loadedModel()->summary);
    });
}

namespace {

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

// The lines of report::toText, each label translated; names, types and shapes as the model has them.
void SummaryPanel::showSummary(const QString& path, const ModelInfo& info) {
    const QLocale locale;
    QStringList lines;
    auto row = [&lines](const QString& label, const QString& value) {
        lines << label.leftJustified(15) + value;
    };
    row(tr("File:"), QFileInfo(path).fileName());
    row(tr("IR version:"), QString::number(info.irVersion));
    if (!info.producer.empty()) row(tr("Producer:"), text(info.producer));
    QStringList opsets;
    for (const OpsetImport& opset : info.opsets)
        opsets << QStringLiteral("%1 %2").arg(text(op::displayDomain(opset.domain))).arg(opset.version);
    row(tr("Opsets:"), opsets.join(QStringLiteral(", ")));
    row(tr("Nodes:"), locale.toString(qulonglong(info.nodes)));
    QString initializers =
        tr("%1 (%n byte(s))", nullptr, int(std::min<uint64_t>(info.initializerBytes, INT_MAX)))
            .arg(locale.toString(qulonglong(info.initializers)));
    if (info.externalInitializers)
        initializers += QLatin1Char(' ') + tr("%1 in external data").arg(info.externalInitializers);
    row(tr("Initializers:"), initializers);
    row(tr("Subgraphs:"), locale.toString(qulonglong(info.subgraphs)));
    auto values = [&](const QString& title, const std::vector<ValueSummary>& vs) {
        lines << title.arg(vs.size());
        for (const ValueSummary& v : vs)
            lines << QStringLiteral("  %1  %2 %3")
                         .arg(text(v.name), views::dtypeText(v.desc), text(v.desc.originShape.toString()));
    };
    values(tr("Inputs (%1):"), info.inputs);
    values(tr("Outputs (%1):"), info.outputs);
    lines << tr("Ops:");
    std::vector<std::pair<std::string, size_t>> sorted(info.ops.begin(), info.ops.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [type, count] : sorted) lines << QStringLiteral("  %1\t%2").arg(count).arg(text(type));
    setPlainText(lines.join(QLatin1Char('\n')));
    setToolTip(QDir::toNativeSeparators(path));
}

void SummaryPanel::clearSummary() {
    clear();
    setToolTip(QString());
    setPlaceholderText(tr("No model loaded."));
}

}  // namespace passscope::views
