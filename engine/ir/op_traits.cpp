#include "ir/op_traits.h"

#include <array>

#include "ir/op_types.h"

namespace passscope::op {
namespace {

template <size_t N>
bool among(std::string_view type, const std::array<std::string_view, N>& list) {
    for (std::string_view t : list)
        if (t == type) return true;
    return false;
}

constexpr std::array<std::string_view, 3> kStateWriters{kAssign, kAssignAdd, "AssignSub"};
constexpr std::array<std::string_view, 2> kVariables{kVariable, kVarRef};
constexpr std::array<std::string_view, 6> kRandom{"RandomUniform",    "RandomNormal", "RandomUniformLike",
                                                  "RandomNormalLike", "Multinomial",  "Bernoulli"};
constexpr std::array<std::string_view, 3> kOnnxControl{"If", "Loop", "Scan"};
// GE's dataflow control ops, in whatever domain an exported GE graph puts them.
constexpr std::array<std::string_view, 6> kGeControl{"Switch", "Merge",         "Enter",
                                                     "Exit",   "NextIteration", "LoopCond"};
constexpr std::array<std::string_view, 2> kShapeOps{"Shape", "Size"};
constexpr std::array<std::string_view, 4> kDimensionOps{"Squeeze", "Unsqueeze", "Flatten", "Reshape"};

}  // namespace

bool isOnnxDomain(std::string_view domain) {
    return domain.empty() || domain == "ai.onnx";
}

std::string_view canonicalDomain(std::string_view domain) {
    return domain == "ai.onnx" ? std::string_view() : domain;
}

std::string displayDomain(std::string_view domain) {
    return isOnnxDomain(domain) ? std::string("ai.onnx") : std::string(domain);
}

bool isStandardDomain(std::string_view domain) {
    return isOnnxDomain(domain) || domain == "ai.onnx.ml";
}

bool isOnnxOp(std::string_view type, std::string_view domain, std::string_view wanted) {
    return type == wanted && isOnnxDomain(domain);
}

bool writesState(std::string_view type, std::string_view domain) {
    return domain == kGeDomain && among(type, kStateWriters);
}

bool touchesState(std::string_view type, std::string_view domain) {
    return writesState(type, domain) || (domain == kGeDomain && among(type, kVariables));
}

bool isRandom(std::string_view type, std::string_view domain) {
    return isOnnxDomain(domain) && among(type, kRandom);
}

bool isRandomInTraining(std::string_view type, std::string_view domain) {
    return isOnnxOp(type, domain, "Dropout");
}

bool isControlFlow(std::string_view type, std::string_view domain) {
    return (isOnnxDomain(domain) && among(type, kOnnxControl)) || among(type, kGeControl);
}

bool isShapeOp(std::string_view type, std::string_view domain) {
    return isOnnxDomain(domain) && among(type, kShapeOps);
}

bool isDimensionOp(std::string_view type, std::string_view domain) {
    return isOnnxDomain(domain) && among(type, kDimensionOps);
}

}  // namespace passscope::op
