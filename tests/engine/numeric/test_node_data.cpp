// Other tools' per-node numbers (issue 36 item 4, engine/numeric/node_data.h), one small example
// of each format read, on the weight-overflow model (nodes cast_w, cast_x, add, cast_y; values w16,
// x16, s16, y):
// - Model Explorer node data: {"<graph id>": {"results": {...}, "thresholds": [...], "gradient": [...]}};
// - Polygraphy RunResults (`polygraphy run --onnxrt --trt --save-outputs out.json`): runners, each
//   with iterations of tensor name -> {"array": base64 .npy, "polygraphy_class": "ndarray"};
// - per-tensor files as ONNX Runtime dumps them (.tensorproto) or as .pb / .npy, in a folder;
// and malformed files, each a clear ModelError.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "engine_helpers.h"
#include "model_builders.h"
#include "numeric/node_data.h"
#include "util/diagnostics.h"

using namespace passscope;
using namespace passscope::test;

namespace {

std::filesystem::path writeNodeDataFile(const std::filesystem::path& dir, const std::string& name,
                                        const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
}

// The datum of the node named `name` in the main graph, or null.
const numeric::NodeDatum* datumOf(const numeric::NodeDataView& v, const Graph& g, const std::string& name) {
    const auto main = v.nodes.find(GraphPath{});
    if (main == v.nodes.end()) return nullptr;
    for (const auto& [id, d] : main->second)
        if (g.node(id).name() == name) return &d;
    return nullptr;
}

std::string ndarray(const std::vector<float>& values) {
    return R"({"array": ")" + base64(npyBytes(values, {static_cast<int64_t>(values.size())})) +
           R"(", "polygraphy_class": "ndarray"})";
}

}  // namespace

TEST(NodeData, ModelExplorerValuesByNodeOrTensorNameWithThresholds) {
    Model model = loadProto(weightOverflowModel(), "node_data_me");
    const auto dir = freshDir("node_data_me_files");
    const auto file = writeNodeDataFile(dir, "me.json", R"({
      "overflow": {
        "results": {
          "add": {"value": 0.5},
          "x16": {"value": 20},
          "cast_y": {"value": "7.5"},
          "cast_w": {"value": "n/a"},
          "ghost": {"value": 3}
        },
        "thresholds": [{"value": 1, "bgColor": "#00ff00"}, {"value": 10, "bgColor": "#ffff00"},
                       {"value": 100, "bgColor": "#f00"}]
      }
    })");
    const auto sets = numeric::readNodeData(file);
    ASSERT_EQ(sets.size(), 1u);
    EXPECT_EQ(sets[0].values.size(), 4u);  // the string "n/a" is left out, and said so
    ASSERT_FALSE(sets[0].notes.empty());
    const numeric::NodeDataView v = numeric::nodeDataView(*model.graph, sets);
    EXPECT_FALSE(v.difference);
    const auto* add = datumOf(v, *model.graph, "add");
    const auto* castX = datumOf(v, *model.graph, "cast_x");  // by its output, x16
    const auto* castY = datumOf(v, *model.graph, "cast_y");
    ASSERT_TRUE(add && castX && castY);
    EXPECT_DOUBLE_EQ(add->value, 0.5);
    EXPECT_EQ(add->color, "#00ff00");    // <= 1
    EXPECT_EQ(castY->color, "#ffff00");  // 7.5 <= 10
    EXPECT_EQ(castX->color, "#ff0000");  // 20 <= 100, "#f00" read as #ff0000
    EXPECT_EQ(datumOf(v, *model.graph, "cast_w"), nullptr);
    EXPECT_EQ(v.matchedKeys, 3u);
    EXPECT_EQ(v.unmatchedKeys, std::vector<std::string>{"ghost"});
    ASSERT_EQ(v.legend.size(), 3u);
}

TEST(NodeData, ModelExplorerGradientSpansTheValues) {
    Model model = loadProto(weightOverflowModel(), "node_data_gradient");
    const auto dir = freshDir("node_data_gradient_files");
    const auto file =
        writeNodeDataFile(dir, "me.json", R"({"results": {"add": {"value": 0}, "cast_y": {"value": 10},
      "cast_x": {"value": 5}}, "gradient": [{"stop": 1, "bgColor": "#ffffff"}, {"stop": 0, "bgColor": "#000000"}]})");
    const numeric::NodeDataView v = numeric::nodeDataView(*model.graph, numeric::readNodeData(file));
    EXPECT_EQ(datumOf(v, *model.graph, "add")->color, "#000000");
    EXPECT_EQ(datumOf(v, *model.graph, "cast_y")->color, "#ffffff");
    EXPECT_EQ(datumOf(v, *model.graph, "cast_x")->color, "#808080");  // halfway
}

TEST(NodeData, PolygraphyRunnersAreComparedByTheOneRule) {
    Model model = loadProto(weightOverflowModel(), "node_data_polygraphy");
    const auto dir = freshDir("node_data_polygraphy_files");
    const float inf = INFINITY;
    const std::string json = R"({"lst": [
        ["onnxrt-runner-N0", [{"outputs": {"s16": )" +
                             ndarray({inf, 2}) + R"(, "y": )" + ndarray({1, 2}) + R"(, "x16": )" +
                             ndarray({0.5f, -1}) + R"(}, "runtime": 0.01,
                               "runner_name": "onnxrt-runner-N0", "polygraphy_class": "IterationResult"}]],
        ["trt-runner-N0", [{"s16": )" +
                             ndarray({65504, 2}) + R"(, "y": )" + ndarray({1, 2.0001f}) + R"(, "x16": )" +
                             ndarray({0.5f, -1}) + R"(}]]
      ], "polygraphy_class": "RunResults"})";
    const auto sets = numeric::readNodeData(writeNodeDataFile(dir, "outputs.json", json));
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[0].label, "outputs.json: onnxrt-runner-N0");
    EXPECT_EQ(sets[0].tensors.size(), 3u);
    const numeric::NodeDataView v = numeric::nodeDataView(*model.graph, sets);
    EXPECT_TRUE(v.difference);
    const auto* add = datumOf(v, *model.graph, "add");
    const auto* castY = datumOf(v, *model.graph, "cast_y");
    const auto* castX = datumOf(v, *model.graph, "cast_x");
    ASSERT_TRUE(add && castY && castX && add->difference && castY->difference && castX->difference);
    EXPECT_FALSE(add->difference->equal);  // inf against 65504
    EXPECT_TRUE(std::isinf(add->difference->maxRelDiff));
    EXPECT_TRUE(castY->difference->equal);  // within rtol 1e-3
    EXPECT_TRUE(castX->difference->equal);
    EXPECT_EQ(datumOf(v, *model.graph, "cast_w"), nullptr);  // neither runner has w16
}

TEST(NodeData, ATensorFolderShowsEachValuesLargestMagnitude) {
    Model model = loadProto(weightOverflowModel(), "node_data_tensors");
    const auto dir = freshDir("node_data_tensor_files");
    onnx::TensorProto t;  // as ONNX Runtime dumps a node output: a TensorProto named by the value
    t.set_name("s16");
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_dims(2);
    t.add_float_data(-3);
    t.add_float_data(1);
    std::ofstream(dir / "s16.tensorproto", std::ios::binary) << t.SerializeAsString();
    std::ofstream(dir / "y.npy", std::ios::binary) << npyBytes({NAN, 1}, {2});
    writeNodeDataFile(dir, "README.txt", "not a tensor: left alone");
    const numeric::NodeDataView v = numeric::nodeDataView(*model.graph, numeric::readNodeData(dir));
    EXPECT_DOUBLE_EQ(datumOf(v, *model.graph, "add")->value, 3.0);
    EXPECT_TRUE(std::isnan(datumOf(v, *model.graph, "cast_y")->value));
    EXPECT_NE(datumOf(v, *model.graph, "cast_y")->color, datumOf(v, *model.graph, "add")->color);
    // A second folder: the difference, NaN against 1 included.
    const auto other = freshDir("node_data_tensor_files_b");
    std::ofstream(other / "y.npy", std::ios::binary) << npyBytes({1, 1}, {2});
    std::vector<numeric::NodeDataSet> both = numeric::readNodeData(dir);
    both.push_back(numeric::readNodeData(other).front());
    const numeric::NodeDataView d = numeric::nodeDataView(*model.graph, both);
    ASSERT_TRUE(datumOf(d, *model.graph, "cast_y")->difference);
    EXPECT_FALSE(datumOf(d, *model.graph, "cast_y")->difference->equal);
    EXPECT_FALSE(datumOf(d, *model.graph, "add")->paired);  // s16 only in the first folder
}

TEST(NodeData, MalformedFilesAreClearErrors) {
    const auto dir = freshDir("node_data_bad");
    auto fails = [&](const std::string& name, const std::string& text, const std::string& mention) {
        const auto file = writeNodeDataFile(dir, name, text);
        try {
            numeric::readNodeData(file);
            ADD_FAILURE() << name << " was read";
        } catch (const ModelError& e) {
            EXPECT_NE(std::string(e.what()).find(mention), std::string::npos) << name << ": " << e.what();
        }
    };
    fails("truncated.json", R"({"results": {"add": )", "not valid JSON");
    fails("no_results.json", R"({"graph": {"nodes": 3}})", "no 'results'");
    fails("results_list.json", R"({"results": [1, 2]})", "not an object");
    fails("no_numbers.json", R"({"results": {"add": {"value": "big"}}})", "no numeric result");
    fails("bad_base64.json", R"({"lst": [["r", [{"y": {"array": "!!!", "polygraphy_class": "ndarray"}}]]]})",
          "not base64");
    fails("bad_npy.json", R"({"lst": [["r", [{"y": {"array": "AAAA", "polygraphy_class": "ndarray"}}]]]})",
          "NumPy");
    fails("bad_entry.json", R"({"lst": [["r"]]})", "[\"<runner>\", [iterations]]");
    fails("no_iteration.json", R"({"lst": [["r", []]]})", "no iteration");
    fails("text.csv", "a,b", "node data is a .json file");
    EXPECT_THROW(numeric::readNodeData(freshDir("node_data_empty_folder")), ModelError);
    EXPECT_THROW(numeric::readNodeData(dir / "missing.json"), ModelError);
}
