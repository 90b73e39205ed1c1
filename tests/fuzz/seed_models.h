// Seed models for the fuzzer, built in code: small valid models that reach many parts of the
// loader and the pipeline (foldable chains, shape arithmetic, reductions, If/Loop/Scan bodies
// reading outer values, model-local functions, dead and duplicate nodes). Mutations start here.
#pragma once

#include <onnx/onnx_pb.h>

#include <string>
#include <vector>

namespace passscope::fuzz {

struct SeedModel {
    std::string name;
    onnx::ModelProto proto;
};

std::vector<SeedModel> generatedSeeds();

}  // namespace passscope::fuzz
