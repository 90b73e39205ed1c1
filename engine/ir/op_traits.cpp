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

// The one ref-op table (op type -> ref input -> output), GE domain only.
struct RefOp {
    std::string_view type;
    RefPort port;
};
constexpr std::array<RefOp, 3> kRefOps{RefOp{kAssign, {0, 0}}, RefOp{kAssignAdd, {0, 0}},
                                       RefOp{kAssignSub, {0, 0}}};
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

std::vector<RefPort> refPorts(std::string_view type, std::string_view domain) {
    std::vector<RefPort> out;
    if (domain != kGeDomain) return out;
    for (const RefOp& r : kRefOps)
        if (r.type == type) out.push_back(r.port);
    return out;
}

std::optional<size_t> refOutputOf(std::string_view type, std::string_view domain, size_t input) {
    for (const RefPort& p : refPorts(type, domain))
        if (p.input == input) return p.output;
    return std::nullopt;
}

bool writesState(std::string_view type, std::string_view domain) {
    return !refPorts(type, domain).empty();
}

bool touchesState(std::string_view type, std::string_view domain) {
    return writesState(type, domain) || isVariableType(type, domain);
}

bool isVariableType(std::string_view type, std::string_view domain) {
    return domain == kGeDomain && among(type, kVariables);
}

bool isTransData(std::string_view type, std::string_view domain) {
    return domain == kGeDomain && type == kTransData;
}

bool isFormatConversion(std::string_view type, std::string_view domain) {
    return domain == kGeDomain && (type == kTransData || type == kReFormat);
}

bool isDumpConstType(std::string_view type) {
    return type == kConst || type == kConstantOp;
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
