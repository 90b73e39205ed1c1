// The ONNX readers: binary protobuf and protobuf text, through the loader a user's file goes
// through (read, hazard guards, checker, import, shape inference), then `info` and the export
// read-back check (binary: also where the inline weights lie in the file). The two targets differ in the
// encoding they keep: input of the other encoding is left to the other target.
#include "fuzz_scratch.h"
#include "io/inline_payloads.h"
#include "io/model_loader.h"
#include "io/proto_reader.h"
#include "target_support.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

// The walk that finds inline weights in the file (io/inline_payloads.h) must find every one where
// protobuf parsed it; the loader only maps large weights of large models, so here every raw_data
// of any size is asked for.
void checkInlinePayloadWalk(std::string_view target, const std::filesystem::path& file) {
    onnx::ModelProto parsed;
    try {
        io::readModelProto(file, parsed);
    } catch (const ModelError&) {
        return;
    }
    const io::InlinePayloads payloads = io::InlinePayloads::locate(file, parsed, 0, 1);
    for (const onnx::TensorProto& t : parsed.graph().initializer())
        if (!t.raw_data().empty() && !payloads.take(t))
            finding(target, "the inline payload walk did not find the raw_data of initializer '" + t.name() +
                                "' where protobuf parsed it");
}

int loadOnnx(std::string_view target, const uint8_t* data, size_t size, io::ProtoEncoding keep) {
    const std::filesystem::path file = writeScratch("model.onnx", data, size);
    if (size > 0 && io::sniffEncoding(file) != keep) return -1;
    if (keep == io::ProtoEncoding::Binary) checkInlinePayloadWalk(target, file);
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
