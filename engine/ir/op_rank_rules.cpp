#include "ir/op_rank_rules.h"

#include <array>
#include <set>

#include "ir/op_traits.h"

namespace passscope::op {
namespace {

constexpr int kAny = kAnyRank;

// Sources: the ONNX operator specification (Operators.md) for what each input is; libonnx 1.12's
// inference functions (onnx/defs/nn/defs.cc convPoolShapeInference, LayerNormalization,
// MaxRoiPool, STFT, ...) for where they index dims unchecked. Each row was a crash or a read
// past a RepeatedField found by the hostile-model runs or the op-level fuzzer
// (tests/fuzz/op_fuzz.cpp).
constexpr std::array kRules = {
    // Conv family: X is [N, C, D1, ...]; W has one spatial axis per spatial axis of X, and
    // inference reads X's dim 2 + i for each of W's spatial axes i.
    InputRankRule{"Conv", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"Conv", 1, 1, 3, kAny, 0, "", "[M, C/group, k1, ...]"},
    InputRankRule{"ConvTranspose", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"ConvTranspose", 1, 1, 3, kAny, 0, "", "[C, M/group, k1, ...]"},
    InputRankRule{"ConvInteger", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"ConvInteger", 1, 1, 3, kAny, 0, "", "[M, C/group, k1, ...]"},
    InputRankRule{"QLinearConv", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"QLinearConv", 1, 3, 3, kAny, 0, "", "[M, C/group, k1, ...]"},
    InputRankRule{"MaxPool", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"AveragePool", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"LpPool", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"MaxUnpool", 1, 0, 3, kAny, -1, "", "[N, C, D1, ...]"},
    InputRankRule{"MaxUnpool", 1, 1, 3, kAny, 0, "", "indices of X's shape"},
    InputRankRule{"MaxRoiPool", 1, 0, 4, 4, -1, "", "[N, C, H, W]"},
    InputRankRule{"MaxRoiPool", 1, 1, 2, 2, -1, "", "[num_rois, 5]"},
    InputRankRule{"RoiAlign", 1, 0, 4, 4, -1, "", "[N, C, H, W]"},
    InputRankRule{"RoiAlign", 1, 1, 2, 2, -1, "", "[num_rois, 4]"},
    InputRankRule{"RoiAlign", 1, 2, 1, 1, -1, "", "[num_rois]"},
    InputRankRule{"STFT", 17, 0, 3, 3, -1, "", "[batch, length, 1 or 2]"},
    // LayerNormalization: inference walks the axes of X from `axis` and reads them.
    InputRankRule{"LayerNormalization", 17, 0, 1, kAny, -1, "axis", "[D0, ..., Dn] with axis in [-r, r)"},
};

}  // namespace

std::vector<const InputRankRule*> inputRankRules(std::string_view type, std::string_view domain,
                                                 int64_t opset) {
    std::vector<const InputRankRule*> out;
    if (!isOnnxDomain(domain)) return out;
    for (const InputRankRule& r : kRules)
        if (r.op == type && (opset <= 0 || opset >= r.sinceVersion)) out.push_back(&r);
    return out;
}

std::vector<std::string_view> opsWithRankRules() {
    std::set<std::string_view> ops;
    for (const InputRankRule& r : kRules) ops.insert(r.op);
    return {ops.begin(), ops.end()};
}

}  // namespace passscope::op
