// TfIdfVectorizer (opset 9): counts the n-grams of the pool (pool_int64s or pool_strings, n from
// min_gram_length to max_gram_length, items at most max_skip_count apart) in each row of X ([C] or
// [N, C]) into an output of max(ngram_indexes) + 1 columns; mode TF gives the counts, IDF the
// weight (1 without weights) where the count is not 0, TFIDF count times weight. The pool lists
// the 1-grams first, then the 2-grams, ...; ngram_counts[k] is where the (k+1)-grams start, and
// ngram_indexes the output column of each n-gram in pool order. As ONNX Runtime: a 1-gram is
// counted once per position whatever the skip.
#include <map>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

KernelResult tfidfVectorizer(const KernelContext& ctx) {
    const Tensor& x = red::required(ctx, 0);
    if (x.dims().empty() || x.dims().size() > 2) throw KernelError("X must be [C] or [N, C]");
    const bool strings = x.dtype() == DataType::String;
    if (!strings && x.dtype() != DataType::Int32 && x.dtype() != DataType::Int64)
        throw KernelError("X must hold int32, int64 or strings");
    const int64_t minN = ctx.attrInt("min_gram_length", 0), maxN = ctx.attrInt("max_gram_length", 0);
    const int64_t maxSkip = ctx.attrInt("max_skip_count", 0);
    const std::string mode = ctx.attrString("mode", "");
    const std::vector<int64_t> counts = ctx.attrInts("ngram_counts"), indexes = ctx.attrInts("ngram_indexes");
    const std::vector<double> weights = ctx.attrFloats("weights");
    if (minN < 1 || maxN < minN || maxSkip < 0) throw KernelError("bad gram lengths or skip count");
    if (mode != "TF" && mode != "IDF" && mode != "TFIDF") throw KernelError("mode must be TF, IDF or TFIDF");
    // The pool as strings either way (numbers by their decimal text), keyed by n-gram.
    std::vector<std::string> pool;
    if (ctx.hasAttr("pool_strings"))
        pool = ctx.attrStrings("pool_strings");
    else
        for (int64_t v : ctx.attrInts("pool_int64s")) pool.push_back(std::to_string(v));
    std::map<std::vector<std::string>, int64_t> column;  // n-gram -> output column
    size_t ngram = 0;
    for (size_t k = 0; k < counts.size(); ++k) {
        const size_t n = k + 1;
        const size_t from = static_cast<size_t>(counts[k]);
        const size_t to = k + 1 < counts.size() ? static_cast<size_t>(counts[k + 1]) : pool.size();
        if (from > to || to > pool.size() || (to - from) % n != 0)
            throw KernelError("ngram_counts do not fit the pool");
        for (size_t at = from; at < to; at += n, ++ngram) {
            if (ngram >= indexes.size()) throw KernelError("fewer ngram_indexes than n-grams");
            column[std::vector<std::string>(pool.begin() + static_cast<std::ptrdiff_t>(at),
                                            pool.begin() + static_cast<std::ptrdiff_t>(at + n))] =
                indexes[ngram];
        }
    }
    int64_t width = 0;
    for (int64_t i : indexes) {
        if (i < 0) throw KernelError("a negative ngram index");
        width = std::max(width, i + 1);
    }
    if (!weights.empty() && static_cast<int64_t>(weights.size()) < width)
        throw KernelError("fewer weights than columns");
    std::vector<std::string> items;
    if (strings)
        items = x.strings();
    else
        for (int64_t v : toInt64s(x)) items.push_back(std::to_string(v));
    const bool batched = x.dims().size() == 2;
    const int64_t rows = batched ? x.dims()[0] : 1, cols = x.dims().back();
    std::vector<double> out(static_cast<size_t>(rows * width), 0.0);
    for (int64_t r = 0; r < rows; ++r) {
        double* row = &out[static_cast<size_t>(r * width)];
        const std::string* in = items.data() + r * cols;
        for (int64_t start = 0; start < cols; ++start)
            for (int64_t skip = 0; skip <= maxSkip; ++skip)
                for (int64_t n = minN; n <= maxN; ++n) {
                    if (n == 1 && skip > 0) continue;
                    const int64_t last = start + (n - 1) * (skip + 1);
                    if (last >= cols) break;
                    std::vector<std::string> gram;
                    for (int64_t j = 0; j < n; ++j) gram.push_back(in[start + j * (skip + 1)]);
                    if (auto it = column.find(gram); it != column.end()) row[it->second] += 1;
                }
        for (int64_t c = 0; c < width; ++c) {
            const double w = weights.empty() ? 1.0 : weights[static_cast<size_t>(c)];
            if (mode == "IDF") row[c] = row[c] > 0 ? w : 0;
            if (mode == "TFIDF") row[c] *= w;
        }
    }
    std::vector<int64_t> dims = batched ? std::vector<int64_t>{rows, width} : std::vector<int64_t>{width};
    return KernelResult::ok(fromDoubles(DataType::Float, dims, out));
}

}  // namespace

void registerTfIdfKernels(KernelRegistry& r) {
    r.add("", "TfIdfVectorizer", 9, 0, tfidfVectorizer);
}

}  // namespace passscope::kernels
