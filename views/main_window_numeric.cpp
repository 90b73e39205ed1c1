// MainWindow, part 4: numeric debugging (docs/bisect.md §6). The numeric overlay colours each node
// by how far its outputs are from the original graph's at the step shown, the properties panel
// shows both values' statistics (inside an If/Loop/Scan body, of the body's last run), and Find First
// Divergent Step bisects the run and marks what it found in the timeline. The numbers come from the
// NumericController (background, cancellable, cached per step); this file only shows them.
#include <QAction>
#include <QFileDialog>
#include <QMessageBox>
#include <QStatusBar>

#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "main_window.h"
#include "numeric/node_data_overlay.h"
#include "numeric/numeric_controller.h"
#include "numeric/numeric_inputs_dialog.h"
#include "properties_panel.h"
#include "timeline/timeline_panel.h"

namespace passscope::views {

void MainWindow::createNumericActions() {
    actions_.findDivergent = new QAction(tr("Find First &Divergent Step"), this);
    actions_.findDivergent->setObjectName(QStringLiteral("findDivergent"));
    actions_.findDivergent->setStatusTip(
        tr("Evaluate the graph at steps of the run on the numeric inputs and find the first pass run "
           "whose outputs differ from the original's"));
    actions_.findDivergent->setEnabled(false);
    connect(actions_.findDivergent, &QAction::triggered, this, &MainWindow::findFirstDivergentStep);
    actions_.numericInputs = new QAction(tr("Numeric &Inputs…"), this);
    actions_.numericInputs->setObjectName(QStringLiteral("numericInputs"));
    actions_.numericInputs->setStatusTip(
        tr("Choose the .npy or .pb files, or an ONNX test data folder, that feed the graph inputs of the "
           "numeric "
           "overlay and Find First Divergent Step (seeded random values otherwise)"));
    actions_.numericInputs->setEnabled(false);
    connect(actions_.numericInputs, &QAction::triggered, this, &MainWindow::editNumericInputs);
}

void MainWindow::createNodeDataActions() {
    actions_.loadNodeData = new QAction(tr("&Load Node Data…"), this);
    actions_.loadNodeData->setObjectName(QStringLiteral("loadNodeData"));
    actions_.loadNodeData->setStatusTip(
        tr("Show other tools' per-node numbers on the graph: Model Explorer node data, Polygraphy's saved "
           "outputs "
           "(JSON) or tensor files; two files are coloured by their difference"));
    connect(actions_.loadNodeData, &QAction::triggered, this, [this] {
        const QStringList files =
            QFileDialog::getOpenFileNames(this, tr("Load Node Data"), QString(),
                                          tr("Node data (*.json *.pb *.npy *.tensorproto);;All files (*)"));
        if (!files.isEmpty()) loadNodeData(files);
    });
    actions_.loadNodeDataFolder = new QAction(tr("Load Node Data &Folder…"), this);
    actions_.loadNodeDataFolder->setStatusTip(
        tr("A folder of per-tensor files (ONNX Runtime's .tensorproto dumps, .pb, .npy); shown with those "
           "loaded already, to compare two runs"));
    connect(actions_.loadNodeDataFolder, &QAction::triggered, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Node Data Folder"));
        if (folder.isEmpty()) return;
        QStringList sources = nodeData_->sources();
        if (sources.size() >= 2) sources.clear();
        loadNodeData(sources << folder);
    });
    actions_.clearNodeData = new QAction(tr("&Clear Node Data"), this);
    connect(actions_.clearNodeData, &QAction::triggered, this, [this] {
        nodeData_->clear();
        updateNodeDataOverlay();
    });
}

bool MainWindow::loadNodeData(const QStringList& sources, QString* error) {
    try {
        nodeData_->load(sources);
    } catch (const std::exception& e) {
        const QString message = tr("Cannot read node data: %1").arg(QString::fromUtf8(e.what()));
        statusBar()->showMessage(message);
        if (error) *error = message;
        return false;
    }
    setOverlay(OverlayMode::NodeData);  // updates the overlay
    for (const QString& note : nodeData_->notes()) statusBar()->showMessage(note, 8000);
    return true;
}

void MainWindow::updateNodeDataOverlay() {
    const Graph* shown = graphPanel_->inSubgraph() ? graphPanel_->shownGraph() : nullptr;
    const Graph* root = document_->graphShown();
    if (graphPanel_->overlay() != OverlayMode::NodeData || !root) {
        graphPanel_->setNodeData(nullptr, {}, QString());
        return;
    }
    NodeDataShown data = nodeData_->shownFor(*root, graphPanel_->inSubgraph() ? bodyShown_ : GraphPath{});
    graphPanel_->setNodeData(std::move(data.colors), std::move(data.legend), data.note, shown);
}

void MainWindow::setNumericInputSources(const QStringList& sources) {
    document_->setNumericInputSources(sources);
}

void MainWindow::editNumericInputs() {
    if (!document_->loadedModel()) return;
    auto* dialog =
        new NumericInputsDialog(*document_->loadedModel()->model.graph, document_->numericInputs(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QString problem;
        if (!document_->setNumericInputs(dialog->files(), &problem)) showPipelineError(problem);
    });
    dialog->open();  // window-modal; nothing blocks
}

void MainWindow::onNumericInputsChanged() {
    std::map<std::string, std::filesystem::path> files;
    for (const auto& [name, file] : document_->numericInputs()) files[name] = file.toStdString();
    numeric_->setInputFiles(std::move(files));
    timeline_->setDivergence({});  // found on other inputs
    updateNumericActions();
    updateNumericOverlay();
    const size_t count = document_->numericInputs().size();
    if (count)
        statusBar()->showMessage(tr("Numeric inputs: %n input(s) from files", nullptr, int(count)), 5000);
}

void MainWindow::connectNumeric() {
    connect(document_, &ModelDocument::numericInputsChanged, this, &MainWindow::onNumericInputsChanged);
    connect(numeric_, &NumericController::numbersReady, this, &MainWindow::onNumbersReady);
    connect(numeric_, &NumericController::bisectStarted, this, [this] {
        statusBar()->showMessage(tr("Finding the first divergent step…"));
        updateNumericActions();
    });
    connect(numeric_, &NumericController::bisectProgress, this, [this](size_t position) {
        statusBar()->showMessage(
            tr("Finding the first divergent step: evaluating the graph after step %1…").arg(position));
    });
    connect(numeric_, &NumericController::bisectFinished, this, &MainWindow::onBisectFinished);
    connect(numeric_, &NumericController::bisectFailed, this, [this](const QString& message) {
        statusBar()->showMessage(tr("Cannot find the first divergent step: %1").arg(message));
        updateNumericActions();
        emit divergentStepFound(false);
    });
    connect(numeric_, &NumericController::bisectCancelled, this, [this] {
        statusBar()->showMessage(tr("Finding the first divergent step was cancelled"), 5000);
        updateNumericActions();
    });
}

void MainWindow::updateNumericActions() {
    actions_.findDivergent->setEnabled(document_->hasSteps() && !document_->isRunning() &&
                                       !numeric_->isBisecting());
    actions_.numericInputs->setEnabled(document_->loadedModel() != nullptr && !document_->isDumpTimeline());
}

bool MainWindow::isNumericBusy() const {
    return numeric_->isBisecting() ||
           (graphPanel_->overlay() == OverlayMode::Numeric && numeric_->isComputing());
}

void MainWindow::findFirstDivergentStep() {
    if (!document_->hasSteps() || document_->isRunning()) return;
    numeric_->findFirstDivergent();
    updateNumericActions();
}

void MainWindow::onBisectFinished() {
    updateNumericActions();
    const BisectFinding& found = *numeric_->finding();
    DivergenceMarks marks;
    marks.differs = found.verdicts;
    marks.first = found.first;
    if (!found.first) {
        timeline_->setDivergence(marks);
        statusBar()->showMessage(
            numeric_->hasInputFiles()
                ? tr("No pass run changed the graph outputs (on the numeric input files)")
                : tr("No pass run changed the graph outputs (on seeded random inputs)"));
        emit divergentStepFound(false);
        return;
    }
    const QString what =
        tr("Step %1, %2 (stage %3), is the first whose graph outputs differ from the original's")
            .arg(*found.first)
            .arg(found.pass, found.stage);
    marks.detail = what + QLatin1Char('\n') + found.outputs.join(QLatin1Char('\n'));
    timeline_->setDivergence(marks);
    statusBar()->showMessage(what);
    emit divergentStepFound(true);
    if (!interactive_) return;
    auto* box = new QMessageBox(QMessageBox::Question, tr("First Divergent Step"), what,
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setInformativeText(tr("Show step %1 with the numeric difference overlay?").arg(*found.first));
    box->setDetailedText(found.outputs.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::accepted, this, [this] { showFirstDivergentStep(); });
    box->open();  // window-modal; nothing blocks
}

bool MainWindow::showFirstDivergentStep() {
    const std::optional<BisectFinding>& found = numeric_->finding();
    if (!found || !found->first) return false;
    setOverlay(OverlayMode::Numeric);
    showPosition(*found->first);
    return true;
}

void MainWindow::updateNumericOverlay() {
    updateNodeDataOverlay();  // the other data overlay follows the same steps and bodies
    if (graphPanel_->overlay() != OverlayMode::Numeric || !document_->hasSteps()) {
        numeric_->cancelNumbers();  // nobody waits for them; what is cached stays
        graphPanel_->setNumericLevels(nullptr, QString());
        return;
    }
    const size_t position = document_->position();
    // Inside an If/Loop/Scan body the levels are that body's (its last run, docs/bisect.md §6).
    const Graph* shown = graphPanel_->inSubgraph() ? graphPanel_->shownGraph() : nullptr;
    if (const std::shared_ptr<const StepNumbers> numbers = numeric_->request(position)) {
        graphPanel_->setNumericLevels(numbers->levelsOf(bodyShown_), numericSummary(*numbers, bodyShown_),
                                      shown);
        if (!numbers->problem.isEmpty())
            statusBar()->showMessage(tr("Numeric difference: cannot evaluate %1").arg(numbers->problem));
        emit numericUpdated();
    } else {
        graphPanel_->setNumericLevels(nullptr, tr("computing step %1…").arg(position), shown);
    }
}

void MainWindow::onNumbersReady(size_t position) {
    if (position != document_->position()) return;  // cached for when the user comes back
    updateNumericOverlay();
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front())) showNodeProperties(node->nodeId());
}

std::optional<NumericNote> MainWindow::numericNoteFor(NodeId id) const {
    const size_t position = document_->position();
    const std::shared_ptr<const StepNumbers> numbers = numeric_->numbersAt(position);
    NumericNote note;
    note.position = position;
    if (!numbers) {
        if (!numeric_->isComputing() || numeric_->computingPosition() != position) return std::nullopt;
        note.computing = true;
        return note;
    }
    if (const std::vector<ValueNumbers>* outputs =
            numbers->of(id, graphPanel_->inSubgraph() ? bodyShown_ : GraphPath{}))
        note.outputs = *outputs;
    note.problem = numbers->problem;
    if (note.outputs.empty() && note.problem.isEmpty()) return std::nullopt;  // NetOutput: no values
    return note;
}

}  // namespace passscope::views
