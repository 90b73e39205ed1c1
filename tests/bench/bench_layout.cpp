// Graphviz dot layout time of NN-shaped requests (views/layout/graphviz_layout.cpp), with and
// without name-scope clusters. Counters show the drawing's size, so a cap that makes dot faster
// by spreading the drawing out shows up here too. Run: passscope-bench-layout
// (medians of 5 runs; --benchmark_filter=Clustered/1000 for one size).
#include <benchmark/benchmark.h>

#include "layout/graphviz_layout.h"
#include "nn_layout_request.h"

namespace {

using passscope::views::LayoutRequest;
using passscope::views::LayoutResult;

void layoutNn(benchmark::State& state, bool clusters) {
    const LayoutRequest request =
        passscope::testing::makeNnLayoutRequest(static_cast<int>(state.range(0)), 1, clusters);
    LayoutResult last;
    for (auto _ : state) {
        last = passscope::views::layoutGraph(request);
        if (!last.ok) {
            state.SkipWithError(last.error.toUtf8().constData());
            return;
        }
    }
    state.counters["nodes"] = static_cast<double>(request.nodes.size());
    state.counters["edges"] = static_cast<double>(request.edges.size());
    state.counters["clusters"] = static_cast<double>(request.clusters.size());
    state.counters["width_pt"] = last.bounds.width();
    state.counters["height_pt"] = last.bounds.height();
}

void Clustered(benchmark::State& state) {
    layoutNn(state, true);
}
void Flat(benchmark::State& state) {
    layoutNn(state, false);
}

// One layout per repetition: a 2,000-node layout takes about a second, and the median of five
// says more than a mean over a few iterations.
void sizes(benchmark::internal::Benchmark* b) {
    for (int n : {100, 300, 1000, 2000}) b->Arg(n);
    b->Iterations(1)->Repetitions(5)->ReportAggregatesOnly(true)->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK(Clustered)->Apply(sizes);
BENCHMARK(Flat)->Apply(sizes);

BENCHMARK_MAIN();
