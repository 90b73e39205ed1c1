#pragma once
// Stepping through a finished pipeline run: the diagram of all steps and two journal cursors (the
// graph at the selected position and at the one before, for side by side), prepared off the UI
// thread because copying and rewinding a 20,000-node graph takes longer than a frame.
#include <memory>

#include <QObject>

#include "diagram/diagram_model.h"
#include "graph/step_marks.h"
#include "runner/pipeline_result.h"

namespace passscope::views {

class StepController : public QObject {
    Q_OBJECT
  public:
    explicit StepController(QObject* parent = nullptr);
    ~StepController() override;

    // Prepares `result` in the background; ready() follows (a newer call supersedes an older one).
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
    void positionChanged(size_t position);

  private:
    void place(size_t position);  // moves the cursors without a signal
    struct Prepared;
    std::shared_ptr<Prepared> prepared_;
    quint64 generation_ = 0;
    size_t position_ = 0;
    StepMarks marks_;
};

}  // namespace passscope::views
