#pragma once
// The window of File ▸ Compare With… and `passscope A --compare B`: loads both models off the UI
// thread, diffs them and shows them side by side (CompareView). A file that does not load is
// reported (a message box when interactive, and in the window itself); nothing closes.
#include <memory>

#include <QMainWindow>

#include "comparison.h"

class QLabel;
class QProgressBar;
class QStackedWidget;

namespace passscope::views {

class CompareLoader;
class CompareView;

class CompareWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit CompareWindow(QWidget* parent = nullptr);
    ~CompareWindow() override;

    // Loads and compares `pathA` (left) with `pathB` (right); compared() or failed() follows.
    void compareFiles(const QString& pathA, const QString& pathB);
    bool isBusy() const;
    // When false, failures are only signalled and shown in the window (no message box).
    void setInteractive(bool interactive) { interactive_ = interactive; }

    CompareView* view() const { return view_; }
    const Comparison* comparison() const;
    // UI-thread seconds the last comparison took to show (the difference list, the scenes' setup).
    double showSeconds() const { return showSeconds_; }
    // The error shown in place of the graphs after the last failure (empty when none).
    QString errorText() const;

  signals:
    void compared();  // the comparison is loaded and shown (being laid out)
    void failed(const QString& message);
    void viewReady();  // both sides laid out

  private:
    void onReady(std::shared_ptr<const Comparison> comparison);
    void onFailed(const QString& message);

    bool interactive_ = true;
    double showSeconds_ = 0;
    CompareLoader* loader_;
    CompareView* view_;
    QStackedWidget* pages_;
    QLabel* message_;
    QProgressBar* busy_;
};

}  // namespace passscope::views
