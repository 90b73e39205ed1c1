#pragma once
// StorageFormatSelectionPass: an FE-like format selector (docs/ge-formats.md §5 "FE's choice", §9)
// driven by the op-format table (formats/format_table.h; PipelineOptions::formatTable). For every
// computing node, in topological order: its outputs' storage format and shape, and in its input
// descriptions (Graph::setInputDescs) what it expects of each input — origin fields = the
// producer's origin, storage = the chosen format. A listed format is chosen only when the tensor's
// origin converts to it (formats::storageShapeOf); otherwise the next one, else the origin format.
// "follow" ops (elementwise) take the storage format of the producer of input 0 when every input
// of that shape can be given it, else the origin. Data, Const and constant-holding nodes keep their
// own storage (the origin unless the user gave one, PrepareRunningFormatRefiner); NetOutput expects
// each output in its origin format unless the user gave a storage format; GE-domain ops
// (TransData, ...) carry their formats already. Bodies of If/Loop/Scan are left in their origin
// formats, and so is every value a body reads from outside. TransDataInsertionPass then converts
// wherever a producer's storage differs from what its consumer expects.
#include <memory>

#include "formats/format_table.h"
#include "pipeline/pass.h"

namespace passscope {

class StorageFormatSelectionPass : public Pass {
  public:
    std::string name() const override { return "StorageFormatSelectionPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    static constexpr StatisticInfo kStorageFormatsSelected{
        "storage_formats_selected", "Tensors given a storage format other than their origin format"};
    static constexpr StatisticInfo kExpectationsSet{"input_expectations_set",
                                                    "Node inputs whose expected storage format was set"};
    std::vector<StatisticInfo> statistics() const override {
        return {kStorageFormatsSelected, kExpectationsSet};
    }
    bool run(Graph& graph, PassContext& ctx) override;
};

// The `groups` a FRACTAL_Z weight of input `input` of `consumer` is laid out with
// (docs/ge-formats.md §6): the `group` attribute of the weight input of an ONNX convolution —
// Conv, ConvTranspose and ConvInteger read it at input 1, QLinearConv at input 3 — else 1. Any
// other op with a `group` attribute that the format table gives a FRACTAL_Z input 1 is read the
// same way, so a user's table entry for a new convolution gets its groups too.
int64_t convWeightGroups(const Node& consumer, size_t input, Format storage);

}  // namespace passscope
