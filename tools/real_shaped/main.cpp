// passscope-make-real-shaped OUTPUT_DIR [NAME...]
//
// Writes models with the shape of real exports we cannot ship (see resources/models/README.md):
// unet_q.onnx, unet_flat.onnx, p2o_ocr.onnx, wakeword.onnx, or only the NAMEs given. Each passes
// the ONNX checker and strict shape inference before it is written, and the bytes are the same on
// every run (fixed seeds, deterministic serialization).
//
// Exit status: 0 success, 1 a model failed validation or could not be written, 2 bad usage.
#include <google/protobuf/stubs/common.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "model_writer.h"
#include "real_shaped.h"
#include "validate.h"

namespace {

using passscope::real_shaped::build_p2o_ocr;
using passscope::real_shaped::build_unet;
using passscope::real_shaped::build_wakeword;

struct ModelSpec {
    const char* name;
    onnx::ModelProto (*build)();
};

const ModelSpec kModels[] = {
    {"unet_q", [] { return build_unet(true); }},
    {"unet_flat", [] { return build_unet(false); }},
    {"p2o_ocr", build_p2o_ocr},
    {"wakeword", build_wakeword},
};

void print_usage(std::ostream& out) {
    out << "usage: passscope-make-real-shaped OUTPUT_DIR [NAME...]\n"
           "Writes real-shaped models (unet_q, unet_flat, p2o_ocr, wakeword; or only the NAMEs given)\n"
           "as NAME.onnx into OUTPUT_DIR, creating it if needed.\n";
}

int write(const ModelSpec& spec, const std::filesystem::path& dir) {
    const onnx::ModelProto model = spec.build();
    if (const std::string error = passscope::samples::validate_model(model); !error.empty()) {
        std::cerr << "passscope-make-real-shaped: " << spec.name << " failed validation: " << error << "\n";
        return 1;
    }
    const std::filesystem::path path = dir / (std::string(spec.name) + ".onnx");
    if (const std::string error = passscope::samples::write_model(model, path); !error.empty()) {
        std::cerr << "passscope-make-real-shaped: " << error << "\n";
        return 1;
    }
    std::cout << path.string() << " (" << model.graph().node_size() << " nodes)\n";
    return 0;
}

int run(const std::filesystem::path& dir, const std::vector<std::string_view>& names) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::cerr << "passscope-make-real-shaped: cannot create " << dir.string() << ": " << ec.message()
                  << "\n";
        return 1;
    }
    for (std::string_view name : names) {
        bool known = false;
        for (const ModelSpec& spec : kModels) known = known || name == spec.name;
        if (!known) {
            std::cerr << "passscope-make-real-shaped: no model named " << name << "\n";
            print_usage(std::cerr);
            return 2;
        }
    }
    for (const ModelSpec& spec : kModels) {
        bool wanted = names.empty();
        for (std::string_view name : names) wanted = wanted || name == spec.name;
        if (wanted && write(spec, dir) != 0) return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    GOOGLE_PROTOBUF_VERIFY_VERSION;
    if (argc >= 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h")) {
        print_usage(std::cout);
        return 0;
    }
    if (argc < 2 || argv[1][0] == '\0') {
        print_usage(std::cerr);
        return 2;
    }
    const std::vector<std::string_view> names(argv + 2, argv + argc);
    const int status = run(argv[1], names);
    google::protobuf::ShutdownProtobufLibrary();
    return status;
}
