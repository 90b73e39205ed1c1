// What the fuzz targets share: the line between a refusal (the reader's message for the user)
// and a finding, and the checks every loaded model goes through.
#pragma once

#include <functional>
#include <string_view>

#include "ir/model.h"
#include "seed_models.h"

namespace passscope::fuzz {

// Runs `body`. A ModelError is the reader refusing bad input with a message: fine. Any other
// exception is a finding (finding() aborts). Returns 0 for libFuzzer.
int readerCase(std::string_view target, const std::function<void()>& body);

// What a user can do with any model that loaded: `info` (the summary and its JSON), and `convert`
// (the export may refuse with a message; what it writes must load again).
void checkLoadedModel(std::string_view target, const Model& model);

// The first generated seed model `pick` accepts, written to the scratch folder as `file` and
// loaded as a user's file would be: the model a target lays its input on. None is a finding.
Model loadGeneratedSeed(std::string_view target, const std::function<bool(const SeedModel&)>& pick,
                        const std::string& file);

}  // namespace passscope::fuzz
