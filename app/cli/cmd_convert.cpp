#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "io/onnx_export.h"

namespace passscope::cli {

Action addConvertCommand(CLI::App& app) {
    struct Args {
        std::string input, output, externalFile;
        bool external = false;
        bool noValueInfo = false;
        uint64_t threshold = 1024;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand("convert",
                                       "Load a model and write it again: binary or text by OUT's extension "
                                       "(.onnx / .txt, .pbtxt, .onnxtxt)");
    cmd->add_option("IN", args->input, "Model to read")->required();
    cmd->add_option("OUT", args->output, "Model to write")->required();
    cmd->add_flag("--external-data", args->external,
                  "Write tensors of at least --size-threshold bytes to a data file");
    cmd->add_option("--size-threshold", args->threshold, "Smallest tensor (bytes) moved to external data")
        ->capture_default_str();
    cmd->add_option("--external-file", args->externalFile,
                    "Name of the data file (default: OUT's name + .data)");
    cmd->add_flag("--no-value-info", args->noValueInfo,
                  "Do not write inferred descriptions of intermediate values");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        return guarded([&] {
            io::LoadResult loaded = io::loadModel(args->input);
            printWarnings(loaded.diagnostics);
            io::ExportOptions options;
            options.externalData = args->external;
            options.externalThreshold = args->threshold;
            options.externalFileName = args->externalFile;
            options.writeValueInfo = !args->noValueInfo;
            Diagnostics diag;
            io::exportModel(loaded.model, args->output, options, diag);
            printWarnings(diag);
            std::cerr << "wrote " << args->output << "\n";
            return kOk;
        });
    };
}

}  // namespace passscope::cli
