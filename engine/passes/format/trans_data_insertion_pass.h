#pragma once
// TransDataInsertionPass (GE's DiffStorageFormat, docs/ge-formats.md §5): wherever what a consumer
// expects of an input (its input description, set by StorageFormatSelectionPass) is stored
// differently from what the producer gives, a TransData node (domain ai.passscope.ge) converts:
// attributes src_format, dst_format and, for the FRACTAL_Z weight of a grouped convolution, groups;
// its output keeps the producer's origin and has the expected storage. One TransData per producer
// output and destination, shared by every consumer that wants the same. Graph outputs keep their
// names (NetOutput's _output_names).
#include "pipeline/pass.h"

namespace passscope {

class TransDataInsertionPass : public Pass {
  public:
    std::string name() const override { return "TransDataInsertionPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    static constexpr StatisticInfo kTransDataInserted{"transdata_inserted", "TransData nodes inserted"};
    std::vector<StatisticInfo> statistics() const override { return {kTransDataInserted}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

// GE's groups attributes on TransData `transData` converting `from` to `to`'s storage: `groups`
// for a grouped FRACTAL_Z side; on a regrouping FRACTAL_Z -> FRACTAL_Z, each side's sub-format
// too (formats/transdata_layout.h).
void setTransDataGroups(Graph& g, NodeId transData, const TensorDesc& from, const TensorDesc& to);

// Whether a value stored as `producer` says must be converted for a consumer expecting
// `expected`: another storage format, or (same internal format) another static storage shape.
bool needsTransData(const TensorDesc& producer, const TensorDesc& expected);

}  // namespace passscope
