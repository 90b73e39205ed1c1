#pragma once
// The picture `passscope-cli render` draws without a display: load, run the pipeline with a
// journal, build the same diagram, layout and scene as the GUI, stand at a step, colour by an
// overlay and write SVG or PNG. Needs a QApplication (the caller creates one on the offscreen
// platform). Model errors propagate as the engine's exceptions.
#include <filesystem>
#include <functional>
#include <optional>

#include <QString>

#include "ir/graph.h"
#include "overlay.h"
#include "pipeline/options.h"

namespace passscope::views {

class GraphScene;
struct PictureLegend;

struct RenderRequest {
    std::filesystem::path model;
    QString output;              // .svg or .png
    std::optional<size_t> step;  // position; default: after the last pass run
    OverlayMode overlay = OverlayMode::Changes;
    PipelineOptions options;
    bool expandAll = false;  // open every name scope (slow on large models)
    // Called with the scene once it shows the step's graph: the node data overlay's colours and
    // legend (render --node-data) are laid on here.
    std::function<void(GraphScene& scene, const Graph& shown, PictureLegend& legend)> decorate;
};

struct RenderOutcome {
    bool ok = false;
    QString error;
    size_t position = 0;
    size_t positions = 0;  // pass runs + 1
    int boxes = 0;
    double layoutSeconds = 0;
};

RenderOutcome renderPipelinePicture(const RenderRequest& request);

}  // namespace passscope::views
