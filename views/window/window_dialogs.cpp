// The main window's file dialogs (window/window_dialogs.h). Sessions, the model and the report are
// written by the document, the picture by the graph panel; the window says where.
#include "window/window_dialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QUrl>

#include "compare/compare_window.h"
#include "main_window.h"

namespace passscope::views {

namespace {
const QString kLastDirKey = QStringLiteral("lastOpenDir");
const QString kLastExportDirKey = QStringLiteral("lastExportDir");
const QString kLanguageKey = QStringLiteral("language");
const QString kLastDumpDirKey = QStringLiteral("lastDumpDir");
}  // namespace

WindowDialogs::WindowDialogs(MainWindow& window) : QObject(&window), window_(window) {}

QString WindowDialogs::askModelPath(const QString& title, const QString& defaultDir) {
    QSettings settings;
    const QString dir = settings.value(kLastDirKey, defaultDir).toString();
    const QString path = QFileDialog::getOpenFileName(
        &window_, title, dir, tr("ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)"));
    if (!path.isEmpty()) settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    return path;
}

void WindowDialogs::openModel() {
    const QString path = askModelPath(tr("Open Model"), QDir::homePath());
    if (!path.isEmpty()) window_.openModel(path);
}

void WindowDialogs::openDumpFolder() {
    QSettings settings;
    const QString dir = settings.value(kLastDumpDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getExistingDirectory(&window_, tr("Open GE Dump Folder"), dir);
    if (path.isEmpty()) return;
    settings.setValue(kLastDumpDirKey, path);
    window_.openModel(path);
}

void WindowDialogs::compareWith() {
    if (!window_.loadedModel()) return;
    const QString path =
        askModelPath(tr("Compare With"), QFileInfo(window_.loadedModel()->path).absolutePath());
    if (!path.isEmpty()) window_.compareWith(path);
}

QString WindowDialogs::askSavePath(const QString& title, const QString& suggestedName,
                                   const QString& filter) {
    QSettings settings;
    const QString dir = settings.value(kLastExportDirKey, QDir::homePath()).toString();
    const QString path =
        QFileDialog::getSaveFileName(&window_, title, QDir(dir).filePath(suggestedName), filter);
    if (!path.isEmpty()) settings.setValue(kLastExportDirKey, QFileInfo(path).absolutePath());
    return path;
}

void WindowDialogs::showWritten(const QString& message) {
    window_.statusBar()->showMessage(message, 5000);
}

void WindowDialogs::saveSession() {
    const QString path = askSavePath(
        tr("Save Session"),
        QFileInfo(window_.loadedModel() ? window_.loadedModel()->path : QString()).completeBaseName() +
            QStringLiteral(".passscope.json"),
        tr("PassScope sessions (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!window_.saveSession(path, &error))
        QMessageBox::warning(&window_, tr("Could Not Save Session"), error);
    else
        showWritten(tr("Session saved to %1").arg(path));
}

void WindowDialogs::openSession() {
    QSettings settings;
    const QString dir = settings.value(kLastExportDirKey, QDir::homePath()).toString();
    const QString path =
        QFileDialog::getOpenFileName(&window_, tr("Open Session"), dir, tr("PassScope sessions (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!window_.openSession(path, &error))
        QMessageBox::warning(&window_, tr("Could Not Open Session"), error);
}

void WindowDialogs::exportModel() {
    const QString path = askSavePath(tr("Export Optimized Model"),
                                     QStringLiteral("%1.step%2.onnx")
                                         .arg(QFileInfo(window_.loadedModel()->path).completeBaseName())
                                         .arg(window_.position()),
                                     tr("ONNX models (*.onnx);;ONNX text (*.onnxtxt *.txt);;"
                                        "GE graph dump (ge_onnx_*.pbtxt)"));
    if (path.isEmpty()) return;
    QString error;
    if (!window_.exportModel(path, &error))
        QMessageBox::warning(&window_, tr("Could Not Export the Model"), error);
    else
        showWritten(tr("Model at step %1 written to %2").arg(window_.position()).arg(path));
}

void WindowDialogs::exportReport() {
    const QString path = askSavePath(tr("Export Report"), QStringLiteral("report.json"), tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!window_.exportReport(path, &error))
        QMessageBox::warning(&window_, tr("Could Not Export the Report"), error);
}

void WindowDialogs::exportPicture() {
    const QString path = askSavePath(tr("Export Picture"), QStringLiteral("graph.svg"),
                                     tr("SVG pictures (*.svg);;PNG images (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    if (!window_.exportPicture(path, &error))
        QMessageBox::warning(&window_, tr("Could Not Export the Picture"), error);
}

void WindowDialogs::chooseLanguage(const QString& locale) {
    QSettings().setValue(kLanguageKey, locale);
    if (window_.isInteractive())
        QMessageBox::information(&window_, tr("Language"),
                                 tr("The new language takes effect when PassScope starts again."));
}

void WindowDialogs::showLoadError(const QString& path, const QString& message) {
    if (!window_.isInteractive()) return;
    auto* box = new QMessageBox(QMessageBox::Critical, tr("Could Not Open Model"),
                                tr("PassScope could not open “%1”.").arg(QFileInfo(path).fileName()),
                                QMessageBox::Ok, &window_);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();  // window-modal, without a nested event loop
}

CompareWindow* WindowDialogs::openComparison(const QString& path) {
    if (!window_.loadedModel()) return nullptr;
    auto* compare = new CompareWindow(&window_);
    compare->setWindowFlag(Qt::Window);
    compare->setAttribute(Qt::WA_DeleteOnClose);
    compare->setInteractive(window_.isInteractive());
    compare->resize(window_.size());
    compare->compareFiles(window_.loadedModel()->path, path);
    compare->show();
    return compare;
}

void WindowDialogs::showPipelineError(const QString& message) {
    if (!window_.isInteractive()) return;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Pipeline Failed"),
                                tr("The pipeline could not run."), QMessageBox::Ok, &window_);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void WindowDialogs::showAbout() {
    QMessageBox::about(
        &window_, tr("About PassScope"),
        tr("<h3>PassScope %1</h3>"
           "<p>See what a graph compiler's optimisation passes do to an ONNX model: constant folding, "
           "format refinement, TransData insertion, dead code and common subexpression elimination.</p>"
           "<p>Built with Qt %2, running on Qt %3.</p>")
            .arg(QStringLiteral(PASSSCOPE_VERSION), QStringLiteral(QT_VERSION_STR),
                 QString::fromLatin1(qVersion())));
}

QString WindowDialogs::droppedModel(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    const QList<QUrl> urls = mime->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile()) return {};
    const QString path = urls.first().toLocalFile();
    return QFileInfo(path).isFile() || QFileInfo(path).isDir() ? path : QString();  // a folder: GE dumps
}

}  // namespace passscope::views
