// Other tools' per-node numbers (engine/numeric/node_data.h, docs/node-data.md): Model Explorer's
// node data JSON and Polygraphy's RunResults JSON, whose arrays are base64 .npy. What reads must
// lay on a graph: one set alone and the set against itself, as the window's overlay and
// `render --node-data` do. Properties: every colour is "#rrggbb", and a set compared with itself
// differs nowhere (NaN against NaN is equal under the comparison rule).
#include <cmath>

#include "fuzz_scratch.h"
#include "io/model_loader.h"
#include "numeric/node_data.h"
#include "seed_models.h"
#include "target_support.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

constexpr std::string_view kTarget = "node_data";

// A model with an If and a Loop body, so keys can name nodes in bodies too: the first generated
// seed that has subgraphs.
const Model& layoutModel() {
    static const Model model = loadGeneratedSeed(
        kTarget,
        [](const SeedModel& seed) {
            for (const auto& n : seed.proto.graph().node())
                for (const auto& a : n.attribute())
                    if (a.has_g()) return true;
            return false;
        },
        "node_data_model.onnx");
    return model;
}

bool isColor(const std::string& c) {
    if (c.size() != 7 || c[0] != '#') return false;
    for (size_t i = 1; i < 7; ++i)
        if (!std::isxdigit(static_cast<unsigned char>(c[i]))) return false;
    return true;
}

void checkView(const numeric::NodeDataView& view, bool difference) {
    for (const numeric::ColorStop& stop : view.legend)
        if (!isColor(stop.color)) finding(kTarget, "legend colour '" + stop.color + "'");
    for (const auto& [graph, nodes] : view.nodes)
        for (const auto& [id, datum] : nodes) {
            if (!datum.color.empty() && !isColor(datum.color))
                finding(kTarget, "node colour '" + datum.color + "' for " + datum.text);
            if (difference && datum.paired && datum.difference && !datum.difference->equal)
                finding(kTarget, "a set differs from itself: " + datum.text);
        }
}

}  // namespace

int fuzzNodeData(const uint8_t* data, size_t size) {
    const Model& model = layoutModel();
    const std::filesystem::path file = writeScratch("data.json", data, size);
    return readerCase(kTarget, [&] {
        const std::vector<numeric::NodeDataSet> sets = numeric::readNodeData(file);
        if (sets.empty()) finding(kTarget, "the file read as no set and no error");
        checkView(numeric::nodeDataView(*model.graph, {sets.front()}), false);
        checkView(numeric::nodeDataView(*model.graph, {sets.front(), sets.front()}), true);
    });
}

}  // namespace passscope::fuzz
