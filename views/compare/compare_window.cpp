#include "compare_window.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QStackedWidget>
#include <QStatusBar>

#include "compare_loader.h"
#include "compare_view.h"
#include "graph/graph_panel.h"

namespace passscope::views {

namespace {
QString seconds(double s) {
    return QString::number(s, 'f', s < 10 ? 2 : 1);
}
}  // namespace

CompareWindow::CompareWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("compareWindow"));
    setWindowTitle(tr("Compare — PassScope"));
    loader_ = new CompareLoader(this);
    view_ = new CompareView;
    message_ = new QLabel;
    message_->setObjectName(QStringLiteral("compareMessage"));
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_->setMargin(24);
    pages_ = new QStackedWidget;
    pages_->addWidget(message_);
    pages_->addWidget(view_);
    setCentralWidget(pages_);
    busy_ = new QProgressBar;
    busy_->setRange(0, 0);
    busy_->setMaximumWidth(160);
    busy_->hide();
    statusBar()->addPermanentWidget(busy_);

    connect(loader_, &CompareLoader::ready, this, &CompareWindow::onReady);
    connect(loader_, &CompareLoader::failed, this, &CompareWindow::onFailed);
    connect(view_, &CompareView::viewReady, this, [this] {
        const Comparison* c = view_->comparison();
        if (c)
            statusBar()->showMessage(
                tr("Loaded in %1 s, diffed in %2 s, listed in %3 s, laid out in %4 s + %5 s")
                    .arg(seconds(c->loadSeconds), seconds(c->diffSeconds), seconds(showSeconds_),
                         seconds(view_->leftPanel()->lastLayoutSeconds()),
                         seconds(view_->rightPanel()->lastLayoutSeconds())));
        emit viewReady();
    });
}

CompareWindow::~CompareWindow() {
    loader_->disconnect(this);
    view_->disconnect(this);
}

void CompareWindow::compareFiles(const QString& pathA, const QString& pathB) {
    setWindowTitle(tr("%1 ↔ %2 — PassScope").arg(QFileInfo(pathA).fileName(), QFileInfo(pathB).fileName()));
    message_->setText(
        tr("Loading and comparing %1 and %2…").arg(QFileInfo(pathA).fileName(), QFileInfo(pathB).fileName()));
    if (!view_->comparison()) pages_->setCurrentWidget(message_);
    busy_->show();
    statusBar()->showMessage(tr("Comparing…"));
    loader_->compare(pathA, pathB);
}

bool CompareWindow::isBusy() const {
    return loader_->isBusy() || view_->isLayingOut();
}

const Comparison* CompareWindow::comparison() const {
    return view_->comparison();
}

QString CompareWindow::errorText() const {
    return pages_->currentWidget() == message_ && !loader_->isBusy() ? message_->text() : QString();
}

void CompareWindow::onReady(std::shared_ptr<const Comparison> comparison) {
    busy_->hide();
    QElapsedTimer clock;
    clock.start();
    view_->setComparison(std::move(comparison));
    showSeconds_ = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    pages_->setCurrentWidget(view_);
    statusBar()->showMessage(tr("Laying out…"));
    emit compared();
}

void CompareWindow::onFailed(const QString& message) {
    busy_->hide();
    view_->clear();
    message_->setText(tr("Could not compare the models.\n\n%1").arg(message));
    pages_->setCurrentWidget(message_);
    statusBar()->showMessage(tr("Comparison failed"), 5000);
    emit failed(message);
    if (interactive_) QMessageBox::warning(this, tr("Compare"), message);
}

}  // namespace passscope::views
