// Variables at scale: a generated training graph of N layers (Variable w_i [64,64] read by a MatMul
// and written back in place by AssignSub, docs/ge-variables.md §6), compiled at target ge — every
// variable fuses into FRACTAL_NZ — then its memory assigned in the session's VarManager, and the
// manager serialized and loaded back (§10). Prints time per stage and what was fused and assigned.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <onnx/onnx_pb.h>

#include "compile/run_pipeline.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "vars/var_manager_serial.h"
#include "vars/var_memory_plan.h"

namespace fs = std::filesystem;
using namespace passscope;

namespace {

constexpr int64_t kDim = 64;

void typed(onnx::ValueInfoProto* v, const std::string& name) {
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    t->mutable_shape()->add_dim()->set_dim_value(kDim);
    t->mutable_shape()->add_dim()->set_dim_value(kDim);
}

onnx::NodeProto* node(onnx::GraphProto& g, const std::string& op, std::vector<std::string> in,
                      const std::string& out, const std::string& domain = {}) {
    auto* n = g.add_node();
    n->set_op_type(op);
    n->set_name(out + "/" + op);
    n->set_domain(domain);
    for (auto& i : in) n->add_input(i);
    n->add_output(out);
    return n;
}

// x -> MatMul(w_0) -> ... -> MatMul(w_{N-1}) -> y; each w_i -= lr * h_{i+1} by AssignSub.
fs::path trainingModel(int layers) {
    const fs::path dir = fs::path(PASSSCOPE_BENCH_DIR);
    const fs::path path = dir / ("vars_" + std::to_string(layers) + ".onnx");
    if (fs::exists(path)) return path;
    fs::create_directories(dir);
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.add_opset_import()->set_version(13);
    auto* ge = m.add_opset_import();
    ge->set_domain(std::string(op::kGeDomain));
    ge->set_version(op::kGeDomainVersion);
    auto& g = *m.mutable_graph();
    g.set_name("vars_bench");
    typed(g.add_input(), "x");
    auto* lr = node(g, "Constant", {}, "lr");
    auto* value = lr->add_attribute();
    value->set_name("value");
    value->set_type(onnx::AttributeProto::TENSOR);
    value->mutable_t()->set_data_type(onnx::TensorProto::FLOAT);
    value->mutable_t()->add_float_data(0.01f);
    std::string h = "x";
    for (int i = 0; i < layers; ++i) {
        const std::string w = "w" + std::to_string(i), next = "h" + std::to_string(i + 1);
        auto* var = node(g, "Variable", {}, w, std::string(op::kGeDomain));
        var->set_name(w);
        typed(g.add_value_info(), w);
        node(g, "MatMul", {h, w}, next);
        node(g, "Mul", {next, "lr"}, "d" + std::to_string(i));
        node(g, "AssignSub", {w, "d" + std::to_string(i)}, w + "_updated", std::string(op::kGeDomain));
        typed(g.add_output(), w + "_updated");
        h = next;
    }
    typed(g.add_output(), h);
    std::ofstream(path, std::ios::binary) << m.SerializeAsString();
    return path;
}

void BM_VariableSession(benchmark::State& state) {
    const int layers = static_cast<int>(state.range(0));
    const fs::path path = trainingModel(layers);
    PipelineOptions options;
    options.target = Target::Ge;
    double compile = 0, assign = 0, save = 0, load = 0;
    size_t fused = 0, entries = 0, bytes = 0, nodes = 0;
    for (auto _ : state) {
        io::LoadResult loaded = io::loadModel(path);
        nodes = loaded.model.graph->nodeCount();
        auto t0 = std::chrono::steady_clock::now();
        PipelineRun run = runPipeline(loaded.model, options);
        auto t1 = std::chrono::steady_clock::now();
        VarMemoryPlan plan = assignVariableMemory(*loaded.model.graph, *run.varManager, run.graphId);
        auto t2 = std::chrono::steady_clock::now();
        const std::string serial = serializeVarManager(*run.varManager);
        auto t3 = std::chrono::steady_clock::now();
        auto back = deserializeVarManager(serial);
        auto t4 = std::chrono::steady_clock::now();
        if (!(*back == *run.varManager)) state.SkipWithError("round trip differs");
        fused = 0;
        for (const VarFusionDecision& d : run.varManager->fusionsOf(run.graphId)) fused += d.fused;
        entries = plan.entries.size();
        bytes = serial.size();
        compile = std::chrono::duration<double>(t1 - t0).count();
        assign = std::chrono::duration<double>(t2 - t1).count();
        save = std::chrono::duration<double>(t3 - t2).count();
        load = std::chrono::duration<double>(t4 - t3).count();
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["fused"] = static_cast<double>(fused);
    state.counters["entries"] = static_cast<double>(entries);
    state.counters["compile_s"] = compile;
    state.counters["assign_s"] = assign;
    state.counters["serialize_s"] = save;
    state.counters["deserialize_s"] = load;
    state.counters["serial_bytes"] = static_cast<double>(bytes);
}

}  // namespace

BENCHMARK(BM_VariableSession)
    ->Arg(100)
    ->Arg(1000)
    ->Iterations(1)
    ->Repetitions(3)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
