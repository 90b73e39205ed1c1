#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "report/model_info.h"

namespace passscope::cli {

Action addInfoCommand(CLI::App& app) {
    struct Args {
        std::string model;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd =
        app.add_subcommand("info", "Summarise a model: inputs, outputs, op histogram, initializers, opsets");
    cmd->add_option("MODEL", args->model, "ONNX model (binary or protobuf text)")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object instead of text");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        return guarded([&] {
            io::LoadResult loaded = io::loadModel(args->model);
            printWarnings(loaded.diagnostics);
            ModelInfo info = summarize(loaded.model);
            if (args->json)
                std::cout << jsonText(toJson(info)) << "\n";
            else
                std::cout << toText(info);
            return kOk;
        });
    };
}

}  // namespace passscope::cli
