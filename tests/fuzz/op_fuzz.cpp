// passscope-op-fuzz: an op-level fuzzer (issue 28). For every op the kernel registry knows, models
// of one node with random input ranks, dims, element types and attributes (the attributes its ONNX
// schema declares, with random values) go through what fuzz_case.h takes any model through: load
// (guards, checker, import, inference), info, optimize (folding runs: the inputs are
// initializers), the journal, export and reload. Shape inference must never crash: a node its op
// cannot take is refused with a message, anything else must pass.
//
//   passscope-op-fuzz [--seed S] [--cases-per-op N] [--max-seconds SEC] [--work DIR] [--op NAME]
//
// The seed corpus runs first: the crash models (a Conv of a rank-2 X and a rank-4 W, a
// LayerNormalization of a scalar), which must be refused. Before each case its bytes are written
// to WORK/op-case.onnx and its op and index to stderr, so a crash names its reproducer. Exit 0 when
// every case passed or was refused with a message, 1 on any finding.
#include <onnx/defs/schema.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fuzz_case.h"
#include "kernels/kernel_registry.h"
#include "model_parts.h"

namespace fs = std::filesystem;
using namespace passscope;
using namespace passscope::fixtures;

namespace {

struct Args {
    uint64_t seed = 1;
    int casesPerOp = 6;
    double maxSeconds = 40;
    fs::path work = "op_fuzz_work";
    std::string onlyOp;
};

const std::vector<int> kTypes = {
    onnx::TensorProto::FLOAT,  onnx::TensorProto::FLOAT, onnx::TensorProto::INT64, onnx::TensorProto::INT32,
    onnx::TensorProto::DOUBLE, onnx::TensorProto::BOOL,  onnx::TensorProto::UINT8, onnx::TensorProto::INT8};

// One initializer of a random rank (0 to 4), dims (mostly 1 to 3, sometimes 0) and `type`.
void addRandomInitializer(onnx::GraphProto& g, const std::string& name, int type, std::mt19937_64& rng) {
    onnx::TensorProto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(type);
    const int rank = static_cast<int>(rng() % 5);
    int64_t count = 1;
    for (int d = 0; d < rank; ++d) {
        const int64_t extent = rng() % 12 == 0 ? 0 : 1 + static_cast<int64_t>(rng() % 3);
        t->add_dims(extent);
        count *= extent;
    }
    for (int64_t i = 0; i < count; ++i) {
        const int v = static_cast<int>(rng() % 7) - 3;
        switch (type) {
            case onnx::TensorProto::FLOAT:
                t->add_float_data(static_cast<float>(v) * 0.5f);
                break;
            case onnx::TensorProto::DOUBLE:
                t->add_double_data(v * 0.5);
                break;
            case onnx::TensorProto::INT64:
                t->add_int64_data(v);
                break;
            case onnx::TensorProto::BOOL:
                t->add_int32_data(v > 0);
                break;
            case onnx::TensorProto::UINT8:
                t->add_int32_data(v < 0 ? -v : v);
                break;
            default:
                t->add_int32_data(v);
        }
    }
}

// A random value for one attribute the schema declares (required ones always, optional ones
// half the time). Graph attributes and tensors are left out: bodies are fuzz_main's job.
void addRandomAttribute(onnx::NodeProto& n, const onnx::OpSchema::Attribute& a, std::mt19937_64& rng) {
    using AP = onnx::AttributeProto;
    if (!a.required && rng() % 2) return;
    AP* p = n.add_attribute();
    p->set_name(a.name);
    p->set_type(a.type);
    switch (a.type) {
        case AP::INT:
            p->set_i(static_cast<int64_t>(rng() % 7) - 3);
            break;
        case AP::FLOAT:
            p->set_f(static_cast<float>(rng() % 5) * 0.25f);
            break;
        case AP::INTS:
            for (int k = static_cast<int>(rng() % 5); k > 0; --k)
                p->add_ints(static_cast<int64_t>(rng() % 6) - 2);
            break;
        case AP::FLOATS:
            for (int k = static_cast<int>(rng() % 4); k > 0; --k) p->add_floats(0.5f * static_cast<float>(k));
            break;
        case AP::STRING:
            p->set_s(a.default_value.has_s() ? a.default_value.s() : "");
            break;
        case AP::STRINGS:
            break;
        default:
            n.mutable_attribute()->RemoveLast();
    }
}

// One node of `op` (newest schema at `opset`) with random inputs and attributes; its outputs are
// the graph's, typed by inference.
std::string randomOpModel(const std::string& op, int opset, std::mt19937_64& rng) {
    const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(op, opset, "");
    onnx::ModelProto model = empty_model("op_fuzz_" + op);
    model.mutable_opset_import(0)->set_version(opset);
    onnx::GraphProto& g = *model.mutable_graph();
    std::vector<std::string> inputs;
    int count = schema ? schema->min_input() : 1;
    if (schema && schema->max_input() > count) count += static_cast<int>(rng() % 2);
    count = std::min(count, 6);
    const int sharedType = kTypes[rng() % kTypes.size()];
    for (int i = 0; i < count; ++i) {
        const std::string name = "in" + std::to_string(i);
        // Mostly one type for all inputs (most ops want that), sometimes each its own.
        addRandomInitializer(g, name, rng() % 4 ? sharedType : kTypes[rng() % kTypes.size()], rng);
        inputs.push_back(name);
    }
    const int outputs =
        schema ? std::max(1, std::min(schema->max_output(), 1 + static_cast<int>(rng() % 3))) : 1;
    std::vector<std::string> outs;
    for (int o = 0; o < outputs; ++o) outs.push_back("out" + std::to_string(o));
    onnx::NodeProto* node = add_node(g, "n", op, inputs, outs);
    if (schema)
        for (const auto& [name, attr] : schema->attributes()) addRandomAttribute(*node, attr, rng);
    for (const std::string& o : outs) g.add_output()->set_name(o);
    return model.SerializeAsString();
}

// The two crash models, which must be refused (tests/fixtures/hostile_cases.cpp makes the
// same ones for the CLI).
std::vector<std::pair<std::string, std::string>> seedCorpus() {
    std::vector<std::pair<std::string, std::string>> seeds;
    {
        onnx::ModelProto m = empty_model("conv_rank2_initializer");
        m.mutable_opset_import(0)->set_version(14);
        onnx::GraphProto& g = *m.mutable_graph();
        add_float_initializer(g, "x", {2, 1}, {1.0f, 2.0f});
        add_float_initializer(g, "w", {1, 2, 1, 2}, {1.0f, 2.0f, 3.0f, 4.0f});
        add_float_initializer(g, "b", {1}, {1.0f});
        add_node(g, "conv", "Conv", {"x", "w", "b"}, {"y"});
        g.add_output()->set_name("y");
        seeds.emplace_back("Conv rank-2 X, rank-4 W", m.SerializeAsString());
    }
    {
        onnx::ModelProto m = empty_model("layer_norm_scalar");
        m.mutable_opset_import(0)->set_version(17);
        onnx::GraphProto& g = *m.mutable_graph();
        add_float_initializer(g, "x", {}, {1.0f});
        add_float_initializer(g, "scale", {2, 2}, {1.0f, 2.0f, 3.0f, 4.0f});
        add_float_initializer(g, "bias", {}, {1.0f});
        add_node(g, "ln", "LayerNormalization", {"x", "scale", "bias"}, {"y", "mean", "inv_std"});
        for (const char* o : {"y", "mean", "inv_std"}) g.add_output()->set_name(o);
        seeds.emplace_back("LayerNormalization of a scalar", m.SerializeAsString());
    }
    return seeds;
}

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--seed")
            a.seed = std::stoull(next());
        else if (arg == "--cases-per-op")
            a.casesPerOp = std::stoi(next());
        else if (arg == "--max-seconds")
            a.maxSeconds = std::stod(next());
        else if (arg == "--work")
            a.work = next();
        else if (arg == "--op")
            a.onlyOp = next();
        else
            throw std::invalid_argument("unknown argument " + arg);
    }
    return a;
}

}  // namespace

int main(int argc, char** argv) {
    Args args;
    try {
        args = parse(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "passscope-op-fuzz: " << e.what() << "\n";
        return 2;
    }
    fs::create_directories(args.work);
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    int failed = 0, passed = 0, refused = 0;
    auto run = [&](const std::string& label, const std::string& bytes, bool mustRefuse) {
        std::cerr << "case " << label << "\n";
        const fuzz::CaseResult r = fuzz::runCase(bytes, args.work);
        const bool bad =
            r.verdict == fuzz::Verdict::Failed || (mustRefuse && r.verdict != fuzz::Verdict::Rejected);
        if (bad) {
            ++failed;
            std::cerr << "FINDING " << label << " at " << r.stage << ": " << r.message << "\n";
            std::error_code ec;
            fs::copy_file(fuzz::caseFile(args.work),
                          args.work / ("finding-" + std::to_string(failed) + ".onnx"),
                          fs::copy_options::overwrite_existing, ec);
        } else if (r.verdict == fuzz::Verdict::Rejected) {
            ++refused;
        } else {
            ++passed;
        }
    };
    for (const auto& [label, bytes] : seedCorpus()) run("seed: " + label, bytes, true);

    std::set<std::string> ops;
    for (const std::string& op : kernels::KernelRegistry::builtin().opTypes())
        if (op.find("::") == std::string::npos) ops.insert(op);  // ONNX domain
    std::mt19937_64 rng(args.seed);
    const std::vector<int> opsets = {11, 13, 14, 15, 17};
    bool outOfTime = false;
    for (int round = 0; round < args.casesPerOp && !outOfTime; ++round) {
        for (const std::string& op : ops) {
            if (!args.onlyOp.empty() && op != args.onlyOp) continue;
            if (elapsed() > args.maxSeconds) {
                outOfTime = true;
                break;
            }
            const int opset = opsets[rng() % opsets.size()];
            if (!onnx::OpSchemaRegistry::Schema(op, opset, "")) continue;
            run(op + " opset " + std::to_string(opset) + " round " + std::to_string(round),
                randomOpModel(op, opset, rng), false);
        }
    }
    std::cout << "passscope-op-fuzz: " << ops.size() << " ops, " << passed + refused + failed << " cases ("
              << passed << " passed, " << refused << " refused with a message, " << failed << " findings) in "
              << elapsed() << " s" << (outOfTime ? " (stopped at --max-seconds)" : "") << "\n";
    return failed ? 1 : 0;
}
