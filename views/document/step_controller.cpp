#include "document/step_controller.h"

namespace passscope::views {

struct StepController::Prepared {
    std::shared_ptr<const PipelineResult> result;
    std::shared_ptr<const DiagramModel> diagram;
    std::unique_ptr<JournalCursor> after;   // at position_
    std::unique_ptr<JournalCursor> before;  // at position_ - 1
};

StepController::StepController(QObject* parent) : QObject(parent), job_(this) {}
StepController::~StepController() = default;

// Off the UI thread: the diagram walks the "after" cursor over every step (it ends at the last
// position), so only two copies of the graph are made.
StepController::Outcome StepController::prepare(std::shared_ptr<const PipelineResult> result) {
    Outcome out;
    out.error = errorOf(
        [&] {
            auto p = std::make_shared<Prepared>();
            p->result = result;
            const Graph& finalGraph = *result->optimized.graph;
            p->after = std::make_unique<JournalCursor>(result->journal, finalGraph);
            p->diagram = DiagramModel::build(result->journal, *p->after);
            p->before = std::make_unique<JournalCursor>(result->journal, finalGraph);
            out.prepared = std::move(p);
        },
        tr("Not enough memory to prepare the steps of the run."),
        tr("Unknown error while preparing the steps of the run."),
        [](const QString& what) { return tr("Cannot prepare the steps of the run: %1").arg(what); });
    return out;
}

void StepController::setResult(std::shared_ptr<const PipelineResult> result, size_t position) {
    job_.start([result](const std::atomic<bool>&) { return prepare(result); },
               [this, position](const Outcome& outcome, bool) {
                   if (!outcome.prepared) {
                       emit failed(outcome.error);
                       return;
                   }
                   prepared_ = outcome.prepared;
                   position_ = prepared_->after->position();
                   place(position);  // ready() is the one signal of this change: no positionChanged() too
                   emit ready();
               });
}

void StepController::clear() {
    job_.abandon();
    prepared_.reset();
    position_ = 0;
    marks_ = {};
}

std::shared_ptr<const PipelineResult> StepController::result() const {
    return prepared_ ? prepared_->result : nullptr;
}

std::shared_ptr<const DiagramModel> StepController::diagram() const {
    return prepared_ ? prepared_->diagram : nullptr;
}

size_t StepController::positionCount() const {
    return prepared_ ? prepared_->result->journal.steps().size() + 1 : 0;
}

void StepController::moveTo(size_t position) {
    if (!prepared_) return;
    place(position);
    emit positionChanged(position_);
}

void StepController::place(size_t position) {
    position = std::min(position, positionCount() - 1);
    prepared_->after->moveTo(position);
    prepared_->before->moveTo(position == 0 ? 0 : position - 1);
    marks_ = marksForPosition(prepared_->result->journal, position, prepared_->diagram->constants());
    position_ = position;
}

const Graph* StepController::graph() const {
    return prepared_ ? &prepared_->after->graph() : nullptr;
}
const Graph* StepController::graphBefore() const {
    return prepared_ ? &prepared_->before->graph() : nullptr;
}

}  // namespace passscope::views
