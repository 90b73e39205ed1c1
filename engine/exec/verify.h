#pragma once
// `verify`: runs two models on the same seeded random inputs with the engine's kernels and
// compares every graph output (by name) within a tolerance.
#include <map>
#include <string>
#include <vector>

#include "ir/model.h"

namespace passscope {

struct VerifyOptions {
    int runs = 3;
    uint64_t seed = 1234;
    double rtol = 1e-3;
    double atol = 1e-5;
    std::map<std::string, std::vector<int64_t>> inputShapes;  // pins for symbolic dims
    // Largest tensor verify creates: a random input, or a value a node computes (estimated
    // before computing). A declared input of [1000000000, 1000] is refused, not allocated.
    uint64_t maxTensorBytes = kDefaultMaxTensorBytes;
    static constexpr uint64_t kDefaultMaxTensorBytes = uint64_t(1) << 30;
};

struct VerifyRow {
    std::string output;
    bool equal = true;
    double maxAbsDiff = 0;
    double maxRelDiff = 0;
    std::string detail;
};

struct VerifyResult {
    bool comparable = true;  // false: a model could not be evaluated (problem says why)
    std::string problem;
    std::vector<VerifyRow> rows;
    std::vector<std::string> notes;  // e.g. symbolic dims set to 1
    bool allEqual() const;
};

// Seeded random inputs for the graph inputs of `g` that have no default, shaped as declared
// (symbolic dims 1, or as options.inputShapes pins them): floats uniform in [-1, 1), integers
// 0..2, bools and strings at random. `state` is the generator's state, advanced, so successive
// calls give new sets. `problem` says why no set can be made (an input too large, of no rank).
struct RandomInputs {
    std::map<std::string, Tensor> tensors;
    std::vector<std::string> notes;
    std::string problem;
};
RandomInputs randomInputs(const Graph& g, const VerifyOptions& options, uint64_t& state);

VerifyResult verifyModels(const Model& original, const Model& optimized, const VerifyOptions& options);

}  // namespace passscope
