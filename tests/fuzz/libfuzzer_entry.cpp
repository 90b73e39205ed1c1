// libFuzzer entry point over the same one-case function as passscope-fuzz (fuzz_case.h), built
// with clang only (-DPASSSCOPE_FUZZ=ON, see README "Fuzzing"). A custom mutator applies the
// protobuf-level mutations of mutators.h to inputs that parse as a ModelProto, and libFuzzer's
// own byte mutations otherwise, so coverage guidance and structure-aware mutations combine.
#include <google/protobuf/stubs/common.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "fuzz_case.h"
#include "mutators.h"

namespace fs = std::filesystem;
using namespace passscope::fuzz;

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

namespace {

const fs::path& workDir() {
    static const fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("passscope-libfuzzer-" + std::to_string(getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static google::protobuf::LogSilencer silence;
    const CaseResult r = runCase(std::string(reinterpret_cast<const char*>(data), size), workDir());
    if (r.verdict == Verdict::Failed) {
        std::fprintf(stderr, "passscope fuzz finding at %s: %s\n", r.stage.c_str(), r.message.c_str());
        std::abort();  // libFuzzer saves the input as crash-<sha1>
    }
    return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize, unsigned int seed) {
    onnx::ModelProto model;
    Rng rng(seed);
    if (size > 0 && (seed % 4) != 0 && model.ParseFromArray(data, int(size))) {
        mutateProto(model, rng);
        bool asText = false;
        const std::string bytes = serialize(model, rng, asText);
        if (bytes.size() <= maxSize) {
            std::memcpy(data, bytes.data(), bytes.size());
            return bytes.size();
        }
    }
    return LLVMFuzzerMutate(data, size, maxSize);
}
