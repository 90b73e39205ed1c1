#include "window/window_status.h"

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

#include "document/model_document.h"
#include "graph/graph_panel.h"

namespace passscope::views {

WindowStatus::WindowStatus(QStatusBar* bar, QAction* cancelLoad)
    : QObject(bar),
      bar_(bar),
      changes_(new QLabel(bar)),
      busy_(new QProgressBar(bar)),
      cancelLoad_(new QToolButton(bar)),
      loadTime_(new QLabel(bar)),
      warnings_(new QToolButton(bar)) {
    changes_->setObjectName(QStringLiteral("changeStatus"));
    bar->addPermanentWidget(changes_);
    busy_->setObjectName(QStringLiteral("busyIndicator"));
    busy_->setRange(0, 0);  // indeterminate
    busy_->setMaximumWidth(140);
    busy_->setMaximumHeight(bar->fontMetrics().height());
    busy_->setTextVisible(false);
    busy_->hide();
    bar->addPermanentWidget(busy_);
    cancelLoad_->setObjectName(QStringLiteral("cancelLoadButton"));
    cancelLoad_->setDefaultAction(cancelLoad);
    cancelLoad_->setAutoRaise(true);
    cancelLoad_->hide();
    bar->addPermanentWidget(cancelLoad_);
    loadTime_->setObjectName(QStringLiteral("loadTime"));
    bar->addPermanentWidget(loadTime_);
    warnings_->setObjectName(QStringLiteral("warningsButton"));
    warnings_->setAutoRaise(true);
    warnings_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    warnings_->setIconSize(QSize(16, 16));
    warnings_->setToolTip(tr("Show the warnings reported while loading"));
    warnings_->hide();
    connect(warnings_, &QToolButton::clicked, this, &WindowStatus::warningsRequested);
    bar->addPermanentWidget(warnings_);
}

void WindowStatus::attach(const ModelDocument& document, const GraphPanel& graph) {
    connect(&document, &ModelDocument::loadStarted, this, [this](const QString& path) {
        setLoading(true);
        bar_->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    });
    connect(&document, &ModelDocument::modelLoaded, this, [this, &document] {
        setLoading(false);
        const LoadedModel& m = *document.loadedModel();
        showLoaded(m);
        bar_->showMessage(tr("Opened %1: %n node(s)", nullptr, static_cast<int>(m.model.graph->nodeCount()))
                              .arg(QFileInfo(m.path).fileName()),
                          5000);
    });
    connect(&document, &ModelDocument::loadFailed, this, [this](const QString& path) {
        setLoading(false);
        bar_->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()), 5000);
    });
    connect(&document, &ModelDocument::loadCancelled, this, [this] {
        setLoading(false);
        bar_->showMessage(tr("Loading cancelled"), 5000);
    });
    connect(&document, &ModelDocument::pipelineStarted, this,
            [this] { bar_->showMessage(tr("Running the pipeline…")); });
    connect(&document, &ModelDocument::runFinished, this, [this](int passRuns, double wallSeconds) {
        bar_->showMessage(
            tr("Pipeline finished: %n pass run(s) in %1 s", nullptr, passRuns).arg(wallSeconds, 0, 'f', 2));
    });
    connect(&document, &ModelDocument::pipelineCancelled, this,
            [this] { bar_->showMessage(tr("Pipeline cancelled"), 5000); });
    connect(&document, &ModelDocument::warning, this,
            [this](const QString& message) { bar_->showMessage(message, 5000); });
    connect(&graph, &GraphPanel::layoutStarted, this, [this](int boxes) {
        setBusy(true);
        bar_->showMessage(tr("Laying out %n box(es)…", nullptr, boxes));
    });
    connect(&graph, &GraphPanel::layoutFinished, this, [this](double seconds) {
        setBusy(false);
        bar_->showMessage(tr("Laid out in %1 s").arg(seconds, 0, 'f', 2), 4000);
    });
    connect(&graph, &GraphPanel::layoutFailed, this, [this](const QString& message) {
        setBusy(false);
        bar_->showMessage(tr("Layout failed: %1").arg(message));
    });
}

QString WindowStatus::durationText(double seconds) {
    if (seconds < 1.0) return tr("%1 ms").arg(seconds * 1000.0, 0, 'f', 1);
    return tr("%1 s").arg(seconds, 0, 'f', 2);
}

void WindowStatus::setBusy(bool busy) {
    busy_->setVisible(busy);
}

void WindowStatus::setLoading(bool loading) {
    busy_->setVisible(loading);
    cancelLoad_->setVisible(loading);
}

void WindowStatus::showLoaded(const LoadedModel& m) {
    const io::LoadTimings& t = m.timings;
    loadTime_->setText(tr("Loaded in %1").arg(durationText(m.wallSeconds)));
    loadTime_->setToolTip(tr("Read %1, check %2, import %3, shape inference %4")
                              .arg(durationText(t.readSeconds), durationText(t.checkSeconds),
                                   durationText(t.importSeconds), durationText(t.inferSeconds)));
    const int warningCount = static_cast<int>(m.diagnostics.warnings.size());
    warnings_->setText(tr("%n warning(s)", nullptr, warningCount));
    warnings_->setIcon(warnings_->style()->standardIcon(warningCount ? QStyle::SP_MessageBoxWarning
                                                                     : QStyle::SP_DialogApplyButton));
    warnings_->setEnabled(warningCount > 0);
    warnings_->show();
}

void WindowStatus::setChangeText(const QString& text) {
    changes_->setText(text);
}

}  // namespace passscope::views
