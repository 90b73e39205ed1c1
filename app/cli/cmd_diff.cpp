// `diff A B [--json]`: nodes added, removed and changed between two graphs (docs/graph-diff.md),
// constants compared by value (§8). Exit codes follow diff(1) where the project's own are taken:
// 0 no differences, 1 differences, 2 wrong usage, 3 a model could not be loaded (§5).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

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
        bool json = false, strict = false, verbose = false;
        std::vector<std::string> ignoredAttributes;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "diff",
        "Compare two models: nodes added, removed and changed (attributes, formats, shapes, dtypes). "
        "Nodes are matched by name, graph inputs and initializers by value name, renamed or unnamed "
        "nodes by op type and neighbourhood. A constant is compared by dtype, shape and bytes, whatever "
        "holds it (Constant node, initializer, GE Const) and whatever its name: one held differently "
        "is counted apart, and a changed weight is one entry naming its readers. Shapes or dtypes that "
        "only became known are counted apart too. Exit code: 0 no differences, 1 differences, 2 wrong "
        "usage, 3 a model could not be loaded");
    cmd->add_option("A", args->a, "The model before (ONNX binary or protobuf text)")->required();
    cmd->add_option("B", args->b, "The model after")->required();
    cmd->add_flag(
        "--json", args->json,
        "Print {\"added\":[{\"name\",\"op\"}],\"removed\":[...],\"changed\":[{\"name\",\"op\",\"fields\":"
        "[{\"field\",\"before\",\"after\"}],\"consumers\"?,\"max_abs_diff\"?}],\"held_differently\":"
        "[{\"a\",\"op_a\",\"b\",\"op_b\",\"value\"}],\"refined\":[like changed]}");
    cmd->add_flag("--strict", args->strict,
                  "Exit 1 also when only the representation differs (constants held differently, refined "
                  "shapes)");
    cmd->add_flag(
        "-v,--verbose", args->verbose,
        "Also list the constants held differently (\"= A -> B: value\") and the refined descriptions");
    cmd->add_option("--ignore-attr", args->ignoredAttributes,
                    "An attribute never compared, e.g. a producer's ids or GE's per-stage memory offsets "
                    "(repeatable)")
        ->type_name("NAME");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        return guarded(
            [&] {
                io::LoadResult a = io::loadModel(args->a);
                printWarnings(a.diagnostics);
                io::LoadResult b = io::loadModel(args->b);
                printWarnings(b.diagnostics);
                diff::DiffOptions options = diff::DiffOptions::byComputation();
                options.ignoredAttributes.insert(args->ignoredAttributes.begin(),
                                                 args->ignoredAttributes.end());
                const diff::GraphDiff d = diff::diffGraphs(*a.model.graph, *b.model.graph, options);
                std::cout << (args->json ? diff::diffToJson(d, options) + "\n"
                                         : diff::diffToText(d, options, args->verbose));
                return (args->strict ? d.identical() : d.empty()) ? kOk : kDifferent;
            },
            kExitLoadFailed);
    };
}

}  // namespace passscope::cli
