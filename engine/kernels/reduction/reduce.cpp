// ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceProd, ReduceSumSquare, ReduceL1, ReduceL2,
// ReduceLogSum, ReduceLogSumExp.
//
// Axes: an attribute before opset 18 (ReduceSum: before 13), the optional second input after.
// Absent or empty axes reduce over every axis, unless noop_with_empty_axes (input form only) is
// set: then the reduction runs over no axis, i.e. each output element is the reduction of the
// single input element at the same place (x for Sum, x*x for SumSquare, |x| for L1, ...).
// keepdims (default 1) keeps reduced axes as size 1.
//
// Floating types accumulate in double (float16/bfloat16 in float) and round once to the element
// type. Integer types accumulate in their own type and wrap like ONNX Runtime; ReduceMean on
// integers is the wrapped sum divided by the count (truncating); ReduceL2/LogSum/LogSumExp on
// integers compute in double and are refused when the result does not fit. Reductions over an
// empty set give the identity: 0 for sums, 1 for Prod, -inf (or the lowest value) for Max, +inf
// (or the highest value) for Min, -inf for LogSum/LogSumExp, NaN for a floating Mean; an integer
// mean over nothing is a division by zero and is refused.
#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using namespace red;

enum class Red { Sum, Mean, Max, Min, Prod, SumSquare, L1, L2, LogSum, LogSumExp };

struct Refusal {
    std::string why;
};

// Reduction of `n` elements read through get(i), for a floating element type T.
template <Red op, typename T, typename Get>
T reduceFloat(int64_t n, Get get) {
    using A = FloatAcc<T>;
    if constexpr (op == Red::Max || op == Red::Min || op == Red::LogSumExp) {
        A m = op == Red::Min ? std::numeric_limits<A>::infinity() : -std::numeric_limits<A>::infinity();
        for (int64_t i = 0; i < n; ++i) {
            A v = static_cast<A>(get(i));
            if (std::isnan(v)) return T(std::numeric_limits<A>::quiet_NaN());
            if (op == Red::Min ? v < m : v > m) m = v;
        }
        if constexpr (op != Red::LogSumExp) {
            return T(m);
        } else {
            if (std::isinf(m)) return T(m);  // all -inf (or empty) -> -inf; any +inf -> +inf
            A s = 0;
            for (int64_t i = 0; i < n; ++i) s += std::exp(static_cast<A>(get(i)) - m);
            return T(m + std::log(s));
        }
    } else {
        A acc = op == Red::Prod ? A(1) : A(0);
        for (int64_t i = 0; i < n; ++i) {
            A v = static_cast<A>(get(i));
            if constexpr (op == Red::Prod)
                acc *= v;
            else if constexpr (op == Red::SumSquare || op == Red::L2)
                acc += v * v;
            else if constexpr (op == Red::L1)
                acc += std::fabs(v);
            else
                acc += v;
        }
        if constexpr (op == Red::Mean)
            acc /= static_cast<A>(n);  // 0/0 = NaN for an empty set
        else if constexpr (op == Red::L2)
            acc = std::sqrt(acc);
        else if constexpr (op == Red::LogSum)
            acc = std::log(acc);
        return T(acc);
    }
}

// Same for an integer element type; throws Refusal when the result cannot be represented.
template <Red op, typename T, typename Get>
T reduceInt(int64_t n, Get get) {
    if constexpr (op == Red::Max || op == Red::Min) {
        T m = op == Red::Max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
        for (int64_t i = 0; i < n; ++i) {
            T v = get(i);
            if (op == Red::Min ? v < m : v > m) m = v;
        }
        return m;
    } else if constexpr (op == Red::L2 || op == Red::LogSum || op == Red::LogSumExp) {
        double r;
        if constexpr (op == Red::LogSumExp) {
            double m = -std::numeric_limits<double>::infinity();
            for (int64_t i = 0; i < n; ++i) m = std::max(m, static_cast<double>(get(i)));
            double s = 0;
            for (int64_t i = 0; i < n; ++i) s += std::exp(static_cast<double>(get(i)) - m);
            r = std::isinf(m) ? m : m + std::log(s);
        } else {
            double s = 0;
            for (int64_t i = 0; i < n; ++i) {
                double v = static_cast<double>(get(i));
                s += op == Red::L2 ? v * v : v;
            }
            r = op == Red::L2 ? std::sqrt(s) : std::log(s);
        }
        T out{};
        if (!toIntChecked<T>(r, out)) throw Refusal{"result not representable in the integer type"};
        return out;
    } else {
        T acc = op == Red::Prod ? T(1) : T(0);
        for (int64_t i = 0; i < n; ++i) {
            T v = get(i);
            if constexpr (op == Red::Prod)
                acc = wrapMul(acc, v);
            else if constexpr (op == Red::SumSquare)
                acc = wrapAdd(acc, wrapMul(v, v));
            else if constexpr (op == Red::L1)
                acc = wrapAdd(acc, wrapAbs(v));
            else
                acc = wrapAdd(acc, v);
        }
        if constexpr (op == Red::Mean) {
            if (n == 0) throw Refusal{"integer mean over an empty set (division by zero)"};
            if constexpr (std::is_signed_v<T>)
                return static_cast<T>(static_cast<int64_t>(acc) / n);
            else
                return static_cast<T>(static_cast<uint64_t>(acc) / static_cast<uint64_t>(n));
        }
        return acc;
    }
}

template <Red op>
KernelResult reduce(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const bool axesAsInput = op == Red::Sum ? ctx.opset() >= 13 : ctx.opset() >= 18;
    std::vector<int64_t> axes;
    bool noop = false;
    if (axesAsInput) {
        if (ctx.hasInput(1)) axes = toInt64s(ctx.input(1));
        noop = ctx.attrInt("noop_with_empty_axes", 0) != 0;
    } else {
        axes = ctx.attrInts("axes");
    }
    const bool keepdims = ctx.attrInt("keepdims", 1) != 0;
    const int64_t rank = static_cast<int64_t>(x.dims().size());
    if (axes.empty()) {
        if (!noop)
            for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
    } else {
        axes = normalizeAxes(axes, rank);
        if (rank == 0) axes.clear();  // axis 0 / -1 of a scalar: nothing to reduce
    }
    const AxisSplit split = splitAxes(x.dims(), axes, keepdims);
    const int64_t n = static_cast<int64_t>(split.reduced.size());

    auto run = [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, bool>) {
            // ReduceMax/ReduceMin on bool (opset 20): any / all.
            auto v = boolValues(x);
            std::vector<bool> out(split.kept.size());
            for (size_t o = 0; o < out.size(); ++o) {
                bool acc = op == Red::Min;
                for (int64_t i = 0; i < n; ++i) {
                    bool e =
                        v[static_cast<size_t>(split.kept[o] + split.reduced[static_cast<size_t>(i)])] != 0;
                    acc = op == Red::Min ? (acc && e) : (acc || e);
                }
                out[o] = acc;
            }
            return KernelResult::ok(makeTensor<bool>(split.outDims, out));
        } else {
            auto v = values<T>(x);
            std::vector<T> out(split.kept.size());
            try {
                for (size_t o = 0; o < out.size(); ++o) {
                    const int64_t base = split.kept[o];
                    auto get = [&](int64_t i) {
                        return v[static_cast<size_t>(base + split.reduced[static_cast<size_t>(i)])];
                    };
                    if constexpr (isFloatLike<T>)
                        out[o] = reduceFloat<op, T>(n, get);
                    else
                        out[o] = reduceInt<op, T>(n, get);
                }
            } catch (const Refusal& r) {
                return KernelResult::refused(r.why);
            }
            return KernelResult::ok(makeTensor<T>(split.outDims, out));
        }
    };
    if ((op == Red::Max || op == Red::Min) && x.dtype() == DataType::Bool) {
        if (ctx.opset() < 20) return KernelResult::unsupported("bool input needs opset 20");
        return dispatch<kBool>(x.dtype(), run);
    }
    return dispatch<kNumeric>(x.dtype(), run);
}

}  // namespace

void registerReduceKernels(KernelRegistry& r) {
    r.add("", "ReduceSum", 1, 0, reduce<Red::Sum>);
    r.add("", "ReduceMean", 1, 0, reduce<Red::Mean>);
    r.add("", "ReduceMax", 1, 0, reduce<Red::Max>);
    r.add("", "ReduceMin", 1, 0, reduce<Red::Min>);
    r.add("", "ReduceProd", 1, 0, reduce<Red::Prod>);
    r.add("", "ReduceSumSquare", 1, 0, reduce<Red::SumSquare>);
    r.add("", "ReduceL1", 1, 0, reduce<Red::L1>);
    r.add("", "ReduceL2", 1, 0, reduce<Red::L2>);
    r.add("", "ReduceLogSum", 1, 0, reduce<Red::LogSum>);
    r.add("", "ReduceLogSumExp", 1, 0, reduce<Red::LogSumExp>);
}

}  // namespace passscope::kernels
