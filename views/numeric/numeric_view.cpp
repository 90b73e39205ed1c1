// NumericView (numeric/numeric_view.h). The numbers come from the document's NumericController
// (background, cancellable, cached per step) and NodeDataOverlay; this file only shows them.
#include "numeric/numeric_view.h"

#include <QFileDialog>
#include <QMessageBox>

#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "main_window.h"
#include "numeric/node_data_overlay.h"
#include "numeric/numeric_controller.h"
#include "numeric/numeric_inputs_dialog.h"
#include "timeline/timeline_panel.h"
#include "window/step_follower.h"

namespace passscope::views {

NumericView::NumericView(MainWindow& window, StepFollower& steps)
    : QObject(&window), window_(window), steps_(steps) {
    ModelDocument& document = *window_.document();
    NumericController* numeric = document.numeric();
    connect(&document, &ModelDocument::numericInputsChanged, this, &NumericView::onNumericInputsChanged);
    connect(numeric, &NumericController::numbersReady, this, &NumericView::onNumbersReady);
    connect(numeric, &NumericController::bisectStarted, this, [this] {
        emit statusMessage(tr("Finding the first divergent step…"), 0);
        emit stateChanged();
    });
    connect(numeric, &NumericController::bisectProgress, this, [this](size_t position) {
        emit statusMessage(
            tr("Finding the first divergent step: evaluating the graph after step %1…").arg(position), 0);
    });
    connect(numeric, &NumericController::bisectFinished, this, &NumericView::onBisectFinished);
    connect(numeric, &NumericController::bisectFailed, this, [this](const QString& message) {
        emit statusMessage(tr("Cannot find the first divergent step: %1").arg(message), 0);
        emit stateChanged();
        emit divergentStepFound(false);
    });
    connect(numeric, &NumericController::bisectCancelled, this, [this] {
        emit statusMessage(tr("Finding the first divergent step was cancelled"), 5000);
        emit stateChanged();
    });
}

bool NumericView::loadNodeData(const QStringList& sources, QString* error) {
    NodeDataOverlay& nodeData = window_.document()->nodeData();
    try {
        nodeData.load(sources);
    } catch (const std::exception& e) {
        const QString message = tr("Cannot read node data: %1").arg(QString::fromUtf8(e.what()));
        emit statusMessage(message, 0);
        if (error) *error = message;
        return false;
    }
    window_.setOverlay(OverlayMode::NodeData);  // updates the overlay
    for (const QString& note : nodeData.notes()) emit statusMessage(note, 8000);
    return true;
}

void NumericView::chooseNodeDataFiles() {
    const QStringList files =
        QFileDialog::getOpenFileNames(&window_, tr("Load Node Data"), QString(),
                                      tr("Node data (*.json *.pb *.npy *.tensorproto);;All files (*)"));
    if (!files.isEmpty()) loadNodeData(files, nullptr);
}

void NumericView::chooseNodeDataFolder() {
    const QString folder = QFileDialog::getExistingDirectory(&window_, tr("Node Data Folder"));
    if (folder.isEmpty()) return;
    QStringList sources = window_.document()->nodeData().sources();
    if (sources.size() >= 2) sources.clear();
    loadNodeData(sources << folder, nullptr);
}

void NumericView::clearNodeData() {
    window_.document()->nodeData().clear();
    updateNodeDataOverlay();
}

void NumericView::updateNodeDataOverlay() {
    GraphPanel& graph = *window_.graphPanel();
    const Graph* shown = graph.inSubgraph() ? graph.shownGraph() : nullptr;
    const Graph* root = window_.document()->graphShown();
    if (graph.overlay() != OverlayMode::NodeData || !root) {
        graph.setNodeData(nullptr, {}, QString());
        return;
    }
    NodeDataShown data =
        window_.document()->nodeData().shownFor(*root, graph.inSubgraph() ? steps_.bodyShown() : GraphPath{});
    graph.setNodeData(std::move(data.colors), std::move(data.legend), data.note, shown);
}

void NumericView::editNumericInputs() {
    ModelDocument& document = *window_.document();
    if (!document.loadedModel()) return;
    auto* dialog =
        new NumericInputsDialog(*document.loadedModel()->model.graph, document.numericInputs(), &window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QString problem;
        if (!window_.document()->setNumericInputs(dialog->files(), &problem))
            window_.showPipelineError(problem);
    });
    dialog->open();  // window-modal; nothing blocks
}

// The document gave the numeric controller its files already.
void NumericView::onNumericInputsChanged() {
    window_.timelinePanel()->setDivergence({});  // found on other inputs
    emit stateChanged();
    updateOverlays();
    const size_t count = window_.document()->numericInputs().size();
    if (count) emit statusMessage(tr("Numeric inputs: %n input(s) from files", nullptr, int(count)), 5000);
}

bool NumericView::canFindDivergentStep() const {
    const ModelDocument& document = *window_.document();
    return document.hasSteps() && !document.isRunning() && !document.numeric()->isBisecting();
}

bool NumericView::canChooseInputs() const {
    const ModelDocument& document = *window_.document();
    return document.loadedModel() != nullptr && !document.isDumpTimeline();
}

bool NumericView::isBusy() const {
    const NumericController* numeric = window_.document()->numeric();
    return numeric->isBisecting() ||
           (window_.graphPanel()->overlay() == OverlayMode::Numeric && numeric->isComputing());
}

void NumericView::findFirstDivergentStep() {
    ModelDocument& document = *window_.document();
    if (!document.hasSteps() || document.isRunning()) return;
    document.numeric()->findFirstDivergent();
    emit stateChanged();
}

void NumericView::onBisectFinished() {
    emit stateChanged();
    const NumericController& numeric = *window_.document()->numeric();
    const BisectFinding& found = *numeric.finding();
    DivergenceMarks marks;
    marks.differs = found.verdicts;
    marks.first = found.first;
    if (!found.first) {
        window_.timelinePanel()->setDivergence(marks);
        emit statusMessage(numeric.hasInputFiles()
                               ? tr("No pass run changed the graph outputs (on the numeric input files)")
                               : tr("No pass run changed the graph outputs (on seeded random inputs)"),
                           0);
        emit divergentStepFound(false);
        return;
    }
    const QString what =
        tr("Step %1, %2 (stage %3), is the first whose graph outputs differ from the original's")
            .arg(*found.first)
            .arg(found.pass, found.stage);
    marks.detail = what + QLatin1Char('\n') + found.outputs.join(QLatin1Char('\n'));
    window_.timelinePanel()->setDivergence(marks);
    emit statusMessage(what, 0);
    emit divergentStepFound(true);
    if (!window_.isInteractive()) return;
    auto* box = new QMessageBox(QMessageBox::Question, tr("First Divergent Step"), what,
                                QMessageBox::Yes | QMessageBox::No, &window_);
    box->setInformativeText(tr("Show step %1 with the numeric difference overlay?").arg(*found.first));
    box->setDetailedText(found.outputs.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::accepted, this, [this] { showFirstDivergentStep(); });
    box->open();  // window-modal; nothing blocks
}

bool NumericView::showFirstDivergentStep() {
    const std::optional<BisectFinding>& found = window_.document()->numeric()->finding();
    if (!found || !found->first) return false;
    window_.setOverlay(OverlayMode::Numeric);
    window_.showPosition(*found->first);
    return true;
}

void NumericView::updateOverlays() {
    updateNodeDataOverlay();  // the other data overlay follows the same steps and bodies
    ModelDocument& document = *window_.document();
    NumericController& numeric = *document.numeric();
    GraphPanel& graph = *window_.graphPanel();
    if (graph.overlay() != OverlayMode::Numeric || !document.hasSteps()) {
        numeric.cancelNumbers();  // nobody waits for them; what is cached stays
        graph.setNumericLevels(nullptr, QString());
        return;
    }
    const size_t position = document.position();
    // Inside an If/Loop/Scan body the levels are that body's (its last run, docs/bisect.md §6).
    const Graph* shown = graph.inSubgraph() ? graph.shownGraph() : nullptr;
    if (const std::shared_ptr<const StepNumbers> numbers = numeric.request(position)) {
        graph.setNumericLevels(numbers->levelsOf(steps_.bodyShown()),
                               numericSummary(*numbers, steps_.bodyShown()), shown);
        if (!numbers->problem.isEmpty())
            emit statusMessage(tr("Numeric difference: cannot evaluate %1").arg(numbers->problem), 0);
        emit numericUpdated();
    } else {
        graph.setNumericLevels(nullptr, tr("computing step %1…").arg(position), shown);
    }
}

void NumericView::onNumbersReady(size_t position) {
    if (position != window_.document()->position()) return;  // cached for when the user comes back
    updateOverlays();
    emit numbersArrived();
}

}  // namespace passscope::views
