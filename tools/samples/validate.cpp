// Implementation of validate.h.
#include "validate.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include <exception>

namespace passscope::samples {

std::string validate_model(const onnx::ModelProto& model) {
    try {
        onnx::checker::check_model(model);
        // Inference annotates the model with value_info; do it on a copy so the written
        // samples stay as lean as an exporter's output and the engine's own inference is
        // what the app shows.
        onnx::ModelProto inferred = model;
        onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(true, 1, false));
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

}  // namespace passscope::samples
