#pragma once
// A model as the GUI holds it: the engine's load result plus what the window shows about it.
// Built on a worker thread, then only read on the UI thread (shared as a const pointer).
#include <memory>

#include <QString>

#include "diagram/diagram_model.h"
#include "dump/stage_replay.h"
#include "io/model_loader.h"
#include "report/model_info.h"

namespace passscope::views {

struct LoadedModel {
    QString path;
    Model model;
    Diagnostics diagnostics;
    io::LoadTimings timings;
    double wallSeconds = 0;  // the whole load as the user waited for it
    ModelInfo summary;       // report::summarize(model), what the "Model" panel shows
    // What the graph view draws while the pipeline runs (built here, off the UI thread).
    std::shared_ptr<const DiagramModel> preview;
    // Filled when `path` is a folder of GE dumps (docs/ge-dumps.md §6): `model` is the first stage
    // and stages[k] the stage at position k. The loader delivers the stages replayed as steps
    // (ModelLoader::loaded), shown instead of a run of the pipeline.
    std::vector<dump::StageInfo> stages;
    bool isDumpTimeline() const { return !stages.empty(); }
};

}  // namespace passscope::views
