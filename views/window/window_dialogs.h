#pragma once
// The main window's dialogs: open a model, a GE dump folder or a model to compare with (and the
// compare window), open and save a session, export the model at a step, the report and the
// picture, each remembering the folder last used; the language choice, About, and the message boxes
// of a model that did not open or a pipeline that failed (only while the window is interactive).
// What is opened or written is the window's (and its document's) to do; these only ask where.
#include <QObject>
#include <QString>

class QMimeData;

namespace passscope::views {

class CompareWindow;
class MainWindow;

class WindowDialogs : public QObject {
    Q_OBJECT
  public:
    explicit WindowDialogs(MainWindow& window);

    void openModel();
    void openDumpFolder();
    void compareWith();
    void saveSession();
    void openSession();
    void exportModel();
    void exportReport();
    void exportPicture();
    // The language is read at start-up (app/gui/main.cpp): every string is translated once.
    void chooseLanguage(const QString& locale);
    // MainWindow::compareWith.
    CompareWindow* openComparison(const QString& path);
    void showAbout();
    // A model that did not open, a pipeline that failed: a message box when the window is interactive.
    void showLoadError(const QString& path, const QString& message);
    void showPipelineError(const QString& message);
    // The model file or GE dump folder of a drop; empty when it is none.
    static QString droppedModel(const QMimeData* mime);

  private:
    // An open dialog for a model in the folder last opened from (else `defaultDir`), remembering the
    // folder chosen; empty when cancelled.
    QString askModelPath(const QString& title, const QString& defaultDir);
    // A save dialog in the folder last saved to, remembering the folder chosen; empty when cancelled.
    QString askSavePath(const QString& title, const QString& suggestedName, const QString& filter);
    void showWritten(const QString& message);

    MainWindow& window_;
};

}  // namespace passscope::views
