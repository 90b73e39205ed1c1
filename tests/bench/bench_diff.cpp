// Graph diff at scale (docs/graph-diff.md §7): matchNodes and diffGraphs on a generated
// 10,000-node conv net (residual blocks with side branches), against a copy that keeps its names,
// one where every computation node was renamed (the neighbourhood fallback matches them all), and
// one with no node names and other value names (ONNX exporters that leave names empty).
#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <string>

#include "diff/graph_diff.h"
#include "ir/op_types.h"

using namespace passscope;

namespace {

enum class Naming { Same, Renamed, Unnamed };

// ~10,000 nodes: an input, then blocks of Const weight, Conv, BatchNorm-like Mul/Add, Relu, a
// residual Add and a Sigmoid side branch, ending in NetOutput.
std::unique_ptr<Graph> makeGraph(int blocks, Naming naming) {
    auto g = std::make_unique<Graph>();
    const auto desc = TensorDesc::tensor(DataType::Float, Shape::fromExtents({1, 64, 56, 56}), Format::NCHW);
    int counter = 0;
    auto add = [&](const std::string& type, const std::string& base, std::vector<ValueRef> inputs) {
        const bool structural = op::isStructural(type, "");
        std::string name = base, value = base + ":0";
        if (!structural && naming == Naming::Renamed) name = type + "_" + std::to_string(counter++);
        if (!structural && naming == Naming::Unnamed) name.clear();
        if (!structural && naming != Naming::Same) value = "t" + std::to_string(counter++);
        if (structural) value = base;
        Node& n = g->addNode(type, "", name, type == op::kNetOutput ? 0 : 1);
        const NodeId id = n.id();
        for (const ValueRef& r : inputs) g->addInput(id, r);
        if (type != op::kNetOutput) {
            g->setOutputName(id, 0, value);
            g->setOutputDesc(id, 0, desc);
        }
        return ValueRef{id, 0, 0};
    };
    ValueRef x = add(std::string(op::kData), "input", {});
    g->setInputs({x.node});
    std::vector<ValueRef> outs;
    for (int b = 0; b < blocks; ++b) {
        const std::string p = "/block" + std::to_string(b) + "/";
        ValueRef w = add(std::string(op::kConst), p + "weight", {});
        ValueRef conv = add("Conv", p + "conv", {x, w});
        ValueRef scale = add(std::string(op::kConst), p + "scale", {});
        ValueRef mul = add("Mul", p + "bn/mul", {conv, scale});
        ValueRef shift = add(std::string(op::kConst), p + "shift", {});
        ValueRef bn = add("Add", p + "bn/add", {mul, shift});
        ValueRef relu = add("Relu", p + "relu", {bn});
        ValueRef sum = add("Add", p + "residual", {relu, x});
        ValueRef side = add("Sigmoid", p + "gate", {sum});
        x = add("Mul", p + "gated", {sum, side});
    }
    outs.push_back(x);
    add(std::string(op::kNetOutput), "output", outs);
    g->setNetOutput(static_cast<NodeId>(g->idLimit() - 1));
    return g;
}

constexpr int kBlocks = 1000;  // 10 nodes per block: 10,002 nodes

void run(benchmark::State& state, Naming naming, bool fullDiff, int blocks = kBlocks) {
    const auto a = makeGraph(blocks, Naming::Same);
    const auto b = makeGraph(blocks, naming);
    size_t matched = 0, changed = 0;
    for (auto _ : state) {
        if (fullDiff) {
            diff::GraphDiff d = diff::diffGraphs(*a, *b);
            changed = d.changed.size();
            benchmark::DoNotOptimize(d);
        } else {
            diff::NodeMatching m = diff::matchNodes(*a, *b);
            matched = m.matched.size();
            benchmark::DoNotOptimize(m);
        }
    }
    state.counters["nodes"] = static_cast<double>(a->nodeCount());
    if (!fullDiff) state.counters["matched"] = static_cast<double>(matched);
    if (fullDiff) state.counters["changed"] = static_cast<double>(changed);
}

void BM_MatchSameNames(benchmark::State& s) {
    run(s, Naming::Same, false);
}
void BM_MatchAllRenamed(benchmark::State& s) {
    run(s, Naming::Renamed, false);
}
void BM_MatchUnnamed(benchmark::State& s) {
    run(s, Naming::Unnamed, false);
}
void BM_DiffSameNames(benchmark::State& s) {
    run(s, Naming::Same, true);
}
void BM_DiffAllRenamed(benchmark::State& s) {
    run(s, Naming::Renamed, true);
}

// Growth with size: 1,002 / 10,002 / 100,002 nodes, all renamed (the fallback's worst case).
void BM_MatchAllRenamedScaling(benchmark::State& s) {
    run(s, Naming::Renamed, false, static_cast<int>(s.range(0)));
}

}  // namespace

BENCHMARK(BM_MatchSameNames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatchAllRenamed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatchUnnamed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DiffSameNames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DiffAllRenamed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatchAllRenamedScaling)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
