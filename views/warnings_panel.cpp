#include "warnings_panel.h"

#include <QStyle>

namespace passscope::views {

WarningsPanel::WarningsPanel(QWidget* parent) : QListWidget(parent) {
    setWordWrap(true);
    setFrameShape(QFrame::NoFrame);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
}

void WarningsPanel::showWarnings(const Diagnostics& diagnostics) {
    clear();
    const QIcon icon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const std::string& w : diagnostics.warnings) {
        auto* item = new QListWidgetItem(icon, QString::fromStdString(w), this);
        item->setToolTip(item->text());
    }
}

void WarningsPanel::clearWarnings() {
    clear();
}

}  // namespace passscope::views
