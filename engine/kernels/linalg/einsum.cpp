// Einsum (opset 12): Einstein summation over an equation such as "bij,bjk->bik".
//
// Each input term names its axes with letters; "..." stands for the remaining axes, which are
// aligned to the right across inputs and broadcast (size 1 against any size). A letter repeated
// within a term takes the diagonal. With "->" the output lists its letters (and "..." where the
// broadcast axes go; without it they are summed); without "->" the output is "..." followed by
// the letters that occur exactly once, in alphabetical (ASCII) order. Every letter not in the
// output is summed over. The kernel loops over the whole index space: fine for constant folding
// of small tensors, unsupported above a fixed amount of work. Floating types accumulate in double
// (float16/bfloat16 in float) and round once; integers accumulate with wrapping.
#include <cctype>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using namespace red;

constexpr int64_t kMaxWork = int64_t(1) << 28;

struct Term {
    std::vector<int> labels;  // letter code (0..255) or -1 for the ellipsis
};

Term parseTerm(const std::string& s) {
    Term t;
    for (size_t i = 0; i < s.size();) {
        if (s.compare(i, 3, "...") == 0) {
            for (int l : t.labels)
                if (l == -1) throw KernelError("Einsum term with two ellipses");
            t.labels.push_back(-1);
            i += 3;
        } else if (std::isalpha(static_cast<unsigned char>(s[i]))) {
            t.labels.push_back(static_cast<unsigned char>(s[i]));
            ++i;
        } else {
            throw KernelError("bad character in Einsum equation");
        }
    }
    return t;
}

KernelResult einsum(const KernelContext& ctx) {
    std::string eq;
    for (char ch : ctx.attrString("equation", ""))
        if (ch != ' ') eq += ch;
    const size_t arrow = eq.find("->");
    const std::string lhs = eq.substr(0, arrow);
    std::vector<Term> terms;
    for (size_t start = 0;;) {
        size_t comma = lhs.find(',', start);
        terms.push_back(
            parseTerm(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    const size_t nIn = terms.size();
    if (ctx.inputCount() != nIn) throw KernelError("Einsum equation and input count differ");
    for (size_t i = 0; i < nIn; ++i) {
        if (!ctx.hasInput(i)) throw KernelError("Einsum input missing");
        if (ctx.input(i).dtype() != ctx.input(0).dtype())
            return KernelResult::unsupported("inputs have different dtypes");
    }

    // Slots: 0..255 letters, 256.. ellipsis axes (right-aligned).
    size_t ellRank = 0;
    std::vector<size_t> ellOf(nIn, 0);
    for (size_t i = 0; i < nIn; ++i) {
        const auto& dims = ctx.input(i).dims();
        size_t letters = 0;
        bool hasEll = false;
        for (int l : terms[i].labels) {
            if (l == -1)
                hasEll = true;
            else
                ++letters;
        }
        if (hasEll ? dims.size() < letters : dims.size() != letters)
            throw KernelError("Einsum term does not match input rank");
        ellOf[i] = dims.size() - letters;
        ellRank = std::max(ellRank, ellOf[i]);
    }
    const size_t nSlots = 256 + ellRank;
    std::vector<int64_t> slotSize(nSlots, -1);
    std::vector<int> letterCount(256, 0);
    // strides[i][slot]
    std::vector<std::vector<int64_t>> strides(nIn, std::vector<int64_t>(nSlots, 0));
    for (size_t i = 0; i < nIn; ++i) {
        const auto& dims = ctx.input(i).dims();
        const auto st = stridesOf(dims);
        size_t axis = 0;
        for (int l : terms[i].labels) {
            if (l == -1) {
                for (size_t e = 0; e < ellOf[i]; ++e, ++axis) {
                    const size_t slot = 256 + ellRank - ellOf[i] + e;
                    const int64_t d = dims[axis];
                    if (d != 1) {
                        if (slotSize[slot] != -1 && slotSize[slot] != 1 && slotSize[slot] != d)
                            throw KernelError("Einsum broadcast dimensions differ");
                        slotSize[slot] = d;
                        strides[i][slot] += st[axis];
                    } else if (slotSize[slot] == -1) {
                        slotSize[slot] = 1;
                    }
                }
            } else {
                const int64_t d = dims[axis];
                if (slotSize[static_cast<size_t>(l)] != -1 && slotSize[static_cast<size_t>(l)] != d)
                    throw KernelError("Einsum label used with different sizes");
                slotSize[static_cast<size_t>(l)] = d;
                strides[i][static_cast<size_t>(l)] += st[axis];
                ++letterCount[static_cast<size_t>(l)];
                ++axis;
            }
        }
    }

    // Output slots.
    std::vector<size_t> outSlots;
    auto addEllipsis = [&] {
        for (size_t e = 0; e < ellRank; ++e) outSlots.push_back(256 + e);
    };
    if (arrow != std::string::npos) {
        Term out = parseTerm(eq.substr(arrow + 2));
        for (int l : out.labels) {
            if (l == -1) {
                addEllipsis();
            } else {
                if (letterCount[static_cast<size_t>(l)] == 0)
                    throw KernelError("Einsum output label not in any input");
                for (size_t s : outSlots)
                    if (s == static_cast<size_t>(l)) throw KernelError("Einsum output label repeated");
                outSlots.push_back(static_cast<size_t>(l));
            }
        }
    } else {
        addEllipsis();
        for (size_t l = 0; l < 256; ++l)
            if (letterCount[l] == 1) outSlots.push_back(l);
    }
    std::vector<bool> isOut(nSlots, false);
    for (size_t s : outSlots) isOut[s] = true;
    std::vector<size_t> sumSlots;
    for (size_t s = 0; s < nSlots; ++s)
        if (slotSize[s] != -1 && !isOut[s]) sumSlots.push_back(s);

    std::vector<int64_t> outDims;
    for (size_t sl : outSlots) outDims.push_back(slotSize[sl]);
    checkBuildable(outDims);
    const int64_t outCount = product(outDims);
    double sumWork = 1;
    for (size_t sl : sumSlots) sumWork *= static_cast<double>(slotSize[sl]);
    if (outCount > 0 && sumWork * static_cast<double>(outCount) > static_cast<double>(kMaxWork))
        return KernelResult::unsupported("Einsum too large to fold");
    int64_t sumCount = 1;
    if (outCount > 0)
        for (size_t sl : sumSlots) sumCount *= slotSize[sl];
    else
        sumSlots.clear();  // nothing to compute: skip the summed index space entirely

    // Offsets of each input for every combination of a slot list, row-major.
    auto offsets = [&](const std::vector<size_t>& slots, size_t in) {
        int64_t count = 1;
        for (size_t s : slots) count *= slotSize[s];
        std::vector<int64_t> out(static_cast<size_t>(count));
        std::vector<int64_t> counter(slots.size(), 0);
        int64_t flat = 0;
        for (int64_t n = 0; n < count; ++n) {
            out[static_cast<size_t>(n)] = flat;
            for (size_t k = slots.size(); k-- > 0;) {
                ++counter[k];
                flat += strides[in][slots[k]];
                if (counter[k] < slotSize[slots[k]]) break;
                flat -= strides[in][slots[k]] * counter[k];
                counter[k] = 0;
            }
        }
        return out;
    };

    return dispatch<kNumeric>(ctx.input(0).dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        using A = Acc<T>;
        std::vector<std::vector<T>> vals;
        std::vector<std::vector<int64_t>> outOff, sumOff;
        for (size_t i = 0; i < nIn; ++i) {
            vals.push_back(values<T>(ctx.input(i)));
            outOff.push_back(offsets(outSlots, i));
            sumOff.push_back(offsets(sumSlots, i));
        }
        std::vector<T> out(static_cast<size_t>(outCount));
        for (int64_t o = 0; o < outCount; ++o) {
            A acc = A(0);
            for (int64_t s = 0; s < sumCount; ++s) {
                A p = A(1);
                for (size_t i = 0; i < nIn; ++i) {
                    const T v = vals[i][static_cast<size_t>(outOff[i][static_cast<size_t>(o)] +
                                                            sumOff[i][static_cast<size_t>(s)])];
                    p = wrapMul<A>(p, static_cast<A>(v));
                }
                acc = wrapAdd<A>(acc, p);
            }
            out[static_cast<size_t>(o)] = static_cast<T>(acc);
        }
        return KernelResult::ok(makeTensor<T>(outDims, out));
    });
}

}  // namespace

void registerEinsumKernels(KernelRegistry& r) {
    r.add("", "Einsum", 12, 0, einsum);
}

}  // namespace passscope::kernels
