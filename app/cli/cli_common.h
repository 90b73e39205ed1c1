#pragma once
// What every subcommand shares: exit codes, printing diagnostics, loading a model with errors
// turned into messages.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/model_loader.h"

namespace passscope::cli {

// The exit code of diff and bisect when a model or an input could not be loaded or evaluated
// (1 is their "found a difference", 2 wrong usage).
inline constexpr int kExitLoadFailed = 3;

enum ExitCode { kOk = 0, kFailure = 1, kUsage = 2 };

void printWarnings(const Diagnostics& diag);
// After an evaluation failed (verify, bisect): when symbolic dims were set to 1 (the notes say
// which), says how to give the sizes the model expects, the usual cause (a Conv window longer
// than one sample, a Reshape to a fixed size).
void printDefaultedDimsHint(const std::vector<std::string>& notes);
// Runs `body`; a ModelError or any other exception becomes "error: ..." on stderr and
// `failureCode` (kFailure; `diff` and `bisect` use 3 for "could not load").
int guarded(const std::function<int()>& body, int failureCode = kFailure);

}  // namespace passscope::cli
