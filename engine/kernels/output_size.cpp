#include "kernels/output_size.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>

#include "formats/storage_shape.h"
#include "formats/transdata_layout.h"
#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"

namespace passscope::kernels {
namespace {

using Elements = std::optional<double>;  // element count of all outputs; nullopt: no formula

double count(const std::vector<int64_t>& dims) {
    double n = 1;
    for (int64_t d : dims) n *= static_cast<double>(std::max<int64_t>(d, 0));
    return n;
}

double inputCount(const KernelContext& ctx, size_t i) {
    return ctx.hasInput(i) ? count(ctx.input(i).dims()) : 0;
}

double largestInput(const KernelContext& ctx) {
    double n = 0;
    for (size_t i = 0; i < ctx.inputCount(); ++i) n = std::max(n, inputCount(ctx, i));
    return n;
}

// Values of a small integer input (a shape, repeats, pads); the kernel checks them again.
std::vector<int64_t> intsOf(const KernelContext& ctx, size_t i) {
    if (!ctx.hasInput(i))
        throw KernelError(ctx.node().opType() + " is missing required input " + std::to_string(i));
    return toInt64s(ctx.input(i));
}

// Ops whose outputs are the numpy broadcast of their inputs (one output each).
const std::set<std::string, std::less<>> kBroadcasting = {
    "Add", "Sub", "Mul",   "Div",  "Pow",     "Mod",         "BitShift",       "And",
    "Or",  "Xor", "Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "Where",
    "Max", "Min", "Sum",   "Mean", "PRelu"};

// Ops whose output can be larger than their largest input and that have no formula here: their
// size is known only from a static inferred shape.
const std::set<std::string, std::less<>> kMayOutgrowInputs = {"Conv",        "ConvInteger", "ConvTranspose",
                                                              "QLinearConv", "Einsum",      "MaxPool",
                                                              "AveragePool", "LpPool",      "MaxUnpool"};

Elements broadcasting(const KernelContext& ctx) {
    std::vector<int64_t> out;
    for (size_t i = 0; i < ctx.inputCount(); ++i) {
        if (!ctx.hasInput(i)) continue;
        const auto& dims = ctx.input(i).dims();
        // Align right, as numpy does; a mismatch is the kernel's error to report.
        if (dims.size() > out.size()) out.insert(out.begin(), dims.size() - out.size(), 1);
        for (size_t k = 0; k < dims.size(); ++k) {
            int64_t& o = out[out.size() - dims.size() + k];
            if (o == 1) o = dims[k];
        }
    }
    return count(out);
}

Elements range(const KernelContext& ctx) {
    if (!ctx.hasInput(0) || !ctx.hasInput(1) || !ctx.hasInput(2)) return std::nullopt;
    const double start = scalarDouble(ctx.input(0)), limit = scalarDouble(ctx.input(1)),
                 delta = scalarDouble(ctx.input(2));
    if (delta == 0) return 0.0;  // refused by the kernel
    const double n = std::ceil((limit - start) / delta);
    return std::isnan(n) ? 0.0 : std::max(n, 0.0);
}

Elements expand(const KernelContext& ctx) {
    std::vector<int64_t> shape = intsOf(ctx, 1);
    for (int64_t d : shape)
        if (d < 0) throw KernelError("Expand shape has a negative dim");
    const auto& dims = ctx.input(0).dims();
    const size_t rank = std::max(dims.size(), shape.size());
    double n = 1;
    for (size_t k = 0; k < rank; ++k) {
        const int64_t a = k + dims.size() >= rank ? dims[k + dims.size() - rank] : 1;
        const int64_t b = k + shape.size() >= rank ? shape[k + shape.size() - rank] : 1;
        n *= static_cast<double>(a == 1 ? b : a);
    }
    return n;
}

Elements tile(const KernelContext& ctx) {
    const auto& dims = ctx.input(0).dims();
    if (ctx.opset() < 6) {
        if (!ctx.hasInput(1)) return std::nullopt;
        return count(dims) * static_cast<double>(std::max<int64_t>(scalarInt(ctx.input(1)), 0));
    }
    const std::vector<int64_t> repeats = intsOf(ctx, 1);
    double n = count(dims);
    for (int64_t r : repeats) n *= static_cast<double>(std::max<int64_t>(r, 0));
    return n;
}

Elements pad(const KernelContext& ctx) {
    const auto& dims = ctx.input(0).dims();
    std::vector<int64_t> pads;
    if (ctx.opset() >= 11)
        pads = intsOf(ctx, 1);
    else
        pads = ctx.attrInts(ctx.opset() >= 2 ? "pads" : "paddings");
    std::vector<int64_t> axes;
    if (ctx.opset() >= 18 && ctx.hasInput(3))
        axes = toInt64s(ctx.input(3));
    else
        for (size_t a = 0; a < dims.size(); ++a) axes.push_back(static_cast<int64_t>(a));
    if (pads.size() != 2 * axes.size()) return count(dims);  // the kernel refuses it
    std::vector<double> out(dims.begin(), dims.end());
    const int64_t rank = static_cast<int64_t>(dims.size());
    for (size_t k = 0; k < axes.size(); ++k) {
        const int64_t a = axes[k] < 0 ? axes[k] + rank : axes[k];
        if (a < 0 || a >= rank) continue;
        out[static_cast<size_t>(a)] += static_cast<double>(std::max<int64_t>(pads[k], 0)) +
                                       static_cast<double>(std::max<int64_t>(pads[k + axes.size()], 0));
    }
    double n = 1;
    for (double d : out) n *= d;
    return n;
}

Elements resizeOutput(const KernelContext& ctx) {
    const auto& dims = ctx.input(0).dims();
    std::vector<double> scales, sizes;
    if (ctx.node().opType() == "Upsample" && ctx.opset() < 9) {
        scales = ctx.attrFloats("scales");
    } else if (ctx.opset() < 11) {
        if (ctx.hasInput(1)) scales = toDoubles(ctx.input(1));
    } else {
        if (ctx.hasInput(2)) scales = toDoubles(ctx.input(2));
        if (ctx.hasInput(3)) sizes = toDoubles(ctx.input(3));
    }
    std::vector<size_t> axes;
    if (ctx.opset() >= 18 && ctx.hasAttr("axes")) {
        for (int64_t a : ctx.attrInts("axes"))
            axes.push_back(static_cast<size_t>(normalizeAxis(a, static_cast<int64_t>(dims.size()))));
    } else {
        for (size_t a = 0; a < dims.size(); ++a) axes.push_back(a);
    }
    std::vector<double> out(dims.begin(), dims.end());
    if (!sizes.empty() && sizes.size() == axes.size()) {
        // keep_aspect_ratio_policy may scale every axis by the largest ratio: bound by that.
        double ratio = 0;
        for (size_t k = 0; k < axes.size(); ++k)
            if (dims[axes[k]] > 0) ratio = std::max(ratio, sizes[k] / static_cast<double>(dims[axes[k]]));
        for (size_t k = 0; k < axes.size(); ++k)
            out[axes[k]] = std::max(sizes[k], std::ceil(static_cast<double>(dims[axes[k]]) * ratio) + 1);
    } else if (!scales.empty() && scales.size() == axes.size()) {
        for (size_t k = 0; k < axes.size(); ++k)
            out[axes[k]] = std::ceil(static_cast<double>(dims[axes[k]]) * std::abs(scales[k]));
    } else {
        return count(dims);  // the kernel refuses it
    }
    double n = 1;
    for (double d : out) n *= std::isnan(d) ? 0 : d;
    return n;
}

Elements gather(const KernelContext& ctx) {
    if (!ctx.hasInput(1)) return std::nullopt;
    const auto& dims = ctx.input(0).dims();
    const int64_t axis = normalizeAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(dims.size()));
    double n = inputCount(ctx, 1);
    for (size_t a = 0; a < dims.size(); ++a)
        if (static_cast<int64_t>(a) != axis) n *= static_cast<double>(dims[a]);
    return n;
}

Elements gatherNd(const KernelContext& ctx) {
    if (!ctx.hasInput(1) || ctx.input(1).dims().empty()) return std::nullopt;
    const auto& data = ctx.input(0).dims();
    const auto& indices = ctx.input(1).dims();
    const size_t batch = static_cast<size_t>(std::max<int64_t>(ctx.attrInt("batch_dims", 0), 0));
    const size_t last = static_cast<size_t>(std::max<int64_t>(indices.back(), 0));
    double n = count(std::vector<int64_t>(indices.begin(), indices.end() - 1));
    for (size_t a = batch + last; a < data.size(); ++a) n *= static_cast<double>(data[a]);
    return n;
}

Elements matMul(const KernelContext& ctx, size_t aIndex, size_t bIndex) {
    if (!ctx.hasInput(aIndex) || !ctx.hasInput(bIndex)) return std::nullopt;
    std::vector<int64_t> a = ctx.input(aIndex).dims(), b = ctx.input(bIndex).dims();
    if (a.empty() || b.empty()) return 0.0;  // the kernel refuses scalars
    const double m = a.size() >= 2 ? static_cast<double>(a[a.size() - 2]) : 1;
    const double n = b.size() >= 2 ? static_cast<double>(b.back()) : 1;
    a.resize(a.size() >= 2 ? a.size() - 2 : 0);
    b.resize(b.size() >= 2 ? b.size() - 2 : 0);
    const size_t rank = std::max(a.size(), b.size());
    double batch = 1;
    for (size_t k = 0; k < rank; ++k) {
        const int64_t x = k + a.size() >= rank ? a[k + a.size() - rank] : 1;
        const int64_t y = k + b.size() >= rank ? b[k + b.size() - rank] : 1;
        batch *= static_cast<double>(x == 1 ? y : x);
    }
    return batch * m * n;
}

Elements gemm(const KernelContext& ctx) {
    if (!ctx.hasInput(0) || !ctx.hasInput(1)) return std::nullopt;
    const auto& a = ctx.input(0).dims();
    const auto& b = ctx.input(1).dims();
    if (a.size() != 2 || b.size() != 2) return 0.0;  // the kernel refuses it
    const double m = static_cast<double>(ctx.attrInt("transA", 0) ? a[1] : a[0]);
    const double n = static_cast<double>(ctx.attrInt("transB", 0) ? b[0] : b[1]);
    return m * n;
}

// RNN, GRU, LSTM: Y [seq, dirs, batch, hidden] and the states [dirs, batch, hidden] each.
Elements recurrent(const KernelContext& ctx) {
    if (!ctx.hasInput(2)) return std::nullopt;
    const auto& x = ctx.input(0).dims();
    const auto& r = ctx.input(2).dims();
    if (x.size() != 3 || r.size() != 3) return 0.0;  // the kernel refuses it
    const bool batchMajor = ctx.opset() >= 14 && ctx.attrInt("layout", 0) != 0;
    const double seq = static_cast<double>(x[batchMajor ? 1 : 0]);
    const double state = static_cast<double>(r[0]) * static_cast<double>(x[batchMajor ? 0 : 1]) *
                         static_cast<double>(std::max<int64_t>(ctx.attrInt("hidden_size", r[2]), 0));
    return state * seq + state * static_cast<double>(ctx.outputCount());
}

// The formula for ops whose output size follows from input shapes and values; nullopt for ops
// without one.
Elements byFormula(const KernelContext& ctx) {
    const std::string& op = ctx.node().opType();
    if (!op::isOnnxDomain(ctx.node().domain())) return std::nullopt;
    if (kBroadcasting.count(op)) return broadcasting(ctx);
    if (!ctx.hasInput(0)) return std::nullopt;  // the kernel refuses the node
    if (op == "ConstantOfShape") {
        double n = 1;
        for (int64_t d : intsOf(ctx, 0)) n *= static_cast<double>(std::max<int64_t>(d, 0));
        return n;
    }
    if (op == "Range") return range(ctx);
    if (op == "HannWindow" || op == "HammingWindow" || op == "BlackmanWindow")
        return std::max(scalarDouble(ctx.input(0)), 0.0);
    if (op == "RNN" || op == "GRU" || op == "LSTM") return recurrent(ctx);
    if (op == "GridSample") {  // [N, C] of X, [H_out, W_out] of the grid
        if (!ctx.hasInput(1) || ctx.input(0).dims().size() < 2 || ctx.input(1).dims().size() < 3) return 0.0;
        const auto &x = ctx.input(0).dims(), &grid = ctx.input(1).dims();
        return count({x[0], x[1], grid[1], grid[2]});
    }
    if (op == "Expand") return expand(ctx);
    if (op == "Tile") return tile(ctx);
    if (op == "Pad") return pad(ctx);
    if (op == "Resize" || op == "Upsample") return resizeOutput(ctx);
    if (op == "OneHot") {
        if (!ctx.hasInput(1)) return std::nullopt;
        return inputCount(ctx, 0) * std::max(scalarDouble(ctx.input(1)), 0.0);
    }
    if (op == "Concat") {
        double n = 0;
        for (size_t i = 0; i < ctx.inputCount(); ++i) n += inputCount(ctx, i);
        return n;
    }
    if (op == "Gather") return gather(ctx);
    if (op == "GatherND") return gatherNd(ctx);
    if (op == "MatMul" || op == "MatMulInteger") return matMul(ctx, 0, 1);
    if (op == "QLinearMatMul") return matMul(ctx, 0, 3);
    if (op == "Gemm") return gemm(ctx);
    if (op == "NonZero")
        return inputCount(ctx, 0) * static_cast<double>(std::max<size_t>(ctx.input(0).dims().size(), 1));
    return std::nullopt;
}

double bytesPerElement(DataType t) {
    if (t == DataType::String) return static_cast<double>(sizeof(std::string));
    return static_cast<double>(elementSize(t));
}

// Ops whose output has the dtype of their first input (data movement, Range).
const std::set<std::string, std::less<>> kFirstInputDtype = {
    "Expand", "Tile", "Pad", "Resize", "Upsample", "Gather", "GatherND", "Concat", "Range"};

// Bytes of one element of the outputs: the widest inferred output dtype, else the op's own rule,
// else the widest input.
double outputElementBytes(const KernelContext& ctx) {
    double bytes = 0;
    for (const NodeOutput& o : ctx.node().outputs())
        if (o.desc.kind == ValueKind::Tensor && o.desc.dtype != DataType::Undefined)
            bytes = std::max(bytes, bytesPerElement(o.desc.dtype));
    if (bytes > 0) return bytes;
    const std::string& op = ctx.node().opType();
    if (kFirstInputDtype.count(op) && ctx.hasInput(0))
        return std::max(bytesPerElement(ctx.input(0).dtype()), 1.0);
    if (op == "ConstantOfShape") {
        const Tensor* value = ctx.attrTensor("value");
        return value ? std::max(bytesPerElement(value->dtype()), 1.0) : 4.0;
    }
    if (op == "NonZero") return 8;
    for (size_t i = 0; i < ctx.inputCount(); ++i)
        if (ctx.hasInput(i)) bytes = std::max(bytes, bytesPerElement(ctx.input(i).dtype()));
    return bytes > 0 ? bytes : 8;
}

// Bytes of the outputs from their inferred descriptions; nullopt unless every output has a
// static shape and a known dtype.
std::optional<double> inferredBytes(const Node& n) {
    double bytes = 0;
    for (const NodeOutput& o : n.outputs()) {
        if (o.desc.kind != ValueKind::Tensor || o.desc.dtype == DataType::Undefined) return std::nullopt;
        auto extents = o.desc.originShape.extents();
        if (!extents) return std::nullopt;
        bytes += count(*extents) * bytesPerElement(o.desc.dtype);
    }
    return bytes;
}

// TransData (GE domain) makes its output in the storage layout, padded: larger than its input.
// Its size is the output's storage shape, or the storage shape of the input laid out as
// dst_format (docs/ge-formats.md §6); unpacking to a plain layout never grows.
std::optional<OutputEstimate> transDataEstimate(const KernelContext& ctx) {
    const Node& n = ctx.node();
    if (!op::isTransData(n.opType(), n.domain())) return std::nullopt;
    const TensorDesc& d = n.output(0).desc;
    if (d.kind == ValueKind::Tensor && elementSize(d.dtype) > 0)
        if (auto e = d.storageShape.extents())
            return OutputEstimate{true, count(*e) * bytesPerElement(d.dtype),
                                  "from the output's storage shape"};
    if (!ctx.hasInput(0)) return OutputEstimate{};
    const Tensor& in = ctx.input(0);
    const auto src = parseFormat(ctx.attrString(op::attr::kSrcFormat, ""));
    const auto dst = parseFormat(ctx.attrString(op::attr::kDstFormat, ""));
    if (!src || !dst) return OutputEstimate{};
    if (!isInternalFormat(*dst))
        return OutputEstimate{true, inputCount(ctx, 0) * bytesPerElement(in.dtype()), "bounded by its input"};
    if (isInternalFormat(*src)) return OutputEstimate{};
    const Format origin = d.hasType() && d.originFormat != Format::ND ? d.originFormat : *src;
    const auto shape = formats::storageShapeOf(Shape::fromExtents(in.dims()), origin, *dst, in.dtype(),
                                               formats::transDataSides(n).dstGroups);
    const auto bytes = shape ? formats::tensorBytes(*shape, in.dtype()) : std::nullopt;
    if (!bytes) return OutputEstimate{};
    return OutputEstimate{true, static_cast<double>(*bytes), "from the storage shape of its input"};
}

}  // namespace

std::string bytesText(double bytes) {
    char text[48];
    if (bytes < 1e15)
        std::snprintf(text, sizeof text, "%.0f bytes", bytes);
    else
        std::snprintf(text, sizeof text, "%.3g bytes", bytes);
    return text;
}

OutputEstimate estimateOutputBytes(const KernelContext& ctx, bool useInferred) {
    if (auto e = transDataEstimate(ctx)) return *e;
    if (Elements n = byFormula(ctx))
        return {true, *n * outputElementBytes(ctx), "from the input shapes and values"};
    if (!useInferred) {
        if (kMayOutgrowInputs.count(ctx.node().opType())) return {};
    } else if (auto bytes = inferredBytes(ctx.node())) {
        return {true, *bytes, "from the inferred output shapes"};
    }
    if (kMayOutgrowInputs.count(ctx.node().opType())) return {};
    const double outputs = static_cast<double>(std::max<size_t>(ctx.outputCount(), 1));
    return {true, largestInput(ctx) * outputs * outputElementBytes(ctx), "bounded by its largest input"};
}

}  // namespace passscope::kernels
