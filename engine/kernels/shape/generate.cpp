// Constant, ConstantOfShape, Range, EyeLike, OneHot: tensors built from attributes, a shape or
// index data rather than copied from an input's elements.
#include "kernels/shape/copy_util.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels::shape_ops {
namespace {

// count copies of value's single element (any dtype) in a tensor of dims.
Tensor filled(const Tensor& value, std::vector<int64_t> dims) {
    const int64_t count = outputElementCount(dims);
    if (checkedInputCount(value) != 1) throw KernelError("fill value must have exactly one element");
    ElementWriter w(value.dtype(), count);
    for (int64_t i = 0; i < count; ++i) w.copy(i, value, 0);
    return w.finish(std::move(dims));
}

}  // namespace

// Constant: exactly one of value (tensor), value_float(s), value_int(s), value_string(s)
// (opset 12) or sparse_value (opset 11), which is not densified here.
KernelResult constant(const KernelContext& ctx) {
    const Node& n = ctx.node();
    if (const Tensor* t = ctx.attrTensor("value")) {
        checkedInputCount(*t);
        return KernelResult::ok(withDims(*t, t->dims()));
    }
    if (n.hasAttr("sparse_value"))
        return KernelResult::unsupported("Constant with sparse_value is not densified");
    if (const Attribute* a = n.findAttr("value_float"); a && a->kind == AttrKind::Float)
        return KernelResult::ok(makeTensor<float>({}, {static_cast<float>(ctx.attrFloat("value_float", 0))}));
    if (const Attribute* a = n.findAttr("value_floats"); a && a->kind == AttrKind::Floats) {
        std::vector<float> v;
        for (double d : ctx.attrFloats("value_floats")) v.push_back(static_cast<float>(d));
        const int64_t len = static_cast<int64_t>(v.size());
        return KernelResult::ok(makeTensor<float>({len}, v));
    }
    if (const Attribute* a = n.findAttr("value_int"); a && a->kind == AttrKind::Int)
        return KernelResult::ok(makeTensor<int64_t>({}, {ctx.attrInt("value_int", 0)}));
    if (const Attribute* a = n.findAttr("value_ints"); a && a->kind == AttrKind::Ints) {
        auto v = ctx.attrInts("value_ints");
        const int64_t len = static_cast<int64_t>(v.size());
        return KernelResult::ok(makeTensor<int64_t>({len}, v));
    }
    if (const Attribute* a = n.findAttr("value_string"); a && a->kind == AttrKind::String)
        return KernelResult::ok(Tensor({}, std::vector<std::string>{ctx.attrString("value_string", "")}));
    if (const Attribute* a = n.findAttr("value_strings"); a && a->kind == AttrKind::Strings) {
        auto v = ctx.attrStrings("value_strings");
        const int64_t len = static_cast<int64_t>(v.size());
        return KernelResult::ok(Tensor({len}, std::move(v)));
    }
    throw KernelError("Constant has no value attribute");
}

// ConstantOfShape-9: a tensor of the input shape filled with `value` (a one-element tensor,
// default float 0); its dtype is value's.
KernelResult constantOfShape(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& shapeT = ctx.input(0);
    checkedInputCount(shapeT);
    if (shapeT.dims().size() != 1) throw KernelError("ConstantOfShape input must be 1-D");
    const auto dims = toInt64s(shapeT);
    for (int64_t d : dims)
        if (d < 0) throw KernelError("ConstantOfShape shape has a negative dim");
    if (const Tensor* v = ctx.attrTensor("value")) return KernelResult::ok(filled(*v, dims));
    return KernelResult::ok(filled(makeTensor<float>({}, {0.0f}), dims));
}

// Range-11: ONNX defines it by a function: n = max(ceil((limit - start) / delta), 0) computed in
// the input type, and out[i] = out[i-1] + delta (accumulated in that type, integers wrapping).
KernelResult range(const KernelContext& ctx) {
    requireInputs(ctx, 3);
    const Tensor& s = ctx.input(0);
    const Tensor& l = ctx.input(1);
    const Tensor& d = ctx.input(2);
    for (const Tensor* t : {&s, &l, &d})
        if (checkedInputCount(*t) != 1) throw KernelError("Range inputs must be scalars");
    if (s.dtype() != l.dtype() || s.dtype() != d.dtype())
        throw KernelError("Range inputs have different dtypes");
    return dispatch<kNumeric>(s.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        const T start = values<T>(s)[0], limit = values<T>(l)[0], delta = values<T>(d)[0];
        int64_t count;
        if constexpr (std::is_integral_v<T>) {
            if (delta == 0)
                return KernelResult::refused("Range with integer delta 0 (integer division by zero)");
            const __int128 diff = static_cast<__int128>(limit) - static_cast<__int128>(start);
            const __int128 dl = static_cast<__int128>(delta);
            __int128 q = diff / dl;
            if (diff % dl != 0 && ((diff < 0) == (dl < 0))) ++q;  // ceil
            if (q > kMaxOutputElements) throw KernelError("output too large to compute");
            count = q < 0 ? 0 : static_cast<int64_t>(q);
        } else {
            const T q = (limit - start) / delta;
            const double c = std::ceil(static_cast<double>(q));
            if (std::isnan(c)) throw KernelError("Range element count is not a number");
            if (c > static_cast<double>(kMaxOutputElements)) throw KernelError("output too large to compute");
            count = c < 0 ? 0 : static_cast<int64_t>(c);
        }
        std::vector<T> out(static_cast<size_t>(count));
        T v = start;
        for (int64_t i = 0; i < count; ++i) {
            out[static_cast<size_t>(i)] = v;
            if constexpr (std::is_integral_v<T>) {
                using U = std::make_unsigned_t<T>;
                v = static_cast<T>(static_cast<U>(static_cast<U>(v) + static_cast<U>(delta)));
            } else {
                v = static_cast<T>(v + delta);
            }
        }
        return KernelResult::ok(makeTensor<T>({count}, out));
    });
}

// EyeLike-9: a 2-D tensor of the input's shape with ones on diagonal k (column = row + k), of
// the `dtype` attribute's type or else the input's.
KernelResult eyeLike(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    const auto& dims = data.dims();
    if (dims.size() != 2) throw KernelError("EyeLike input must be 2-D");
    DataType dtype = data.dtype();
    if (ctx.hasAttr("dtype")) {
        const int64_t v = ctx.attrInt("dtype", 0);
        if (v < INT32_MIN || v > INT32_MAX || !isKnownDataType(static_cast<int32_t>(v)))
            throw KernelError("EyeLike dtype is not a known type");
        dtype = static_cast<DataType>(v);
    }
    const Tensor one = dispatch<kNumeric | kBool>(dtype, [](auto tag) -> Tensor {
        using T = decltype(tag);
        return makeTensor<T>({}, std::vector<T>{castFromDouble<T>(1.0)});
    });
    const int64_t rows = dims[0], cols = dims[1];
    const int64_t k = ctx.attrInt("k", 0);
    const int64_t total = outputElementCount(dims);
    ElementWriter w(dtype, total);
    for (int64_t i = 0; total > 0 && i < rows; ++i) {
        int64_t j;
        if (__builtin_add_overflow(i, k, &j)) continue;
        if (j >= 0 && j < cols) w.copy(i * cols + j, one, 0);
    }
    return KernelResult::ok(w.finish(dims));
}

// OneHot-9/11: output rank r+1 with a new axis of size depth at `axis` (default -1, the last);
// out[..., d, ...] = values[1] where indices == d, else values[0]. Opset 11 maps negative indices
// in [-depth, -1] by adding depth; other out-of-range indices give an all-off row.
KernelResult oneHot(const KernelContext& ctx) {
    requireInputs(ctx, 3);
    const Tensor& indices = ctx.input(0);
    const Tensor& depthT = ctx.input(1);
    const Tensor& vals = ctx.input(2);
    checkedInputCount(indices);
    if (checkedInputCount(depthT) != 1) throw KernelError("OneHot depth must be a scalar");
    if (checkedInputCount(vals) != 2) throw KernelError("OneHot values must hold [off, on]");
    const double depthD = scalarDouble(depthT);
    if (!(depthD >= 1) || depthD > static_cast<double>(kMaxOutputElements))
        throw KernelError("OneHot depth out of range");
    const int64_t depth = static_cast<int64_t>(depthD);
    const auto idx = toDoubles(indices);
    const auto& inDims = indices.dims();
    const int64_t outRank = static_cast<int64_t>(inDims.size()) + 1;
    const size_t axis = static_cast<size_t>(existingAxis(ctx.attrInt("axis", -1), outRank));
    std::vector<int64_t> outDims = inDims;
    outDims.insert(outDims.begin() + static_cast<std::ptrdiff_t>(axis), depth);
    const int64_t total = outputElementCount(outDims);
    const int64_t outer = product(inDims, 0, axis);
    const int64_t inner = product(inDims, axis);
    ElementWriter w(vals.dtype(), total);
    for (int64_t e = 0; e < total; ++e) w.copy(e, vals, 0);
    for (int64_t o = 0; total > 0 && o < outer; ++o) {
        for (int64_t i = 0; i < inner; ++i) {
            double v = idx[static_cast<size_t>(o * inner + i)];
            if (std::isnan(v)) continue;
            v = std::trunc(v);
            if (v < 0 && ctx.opset() >= 11) v += static_cast<double>(depth);
            if (v < 0 || v >= static_cast<double>(depth)) continue;
            const int64_t d = static_cast<int64_t>(v);
            w.copy((o * depth + d) * inner + i, vals, 1);
        }
    }
    return KernelResult::ok(w.finish(std::move(outDims)));
}

}  // namespace passscope::kernels::shape_ops
