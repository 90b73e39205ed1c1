#pragma once
// Each subcommand registers its options on the CLI11 app and returns the action to run.
#include <functional>

#include <CLI/CLI.hpp>

namespace passscope::cli {

using Action = std::function<int()>;

Action addInfoCommand(CLI::App& app);
Action addConvertCommand(CLI::App& app);
Action addOptimizeCommand(CLI::App& app);
Action addVerifyCommand(CLI::App& app);
Action addFormatsCommand(CLI::App& app);
Action addVarsCommand(CLI::App& app);
Action addTimelineCommand(CLI::App& app);
Action addDiffCommand(CLI::App& app);
Action addBisectCommand(CLI::App& app);
#ifdef PASSSCOPE_WITH_RENDER
Action addRenderCommand(CLI::App& app);
#endif

}  // namespace passscope::cli
