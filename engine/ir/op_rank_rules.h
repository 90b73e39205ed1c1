#pragma once
// The ranks an op's inputs must have where the ONNX schema cannot say (schemas carry element
// types, not ranks), in one table beside the op traits. libonnx 1.12's shape inference indexes
// dims on the strength of these ranks without checking them (issue 28: a Conv whose W has more
// spatial axes than X, a LayerNormalization of a scalar), so io/inference_guards checks every
// node against this table, and against its schema's element types, before inference runs.
// Rank-generic ops (elementwise, Identity, Reshape, ...) have no entry and need none.
#include <cstdint>
#include <string_view>
#include <vector>

namespace passscope::op {

inline constexpr int kAnyRank = -1;

struct InputRankRule {
    std::string_view op;      // ONNX domain
    int64_t sinceVersion;     // the rule holds from this opset of the ONNX domain on
    int input;                // the input it constrains
    int minRank;              // at least this rank
    int maxRank;              // at most this rank, or kAnyRank
    int sameRankAs;           // -1, or an input whose rank this one must equal
    std::string_view axis;    // "" or an INT attribute that names an axis of this input: [-r, r)
    std::string_view layout;  // what the input is, in words ("[N, C, D1, ...]")
};

// The rules of one op at `opset` (empty for rank-generic ops and other domains).
std::vector<const InputRankRule*> inputRankRules(std::string_view type, std::string_view domain,
                                                 int64_t opset);

// Every op the table names (for tests and the op-level fuzzer).
std::vector<std::string_view> opsWithRankRules();

}  // namespace passscope::op
