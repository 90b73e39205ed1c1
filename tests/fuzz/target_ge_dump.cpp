// GE's graph dumps (docs/ge-dumps.md): ge_onnx text (GE's ONNX copy with desc attributes) and
// ge_proto text (ge.proto.ModelDef), read by the dump readers and built into the IR, then `info`
// and the export read-back check (`convert` writes a stage as ONNX).
#include "dump/ge_dump.h"
#include "fuzz_scratch.h"
#include "target_support.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

int loadDump(std::string_view target, const char* fileName, dump::GeDumpFormat format, const uint8_t* data,
             size_t size) {
    const std::filesystem::path file = writeScratch(fileName, data, size);
    return readerCase(target, [&] {
        io::LoadResult loaded = dump::loadGeDump(file, format);
        checkLoadedModel(target, loaded.model);
    });
}

}  // namespace

int fuzzGeOnnx(const uint8_t* data, size_t size) {
    return loadDump("ge_onnx", "ge_onnx_00000000_graph_1_Fuzz.pbtxt", dump::GeDumpFormat::OnnxText, data,
                    size);
}

int fuzzGeProto(const uint8_t* data, size_t size) {
    return loadDump("ge_proto", "ge_proto_00000000_graph_1_Fuzz.txt", dump::GeDumpFormat::ProtoText, data,
                    size);
}

}  // namespace passscope::fuzz
