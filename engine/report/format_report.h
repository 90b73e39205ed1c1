#pragma once
// What `passscope-cli formats` prints: one row per tensor of the graph (its origin and storage
// format and shape, docs/ge-formats.md §2) and the TransData nodes the format passes inserted,
// eliminated and folded, read from the journal's pass statistics.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ir/graph.h"
#include "pipeline/journal.h"

namespace passscope {

struct TensorFormatRow {
    std::string name;      // the value's name ("" when unnamed: then "<producer>:<output>")
    std::string producer;  // the producing node's display name
    std::string producerType;
    TensorDesc desc;
};

struct TransDataCounts {
    uint64_t inserted = 0;
    uint64_t eliminated = 0;
    uint64_t folded = 0;
    uint64_t paddingBytes = 0;  // zero padding added by the TransData nodes that were folded
};

// Every typed tensor output of the main graph, in topological order (graph inputs first).
std::vector<TensorFormatRow> tensorFormats(const Graph& graph);
// The statistics transdata_inserted, transdata_eliminated, transdata_folded and padding_bytes
// added up over every pass run of the journal, nested runs included.
TransDataCounts transDataCounts(const Journal& journal);

// {"tensors":[{"name","producer","dtype","origin_format","origin_shape","storage_format",
// "storage_shape"}...],"transdata":{"inserted","eliminated","folded","padding_bytes"}}; formats spelled
// as GE spells them, shapes as model_info's shapeJson writes them.
nlohmann::json formatReport(const std::vector<TensorFormatRow>& rows, const TransDataCounts& counts);

}  // namespace passscope
