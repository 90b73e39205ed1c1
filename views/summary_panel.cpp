#include "summary_panel.h"

#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>

namespace passscope::views {

SummaryPanel::SummaryPanel(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setAcceptDrops(false);  // a dropped model goes to the window, not into the text
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFrameShape(QFrame::NoFrame);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    clearSummary();
}

void SummaryPanel::showSummary(const QString& path, const QString& summary) {
    setPlainText(tr("File:          %1").arg(QFileInfo(path).fileName()) + QLatin1Char('\n') + summary);
    setToolTip(QDir::toNativeSeparators(path));
}

void SummaryPanel::clearSummary() {
    clear();
    setToolTip(QString());
    setPlaceholderText(tr("No model loaded."));
}

}  // namespace passscope::views
