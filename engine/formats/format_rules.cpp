#include "formats/format_rules.h"

#include <string>
#include <unordered_map>

#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::formats {
namespace {

// The layout of an N-D feature map of an ONNX op that is NCHW by definition (ONNX's operator
// docs: "(N x C x H x W)"; the 3-D variants are N x C x D x H x W).
Format layoutOfRank(int rank) {
    if (rank == 4) return Format::NCHW;
    if (rank == 5) return Format::NCDHW;
    return Format::ND;
}

int firstKnownRank(std::initializer_list<int> ranks) {
    for (int r : ranks)
        if (r >= 0) return r;
    return kUnknownRank;
}

int rankAt(const std::vector<int>& ranks, size_t i) {
    return i < ranks.size() ? ranks[i] : kUnknownRank;
}

void declare(NodeFormats& f, bool input, size_t i, Format format) {
    auto& slots = input ? f.inputs : f.outputs;
    const auto& ranks = input ? f.inputRanks : f.outputRanks;
    if (i < slots.size() && format != Format::ND && formatFitsRank(format, ranks[i])) slots[i] = format;
}

// Conv / ConvTranspose / ConvInteger / QLinearConv: data input X, weight W (input 1; QLinearConv's
// input 3, after x_scale and x_zero_point) and output Y share the layout; the bias B (rank 1),
// scales and zero points have none. The rank comes from X, W or Y, else from kernel_shape; an op
// nothing tells about is taken to be 2-D, as GE's ONNX parser does.
void declareConv(const Node& n, NodeFormats& f) {
    const size_t w = n.opType() == "QLinearConv" ? 3 : 1;
    int rank = firstKnownRank({rankAt(f.inputRanks, 0), rankAt(f.inputRanks, w), rankAt(f.outputRanks, 0)});
    if (rank == kUnknownRank) {
        if (const Attribute* k = n.findAttr("kernel_shape"); k && k->kind == AttrKind::Ints)
            rank = static_cast<int>(std::get<std::vector<int64_t>>(k->value).size()) + 2;
        else
            rank = 4;
    }
    const Format layout = layoutOfRank(rank);
    declare(f, true, 0, layout);
    declare(f, true, w, layout);
    declare(f, false, 0, layout);
}

// Feature-map ops (pooling, normalizations, LRN): the data input and every output.
void declareFeatureMap(const Node&, NodeFormats& f) {
    int rank = firstKnownRank({rankAt(f.inputRanks, 0), rankAt(f.outputRanks, 0)});
    const Format layout = layoutOfRank(rank == kUnknownRank ? 4 : rank);
    declare(f, true, 0, layout);
    for (size_t o = 0; o < f.outputs.size(); ++o) declare(f, false, o, layout);
}

// DepthToSpace / SpaceToDepth are 4-D NCHW ops; Resize (and the older Upsample) only when 4-D:
// they also take tensors of other ranks, whose layout ONNX leaves open.
void declareNchwWhen4d(const Node&, NodeFormats& f) {
    if (rankAt(f.inputRanks, 0) != 4 && rankAt(f.outputRanks, 0) != 4) return;
    declare(f, true, 0, Format::NCHW);
    declare(f, false, 0, Format::NCHW);
}

// ai.passscope.ge ops and Data nodes: a data_format / format attribute names the layout of every
// tensor of the op that can carry it (GE's parsers write a TF op's data_format into all its descs).
void declareFromAttribute(const Node& n, NodeFormats& f) {
    const std::optional<Format> format = attributeFormat(n);
    if (!format) return;
    for (size_t i = 0; i < f.inputs.size(); ++i) declare(f, true, i, *format);
    for (size_t o = 0; o < f.outputs.size(); ++o) declare(f, false, o, *format);
}

// ReduceX / ArgMax / ArgMin: with keepdims=0 the reduced axes disappear and the layout with them.
void inferReduce(const Node& n, NodeFormats& f) {
    if (n.attrInt("keepdims", 1) != 0) defaultInferFormat(n, f);
}

const FormatRule kDefault{nullptr, defaultInferFormat, false, "passes the first non-ND format on"};
const FormatRule kStop{nullptr, nullptr, false, "changes what a layout means: passes nothing on"};
const FormatRule kNdOp{nullptr, nullptr, false, "works on ND tensors: passes nothing on"};
const FormatRule kShapeOp{nullptr, nullptr, false, "outputs a shape (ND)"};
const FormatRule kOwner{nullptr, nullptr, false, "bodies reflect its inputs and outputs"};
const FormatRule kBoundary{nullptr, nullptr, false, "graph boundary"};
const FormatRule kChangeDims{nullptr, defaultInferFormat, true, "GE kChangeDimNodes: stops below rank 4"};
const FormatRule kReduce{nullptr, inferReduce, false, "keepdims=0 drops axes: passes nothing on"};
const FormatRule kConv{declareConv, defaultInferFormat, false, "NCHW data, weight and output"};
const FormatRule kFeatureMap{declareFeatureMap, defaultInferFormat, false, "NCHW data input and outputs"};
const FormatRule kNchwWhen4d{declareNchwWhen4d, defaultInferFormat, false, "NCHW when 4-D"};
const FormatRule kKeepsLayout{nullptr, defaultInferFormat, false, "axis names a position: keeps the layout"};
const FormatRule kFromAttribute{declareFromAttribute, defaultInferFormat, false, "data_format attribute"};
// TransData's src_format / dst_format are storage formats; its origin is its input's (issue 10
// contract), which the default rule passes on.
const FormatRule kTransData{nullptr, defaultInferFormat, false, "origin passes through"};

const std::unordered_map<std::string, const FormatRule*>& onnxRules() {
    static const std::unordered_map<std::string, const FormatRule*> rules = [] {
        std::unordered_map<std::string, const FormatRule*> r;
        for (const char* t : {"Conv", "ConvTranspose", "ConvInteger", "QLinearConv"}) r[t] = &kConv;
        for (const char* t :
             {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool", "GlobalLpPool",
              "MaxRoiPool", "MaxUnpool", "BatchNormalization", "InstanceNormalization", "LRN"})
            r[t] = &kFeatureMap;
        for (const char* t : {"DepthToSpace", "SpaceToDepth", "Resize", "Upsample"}) r[t] = &kNchwWhen4d;
        for (const char* t : {"Transpose", "Reshape", "Flatten"}) r[t] = &kStop;
        for (const char* t : {"Squeeze", "Unsqueeze"}) r[t] = &kChangeDims;
        for (const char* t : {"Shape", "Size"}) r[t] = &kShapeOp;
        for (const char* t : {"MatMul", "Gemm", "MatMulInteger", "QLinearMatMul", "Einsum"}) r[t] = &kNdOp;
        for (const char* t :
             {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2",
              "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare", "ArgMax", "ArgMin"})
            r[t] = &kReduce;
        for (const char* t : {"Concat", "Split"}) r[t] = &kKeepsLayout;
        for (const char* t : {"If", "Loop", "Scan"}) r[t] = &kOwner;
        return r;
    }();
    return rules;
}

}  // namespace

int layoutRank(Format format) {
    switch (format) {
        case Format::NCHW:
        case Format::NHWC:
        case Format::HWCN:
            return 4;
        case Format::NCDHW:
        case Format::NDHWC:
            return 5;
        default:
            return 0;
    }
}

bool formatFitsRank(Format format, int rank) {
    if (rank == kNotATensor || rank == 0) return false;
    const int need = layoutRank(format);
    return need == 0 || rank == kUnknownRank || rank == need;
}

void defaultInferFormat(const Node&, NodeFormats& f) {
    Format first = Format::ND;
    for (Format x : f.inputs)
        if (x != Format::ND) {
            first = x;
            break;
        }
    if (first == Format::ND)
        for (Format x : f.outputs)
            if (x != Format::ND) {
                first = x;
                break;
            }
    if (first == Format::ND) return;
    for (size_t i = 0; i < f.inputs.size(); ++i)
        if (f.inputs[i] == Format::ND && formatFitsRank(first, f.inputRanks[i])) f.inputs[i] = first;
    for (size_t o = 0; o < f.outputs.size(); ++o)
        if (f.outputs[o] == Format::ND && formatFitsRank(first, f.outputRanks[o])) f.outputs[o] = first;
}

std::optional<Format> attributeFormat(const Node& node) {
    for (std::string_view name : {"data_format", "format"}) {
        const Attribute* a = node.findAttr(name);
        if (!a || a->kind != AttrKind::String) continue;
        if (auto f = parseFormat(std::get<std::string>(a->value))) return f;
    }
    return std::nullopt;
}

std::optional<std::string> unknownAttributeFormat(const Node& node) {
    if (formatRuleFor(node).declare != declareFromAttribute || attributeFormat(node)) return std::nullopt;
    for (std::string_view name : {"data_format", "format"}) {
        const Attribute* a = node.findAttr(name);
        if (a && a->kind == AttrKind::String) return std::get<std::string>(a->value);
    }
    return std::nullopt;
}

bool formatLocked(const Node& node) {
    return node.attrInt(kFormatLockedAttr, 0) == 1;
}

const FormatRule& formatRuleFor(const Node& node) {
    const std::string_view domain = op::canonicalDomain(node.domain());
    if (domain.empty()) {
        if (node.opType() == op::kData) return kFromAttribute;
        if (node.opType() == op::kNetOutput) return kBoundary;
        const auto& rules = onnxRules();
        auto it = rules.find(node.opType());
        return it == rules.end() ? kDefault : *it->second;
    }
    if (domain == op::kGeDomain) return node.opType() == op::kTransData ? kTransData : kFromAttribute;
    return kDefault;
}

}  // namespace passscope::formats
