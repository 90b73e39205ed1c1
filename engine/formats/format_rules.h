#pragma once
// Per-op origin-format rules for InferFormatPass (docs/ge-formats.md §4, §4.1): what formats an op
// has by definition (GE: the formats its parser writes into the op's tensor descs, e.g. Conv2D's
// data_format) and how it relates its inputs' and outputs' formats once some are known (GE: the
// op's registered InferFormat function, else OpDescImpl::DefaultInferFormat in op_desc.cc).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/format.h"
#include "ir/node.h"

namespace passscope::formats {

// Rank of a tensor while formats are inferred; kUnknownRank when its shape is not known.
inline constexpr int kUnknownRank = -1;
// Rank of a value that is no tensor (a sequence, a map): it never carries a format.
inline constexpr int kNotATensor = -2;

// The origin formats of one node's inputs and outputs while inference runs: GE's input and
// output tensor descs. Format::ND means "not known yet", as in GE.
struct NodeFormats {
    std::vector<Format> inputs;
    std::vector<Format> outputs;
    std::vector<int> inputRanks;   // kUnknownRank / kNotATensor or the rank
    std::vector<int> outputRanks;  // likewise
};

// The rank a layout format needs: 4 for NCHW, NHWC and HWCN, 5 for NCDHW and NDHWC, 0 for
// formats without a fixed rank (ND, and the internal formats, which never become origins).
int layoutRank(Format format);
// Whether a tensor of `rank` may carry `format` as its origin: never a scalar (GE stops at
// dim_num == 0) nor a non-tensor; a layout format only on a tensor of its rank (or of unknown
// rank). GE's own op rules do the same per op (ReshapeInferFormat resets descs of rank < 4 to
// ND), and GE's BiasAddFormatFixProcess keeps a rank-1 bias ND; PassScope applies it everywhere
// so a rank-1 bias or the 3-D side of a Squeeze never becomes NCHW.
bool formatFitsRank(Format format, int rank);

// GE's DefaultInferFormat: the first non-ND format among the inputs, else among the outputs, is
// given to every input and output that is still ND (and whose rank fits, see formatFitsRank).
void defaultInferFormat(const Node& node, NodeFormats& formats);

struct FormatRule {
    // Writes the formats the op has by definition into `formats` (left ND where it has none).
    // Internal formats may be declared (a GE op's data_format "NC1HWC0"): they make the node an
    // anchor but never become an origin (docs/ge-formats.md §4 step 2). nullptr: none.
    void (*declare)(const Node& node, NodeFormats& formats) = nullptr;
    // Fills ND entries from the known ones. nullptr: the op passes nothing on (a stop).
    void (*infer)(const Node& node, NodeFormats& formats) = defaultInferFormat;
    // GE's kChangeDimNodes (PERMUTE, EXPANDDIMS, SQUEEZE in format_refiner.cc): a tensor of this
    // op with rank < 4 (or unknown rank) is never given a format by its neighbours.
    bool changesDims = false;
    // One line for docs and tests.
    std::string_view why;
};

// The rule of `node`'s op (ONNX ops by type; ai.passscope.ge ops read data_format / format
// attributes); ops without an entry get the default rule.
const FormatRule& formatRuleFor(const Node& node);

// The format a GE-style attribute names: `data_format` (GE ops, TF's Conv2D, and PassScope's
// Data nodes) or `format`; nullopt when absent or not a format name.
std::optional<Format> attributeFormat(const Node& node);
// The text of a data_format / format string attribute of a node whose rule reads it (Data nodes,
// ai.passscope.ge ops) when it names no format PassScope knows; nullopt otherwise.
std::optional<std::string> unknownAttributeFormat(const Node& node);

// Attribute that pins a node's formats: inference never writes into it (GE's
// ATTR_NAME_FORMAT_LOCKED), int 1 = locked.
inline constexpr std::string_view kFormatLockedAttr = "_format_locked";
bool formatLocked(const Node& node);

}  // namespace passscope::formats
