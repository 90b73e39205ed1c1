// The ONNX readers: binary protobuf and protobuf text, through the loader a user's file goes
// through (read, hazard guards, checker, import, shape inference), then `info` and the export
// read-back check. The two targets differ in the encoding they keep: input of the other
// encoding is left to the other target.
#include "fuzz_scratch.h"
#include "io/model_loader.h"
#include "io/proto_reader.h"
#include "target_support.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

int loadOnnx(std::string_view target, const uint8_t* data, size_t size, io::ProtoEncoding keep) {
    const std::filesystem::path file = writeScratch("model.onnx", data, size);
    if (size > 0 && io::sniffEncoding(file) != keep) return -1;
    return readerCase(target, [&] {
        io::LoadResult loaded = io::loadModel(file);
        checkLoadedModel(target, loaded.model);
    });
}

}  // namespace

int fuzzOnnxBinary(const uint8_t* data, size_t size) {
    return loadOnnx("onnx_binary", data, size, io::ProtoEncoding::Binary);
}

int fuzzOnnxText(const uint8_t* data, size_t size) {
    return loadOnnx("onnx_text", data, size, io::ProtoEncoding::Text);
}

}  // namespace passscope::fuzz
