// passscope-make-samples OUTPUT_DIR
// passscope-make-samples --validate MODEL...
//
// Builds the bundled sample models, validates each with the ONNX checker and strict
// shape inference, and writes them into OUTPUT_DIR. The output is byte-identical on
// every run, so regenerating resources/samples/ only changes files when the generator
// itself changed.
//
// --validate runs the same validation on existing model files (binary, or text for .onnxtxt),
// which is how the tests check that a hostile model is refused rather than crashing libonnx.
//
// Exit status: 0 success, 1 a sample failed validation or could not be written,
// 2 bad usage.
#include <google/protobuf/stubs/common.h>
#include <google/protobuf/text_format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#include "io/inference_guards.h"
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
           "       passscope-make-samples --validate MODEL...\n"
           "Writes the PassScope sample models (conv_net.onnx, transformer_block.onnx,\n"
           "training_step.onnx) into OUTPUT_DIR, creating it if needed; --validate checks\n"
           "existing model files the way each sample is checked before it is written.\n";
}

// 0 when every file parses and validates, 1 otherwise (each problem on stderr).
int validate_files(int count, char** files) {
    int status = 0;
    for (int i = 0; i < count; ++i) {
        const std::filesystem::path path = files[i];
        std::ifstream in(path, std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        onnx::ModelProto model;
        // The engine's nesting limit for text (the binary parser has its own of 100): deep text
        // would overflow the stack of the recursive parser.
        google::protobuf::TextFormat::Parser text;
        text.SetRecursionLimit(passscope::io::kProtoRecursionLimit);
        const bool parsed = path.extension() == ".onnxtxt" ? text.ParseFromString(bytes.str(), &model)
                                                           : model.ParseFromString(bytes.str());
        std::string error = !in ? "cannot read the file" : !parsed ? "cannot parse the model" : "";
        if (error.empty()) error = passscope::samples::validate_model(model);
        if (!error.empty()) {
            std::cerr << "passscope-make-samples: " << path.string() << " failed validation: " << error
                      << "\n";
            status = 1;
        }
    }
    return status;
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
    if (argc >= 3 && std::string_view(argv[1]) == "--validate") {
        const int status = validate_files(argc - 2, argv + 2);
        google::protobuf::ShutdownProtobufLibrary();
        return status;
    }
    if (argc != 2 || argv[1][0] == '\0') {
        print_usage(std::cerr);
        return 2;
    }
    const int status = run(argv[1]);
    google::protobuf::ShutdownProtobufLibrary();
    return status;
}
