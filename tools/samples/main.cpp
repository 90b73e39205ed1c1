// passscope-make-samples OUTPUT_DIR
//
// Builds the bundled sample models, validates each with the ONNX checker and strict
// shape inference, and writes them into OUTPUT_DIR. The output is byte-identical on
// every run, so regenerating resources/samples/ only changes files when the generator
// itself changed.
//
// Exit status: 0 success, 1 a sample failed validation or could not be written,
// 2 bad usage.
#include <google/protobuf/stubs/common.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>

#include "model_writer.h"
#include "samples.h"
#include "validate.h"

namespace {

struct SampleSpec {
    const char* file_name;
    onnx::ModelProto (*build)();
};

constexpr SampleSpec kSamples[] = {
    {"conv_net.onnx", passscope::samples::build_conv_net},
    {"transformer_block.onnx", passscope::samples::build_transformer_block},
    {"training_step.onnx", passscope::samples::build_training_step},
};

void print_usage(std::ostream& out) {
    out << "usage: passscope-make-samples OUTPUT_DIR\n"
           "Writes the PassScope sample models (conv_net.onnx, transformer_block.onnx,\n"
           "training_step.onnx) into OUTPUT_DIR, creating it if needed.\n";
}

int run(const std::filesystem::path& out_dir) {
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) {
        std::cerr << "passscope-make-samples: cannot create " << out_dir.string() << ": " << ec.message()
                  << "\n";
        return 1;
    }
    for (const SampleSpec& spec : kSamples) {
        const onnx::ModelProto model = spec.build();
        if (const std::string error = passscope::samples::validate_model(model); !error.empty()) {
            std::cerr << "passscope-make-samples: " << spec.file_name << " failed validation: " << error
                      << "\n";
            return 1;
        }
        const std::filesystem::path path = out_dir / spec.file_name;
        if (const std::string error = passscope::samples::write_model(model, path); !error.empty()) {
            std::cerr << "passscope-make-samples: " << error << "\n";
            return 1;
        }
        std::cout << path.string() << " (" << model.graph().node_size() << " nodes)\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    GOOGLE_PROTOBUF_VERIFY_VERSION;
    if (argc == 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h")) {
        print_usage(std::cout);
        return 0;
    }
    if (argc != 2 || argv[1][0] == '\0') {
        print_usage(std::cerr);
        return 2;
    }
    const int status = run(argv[1]);
    google::protobuf::ShutdownProtobufLibrary();
    return status;
}
