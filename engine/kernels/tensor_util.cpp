#include "kernels/tensor_util.h"

namespace passscope::kernels {

std::vector<uint8_t> boolValues(const Tensor& t) {
    if (t.dtype() != DataType::Bool) throw KernelError("expected a bool tensor");
    std::vector<uint8_t> out(static_cast<size_t>(t.elementCount()));
    if (!out.empty()) std::memcpy(out.data(), t.rawData(), out.size());
    for (auto& v : out) v = v ? 1 : 0;
    return out;
}

std::vector<int64_t> toInt64s(const Tensor& t) {
    return dispatch<kSigned | kUnsigned | kBool>(t.dtype(), [&](auto tag) {
        using T = decltype(tag);
        std::vector<int64_t> out;
        if constexpr (std::is_same_v<T, bool>) {
            for (uint8_t v : boolValues(t)) out.push_back(v);
        } else {
            for (T v : values<T>(t)) out.push_back(static_cast<int64_t>(v));
        }
        return out;
    });
}

std::vector<double> toDoubles(const Tensor& t) {
    return dispatch<kNumeric | kBool>(t.dtype(), [&](auto tag) {
        using T = decltype(tag);
        std::vector<double> out;
        if constexpr (std::is_same_v<T, bool>) {
            for (uint8_t v : boolValues(t)) out.push_back(v);
        } else {
            for (T v : values<T>(t)) out.push_back(static_cast<double>(v));
        }
        return out;
    });
}

double scalarDouble(const Tensor& t) {
    auto v = toDoubles(t);
    if (v.size() != 1) throw KernelError("expected a scalar");
    return v[0];
}

int64_t scalarInt(const Tensor& t) {
    auto v = toInt64s(t);
    if (v.size() != 1) throw KernelError("expected a scalar");
    return v[0];
}

std::vector<int64_t> stridesOf(const std::vector<int64_t>& dims) {
    std::vector<int64_t> s(dims.size(), 1);
    for (size_t i = dims.size(); i-- > 1;) s[i - 1] = s[i] * dims[i];
    return s;
}

std::vector<int64_t> broadcastShapes(const std::vector<std::vector<int64_t>>& shapes) {
    size_t rank = 0;
    for (const auto& s : shapes) rank = std::max(rank, s.size());
    std::vector<int64_t> out(rank, 1);
    for (const auto& s : shapes) {
        for (size_t i = 0; i < s.size(); ++i) {
            int64_t& o = out[rank - s.size() + i];
            int64_t d = s[i];
            if (d == o || d == 1) continue;
            if (o == 1)
                o = d;
            else
                throw KernelError("shapes cannot be broadcast together");
        }
    }
    return out;
}

std::vector<int64_t> broadcastIndex(const std::vector<int64_t>& inDims, const std::vector<int64_t>& outDims) {
    const size_t rank = outDims.size();
    std::vector<int64_t> padded(rank, 1);
    for (size_t i = 0; i < inDims.size(); ++i) padded[rank - inDims.size() + i] = inDims[i];
    auto inStrides = stridesOf(padded);
    for (size_t i = 0; i < rank; ++i)
        if (padded[i] == 1) inStrides[i] = 0;
    const int64_t total = product(outDims);
    std::vector<int64_t> index(static_cast<size_t>(total));
    std::vector<int64_t> counter(rank, 0);
    int64_t flat = 0;
    for (int64_t n = 0; n < total; ++n) {
        index[static_cast<size_t>(n)] = flat;
        for (size_t d = rank; d-- > 0;) {
            ++counter[d];
            flat += inStrides[d];
            if (counter[d] < outDims[d]) break;
            flat -= inStrides[d] * counter[d];
            counter[d] = 0;
        }
    }
    return index;
}

BroadcastWalker::BroadcastWalker(const std::vector<int64_t>& outDims,
                                 const std::vector<std::vector<int64_t>>& inDims)
    : outDims_(outDims), counter_(outDims.size(), 0), flat_(inDims.size(), 0), total_(product(outDims)) {
    const size_t rank = outDims.size();
    for (const auto& dims : inDims) {
        if (dims.size() > rank) throw KernelError("internal: input rank exceeds the broadcast rank");
        std::vector<int64_t> padded(rank, 1);
        for (size_t i = 0; i < dims.size(); ++i) padded[rank - dims.size() + i] = dims[i];
        std::vector<int64_t> strides = stridesOf(padded);
        for (size_t i = 0; i < rank; ++i) {
            if (padded[i] == 1)
                strides[i] = 0;
            else if (padded[i] != outDims[i])
                throw KernelError("internal: input does not broadcast to the output");
        }
        strides_.push_back(std::move(strides));
    }
}

void BroadcastWalker::next() {
    for (size_t d = outDims_.size(); d-- > 0;) {
        ++counter_[d];
        for (size_t k = 0; k < flat_.size(); ++k) flat_[k] += strides_[k][d];
        if (counter_[d] < outDims_[d]) return;
        for (size_t k = 0; k < flat_.size(); ++k) flat_[k] -= strides_[k][d] * counter_[d];
        counter_[d] = 0;
    }
}

int64_t normalizeAxis(int64_t axis, int64_t rank) {
    if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
        throw KernelError("axis " + std::to_string(axis) + " out of range for rank " + std::to_string(rank));
    return axis < 0 ? axis + rank : axis;
}

int64_t product(const std::vector<int64_t>& dims, size_t from, size_t to) {
    // Hostile dims can multiply past 2^63: signed overflow is undefined, so it is an error here.
    int64_t p = 1;
    for (size_t i = from; i < std::min(to, dims.size()); ++i)
        if (__builtin_mul_overflow(p, dims[i], &p))
            throw KernelError("the element count of the dims overflows 64 bits");
    return p;
}

}  // namespace passscope::kernels
