#pragma once
// Stepping through a finished pipeline run: the diagram of all steps and two journal cursors (the
// graph at the selected position and at the one before, for side by side), prepared off the UI
// thread (a BackgroundJob) because copying and rewinding a 20,000-node graph takes longer than a
// frame. What goes wrong there (a journal that does not replay, out of memory) is failed(), not an
// exception on the UI thread.
#include <memory>

#include <QObject>

#include "diagram/diagram_model.h"
#include "graph/step_marks.h"
#include "runner/background_job.h"
#include "runner/pipeline_result.h"

namespace passscope::views {

class StepController : public QObject {
    Q_OBJECT
  public:
    explicit StepController(QObject* parent = nullptr);
    ~StepController() override;

    // Prepares `result` in the background; ready() or failed() follows (a newer call supersedes
    // an older one).
    // `position` is where to stand once ready (clamped to the last step).
    void setResult(std::shared_ptr<const PipelineResult> result, size_t position);
    void clear();
    bool isReady() const { return prepared_ != nullptr; }

    std::shared_ptr<const PipelineResult> result() const;
    std::shared_ptr<const DiagramModel> diagram() const;
    size_t position() const { return position_; }
    size_t positionCount() const;  // steps + 1

    void moveTo(size_t position);
    // The graph at the selected position, and at the one before (the same at position 0).
    const Graph* graph() const;
    const Graph* graphBefore() const;
    const StepMarks& marks() const { return marks_; }

  signals:
    void ready();
    // The steps could not be prepared: nothing is shown (isReady() is false).
    void failed(const QString& message);
    void positionChanged(size_t position);

  private:
    void place(size_t position);  // moves the cursors without a signal
    struct Prepared;
    struct Outcome {
        std::shared_ptr<Prepared> prepared;
        QString error;
    };
    static Outcome prepare(std::shared_ptr<const PipelineResult> result);
    std::shared_ptr<Prepared> prepared_;
    BackgroundJob<Outcome> job_;
    size_t position_ = 0;
    StepMarks marks_;
};

}  // namespace passscope::views
