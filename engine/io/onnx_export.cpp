// The export as a whole (onnx_export.h): its phases are building the ModelProto (export_proto.h),
// placing and writing the payloads (export_stream.h), all into staged files; then the commit that
// renames them in, data file first.
#include "io/onnx_export.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "io/export_proto.h"
#include "io/export_stream.h"
#include "ir/op_types.h"

namespace passscope::io {
namespace fs = std::filesystem;

Encoding encodingForPath(const fs::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (ext == ".txt" || ext == ".pbtxt" || ext == ".prototxt" || ext == ".textproto" || ext == ".onnxtxt")
        return Encoding::Text;
    return Encoding::Binary;
}

namespace {

// A Const without weights (loaded from a GE dump written with DUMP_GE_GRAPH=2 or 3,
// docs/ge-dumps.md §4) has nothing to write as an initializer; a model whose value has no producer
// would be refused by every reader, so the export is refused here, naming the node.
void refuseConstsWithoutWeights(const Graph& g) {
    for (const Node* n : g.nodes()) {
        if (n->domain().empty() && n->opType() == op::kConst && !n->attrTensor(op::attr::kValue) &&
            !n->hasAttr(op::attr::kSparseValue))
            throw ModelError(
                "Const '" + n->displayName() +
                "' holds no weights (the file it was loaded from left them out, as GE dumps "
                "written with DUMP_GE_GRAPH=2 or 3 do): it cannot be written as an ONNX initializer");
        for (Graph* sub : n->subgraphs()) refuseConstsWithoutWeights(*sub);
    }
}

// Phase 2: whether payloads go to an external data file (asked for, or the model would pass
// protobuf's 2 GiB limit), and if so writes that file, staged, into `staged`.
void placePayloads(const Model& model, const fs::path& path, const ExportOptions& options, bool inPlace,
                   const onnx::ModelProto& mp, std::vector<DeferredInitializer>& deferred,
                   StagedExport& staged, Diagnostics& diag) {
    bool external = options.externalData;
    if (!external && totalPayload(deferred) + mp.ByteSizeLong() > options.inlineLimit) {
        external = true;
        diag.warn("the model would exceed protobuf's 2 GiB limit; weights are written as external data");
    }
    for (DeferredInitializer& d : deferred) d.streamPayload = d.tensor->dtype() != DataType::String;
    if (!external) return;
    const std::string location =
        options.externalFileName.empty() ? path.filename().string() + ".data" : options.externalFileName;
    if (fs::path(location).has_parent_path() || location == ".." || location == ".")
        throw ModelError("external data file name '" + location + "' must be a plain file name");
    const fs::path dataPath = path.parent_path() / location;
    if (sameDestination(dataPath, path))
        throw ModelError("the external data file '" + location + "' would be the output model itself");
    refuseToReplaceInput(dataPath, model, inPlace, "the external data file");
    StagedFile dataFile(dataPath);
    writeExternalData(deferred, dataFile, location, options.externalThreshold);
    staged.files.push_back(std::move(dataFile));
}

}  // namespace

StagedExport stageExport(const Model& model, const fs::path& path, const ExportOptions& options,
                         Diagnostics& diag) {
    if (model.graph) refuseConstsWithoutWeights(*model.graph);
    const Encoding encoding = options.encoding == Encoding::Auto ? encodingForPath(path) : options.encoding;
    // Saving a model over its own source replaces it (and its data file) as a whole; any other
    // destination must not be a file the model reads (issue 9).
    const bool inPlace = isSourceOf(path, model);
    refuseToReplaceInput(path, model, inPlace, "the output");
    StagedExport staged;
    StagedFile modelFile(path);  // fails now, before any work, when OUT is a folder

    // Phase 1: the message, without the main graph's initializers (export_proto.h).
    ProtoBuildOptions build;
    build.writeValueInfo = options.writeValueInfo;
    std::vector<DeferredInitializer> deferred;
    onnx::ModelProto mp;
    buildModelProto(model, build, &deferred, mp);
    // Phase 2: the payloads' place.
    placePayloads(model, path, options, inPlace, mp, deferred, staged, diag);
    // Phase 3: the model file (export_stream.h).
    if (encoding == Encoding::Text)
        writeText(mp, deferred, modelFile);
    else
        streamBinary(mp, deferred, modelFile);
    modelFile.finish();
    staged.files.push_back(std::move(modelFile));
    return staged;
}

void StagedExport::commit() {
    // The data file goes in before the model, so no model ever points at data that is not there
    // yet. Until the model is in, the data file it replaced is kept under a hard link: if the
    // model cannot be renamed in, the data is put back and the previous model reads what it read.
    struct Replaced {
        fs::path destination;
        fs::path previous;  // empty: there was no file before
    };
    std::vector<Replaced> replaced;
    auto rollBack = [&] {
        for (auto it = replaced.rbegin(); it != replaced.rend(); ++it) {
            if (it->previous.empty())
                ::unlink(it->destination.c_str());
            else
                ::rename(it->previous.c_str(), it->destination.c_str());
        }
    };
    try {
        for (size_t i = 0; i < files.size(); ++i) {
            StagedFile& f = files[i];
            if (i + 1 == files.size()) {
                f.commit();
                break;
            }
            Replaced r{f.destination(), {}};
            for (int attempt = 0; attempt < 100; ++attempt) {
                fs::path keep = f.destination();
                keep += ".previous-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
                if (::link(f.destination().c_str(), keep.c_str()) == 0) {
                    r.previous = keep;
                    break;
                }
                // No previous file, or a file system without hard links: nothing to put back.
                if (errno != EEXIST) break;
            }
            const bool existed = !r.previous.empty() || fs::exists(fs::symlink_status(f.destination()));
            f.commit();
            if (!r.previous.empty() || !existed) replaced.push_back(std::move(r));
        }
    } catch (...) {
        rollBack();
        throw;
    }
    for (const Replaced& r : replaced)
        if (!r.previous.empty()) ::unlink(r.previous.c_str());
}

void exportModel(const Model& model, const fs::path& path, const ExportOptions& options, Diagnostics& diag) {
    stageExport(model, path, options, diag).commit();
}

}  // namespace passscope::io
