#include "headless_render.h"

#include <filesystem>

#include <QCoreApplication>

#include "compile/run_pipeline.h"
#include "diagram/diagram_model.h"
#include "diagram/visible_plan.h"
#include "diagram_render.h"
#include "dump/stage_replay.h"
#include "graph_panel.h"
#include "graph_scene.h"
#include "io/model_loader.h"
#include "item_style.h"
#include "layout/layout_worker.h"

namespace passscope::views {

RenderOutcome renderPipelinePicture(const RenderRequest& request) {
    RenderOutcome outcome;
    // A folder of GE dumps: its stages are the steps (docs/ge-dumps.md §6). One dump file: the graph
    // as GE wrote it, no pipeline. A model: the pipeline's steps.
    Model model;
    Journal journal;
    if (std::filesystem::is_directory(request.model)) {
        dump::replayStages(dump::listGeDumpStages({request.model}), model, journal);
    } else {
        model = std::move(io::loadModel(request.model).model);
        if (!dump::detectGeDump(request.model)) runPipeline(model, request.options, &journal);
    }
    const Graph& finalGraph = *model.graph;
    outcome.positions = journal.steps().size() + 1;
    outcome.position = request.step.value_or(outcome.positions - 1);
    if (outcome.position >= outcome.positions) {
        outcome.error = QCoreApplication::translate("Render", "--step %1 is past the last pass run (%2)")
                            .arg(outcome.position)
                            .arg(outcome.positions - 1);
        return outcome;
    }
    auto diagram = DiagramModel::build(journal, finalGraph);
    JournalCursor cursor(journal, finalGraph);
    cursor.moveTo(outcome.position);

    std::vector<bool> expanded = request.expandAll
                                     ? std::vector<bool>(diagram->scopes().groups().size(), true)
                                     : defaultExpansion(*diagram, GraphPanel::kDefaultBoxBudget);
    VisiblePlan plan = planVisible(*diagram, expanded, style::itemSize);
    outcome.boxes = static_cast<int>(plan.items.size());
    auto layout = LayoutWorker::layoutNow(plan.request, nullptr);
    if (!layout->ok) {
        outcome.error = layout->error;
        return outcome;
    }
    outcome.layoutSeconds = layout->seconds;
    GraphScene scene;
    scene.setDiagram(diagram, std::move(plan), layout);
    scene.setOverlay(request.overlay);
    scene.showGraph(cursor.graph(), marksForPosition(journal, outcome.position, diagram->constants()),
                    DisplaySide::Overlay);
    // The format overlays' colours mean nothing without their key (the view's legend widget).
    PictureLegend legend;
    if (request.overlay == OverlayMode::OriginFormat || request.overlay == OverlayMode::StorageFormat)
        legend = {overlayTitle(request.overlay), legendFor(request.overlay, scene.formatsShown())};
    if (request.decorate) request.decorate(scene, cursor.graph(), legend);
    outcome.ok = renderSceneToFile(scene, request.output, &outcome.error, &legend);
    return outcome;
}

}  // namespace passscope::views
