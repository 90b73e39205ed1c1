#include "panels/warnings_panel.h"

#include <QStyle>

#include "document/model_document.h"

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

void WarningsPanel::attach(const ModelDocument& document) {
    connect(&document, &ModelDocument::modelLoaded, this, [this, &document] {
        const Diagnostics& diagnostics = document.loadedModel()->diagnostics;
        showWarnings(diagnostics);
        emit warningsShown(static_cast<int>(diagnostics.warnings.size()));
    });
}

void WarningsPanel::clearWarnings() {
    clear();
}

}  // namespace passscope::views
