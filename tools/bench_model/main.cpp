// passscope-make-large-model: writes a large, deterministic, checker-valid ONNX model
// for load/pass/render benchmarks. See network.cpp for what the graph looks like and
// network_plan.cpp for how N nodes / M megabytes are turned into layer sizes.
#include "chain.h"
#include "cli_options.h"
#include "network.h"
#include "network_plan.h"
#include "tensor_sink.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

namespace bm = passscope::bench_model;

namespace {

// Protobuf refuses to serialize or parse a message of 2 GiB or more; above this the
// weights have to go to an external data file.
constexpr std::int64_t kProtobufLimit = INT_MAX;

void write_model(const onnx::ModelProto& model, const std::string& path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot create " + path);
    // Streams the message straight to the file: no second in-memory copy of the weights.
    if (!model.SerializeToOstream(&out))
        throw std::runtime_error("serializing the model to " + path + " failed");
    out.close();
    if (out.fail()) throw std::runtime_error("writing " + path + " failed");
}

int run_chain(const bm::CliOptions& options) {
    const onnx::ModelProto model = bm::foldable_chain(options.chain);
    write_model(model, options.output_path);
    onnx::checker::check_model(model);
    std::printf("%s: chain of %lld nodes, model_file_bytes=%lld\n", options.output_path.c_str(),
                static_cast<long long>(options.chain), static_cast<long long>(model.ByteSizeLong()));
    return 0;
}

int run(const bm::CliOptions& options) {
    if (options.chain > 0) return run_chain(options);
    const auto start = std::chrono::steady_clock::now();
    const bm::NetworkPlan plan = bm::plan_network(options.nodes, options.weight_mb);
    if (!options.external && plan.float_bytes >= kProtobufLimit) {
        std::cerr << "error: " << plan.float_bytes << " bytes of weights exceed protobuf's 2 GB limit; "
                  << "use --external\n";
        return 2;
    }
    const double target_bytes = options.weight_mb * 1e6;
    if (std::abs(static_cast<double>(plan.float_bytes) - target_bytes) > 0.02 * target_bytes) {
        std::cerr << "warning: " << plan.float_bytes << " weight bytes is more than 2% off the requested "
                  << static_cast<std::int64_t>(target_bytes)
                  << " (node and byte budgets do not fit together)\n";
    }
    if (plan.total_nodes != options.nodes) {
        std::cerr << "warning: the smallest network has " << plan.total_nodes << " nodes\n";
    }

    // Heap-allocated and never copied: it holds the weights in inline mode.
    auto model = std::make_unique<onnx::ModelProto>();
    model->set_ir_version(8);
    model->set_producer_name("passscope-make-large-model");
    model->set_doc_string("nodes=" + std::to_string(options.nodes) + " weight_mb=" +
                          std::to_string(options.weight_mb) + " layers=" + std::to_string(plan.layers) +
                          " hidden=" + std::to_string(plan.hidden) + " ffn=" + std::to_string(plan.ffn));
    auto* opset = model->add_opset_import();
    opset->set_domain("");
    opset->set_version(13);
    onnx::GraphProto* graph = model->mutable_graph();
    graph->set_name("passscope_bench");

    const std::string data_path = options.output_path + ".data";
    // The location is relative to the model's folder (ONNX convention), so the pair of
    // files can be moved together.
    const std::string location = std::filesystem::path(data_path).filename().string();
    std::unique_ptr<bm::TensorSink> tensors =
        options.external ? std::make_unique<bm::TensorSink>(*graph, data_path, location)
                         : std::make_unique<bm::TensorSink>(*graph);
    bm::build_network(plan, *graph, *tensors);
    tensors->finish();
    if (tensors->float_bytes() != plan.float_bytes) {
        throw std::logic_error("wrote " + std::to_string(tensors->float_bytes()) +
                               " weight bytes but planned " + std::to_string(plan.float_bytes) +
                               " (network_plan.cpp is out of date)");
    }

    // Read before the checker step, which may free the model (and with it the graph the sink points into).
    const std::int64_t initializers = tensors->initializer_count();
    const std::int64_t weight_bytes = tensors->float_bytes();
    const std::int64_t external_bytes = tensors->external_bytes();
    tensors.reset();

    const auto proto_bytes = static_cast<std::int64_t>(model->ByteSizeLong());
    if (proto_bytes >= kProtobufLimit) throw std::runtime_error("model proto exceeds 2 GB; use --external");
    write_model(*model, options.output_path);

    // With external data the path overload is used: it also verifies that every
    // `location` resolves to a file inside the model's folder.
    if (options.external) {
        model.reset();
        onnx::checker::check_model(options.output_path);
    } else {
        onnx::checker::check_model(*model);
    }

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "%s: nodes=%lld initializers=%lld weight_bytes=%lld model_file_bytes=%lld external_bytes=%lld "
        "layers=%lld hidden=%lld ffn=%lld seconds=%.2f\n",
        options.output_path.c_str(), static_cast<long long>(plan.total_nodes),
        static_cast<long long>(initializers), static_cast<long long>(weight_bytes),
        static_cast<long long>(proto_bytes), static_cast<long long>(external_bytes),
        static_cast<long long>(plan.layers), static_cast<long long>(plan.hidden),
        static_cast<long long>(plan.ffn), seconds);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    GOOGLE_PROTOBUF_VERIFY_VERSION;
    int exit_code = 0;
    const auto options = bm::parse_cli(argc, argv, exit_code);
    if (!options) return exit_code;
    try {
        return run(*options);
    } catch (const std::exception& e) {
        std::cerr << "passscope-make-large-model: " << e.what() << "\n";
        return 1;
    }
}
