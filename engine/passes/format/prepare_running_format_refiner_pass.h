#pragma once
// PrepareRunningFormatRefiner (GE's UpdateDataNetOutputByStorageFormat in graph_prepare.cc,
// docs/ge-formats.md §5): the user's storage format and shape of graph inputs and outputs.
// Sources: PipelineOptions::storageFormats (--storage-format NAME:FORMAT; NAME a graph input or
// output) and, on a Data node, GE's attributes ATTR_NAME_STORAGE_FORMAT ("storage_format", a GE
// format enum value or a name; "_storage_format" is read as well) and ATTR_NAME_STORAGE_SHAPE
// ("storage_shape", ints). A Data node's output gets the storage format and shape (computed by
// storageShapeOf when none is given) and keeps its origin; for a graph output, NetOutput's input
// description says what the output is delivered as. A name that is no graph input or output, or
// a format that cannot be derived from the origin, stops the run with a clear error.
#include <optional>

#include "pipeline/pass.h"

namespace passscope {

class PrepareRunningFormatRefinerPass : public Pass {
  public:
    std::string name() const override { return "PrepareRunningFormatRefiner"; }
    PassFamily family() const override { return PassFamily::Format; }
    static constexpr StatisticInfo kUserStorageFormats{
        "user_storage_formats", "Graph inputs and outputs given the user's storage format"};
    std::vector<StatisticInfo> statistics() const override { return {kUserStorageFormats}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

namespace format_attr {
// GE's names (graph/debug/ge_attr_define: ATTR_NAME_STORAGE_FORMAT, ATTR_NAME_STORAGE_SHAPE).
inline constexpr std::string_view kStorageFormat = "storage_format";
inline constexpr std::string_view kStorageShape = "storage_shape";
// Also accepted, as some tools write them.
inline constexpr std::string_view kStorageFormatPrivate = "_storage_format";
inline constexpr std::string_view kStorageShapePrivate = "_storage_shape";
}  // namespace format_attr

// GE's Format enum value (inc/external/graph/types.h: FORMAT_NCHW = 0, NHWC = 1, ND = 2,
// NC1HWC0 = 3, FRACTAL_Z = 4, HWCN = 16, NDHWC = 27, FRACTAL_NZ = 29, NCDHW = 30) as a Format;
// nullopt for values PassScope does not model. GE packs a sub-format (the groups of a FRACTAL_Z)
// and a C0 code above the low byte (GetPrimaryFormat = value & 0xff, GetSubFormat =
// (value & 0xffff00) >> 8); the primary format is what is returned here.
std::optional<Format> formatFromGeEnum(int64_t value);
int64_t geSubFormat(int64_t value);

}  // namespace passscope
