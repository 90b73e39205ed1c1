#pragma once
// The main window's status bar following the document and the graph panel: what is being loaded,
// run or laid out and how it ended, and permanently what the step's changes are ("12 changes
// (F3: next)", "Change 3 of 12: …"), a busy indicator, the Cancel button of a load, the load time
// with its phases, and the load warnings' count (clicking it asks for the warnings).
#include <QObject>
#include <QString>

class QAction;
class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace passscope::views {

class GraphPanel;
class ModelDocument;
struct LoadedModel;

class WindowStatus : public QObject {
    Q_OBJECT
  public:
    // Adds the widgets to `bar` (they belong to its window); `cancelLoad` is the Cancel button's action.
    WindowStatus(QStatusBar* bar, QAction* cancelLoad);
    // Says what `document` loads and runs, and what `graph` lays out.
    void attach(const ModelDocument& document, const GraphPanel& graph);

    void setBusy(bool busy);
    // A load under way: busy, with the Cancel button.
    void setLoading(bool loading);
    // The time `model` took to load (phases in the tool tip) and how many warnings it brought.
    void showLoaded(const LoadedModel& model);
    void setChangeText(const QString& text);

    // "1.5 ms", "2.25 s".
    static QString durationText(double seconds);

  signals:
    void warningsRequested();

  private:
    QStatusBar* bar_;
    QLabel* changes_;
    QProgressBar* busy_;
    QToolButton* cancelLoad_;
    QLabel* loadTime_;
    QToolButton* warnings_;
};

}  // namespace passscope::views
