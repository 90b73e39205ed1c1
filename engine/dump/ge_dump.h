#pragma once
// GE's own graph dumps (DUMP_GE_GRAPH, docs/ge-dumps.md): one file per compile stage, either
// ge_onnx_<index>_graph_<id>_<Stage>.pbtxt (text ModelProto of GE's ONNX copy, tensor descriptions
// as input_desc_*/output_desc_* node attributes) or ge_proto_<index>_graph_<id>_<Stage>.txt (text
// ge.proto.ModelDef). Both become the same IR the engine's passes work on: GE op types in
// op::kGeDomain, Data/NetOutput/Const as the structural nodes, storage and origin formats and
// shapes in the tensor descriptions.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/model_loader.h"

namespace passscope::dump {

enum class GeDumpFormat { OnnxText, ProtoText };

// What GE's dump writer puts into a file name.
struct GeDumpFileName {
    uint64_t index = 0;   // the writer's counter: the order the stages were written in
    std::string graphId;  // <id> of "graph_<id>"
    std::string stage;    // e.g. "PreRunAfterPrepare"
    GeDumpFormat format = GeDumpFormat::OnnxText;
};

// The parts of a dump file name (no directory), or nullopt when it is not one.
std::optional<GeDumpFileName> parseGeDumpFileName(std::string_view fileName);

// Whether `path` is a GE dump and in which format: by its name, else (a renamed file) by its first
// bytes. Never throws; nullopt for an ONNX model or anything else.
std::optional<GeDumpFormat> detectGeDump(const std::filesystem::path& path);

// Reads one dump file into the IR (no ONNX checker, no ONNX shape inference: the dump's tensor
// descriptions are GE's own). Throws ModelError naming the file and line for bad input.
io::LoadResult loadGeDump(const std::filesystem::path& path, GeDumpFormat format);

struct GeDumpStage {
    std::filesystem::path file;
    GeDumpFileName name;
};

struct GeDumpSet {
    std::string graphId;                     // the graph the stages belong to
    std::vector<GeDumpStage> stages;         // in compile order
    std::vector<std::string> otherGraphIds;  // further graphs found (choose with graphId)
    std::vector<std::string> skipped;        // files ignored, each with why (for warnings)
};

// The stages of one graph among `paths` (dump files and/or folders; a folder's files are listed,
// not its subfolders), ordered by index, then stage name. `graphId` picks the graph; empty picks
// the one with the most stages (ties: the smallest id). One timeline uses one format: when a
// graph has both, the one with more files (ties: ge_proto, which keeps subgraph owners). Throws ModelError
// when there is none.
GeDumpSet listGeDumpStages(const std::vector<std::filesystem::path>& paths, const std::string& graphId = {});

}  // namespace passscope::dump
