// ModelDocument, part 3: what the properties panel says about a node at the selected step (the
// window only shows it).
#include "document/model_document.h"
#include "ir/graph_path.h"
#include "ir/op_traits.h"
#include "numeric/node_data_overlay.h"
#include "numeric/numeric_controller.h"
#include "runner/pipeline_result.h"

namespace passscope::views {

NodeNotes ModelDocument::nodeNotes(const Graph& graph, NodeId id, const NoteScope& scope) const {
    NodeNotes notes;
    const Node* node = graph.findNode(id);
    if (!node) return notes;
    const bool inBody = !scope.body.empty();
    if (const std::optional<FoldingNote> note = whyNotFolded(id, scope.body)) {
        notes.whyNotFolded = note->reason;
        notes.whyNotFoldedDetail = note->detail;
        notes.whyNotFoldedPass = note->pass;
    }
    if (hasSteps()) {  // inside a body, the marks of the step there (ids are the body's)
        const StepMarks marks = inBody ? bodyMarks(graph, scope.body) : this->marks();
        if (marks.added.count(id))
            notes.change = tr("added by this step");
        else if (marks.edited.count(id))
            notes.change = tr("changed by this step");
    }
    // Persistent memory (docs/ge-variables.md §2): key and address from the plan at this step,
    // and for a variable the run's fusion decision and trans road (VarManager).
    const bool variableLike = op::isVariableType(node->opType(), node->domain());
    if (!inBody && (variableLike || (node->inputs().empty() && scope.constantsInPlan))) {
        const PipelineResult* result = pipelineResult().get();
        const VarManager* manager = result ? result->run.varManager.get() : nullptr;
        notes.variable = variableNote(*node, memoryPlanShown(), manager, result ? result->run.graphId : 0);
        if (notes.variable && notes.variable->hasDecision && result) {
            // The decision shows from the first run of the pass that made it on the main graph.
            const std::string decidedBy = notes.variable->decidedBy.toStdString();
            const auto& steps = result->journal.steps();
            for (size_t s = 0; s < steps.size() && !decidedBy.empty() && !notes.variable->decidedAt; ++s)
                if (steps[s].pass == decidedBy && steps[s].graph.empty()) notes.variable->decidedAt = s + 1;
            notes.variable->shownAt = position();
        }
    }
    notes.numeric = numericNote(id, scope.body);
    if (scope.nodeData && !nodeData_->isEmpty() && graphShown()) {
        const NodeDataShown data = nodeData_->shownFor(*graphShown(), scope.body);
        if (const auto it = data.texts.find(id); it != data.texts.end()) {
            notes.nodeData = it->second;
            notes.nodeDataSource = nodeData_->sources().join(QStringLiteral(", "));
        }
    }
    return notes;
}

std::optional<NumericNote> ModelDocument::numericNote(NodeId id, const GraphPath& body) const {
    const size_t at = position();
    const std::shared_ptr<const StepNumbers> numbers = numeric_->numbersAt(at);
    NumericNote note;
    note.position = at;
    if (!numbers) {
        if (!numeric_->isComputing() || numeric_->computingPosition() != at) return std::nullopt;
        note.computing = true;
        return note;
    }
    if (const std::vector<ValueNumbers>* outputs = numbers->of(id, body)) note.outputs = *outputs;
    note.problem = numbers->problem;
    if (note.outputs.empty() && note.problem.isEmpty()) return std::nullopt;  // NetOutput: no values
    return note;
}

}  // namespace passscope::views
