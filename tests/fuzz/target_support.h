// What the fuzz targets share: the line between a refusal (the reader's message for the user)
// and a finding, and the checks every loaded model goes through.
#pragma once

#include <functional>
#include <string_view>

#include "ir/model.h"

namespace passscope::fuzz {

// Runs `body`. A ModelError is the reader refusing bad input with a message: fine. Any other
// exception is a finding (finding() aborts). Returns 0 for libFuzzer.
int readerCase(std::string_view target, const std::function<void()>& body);

// What a user can do with any model that loaded: `info` (the summary and its JSON), and `convert`
// (the export may refuse with a message; what it writes must load again).
void checkLoadedModel(std::string_view target, const Model& model);

}  // namespace passscope::fuzz
