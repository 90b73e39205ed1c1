// `diff A B [--json]`: nodes added, removed and changed between two graphs (docs/graph-diff.md).
// Exit codes follow diff(1) where the project's own are taken: 0 no differences, 1 differences,
// 2 wrong usage, 3 a model could not be loaded (docs/graph-diff.md §5).
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "diff/graph_diff.h"

namespace passscope::cli {
namespace {

constexpr int kDifferent = 1;

}  // namespace

Action addDiffCommand(CLI::App& app) {
    struct Args {
        std::string a, b;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "diff",
        "Compare two models: nodes added, removed and changed (attributes, formats, shapes, dtypes). "
        "Nodes are matched by name, graph inputs and initializers by value name, renamed or unnamed "
        "nodes by op type and neighbourhood. Exit code: 0 no differences, 1 differences, 2 wrong "
        "usage, 3 a model could not be loaded");
    cmd->add_option("A", args->a, "The model before (ONNX binary or protobuf text)")->required();
    cmd->add_option("B", args->b, "The model after")->required();
    cmd->add_flag(
        "--json", args->json,
        "Print {\"added\":[{\"name\",\"op\"}],\"removed\":[...],\"changed\":[{\"name\",\"op\",\"fields\":"
        "[{\"field\",\"before\",\"after\"}]}]}");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        return guarded(
            [&] {
                io::LoadResult a = io::loadModel(args->a);
                printWarnings(a.diagnostics);
                io::LoadResult b = io::loadModel(args->b);
                printWarnings(b.diagnostics);
                const diff::GraphDiff d = diff::diffGraphs(*a.model.graph, *b.model.graph);
                std::cout << (args->json ? diff::diffToJson(d) + "\n" : diff::diffToText(d));
                return d.empty() ? kOk : kDifferent;
            },
            kExitLoadFailed);
    };
}

}  // namespace passscope::cli
