#pragma once
// The pass timeline dock: a toolbar to step (first / previous / next / last, and "hide passes
// that changed nothing"), the table of pass runs, a progress row while the pipeline runs, and the
// nodes / constant-bytes chart under the table. It shows one PipelineResult and one position in
// it; whoever owns the graph view follows positionSelected().
#include <memory>

#include <QWidget>

#include "runner/pipeline_result.h"
#include "timeline/timeline_model.h"

class QAction;
class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QToolBar;

namespace passscope::views {

class PassChart;
class TimelineFilterProxy;

class TimelinePanel : public QWidget {
    Q_OBJECT
  public:
    explicit TimelinePanel(QWidget* parent = nullptr);
    ~TimelinePanel() override;

    // Shows a run at its last position (the optimised model); emits nothing. Null clears.
    void setResult(std::shared_ptr<const PipelineResult> result);
    // Shows what a bisection found in the "Outputs" column (hidden until then) and scrolls the
    // first divergent row into view; emits nothing.
    void setDivergence(DivergenceMarks marks);
    const PipelineResult* result() const;

    // Selects the row of `position`, or when the filter hides it the nearest visible row before
    // it (a hidden step changed nothing, so that row shows the same graph). Emits nothing.
    void setPosition(size_t position);
    size_t position() const { return position_; }

    bool hidesUnchanged() const;
    // Like ticking the box, but a position moved off a row that is now hidden is not signalled.
    void setHideUnchanged(bool hide);

    QTableView* tableView() const { return table_; }
    QAction* firstAction() const { return firstAction_; }
    QAction* previousAction() const { return previousAction_; }
    QAction* nextAction() const { return nextAction_; }
    QAction* lastAction() const { return lastAction_; }
    QCheckBox* hideUnchangedBox() const { return hideUnchangedBox_; }
    QPushButton* cancelButton() const { return cancelButton_; }
    QProgressBar* progressBar() const { return progress_; }
    PassChart* chart() const { return chart_; }
    TimelineModel* timelineModel() const { return model_; }
    TimelineFilterProxy* timelineFilter() const { return filter_; }
    // True between showRunning() and showIdle().
    bool isShowingProgress() const;

  public slots:
    void showRunning(int stepsDone, const QString& pass);
    void showIdle();

  signals:
    // The user picked a position (table, keys, toolbar, chart, or hiding the row shown).
    void positionSelected(size_t position);
    void hideUnchangedChanged(bool hide);
    void cancelRequested();

  private:
    void createActions();
    QToolBar* createToolBar();
    QWidget* createProgressRow();
    void createTable();
    // Moves the selection to `position` (snapped to a visible row); emits positionSelected when
    // `notify` and the position changed.
    void goTo(size_t position, bool notify);
    void goToVisibleRow(int proxyRow);
    int visibleRowAtOrBefore(size_t position) const;
    int currentVisibleRow() const;
    void onCurrentRowChanged(const QModelIndex& current);
    void applyHideUnchanged(bool hide, bool notify);
    void updateActions();
    void updateSummary();

    std::shared_ptr<const PipelineResult> result_;
    size_t position_ = 0;
    bool syncing_ = false;  // selection changes made by the panel itself

    TimelineModel* model_;
    TimelineFilterProxy* filter_;
    QTableView* table_ = nullptr;
    PassChart* chart_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QCheckBox* hideUnchangedBox_ = nullptr;
    QLabel* summary_ = nullptr;
    QWidget* progressRow_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* progressLabel_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QAction* firstAction_ = nullptr;
    QAction* previousAction_ = nullptr;
    QAction* nextAction_ = nullptr;
    QAction* lastAction_ = nullptr;
};

}  // namespace passscope::views
