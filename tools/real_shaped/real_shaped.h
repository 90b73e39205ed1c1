// The real-shaped models. Each builder returns a complete, unvalidated model; main.cpp validates
// and writes them. What each one stands for is in resources/models/README.md.
#pragma once

#include <onnx/onnx_pb.h>

namespace passscope::real_shaped {

// A quantized (QDQ) U²-Net-like segmenter as an ONNX Runtime quantizer writes it: nested
// encoder-decoders whose skips span every level, Resize to the skip's size, int8 weights, scales
// and zero points as initializers. `scoped`: PyTorch 2 names (/stage1/rebnconvin/conv_s1/Conv);
// otherwise the scopeless names of older exporters (Conv_12).
onnx::ModelProto build_unet(bool scoped);

// A Paddle2ONNX-style text detector (PP-OCR det shape): scopeless p2o.<Op>.<n> names, every
// weight a Constant node, Shape→Gather→Unsqueeze→Concat→Reshape chains over static shapes.
onnx::ModelProto build_p2o_ocr();

// A small wake-word model (openWakeWord shape): a mel front end, a conv embedding and a dense
// classifier, every weight a Constant node, scopeless names.
onnx::ModelProto build_wakeword();

}  // namespace passscope::real_shaped
