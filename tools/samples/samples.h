// The bundled sample models. Each builder returns a complete, unvalidated model;
// main.cpp validates and writes them. See resources/samples/README.md for what each
// sample is meant to demonstrate.
#pragma once

#include <onnx/onnx_pb.h>

namespace passscope::samples {

onnx::ModelProto build_conv_net();
onnx::ModelProto build_transformer_block();
onnx::ModelProto build_training_step();

// The custom graph-engine domain used by training_step for variables and write-back.
inline constexpr const char* kGeDomain = "ai.passscope.ge";

}  // namespace passscope::samples
