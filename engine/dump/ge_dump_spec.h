#pragma once
// What the two dump readers (ge_dump_onnx.cpp, ge_dump_proto.cpp) extract from a file before one
// builder (ge_dump_build.cpp) turns it into the IR: GE's nodes with their edges as written
// ("<node>:<index>", "<node>:-1", ""), tensor descriptions already mapped, the other attributes
// kept, and the line of each node so every semantic error names it (docs/ge-dumps.md §5).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/attribute.h"
#include "ir/model.h"
#include "ir/tensor_desc.h"
#include "util/diagnostics.h"

namespace passscope::dump::detail {

struct GeNodeSpec {
    std::string name;
    std::string type;  // GE's type, without the "ge:" of the ONNX form
    int line = 0;      // 1-based line of the node in the file
    std::vector<std::string> inputs;
    size_t outputCount = 0;              // outputs the file describes or lists
    std::vector<TensorDesc> inputDescs;  // kind Unknown where the file says nothing
    std::vector<TensorDesc> outputDescs;
    std::vector<Attribute> attrs;        // GE's other attributes, kept as they are
    std::optional<Tensor> value;         // a Const's weights (absent in DUMP_GE_GRAPH=2/3 dumps)
    std::vector<std::string> subgraphs;  // names of graphs this node owns (ge_proto form)
};

struct GeGraphSpec {
    std::string name;
    int line = 0;
    std::vector<GeNodeSpec> nodes;
};

struct GeModelSpec {
    std::string producer;
    std::vector<GeGraphSpec> graphs;  // [0] is the root graph
};

// "<file>:<line>: " (line 0: the file as a whole).
std::string at(const std::string& file, int line);

// GE spellings (docs/ge-dumps.md §3). Throw ModelError with `where` for anything GE does not
// name either; a name GE has but the IR lacks (NDC1HWC0, DT_INT4, ...) reads as RESERVED /
// Undefined with one warning per name. A FRACTAL_Z's sub-format (":<groups>") is kept, any other
// format's is dropped.
DataType geDataType(std::string_view text, const std::string& where, Diagnostics& diag);
FormatWithSub geFormat(std::string_view text, const std::string& where, Diagnostics& diag);
// GE's dims: -1 an unknown dim, [-2] an unknown rank.
Shape geShape(const std::vector<int64_t>& dims, const std::string& where);
// dtype plus origin and storage: the origin falls back to the storage when the file gives none.
struct GeDescParts {
    std::optional<DataType> dtype;
    std::optional<Shape> shape, originShape;
    std::optional<FormatWithSub> layout, originLayout;
    bool any() const { return dtype || shape || originShape || layout || originLayout; }
    TensorDesc toDesc() const;
};
// A constant's weights: `bytes` must hold exactly the elements `dims` and `dtype` say.
Tensor geTensor(DataType dtype, const std::vector<int64_t>& dims, std::string bytes,
                const std::string& where);

// Highest tensor index a dump may name (input_desc_shape:<i>): beyond it the file is corrupt.
inline constexpr int64_t kMaxTensorIndex = 1 << 16;

// The two readers (ge_dump_onnx.cpp, ge_dump_proto.cpp).
GeModelSpec readOnnxDump(const std::filesystem::path& path, Diagnostics& diag);
GeModelSpec readProtoDump(const std::filesystem::path& path, Diagnostics& diag);

// Builds the model; edges, names and structure are checked here.
Model buildGeModel(GeModelSpec& spec, const std::string& file, Diagnostics& diag);

}  // namespace passscope::dump::detail
