#pragma once
// What `optimize` checks before it writes anything (issues 22 and 28): the ONNX file it is about
// to write reads back (every graph output produced, every name defined once, the structure the
// importer accepts), and passes ONNX's strict shape inference whenever its input did. Both are
// checked on the export's structure in memory (weights as typed inputs, so nothing large is
// copied), so that a failed check leaves no file behind.
#include <optional>
#include <string>

#include "ir/model.h"

namespace passscope::io {

// Why the ONNX export of `model` would not read back, or nullopt.
std::optional<std::string> readBackProblem(const Model& model);

// What ONNX's full checker with strict shape inference says of the export of `model`, or nullopt
// when it passes. GE's private attributes on ONNX ops (a user's _do_not_constant_folding pin) are
// left out of the check: the checker refuses them as unknown attributes, which is no shape problem.
std::optional<std::string> strictInferenceProblem(const Model& model);

}  // namespace passscope::io
