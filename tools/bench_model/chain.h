// The foldable chain of passscope-make-large-model --chain N: N unnamed nodes (Neg, and Add of an
// initializer of its own, alternating) on one [4] float initializer, one graph output. All of it
// folds to one constant, each fold making a constant the next one reads: the model of issue 28's
// folding time and issue 38's memory per node (3.6 MB for 100,000 nodes).
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>

namespace passscope::bench_model {

onnx::ModelProto foldable_chain(std::int64_t nodes);

}  // namespace passscope::bench_model
