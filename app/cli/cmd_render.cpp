// `passscope-cli render MODEL -o FILE.svg|FILE.png [--step N] [--overlay MODE] [--node-data FILE]...`:
// the GUI's picture of a pipeline step, drawn without a display (Qt's offscreen platform); with
// --node-data, other tools' per-node numbers coloured on it (docs/node-data.md).
#include <iostream>
#include <memory>

#include <QApplication>

#include "cli_common.h"
#include "commands.h"
#include "graph/diagram_render.h"
#include "graph/graph_scene.h"
#include "graph/headless_render.h"
#include "numeric/node_data_overlay.h"
#include "pipeline_args.h"

namespace passscope::cli {

Action addRenderCommand(CLI::App& app) {
    struct Args {
        std::string input, output, overlay = "changes";
        long long step = -1;
        bool expandAll = false;
        std::vector<std::string> nodeData;
        PipelineArgs pipeline;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "render", "Draw the graph at a pass step as SVG or PNG, as the GUI shows it (no display needed)");
    cmd->add_option("IN", args->input,
                    "Model to draw; a GE dump file (drawn as dumped) or a folder of GE dumps (--step N = "
                    "stage N)")
        ->required();
    cmd->add_option("-o,--output", args->output, "Picture to write: FILE.svg or FILE.png")->required();
    cmd->add_option("--step", args->step,
                    "Draw the graph after pass run N (0 = before the pipeline; default: the last)")
        ->check(CLI::NonNegativeNumber);
    CLI::Option* overlay =
        cmd->add_option(
               "--overlay", args->overlay,
               "changes (marks of the step), origin-format, storage-format, constants (folding marks) or "
               "node-data (the default with --node-data)")
            ->check(CLI::IsMember({"changes", "origin-format", "storage-format", "constants", "node-data"}));
    cmd->add_option(
        "--node-data", args->nodeData,
        "Other tools' per-node numbers: Model Explorer node data or Polygraphy --save-outputs JSON, a "
        "tensor file (.pb, .tensorproto, .npy) or a folder of them; two are coloured by their "
        "difference (docs/node-data.md)");
    cmd->add_flag("--expand-all", args->expandAll,
                  "Open every name scope instead of starting with large ones collapsed");
    addPipelineOptions(cmd, args->pipeline);
    return [cmd, args, overlay]() -> int {
        if (!cmd->parsed()) return -1;
        views::RenderRequest request;
        const std::optional<PipelineOptions> parsed = pipelineOptionsOrReport(args->pipeline);
        if (!parsed) return kUsage;
        request.options = *parsed;
        const std::string suffix =
            args->output.size() > 4 ? args->output.substr(args->output.size() - 4) : "";
        if (suffix != ".svg" && suffix != ".png") {
            std::cerr << "error: the picture must be a .svg or .png file, got '" << args->output << "'\n";
            return kUsage;
        }
        request.model = args->input;
        request.output = QString::fromStdString(args->output);
        if (args->step >= 0) request.step = static_cast<size_t>(args->step);
        if (!args->nodeData.empty() && overlay->count() == 0) args->overlay = "node-data";
        request.overlay = *views::overlayFromKey(QString::fromStdString(args->overlay));
        request.expandAll = args->expandAll;
        // Drawing text needs a GUI application; the offscreen platform needs no display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        static int argc = 1;
        static char name[] = "passscope-cli";
        static char* argv[] = {name, nullptr};
        QApplication qt(argc, argv);
        return guarded([&] {
            views::NodeDataOverlay nodeData;
            if (!args->nodeData.empty()) {
                QStringList sources;
                for (const std::string& s : args->nodeData) sources << QString::fromStdString(s);
                nodeData.load(sources);  // a file that cannot be read: its ModelError, exit 1
                request.decorate = [&nodeData](views::GraphScene& scene, const Graph& shown,
                                               views::PictureLegend& legend) {
                    views::NodeDataShown data = nodeData.shownFor(shown);
                    scene.setNodeColors(data.colors);
                    legend = {
                        views::overlayTitle(views::OverlayMode::NodeData) + QStringLiteral(": ") + data.note,
                        data.legend};
                    for (const QString& note : nodeData.notes())
                        std::cerr << "note: " << note.toStdString() << "\n";
                    std::cerr << "node data: " << data.note.toStdString() << "\n";
                };
            }
            const views::RenderOutcome outcome = views::renderPipelinePicture(request);
            if (!outcome.ok) {
                std::cerr << "error: " << outcome.error.toStdString() << "\n";
                return static_cast<int>(kFailure);
            }
            std::cerr << "wrote " << args->output << " (step " << outcome.position << " of "
                      << outcome.positions - 1 << ", " << outcome.boxes << " boxes)\n";
            return static_cast<int>(kOk);
        });
    };
}

}  // namespace passscope::cli
