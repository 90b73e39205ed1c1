#include "exec/verify.h"

#include <random>

#include "exec/evaluator.h"
#include "exec/tensor_compare.h"
#include "ir/op_types.h"
#include "kernels/output_size.h"
#include "kernels/tensor_util.h"

namespace passscope {
namespace {

// SplitMix64: the same inputs on every machine, whatever the standard library.
struct Rng {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
};

Tensor randomTensor(DataType dtype, const std::vector<int64_t>& dims, Rng& rng) {
    using namespace kernels;
    const size_t n = static_cast<size_t>(product(dims));
    return dispatch<kNumeric | kBool | kStrings>(dtype, [&](auto tag) {
        using T = decltype(tag);
        std::vector<T> v(n);
        for (size_t i = 0; i < n; ++i) {
            if constexpr (std::is_same_v<T, bool>)
                v[i] = rng.next() & 1;
            else if constexpr (std::is_same_v<T, std::string>)
                v[i] = "s" + std::to_string(rng.next() % 4);
            else if constexpr (isFloatLike<T>)
                v[i] = static_cast<T>(static_cast<float>(rng.uniform() * 2.0 - 1.0));
            else
                v[i] = static_cast<T>(rng.next() % 3);  // small: often used as indices or counts
        }
        return makeTensor<T>(dims, v);
    });
}

}  // namespace

bool VerifyResult::allEqual() const {
    if (!comparable) return false;
    for (const VerifyRow& r : rows)
        if (!r.equal) return false;
    return true;
}

RandomInputs randomInputs(const Graph& g, const VerifyOptions& options, uint64_t& state) {
    RandomInputs result;
    Rng rng{state};
    auto refuse = [&](std::string problem) {
        result.tensors.clear();
        result.problem = std::move(problem);
        return result;
    };
    for (NodeId id : g.inputs()) {
        const Node& n = g.node(id);
        if (n.opType() != op::kData || n.hasAttr(op::attr::kValue)) continue;
        const NodeOutput& o = n.output(0);
        if (o.desc.kind != ValueKind::Tensor)
            return refuse("input '" + o.name + "' is not a tensor; verify feeds tensors only");
        std::vector<int64_t> dims;
        auto pinned = options.inputShapes.find(o.name);
        if (pinned != options.inputShapes.end()) {
            dims = pinned->second;
        } else if (!o.desc.originShape.rankKnown()) {
            return refuse("input '" + o.name + "' has no known rank; pin it with --input-shape");
        } else {
            for (const Dim& d : o.desc.originShape.dims()) {
                if (d.isKnown()) {
                    dims.push_back(d.value);
                } else {
                    dims.push_back(1);
                    result.notes.push_back("input '" + o.name + "': dimension '" + d.symbol + "' set to 1");
                }
            }
        }
        const auto count = checkedElementCount(dims);
        const double bytes = count ? static_cast<double>(*count) *
                                         static_cast<double>(std::max<size_t>(elementSize(o.desc.dtype), 1))
                                   : 0;
        if (!count || bytes > static_cast<double>(options.maxTensorBytes))
            return refuse("input '" + o.name + "' " + Shape::fromExtents(dims).toString() + " would take " +
                          (count ? kernels::bytesText(bytes) : std::string("more elements than 2^63")) +
                          ", over the limit of " + std::to_string(options.maxTensorBytes) +
                          " bytes per tensor; pin a smaller shape with --input-shape " + o.name +
                          ":D0,D1,... or raise the limit with --max-tensor-bytes BYTES");
        try {
            result.tensors[o.name] = randomTensor(o.desc.dtype, dims, rng);
        } catch (const std::exception& e) {
            return refuse("input '" + o.name + "': " + e.what());
        }
    }
    state = rng.state;
    return result;
}

VerifyResult verifyModels(const Model& original, const Model& optimized, const VerifyOptions& options) {
    VerifyResult result;
    uint64_t state = options.seed;
    std::map<std::string, VerifyRow> rows;
    for (int run = 0; run < options.runs; ++run) {
        RandomInputs made = randomInputs(*original.graph, options, state);
        if (run == 0) result.notes = made.notes;
        if (!made.problem.empty()) {
            result.comparable = false;
            result.problem = made.problem;
            return result;
        }
        const std::map<std::string, Tensor>& inputs = made.tensors;
        Evaluator evalA(original), evalB(optimized);
        evalA.setMaxValueBytes(options.maxTensorBytes);
        evalB.setMaxValueBytes(options.maxTensorBytes);
        EvalResult a = evalA.run(inputs);
        EvalResult b = evalB.run(inputs);
        for (auto* r : {&a, &b}) {
            if (r->failure) {
                result.comparable = false;
                result.problem = std::string(r == &a ? "the original" : "the optimized") +
                                 " model cannot be evaluated: node '" + r->failure->nodeName + "' (" +
                                 r->failure->opType + "): " + r->failure->reason;
                return result;
            }
        }
        const std::vector<std::string> namesA = original.graph->outputNames();
        const std::vector<std::string> namesB = optimized.graph->outputNames();
        for (size_t i = 0; i < namesA.size() && i < a.outputs.size(); ++i) {
            VerifyRow& row = rows[namesA[i]];
            row.output = namesA[i];
            auto it = std::find(namesB.begin(), namesB.end(), namesA[i]);
            if (it == namesB.end()) {
                row.equal = false;
                row.detail = "missing from the optimized model";
                continue;
            }
            const Tensor& tb = b.outputs[static_cast<size_t>(it - namesB.begin())];
            TensorComparison c = compareTensors(a.outputs[i], tb, options.rtol, options.atol);
            row.maxAbsDiff = std::max(row.maxAbsDiff, c.maxAbsDiff);
            row.maxRelDiff = std::max(row.maxRelDiff, c.maxRelDiff);
            if (!c.equal && row.equal) {
                row.equal = false;
                row.detail = "run " + std::to_string(run) + ": " + c.detail;
            }
        }
    }
    for (auto& [name, row] : rows) result.rows.push_back(row);
    return result;
}

}  // namespace passscope
