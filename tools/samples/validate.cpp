// Implementation of validate.h.
#include "validate.h"

#include "io/onnx_check.h"

namespace passscope::samples {

std::string validate_model(const onnx::ModelProto& model) {
    // The engine's guarded check: the checker, then shape inference only after the hazards
    // libonnx's inference trusts have been ruled out (and with its per-op guards installed), on
    // a copy, so the written samples stay as lean as an exporter's output.
    return io::fullCheckModel(model, {}).value_or(std::string());
}

}  // namespace passscope::samples
