// `bisect MODEL [pipeline options] [--inputs FILES] [--rtol R --atol A] [--seed N] [--json]`:
// which pass run first changed the model's outputs, and which values moved first at that run
// (engine/numeric/bisect.h, docs/bisect.md). Exit codes as `diff`'s: 0 nothing diverged,
// 1 a pass run did, 2 wrong usage, 3 the model or an input file could not be loaded or evaluated.
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "exec/verify.h"
#include "numeric/bisect_report.h"
#include "numeric/input_files.h"
#include "pipeline_args.h"
#include "report/model_info.h"

namespace passscope::cli {
namespace {

constexpr int kDiverged = 1;

}  // namespace

Action addBisectCommand(CLI::App& app) {
    struct Args {
        std::string input;
        PipelineArgs pipeline;
        std::vector<std::string> inputs;
        numeric::BisectOptions options;
        uint64_t seed = numeric::kDefaultInputSeed;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "bisect",
        "Run the pipeline and find the first pass run whose graph outputs differ from the original's, "
        "evaluating the graph at steps of the journal (about log2(runs) evaluations), then the values that "
        "differ first at that run. Exit code: 0 nothing diverged, 1 a pass run did, 2 wrong usage, 3 the "
        "model or an input could not be loaded or evaluated");
    cmd->add_option("MODEL", args->input, "Model to optimize")->required();
    addPipelineOptions(cmd, args->pipeline);
    cmd->add_option("--inputs", args->inputs,
                    "Input tensors: .pb (ONNX TensorProto, named by its name field or else the file name), "
                    ".npy (named by the file name), or an ONNX test data folder (test_data_set_N: input_K.pb "
                    "for the input its proto names, else the K-th input); inputs without a file get seeded "
                    "random values");
    cmd->add_option("--rtol", args->options.rtol, "Relative tolerance for floating values")
        ->capture_default_str();
    cmd->add_option("--atol", args->options.atol, "Absolute tolerance for floating values")
        ->capture_default_str();
    cmd->add_option("--seed", args->seed, "Seed of the random inputs")->capture_default_str();
    cmd->add_option("--max-values", args->options.maxValues, "Diverging values listed at the divergent run")
        ->capture_default_str();
    cmd->add_flag(
        "--json", args->json,
        "Print {\"first_divergent\": {\"step\", \"pass\", \"stage\", \"nodes\", \"outputs\": [{\"name\", "
        "\"max_abs\", \"max_rel\"}], \"values\": [...]}} or {\"first_divergent\": null}");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        const std::optional<PipelineOptions> options = pipelineOptionsOrReport(args->pipeline);
        if (!options) return kUsage;
        return guarded(
            [&] {
                io::LoadResult loaded = io::loadModel(args->input);
                printWarnings(loaded.diagnostics);
                numeric::EvaluationInputs inputs =
                    numeric::evaluationInputs(*loaded.model.graph, {args->inputs.begin(), args->inputs.end()},
                                              options->inputShapes, args->seed);
                for (const std::string& n : inputs.notes) std::cerr << "note: " << n << "\n";
                const std::vector<std::string> inputNotes = inputs.notes;
                Journal journal;
                runPipelineForCli(loaded.model, *options, journal);
                numeric::StepEvaluator evaluator(loaded.model, std::move(inputs.tensors),
                                                 VerifyOptions::kDefaultMaxTensorBytes);
                const numeric::BisectResult r =
                    numeric::bisectJournal(journal, *loaded.model.graph, evaluator, args->options);
                if (!r.problem.empty()) {
                    std::cerr << "error: " << r.problem << "\n";
                    printDefaultedDimsHint(inputNotes);
                    return kExitLoadFailed;
                }
                std::cout << (args->json ? jsonText(numeric::bisectJson(r)) + "\n"
                                         : numeric::bisectText(r, args->options));
                return r.first ? kDiverged : kOk;
            },
            kExitLoadFailed);
    };
}

}  // namespace passscope::cli
