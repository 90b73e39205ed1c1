// passscope-make-test-models OUT_DIR: writes the models below into OUT_DIR, each made by the
// definition the engine tests use (tests/engine/measured_models.h), for measurements by hand:
//   node tools/ort_compare/compare.js OUT_DIR/cond_true.onnx OPTIMIZED.onnx
//   /usr/bin/time -v passscope-cli optimize OUT_DIR/chain_100k.onnx -o /tmp/out.onnx
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "measured_models.h"

namespace fs = std::filesystem;
using passscope::test::LoopSpec;

namespace {

// File name and model, in the order they are written.
std::vector<std::pair<std::string, std::function<onnx::ModelProto()>>> models() {
    using namespace passscope::test;
    LoopSpec condFalse;
    condFalse.tripsConstant = false;
    condFalse.cond = "go";
    return {
        // CondRemovePass: an If on a constant condition, either branch, and a branch whose body
        // reads across two scopes.
        {"cond_true.onnx", [] { return constantIfModel(true); }},
        {"cond_false.onnx", [] { return constantIfModel(false); }},
        {"cond_deep_read.onnx", [] { return deepReadModel(); }},
        // ZeroTripLoopRemovePass: a trip count of 0, and a constant false condition.
        {"loop_zero.onnx", [] { return loopModel({}); }},
        {"loop_cond_false.onnx", [condFalse] { return loopModel(condFalse); }},
        // The journal's size: foldable chains and dead nodes.
        {"chain_20k.onnx", [] { return foldableChain(20000); }},
        {"chain_100k.onnx", [] { return foldableChain(100000); }},
        {"dead_50k.onnx", [] { return deadNodes(50000); }},
    };
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 || std::string(argv[1]).starts_with("-")) {
        std::cerr
            << "usage: passscope-make-test-models OUT_DIR\n"
               "  writes the models the engine tests build (tests/engine/measured_models.h) into OUT_DIR\n";
        return argc == 2 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help") ? 0 : 2;
    }
    try {
        const fs::path dir = argv[1];
        fs::create_directories(dir);
        for (const auto& [file, make] : models()) {
            std::ofstream out(dir / file, std::ios::binary);
            if (!out || !make().SerializeToOstream(&out) || !out.flush())
                throw std::runtime_error("cannot write " + (dir / file).string());
            std::cout << (dir / file).string() << "\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
