// MainWindow, part 3: session files, exports (model at the selected step, report, picture) and
// the language choice.
#include <fstream>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "graph/graph_view.h"
#include "io/onnx_export.h"
#include "main_window.h"
#include "report/pipeline_report.h"
#include "runner/pipeline_result.h"
#include "session/session_file.h"
#include "step_controller.h"
#include "timeline/timeline_panel.h"

namespace passscope::views {

namespace {
const QString kLastExportDirKey = QStringLiteral("lastExportDir");
const QString kLanguageKey = QStringLiteral("language");
}  // namespace

void MainWindow::createFileActions() {
    openSessionAction_ = new QAction(tr("Open &Session…"), this);
    connect(openSessionAction_, &QAction::triggered, this, &MainWindow::openSessionDialog);
    saveSessionAction_ = new QAction(tr("Sa&ve Session…"), this);
    saveSessionAction_->setShortcut(QKeySequence::Save);
    connect(saveSessionAction_, &QAction::triggered, this, &MainWindow::saveSessionDialog);
    exportModelAction_ = new QAction(tr("Optimized &Model at This Step…"), this);
    exportModelAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportModelAction_, &QAction::triggered, this, &MainWindow::exportModelDialog);
    exportReportAction_ = new QAction(tr("Pipeline &Report (JSON)…"), this);
    connect(exportReportAction_, &QAction::triggered, this, &MainWindow::exportReportDialog);
    exportPictureAction_ = new QAction(tr("&Picture of the View (SVG, PNG)…"), this);
    connect(exportPictureAction_, &QAction::triggered, this, &MainWindow::exportPictureDialog);
}

// ---- sessions ----

bool MainWindow::saveSession(const QString& path, QString* error) {
    if (!model_) {
        if (error) *error = tr("no model is open");
        return false;
    }
    Session session;
    session.modelPath = QFileInfo(model_->path).absoluteFilePath();
    session.options = options_;
    session.position = steps_->position();
    session.overlay = overlayKey(graphPanel_->overlay());
    session.expandedGroups = graphPanel_->expandedPaths();
    session.zoom = graphPanel_->view()->zoom();
    session.center = graphPanel_->view()->mapToScene(graphPanel_->view()->viewport()->rect().center());
    session.hideUnchanged = timeline_->hidesUnchanged();
    session.sideBySide = graphPanel_->sideBySide();
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (const auto* node = qgraphicsitem_cast<const NodeItem*>(selected.front())) session.selectedNode = node->name();
    return views::saveSession(session, path, error);
}

bool MainWindow::openSession(const QString& path, QString* error) {
    std::optional<Session> session = views::loadSession(path, error);
    if (!session) return false;
    for (const QString& warning : session->warnings) statusBar()->showMessage(warning, 5000);
    options_ = session->options;
    pendingView_ = std::make_unique<Session>(*session);
    openModel(session->modelPath);
    return true;
}

// A save dialog in the folder last saved to, remembering the folder chosen; empty when cancelled.
QString MainWindow::askSavePath(const QString& title, const QString& suggestedName, const QString& filter) {
    QSettings settings;
    const QString dir = settings.value(kLastExportDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(this, title, QDir(dir).filePath(suggestedName), filter);
    if (!path.isEmpty()) settings.setValue(kLastExportDirKey, QFileInfo(path).absolutePath());
    return path;
}

void MainWindow::saveSessionDialog() {
    const QString path =
        askSavePath(tr("Save Session"), QFileInfo(model_ ? model_->path : QString()).completeBaseName() + QStringLiteral(".passscope.json"),
                    tr("PassScope sessions (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!saveSession(path, &error)) QMessageBox::warning(this, tr("Could Not Save Session"), error);
    else statusBar()->showMessage(tr("Session saved to %1").arg(path), 5000);
}

void MainWindow::openSessionDialog() {
    QSettings settings;
    const QString dir = settings.value(kLastExportDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), dir, tr("PassScope sessions (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!openSession(path, &error)) QMessageBox::warning(this, tr("Could Not Open Session"), error);
}

// ---- exports ----

bool MainWindow::exportModel(const QString& path, QString* error) {
    const PipelineResult* result = steps_->result().get();
    if (!result || !steps_->graph()) {
        if (error) *error = tr("no pipeline run to export");
        return false;
    }
    try {
        Model model = result->optimized;  // metadata, opsets; the graph is the one at this step
        model.graph = std::shared_ptr<Graph>(steps_->graph()->clone());
        Diagnostics diag;
        io::exportModel(model, path.toStdString(), io::ExportOptions{}, diag);
        for (const auto& w : diag.warnings) statusBar()->showMessage(QString::fromStdString(w), 5000);
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

bool MainWindow::exportReport(const QString& path, QString* error) {
    const PipelineResult* result = steps_->result().get();
    if (!result) {
        if (error) *error = tr("no pipeline run to report");
        return false;
    }
    const nlohmann::json report = pipelineReport(result->journal, result->run, summarize(result->source->model),
                                                 summarize(result->optimized), result->options);
    std::ofstream out(path.toStdString());
    out << report.dump(2) << "\n";
    if (!out) {
        if (error) *error = tr("could not write %1").arg(path);
        return false;
    }
    return true;
}

bool MainWindow::exportPicture(const QString& path, QString* error) { return graphPanel_->exportImage(path, error); }

void MainWindow::exportModelDialog() {
    const QString path = askSavePath(
        tr("Export Optimized Model"),
        QStringLiteral("%1.step%2.onnx").arg(QFileInfo(model_->path).completeBaseName()).arg(steps_->position()),
        tr("ONNX models (*.onnx);;ONNX text (*.onnxtxt *.txt)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportModel(path, &error)) QMessageBox::warning(this, tr("Could Not Export the Model"), error);
    else statusBar()->showMessage(tr("Model at step %1 written to %2").arg(steps_->position()).arg(path), 5000);
}

void MainWindow::exportReportDialog() {
    const QString path = askSavePath(tr("Export Report"), QStringLiteral("report.json"), tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportReport(path, &error)) QMessageBox::warning(this, tr("Could Not Export the Report"), error);
}

void MainWindow::exportPictureDialog() {
    const QString path =
        askSavePath(tr("Export Picture"), QStringLiteral("graph.svg"), tr("SVG pictures (*.svg);;PNG images (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportPicture(path, &error)) QMessageBox::warning(this, tr("Could Not Export the Picture"), error);
}

// The language is read at start-up (app/gui/main.cpp): every string is translated once.
void MainWindow::chooseLanguage(const QString& locale) {
    QSettings().setValue(kLanguageKey, locale);
    if (interactive_)
        QMessageBox::information(this, tr("Language"), tr("The new language takes effect when PassScope starts again."));
}

}  // namespace passscope::views
