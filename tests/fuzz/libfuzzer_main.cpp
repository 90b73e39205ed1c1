// The libFuzzer entry point of one target (targets.h), built with clang only, once per target:
// PASSSCOPE_FUZZ_TARGET names the target's function (tests/fuzz/CMakeLists.txt). For the targets
// that read ONNX binary models (PASSSCOPE_FUZZ_PROTO_MUTATOR), a custom mutator applies the
// protobuf-level mutations of mutators.h to inputs that parse as a ModelProto, and libFuzzer's own
// byte mutations otherwise, so coverage guidance and structure-aware mutations combine.
#include <google/protobuf/stubs/logging.h>

#include <cstdint>
#include <cstring>

#include "targets.h"

#ifdef PASSSCOPE_FUZZ_PROTO_MUTATOR
#include "mutators.h"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static google::protobuf::LogSilencer silence;
    return passscope::fuzz::PASSSCOPE_FUZZ_TARGET(data, size);
}

#ifdef PASSSCOPE_FUZZ_PROTO_MUTATOR
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize, unsigned int seed) {
    onnx::ModelProto model;
    passscope::fuzz::Rng rng(seed);
    if (size > 0 && (seed % 4) != 0 && model.ParseFromArray(data, int(size))) {
        passscope::fuzz::mutateProto(model, rng);
        const std::string bytes = model.SerializeAsString();
        if (bytes.size() <= maxSize) {
            std::memcpy(data, bytes.data(), bytes.size());
            return bytes.size();
        }
    }
    return LLVMFuzzerMutate(data, size, maxSize);
}
#endif
