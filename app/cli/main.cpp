// passscope-cli: the headless face of the engine, for scripts and CI.
// Exit codes: 0 success, 1 failure (bad input included), 2 wrong usage; `diff` and `bisect` return 1
// for "the models differ" / "a pass run diverged" and 3 for a model they cannot load (docs/graph-diff.md §5).
#include <csignal>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli_common.h"
#include "commands.h"

int main(int argc, char** argv) {
    using namespace passscope::cli;
    // Past a file-size limit (ulimit -f) a write must fail with EFBIG, so the run reports it and
    // removes its temporaries, instead of being killed by SIGXFSZ halfway (issue 9).
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{
        "PassScope command line: inspect, convert, optimize (the way Huawei CANN's Graph Engine does), "
        "verify and render ONNX models, and list their variables",
        "passscope-cli"};
    app.set_version_flag("--version", std::string("passscope-cli ") + PASSSCOPE_VERSION);
    app.require_subcommand(1);
    app.fallthrough(false);
    std::vector<Action> actions{addInfoCommand(app),     addConvertCommand(app), addOptimizeCommand(app),
                                addVerifyCommand(app),   addFormatsCommand(app), addVarsCommand(app),
                                addTimelineCommand(app), addDiffCommand(app),    addBisectCommand(app)};
#ifdef PASSSCOPE_WITH_RENDER
    actions.push_back(addRenderCommand(app));
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        app.exit(e);
        return kUsage;
    }
    for (const Action& action : actions) {
        int code = action();
        if (code >= 0) return code;
    }
    return kUsage;
}
