#include <iomanip>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "exec/verify.h"
#include "pipeline/options.h"

namespace passscope::cli {

Action addVerifyCommand(CLI::App& app) {
    struct Args {
        std::string original, optimized;
        std::vector<std::string> inputShapes;
        int runs = 3;
        uint64_t seed = 1234;
        double rtol = 1e-3, atol = 1e-5;
        uint64_t maxTensorBytes = VerifyOptions::kDefaultMaxTensorBytes;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "verify",
        "Run two models on the same seeded random inputs with the engine's kernels and compare every output. "
        "A device-level model (optimize --target ge) is read by its meaning: TransData passes the logical "
        "tensor through and weights folded into NC1HWC0/FRACTAL_Z/FRACTAL_NZ are converted back first");
    cmd->add_option("ORIGINAL", args->original, "Reference model")->required();
    cmd->add_option("OPTIMIZED", args->optimized, "Model to check against it")->required();
    cmd->add_option("--runs", args->runs, "Number of random input sets")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--seed", args->seed, "Seed of the input generator")->capture_default_str();
    cmd->add_option("--rtol", args->rtol, "Relative tolerance for floating outputs")->capture_default_str();
    cmd->add_option("--atol", args->atol, "Absolute tolerance for floating outputs")->capture_default_str();
    cmd->add_option(
        "--input-shape", args->inputShapes,
        "NAME:D0,D1,... for inputs with symbolic dims (default 1) or too large to feed, repeatable");
    cmd->add_option("--max-tensor-bytes", args->maxTensorBytes,
                    "Largest input or computed tensor verify creates; a larger one stops it with an error")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        VerifyOptions options;
        options.runs = args->runs;
        options.seed = args->seed;
        options.rtol = args->rtol;
        options.atol = args->atol;
        options.maxTensorBytes = args->maxTensorBytes;
        try {
            PipelineOptions pins;
            for (const std::string& s : args->inputShapes) pins.addInputShape(s);
            options.inputShapes = pins.inputShapes;
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kUsage;
        }
        return guarded([&] {
            io::LoadResult a = io::loadModel(args->original);
            io::LoadResult b = io::loadModel(args->optimized);
            VerifyResult r = verifyModels(a.model, b.model, options);
            for (const std::string& n : r.notes) std::cerr << "note: " << n << "\n";
            if (!r.comparable) {
                std::cerr << "error: cannot verify: " << r.problem << "\n";
                printDefaultedDimsHint(r.notes);
                return kFailure;
            }
            std::cout << std::left << std::setw(32) << "Output" << std::setw(8) << "Equal" << std::right
                      << std::setw(14) << "max |diff|" << std::setw(14) << "max rel"
                      << "\n";
            for (const VerifyRow& row : r.rows) {
                std::cout << std::left << std::setw(32) << row.output << std::setw(8)
                          << (row.equal ? "yes" : "NO") << std::right << std::setw(14) << std::setprecision(3)
                          << row.maxAbsDiff << std::setw(14) << row.maxRelDiff;
                if (!row.detail.empty()) std::cout << "  " << row.detail;
                std::cout << "\n";
            }
            std::cout << (r.allEqual() ? "outputs match" : "OUTPUTS DIFFER") << " (" << options.runs
                      << " runs, rtol " << options.rtol << ", atol " << options.atol << ")\n";
            return r.allEqual() ? kOk : kFailure;
        });
    };
}

}  // namespace passscope::cli
