// MainWindow, part 3: the session and export dialogs (the document writes the session, model and
// report; the graph panel the picture), the view state a session keeps, and the language choice.
#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/node_item.h"
#include "main_window.h"
#include "session/session_file.h"
#include "timeline/timeline_panel.h"

namespace passscope::views {

namespace {
const QString kLastExportDirKey = QStringLiteral("lastExportDir");
const QString kLanguageKey = QStringLiteral("language");
const QString kLastDumpDirKey = QStringLiteral("lastDumpDir");
}  // namespace

void MainWindow::createFileActions() {
    actions_.openDumpFolder = new QAction(tr("Open GE &Dump Folder…"), this);
    actions_.openDumpFolder->setStatusTip(
        tr("Open a folder of GE graph dumps (DUMP_GE_GRAPH) and step through GE's compile stages"));
    connect(actions_.openDumpFolder, &QAction::triggered, this, &MainWindow::showOpenDumpFolderDialog);
    actions_.openSession = new QAction(tr("Open &Session…"), this);
    connect(actions_.openSession, &QAction::triggered, this, &MainWindow::openSessionDialog);
    actions_.saveSession = new QAction(tr("Sa&ve Session…"), this);
    actions_.saveSession->setShortcut(QKeySequence::Save);
    connect(actions_.saveSession, &QAction::triggered, this, &MainWindow::saveSessionDialog);
    actions_.exportModel = new QAction(tr("Optimized &Model at This Step…"), this);
    actions_.exportModel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(actions_.exportModel, &QAction::triggered, this, &MainWindow::exportModelDialog);
    actions_.exportReport = new QAction(tr("Pipeline &Report (JSON)…"), this);
    connect(actions_.exportReport, &QAction::triggered, this, &MainWindow::exportReportDialog);
    actions_.exportPicture = new QAction(tr("&Picture of the View (SVG, PNG)…"), this);
    connect(actions_.exportPicture, &QAction::triggered, this, &MainWindow::exportPictureDialog);
}

void MainWindow::showOpenDumpFolderDialog() {
    QSettings settings;
    const QString dir = settings.value(kLastDumpDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open GE Dump Folder"), dir);
    if (path.isEmpty()) return;
    settings.setValue(kLastDumpDirKey, path);
    openModel(path);
}

// ---- sessions ----

// The window adds where the user looks; the document the model, options and position.
bool MainWindow::saveSession(const QString& path, QString* error) {
    Session session;
    session.overlay = overlayKey(graphPanel_->overlay());
    session.expandedGroups = graphPanel_->expandedPaths();
    session.zoom = graphPanel_->view()->zoom();
    session.center = graphPanel_->view()->mapToScene(graphPanel_->view()->viewport()->rect().center());
    session.hideUnchanged = timeline_->hidesUnchanged();
    session.sideBySide = graphPanel_->sideBySide();
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (const auto* node = qgraphicsitem_cast<const NodeItem*>(selected.front()))
            session.selectedNode = node->name();
    return document_->saveSession(path, std::move(session), error);
}

bool MainWindow::openSession(const QString& path, QString* error) {
    return document_->openSession(path, error);
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
        askSavePath(tr("Save Session"),
                    QFileInfo(loadedModel() ? loadedModel()->path : QString()).completeBaseName() +
                        QStringLiteral(".passscope.json"),
                    tr("PassScope sessions (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!saveSession(path, &error))
        QMessageBox::warning(this, tr("Could Not Save Session"), error);
    else
        statusBar()->showMessage(tr("Session saved to %1").arg(path), 5000);
}

void MainWindow::openSessionDialog() {
    QSettings settings;
    const QString dir = settings.value(kLastExportDirKey, QDir::homePath()).toString();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Session"), dir, tr("PassScope sessions (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!openSession(path, &error)) QMessageBox::warning(this, tr("Could Not Open Session"), error);
}

// ---- exports ----

bool MainWindow::exportModel(const QString& path, QString* error) {
    return document_->exportModel(path, error);
}

bool MainWindow::exportReport(const QString& path, QString* error) {
    return document_->exportReport(path, error);
}

bool MainWindow::exportPicture(const QString& path, QString* error) {
    return graphPanel_->exportImage(path, error);
}

void MainWindow::exportModelDialog() {
    const QString path = askSavePath(tr("Export Optimized Model"),
                                     QStringLiteral("%1.step%2.onnx")
                                         .arg(QFileInfo(loadedModel()->path).completeBaseName())
                                         .arg(position()),
                                     tr("ONNX models (*.onnx);;ONNX text (*.onnxtxt *.txt);;"
                                        "GE graph dump (ge_onnx_*.pbtxt)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportModel(path, &error))
        QMessageBox::warning(this, tr("Could Not Export the Model"), error);
    else
        statusBar()->showMessage(tr("Model at step %1 written to %2").arg(position()).arg(path), 5000);
}

void MainWindow::exportReportDialog() {
    const QString path = askSavePath(tr("Export Report"), QStringLiteral("report.json"), tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportReport(path, &error)) QMessageBox::warning(this, tr("Could Not Export the Report"), error);
}

void MainWindow::exportPictureDialog() {
    const QString path = askSavePath(tr("Export Picture"), QStringLiteral("graph.svg"),
                                     tr("SVG pictures (*.svg);;PNG images (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportPicture(path, &error)) QMessageBox::warning(this, tr("Could Not Export the Picture"), error);
}

// The language is read at start-up (app/gui/main.cpp): every string is translated once.
void MainWindow::chooseLanguage(const QString& locale) {
    QSettings().setValue(kLanguageKey, locale);
    if (interactive_)
        QMessageBox::information(this, tr("Language"),
                                 tr("The new language takes effect when PassScope starts again."));
}

}  // namespace passscope::views
