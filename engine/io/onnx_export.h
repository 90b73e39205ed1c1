#pragma once
// Writes the engine's Model as ONNX. Binary or text by file extension; weights as external data
// on request (above a size threshold) and automatically when the model would pass protobuf's
// 2 GiB message limit. Binary output streams initializer payloads straight from the shared
// buffers (or mapped files), so exporting never holds a second copy of the weights.
// GE-internal ops are written in op::kGeDomain; storage formats go to one metadata entry
// (kFormatsMetadataKey) so a device-level graph loads back as it was saved.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include <onnx/onnx_pb.h>

#include "io/safe_output.h"
#include "ir/model.h"
#include "util/diagnostics.h"

namespace passscope::io {

enum class Encoding { Auto, Binary, Text };

struct ExportOptions {
    Encoding encoding = Encoding::Auto;  // Auto: text for .txt/.pbtxt/.prototxt/.textproto/.onnxtxt
    bool externalData = false;           // move tensors >= externalThreshold bytes to a data file
    uint64_t externalThreshold = 1024;
    std::string externalFileName;  // default: "<output file name>.data", beside the model
    bool writeValueInfo = true;    // descriptions of intermediate values
    // Above this many bytes in one message, weights go to external data even when not asked
    // (protobuf cannot read a message of 2 GiB or more). Lowered only by tests.
    uint64_t inlineLimit = (uint64_t(1) << 31) - (uint64_t(64) << 20);
};

// How tensor payloads are placed when building an in-memory ModelProto.
enum class PayloadMode {
    Inline,     // copy bytes into raw_data
    TypesOnly,  // for shape inference: constants above a small size become typed graph inputs
};

struct ProtoBuildOptions {
    PayloadMode payload = PayloadMode::Inline;
    bool writeValueInfo = true;
    uint64_t typesOnlyThreshold = 4096;  // TypesOnly: constants at most this big keep their bytes
    // Filled when non-null: which GraphProto each engine Graph became.
    std::unordered_map<const Graph*, onnx::GraphProto*>* graphMap = nullptr;
};

onnx::ModelProto toProto(const Model& model, const ProtoBuildOptions& options = {});

// One attribute as ONNX writes it; a graph-valued one through `graphToProto`.
void attributeToProto(const Attribute& a, onnx::AttributeProto& ap,
                      const std::function<void(const Graph&, onnx::GraphProto&)>& graphToProto);

// A model written to temporaries beside its destination (the data file first, the model last);
// commit() renames them in place in that order, and puts the previous data file back when the
// model cannot be renamed in. Dropped uncommitted, it removes them and leaves no trace.
struct StagedExport {
    std::vector<StagedFile> files;
    void commit();
};

// Writes the model (and its data file) to temporaries. Throws ModelError, leaving nothing behind,
// when a file cannot be written completely, when OUT is a folder, or when OUT or the data file
// would replace a file the model reads (its source or external data; compared by device and
// inode) other than by saving the model over its own source as a whole.
StagedExport stageExport(const Model& model, const std::filesystem::path& path, const ExportOptions& options,
                         Diagnostics& diag);

// stageExport, then commit: a model can be saved over its own source even while its external
// data is mapped. Throws ModelError on I/O failure; a failed export leaves nothing behind.
void exportModel(const Model& model, const std::filesystem::path& path, const ExportOptions& options,
                 Diagnostics& diag);

Encoding encodingForPath(const std::filesystem::path& path);

}  // namespace passscope::io
