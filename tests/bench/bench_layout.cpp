// Graphviz dot layout time (views/layout/graphviz_layout.cpp) of
//   - NN-shaped generated requests, with and without name-scope clusters (Clustered/N, Flat/N);
//   - real and real-shaped models on the production path (Real/<model>/default): the engine loads
//     the model, views::DiagramModel::fromGraph, defaultExpansion(GraphPanel::kDefaultBoxBudget),
//     planVisible(style::itemSize), layoutGraph — and the same with every group open
//     (Real/<model>/expanded).
// Counters show the drawing's size and quality, so a cap that makes dot faster by spreading the
// drawing out or tangling it shows up too: boxes, edges, clusters, dot_s (time inside Graphviz),
// width_pt/height_pt, median_edge_pt/mean_edge_pt and crossings (views/layout/layout_quality.h),
// dummy_nodes (dot's virtual nodes on long edges).
//
//   passscope-bench-layout [--models DIR]... [Google Benchmark flags]
//   passscope-bench-layout --benchmark_filter=Real --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true          (one command: real models, medians of 3)
//   passscope-bench-layout --benchmark_filter=Clustered/1000   # one synthetic size (5 runs)
// Real models: resources/models/*.onnx, the models of passscope-make-real-shaped (regenerated into
// the build's bench/real_shaped/ on each run) and the .onnx files of each --models DIR (models we
// may measure but not ship, e.g. the openWakeWord and ISNet exports of issue 8).
#include <benchmark/benchmark.h>

#include <QGuiApplication>

#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "diagram/diagram_model.h"
#include "diagram/visible_plan.h"
#include "graph/graph_panel.h"
#include "graph/item_style.h"
#include "io/model_loader.h"
#include "layout/graphviz_layout.h"
#include "layout/layout_quality.h"
#include "nn_layout_request.h"
#include "real_models.h"

namespace {

using passscope::views::LayoutRequest;
using passscope::views::LayoutResult;

// dot's virtual nodes, when LayoutResult reports them (-1 otherwise): the field is newer than
// this benchmark's first version.
template <typename Result>
double dummyNodes(const Result& r) {
    if constexpr (requires { r.dummyNodes; }) return static_cast<double>(r.dummyNodes);
    return -1;
}

void reportLayout(benchmark::State& state, const LayoutRequest& request, const LayoutResult& last) {
    const passscope::views::LayoutQuality quality = passscope::views::measureLayout(request, last);
    state.counters["boxes"] = static_cast<double>(request.nodes.size());
    state.counters["edges"] = static_cast<double>(request.edges.size());
    state.counters["clusters"] = static_cast<double>(request.clusters.size());
    state.counters["dot_s"] = last.seconds;
    state.counters["width_pt"] = last.bounds.width();
    state.counters["height_pt"] = last.bounds.height();
    state.counters["median_edge_pt"] = quality.medianEdgeLength;
    state.counters["mean_edge_pt"] = quality.meanEdgeLength;
    state.counters["crossings"] = quality.crossings;
    state.counters["dummy_nodes"] = dummyNodes(last);
}

void layoutRequest(benchmark::State& state, const LayoutRequest& request) {
    LayoutResult last;
    for (auto _ : state) {
        passscope::views::clearLayoutPieceCache();  // from scratch, as the first view of a model
        last = passscope::views::layoutGraph(request);
        if (!last.ok) {
            state.SkipWithError(last.error.toUtf8().constData());
            return;
        }
    }
    reportLayout(state, request, last);
}

void layoutNn(benchmark::State& state, bool clusters) {
    layoutRequest(state,
                  passscope::testing::makeNnLayoutRequest(static_cast<int>(state.range(0)), 1, clusters));
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

// What the graph view lays out for a model: loaded once per model, outside the timed loop.
struct Prepared {
    std::string error;
    std::shared_ptr<const passscope::views::DiagramModel> diagram;
    double onnxNodes = 0;
};

const Prepared& prepare(const passscope::bench::RealModel& model) {
    static std::map<std::string, Prepared> cache;
    auto [it, fresh] = cache.try_emplace(model.path.string());
    if (!fresh) return it->second;
    try {
        passscope::io::LoadResult loaded = passscope::io::loadModel(model.path);
        it->second.onnxNodes = static_cast<double>(loaded.model.graph->nodeCount());
        it->second.diagram = passscope::views::DiagramModel::fromGraph(*loaded.model.graph);
    } catch (const std::exception& e) {
        it->second.error = model.name + ": " + e.what();
    }
    return it->second;
}

void layoutReal(benchmark::State& state, const passscope::bench::RealModel& model, bool expandAll) {
    using namespace passscope::views;
    const Prepared& p = prepare(model);
    if (!p.diagram) {
        state.SkipWithError(p.error.c_str());
        for (auto _ : state) {
        }
        return;
    }
    const DiagramModel& diagram = *p.diagram;
    const std::vector<bool> expanded = expandAll ? std::vector<bool>(diagram.scopes().groups().size(), true)
                                                 : defaultExpansion(diagram, GraphPanel::kDefaultBoxBudget);
    const VisiblePlan plan = planVisible(diagram, expanded, style::itemSize);
    layoutRequest(state, plan.request);
    state.counters["graph_nodes"] = p.onnxNodes;  // engine nodes: Data, Const and NetOutput included
    state.counters["drawn_nodes"] = static_cast<double>(diagram.drawnCount());
    state.counters["groups"] = static_cast<double>(diagram.scopes().groups().size());
}

// Takes --models DIR out of argv (Google Benchmark rejects flags it does not know).
std::vector<std::string> takeModelDirs(int& argc, char** argv) {
    std::vector<std::string> dirs;
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--models") == 0 && i + 1 < argc)
            dirs.push_back(argv[++i]);
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
    return dirs;
}

}  // namespace

BENCHMARK(Clustered)->Apply(sizes);
BENCHMARK(Flat)->Apply(sizes);

int main(int argc, char** argv) {
    const std::vector<std::string> extraDirs = takeModelDirs(argc, argv);
    // Box sizes come from font metrics, which need a GUI application (no display: offscreen). It
    // gets no arguments: Google Benchmark's flags are not Qt's.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    int qtArgc = 1;
    QGuiApplication app(qtArgc, argv);
    for (const passscope::bench::RealModel& model : passscope::bench::realModels(extraDirs))
        for (bool expandAll : {false, true})
            benchmark::RegisterBenchmark(
                ("Real/" + model.name + (expandAll ? "/expanded" : "/default")).c_str(),
                [model, expandAll](benchmark::State& s) { layoutReal(s, model, expandAll); })
                ->Iterations(1)
                ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
