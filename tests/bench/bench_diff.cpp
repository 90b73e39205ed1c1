// Graph diff at scale (docs/graph-diff.md §7): matchNodes and diffGraphs on a generated
// 10,000-node conv net (residual blocks with side branches), against a copy that keeps its names,
// one where every computation node was renamed (the neighbourhood fallback matches them all), and
// one with no node names and other value names (ONNX exporters that leave names empty). Weights
// hold real bytes (16 KB per conv, 256 B per scale/shift; 16.5 MB per graph), so the diff by value
// (§8) pays for hashing them; "ConstantOps" holds them in unnamed ONNX Constant nodes under other
// value names, as Paddle2ONNX does, which only the diff by value matches.
#include <benchmark/benchmark.h>

#include <cstring>
#include <functional>
#include <memory>
#include <string>

#include "diff/graph_diff.h"
#include "ir/buffer.h"
#include "ir/op_types.h"

using namespace passscope;

namespace {

enum class Naming { Same, Renamed, Unnamed, ConstantOps };

std::shared_ptr<const Buffer> filledBytes(size_t floats, float seed) {
    std::string bytes(floats * sizeof(float), '\0');
    for (size_t i = 0; i < floats; ++i) {
        const float v = seed + 0.001f * static_cast<float>(i);
        std::memcpy(bytes.data() + i * sizeof(float), &v, sizeof v);
    }
    return std::make_shared<StringBuffer>(std::move(bytes));
}

// ~10,000 nodes: an input, then blocks of Const weight, Conv, BatchNorm-like Mul/Add, Relu, a
// residual Add and a Sigmoid side branch, ending in NetOutput.
std::unique_ptr<Graph> makeGraph(int blocks, Naming naming) {
    auto g = std::make_unique<Graph>();
    const auto desc = TensorDesc::tensor(DataType::Float, Shape::fromExtents({1, 64, 56, 56}), Format::NCHW);
    int counter = 0;
    auto add = [&](std::string type, const std::string& base, std::vector<ValueRef> inputs) {
        if (type == op::kConst && naming == Naming::ConstantOps) type = std::string(op::kConstantOp);
        const bool structural = op::isStructural(type, "");
        std::string name = base, value = base + ":0";
        if (!structural && naming == Naming::Renamed) name = type + "_" + std::to_string(counter++);
        if (!structural && (naming == Naming::Unnamed || type == op::kConstantOp)) name.clear();
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
    auto weight = [&](const std::string& base, std::vector<int64_t> dims, float seed) {
        ValueRef r = add(std::string(op::kConst), base, {});
        size_t count = 1;
        for (int64_t d : dims) count *= static_cast<size_t>(d);
        g->setAttribute(r.node,
                        Attribute::makeTensor(std::string(op::attr::kValue),
                                              Tensor(DataType::Float, dims, filledBytes(count, seed))));
        return r;
    };
    for (int b = 0; b < blocks; ++b) {
        const std::string p = "/block" + std::to_string(b) + "/";
        ValueRef w = weight(p + "weight", {64, 64, 1, 1}, static_cast<float>(b));
        ValueRef conv = add("Conv", p + "conv", {x, w});
        ValueRef scale = weight(p + "scale", {64, 1, 1}, 0.5f + static_cast<float>(b));
        ValueRef mul = add("Mul", p + "bn/mul", {conv, scale});
        ValueRef shift = weight(p + "shift", {64, 1, 1}, -0.5f - static_cast<float>(b));
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

void run(benchmark::State& state, Naming naming, bool fullDiff, int blocks = kBlocks,
         const diff::DiffOptions& options = {}) {
    const auto a = makeGraph(blocks, Naming::Same);
    const auto b = makeGraph(blocks, naming);
    size_t matched = 0, changed = 0, addedRemoved = 0, held = 0;
    for (auto _ : state) {
        if (fullDiff) {
            diff::GraphDiff d = diff::diffGraphs(*a, *b, options);
            changed = d.changed.size();
            addedRemoved = d.added.size() + d.removed.size();
            held = d.heldDifferently.size();
            benchmark::DoNotOptimize(d);
        } else {
            diff::NodeMatching m = diff::matchNodes(*a, *b);
            matched = m.matched.size();
            benchmark::DoNotOptimize(m);
        }
    }
    state.counters["nodes"] = static_cast<double>(a->nodeCount());
    if (!fullDiff) state.counters["matched"] = static_cast<double>(matched);
    if (fullDiff) {
        state.counters["changed"] = static_cast<double>(changed);
        state.counters["added+removed"] = static_cast<double>(addedRemoved);
        state.counters["held"] = static_cast<double>(held);
    }
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

// The diff by value (§8) on the same graphs: what `passscope-cli diff` and the compare window run.
void BM_DiffByValueSameNames(benchmark::State& s) {
    run(s, Naming::Same, true, kBlocks, diff::DiffOptions::byComputation());
}
void BM_DiffByValueAllRenamed(benchmark::State& s) {
    run(s, Naming::Renamed, true, kBlocks, diff::DiffOptions::byComputation());
}
// Weights in unnamed Constant nodes under other names: the exact diff lists 3,000 removed and
// added; by value, none.
void BM_DiffExactConstantOps(benchmark::State& s) {
    run(s, Naming::ConstantOps, true);
}
void BM_DiffByValueConstantOps(benchmark::State& s) {
    run(s, Naming::ConstantOps, true, kBlocks, diff::DiffOptions::byComputation());
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
BENCHMARK(BM_DiffByValueSameNames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DiffByValueAllRenamed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DiffExactConstantOps)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DiffByValueConstantOps)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatchAllRenamedScaling)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
