#pragma once
// Other tools' per-node numbers on PassScope's graph (issue 36 item 4; docs/node-data.md): users
// compare a deployed run against a reference with Model Explorer, Polygraphy or ONNX Runtime and
// want the result where the nodes are. Three kinds of file are read:
// - Model Explorer's node data JSON: {"<graph id>": {"results": {"<node id or output tensor
//   name>": {"value": <number>}}, "thresholds": [{"value": v, "bgColor": "#rrggbb"}],
//   "gradient": [{"stop": 0..1, "bgColor": "#rrggbb"}]}} (or the inner object alone);
// - Polygraphy's RunResults JSON (`polygraphy run --save-outputs`): {"lst": [["<runner>",
//   [{"outputs": {"<tensor>": {"array": "<base64 .npy>", "polygraphy_class": "ndarray"}}}]]]},
//   the bare list, or iterations that are the name -> array dicts themselves; each runner is a set;
// - per-tensor files, one or a folder of them: ONNX TensorProto (.pb, ONNX Runtime's .tensorproto
//   dumps) named by its name field, else the file's stem, and NumPy .npy named by the stem.
// A set's keys are matched to nodes by node name, else by the name of an output (in the main graph
// and every If/Loop/Scan body). One set shows its numbers (a Model Explorer value; a tensor's
// largest magnitude), coloured by its thresholds or gradient; two sets show their difference
// under exec/tensor_compare.h's rule, as the numeric overlay does.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/tensor_compare.h"
#include "ir/graph.h"

namespace passscope::numeric {

struct ColorStop {
    double at = 0;      // a threshold's value, or a gradient stop in [0, 1]
    std::string color;  // "#rrggbb"
};

// One tool's numbers for one run.
struct NodeDataSet {
    std::string label;                      // the file, and the runner for Polygraphy
    std::map<std::string, double> values;   // Model Explorer: by node or tensor name
    std::map<std::string, Tensor> tensors;  // Polygraphy, ONNX Runtime: by tensor name
    std::vector<ColorStop> thresholds;      // Model Explorer's, in file order
    std::vector<ColorStop> gradient;        // Model Explorer's, by stop
    std::vector<std::string> notes;         // what was skipped (non-numeric values, ...)
    bool holdsTensors() const { return !tensors.empty(); }
};

// The sets in `path` (a file or a folder of tensor files): one, or one per Polygraphy runner.
// Throws ModelError with what is wrong (not JSON, no results, a bad array, an empty folder, ...).
std::vector<NodeDataSet> readNodeData(const std::filesystem::path& path);

// What one node shows.
struct NodeDatum {
    double value = 0;                            // the number (one set), or the largest |difference|
    std::string color;                           // one set: its colour; empty when none applies
    std::optional<TensorComparison> difference;  // two sets: how they compare
    bool paired = true;                          // two sets: both hold a value for the node
    std::string text;                            // "0.25", "max |diff| 3.1 (rel 0.02)", ...
};

struct NodeDataView {
    std::string title;              // "x.json" or "a.json against b.json"
    bool difference = false;        // two sets: colour by NodeDatum::difference
    std::vector<ColorStop> legend;  // one set: the colours and the values they start at
    std::map<GraphPath, std::unordered_map<NodeId, NodeDatum>> nodes;  // by graph (empty: main)
    size_t matchedKeys = 0;                                            // keys of the set(s) that name a node
    std::vector<std::string> unmatchedKeys;                            // the others (all of them)
    std::vector<std::string> notes;
};

// The first one or two sets laid on `root` and its bodies.
NodeDataView nodeDataView(const Graph& root, const std::vector<NodeDataSet>& sets, double rtol = 1e-3,
                          double atol = 1e-5);

// The colour a set gives `value`, with `low`/`high` the smallest and largest values of the set
// (for a gradient): the first threshold whose value is at least `value` (as Model Explorer reads
// them), else the gradient at (value - low) / (high - low), else PassScope's default gradient.
std::string colorFor(const NodeDataSet& set, double value, double low, double high);

}  // namespace passscope::numeric
