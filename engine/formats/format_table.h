#pragma once
// The op-format table (docs/ge-formats.md §9): what an FE-like format selector knows of a device —
// per op type and per input/output index, the storage formats the op accepts in preference order
// per dtype, or "follow" (elementwise ops take the storage format of the producer of input 0 so
// that no conversion is needed). A JSON file; the default one (resources/format_table.json) is
// compiled into the engine, a user's replaces it (PipelineOptions::formatTable, --format-table).
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ir/data_type.h"
#include "ir/format.h"

namespace passscope::formats {

// A table that cannot be used: unreadable file, bad JSON, an unknown key, format or dtype, a
// value of the wrong type. what() names the file, the key (a path such as
// "ops.Conv.inputs.0.float16[1]") and what was expected.
class FormatTableError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

enum class FormatPolicy {
    Table,   // the formats listed per port and dtype; the origin format otherwise
    Follow,  // the storage format of the producer of input 0 when every input can take it
    // A ref op (Assign, AssignAdd, AssignSub): the variable at input 0, the value at input 1 and the
    // ref output 0 take the storage format of the value input's producer when their origins match.
    Ref,
};

// The formats one input or output accepts, by dtype, in preference order. An empty list means
// "the origin format" (Format::ND in a list means the same).
struct PortFormats {
    std::map<DataType, std::vector<Format>> byDtype;
    std::optional<std::vector<Format>> anyDtype;  // the "*" key

    // The list for `dtype` (its own key, else "*"); empty = keep the origin format.
    std::vector<Format> accepted(DataType dtype) const;
};

struct OpFormatRule {
    std::string opType;  // empty for the table's default rule
    std::string domain;  // "" = the ONNX domain (also matches "ai.onnx")
    FormatPolicy policy = FormatPolicy::Table;
    // Tensors of a lower (or unknown) rank keep their origin format (MatMul: 1-D operands).
    size_t minRank = 0;
    std::map<size_t, PortFormats> inputs;
    std::optional<PortFormats> anyInput;  // the "*" port
    std::map<size_t, PortFormats> outputs;
    std::optional<PortFormats> anyOutput;

    // Candidate storage formats for input / output `index` of dtype `dtype` and rank `rank`
    // (nullopt = unknown), in preference order; empty = keep the origin format.
    std::vector<Format> inputFormats(size_t index, DataType dtype, std::optional<size_t> rank) const;
    std::vector<Format> outputFormats(size_t index, DataType dtype, std::optional<size_t> rank) const;
};

class FormatTable {
  public:
    // Parses a table; `source` names it in errors (a file path, or "the bundled format table").
    static FormatTable parse(std::string_view json, const std::string& source);
    // Reads and parses `file`; FormatTableError when it cannot be read or is malformed.
    static FormatTable load(const std::filesystem::path& file);
    // The table compiled into the engine (resources/format_table.json).
    static const FormatTable& bundled();
    // The table PipelineOptions::formatTable names: the bundled one when `path` is empty.
    // Loaded tables are cached by path and modification time.
    static std::shared_ptr<const FormatTable> forOptions(const std::string& path);

    // The rule of `opType` in `domain`, or the default rule.
    const OpFormatRule& rule(std::string_view opType, std::string_view domain) const;
    // Whether `opType` has an entry of its own.
    bool has(std::string_view opType, std::string_view domain) const;
    const std::string& source() const { return source_; }
    size_t size() const { return ops_.size(); }

  private:
    std::string source_;
    OpFormatRule default_;
    std::map<std::string, OpFormatRule, std::less<>> ops_;  // by op type
};

// The text of resources/format_table.json (generated at build time, engine/CMakeLists.txt).
std::string_view bundledFormatTableText();

}  // namespace passscope::formats
