// Large inline weights as slices of the mapped model file (io/inline_payloads.h, issue 38): the
// bytes the engine computes on are the file's, located by walking its wire format the way protobuf
// merges it, and only where they equal what protobuf parsed.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "io/inline_payloads.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "io/proto_reader.h"
#include "ir/op_types.h"
#include "model_builders.h"

using namespace passscope;
namespace fs = std::filesystem;

namespace {

constexpr int64_t kRows = 128, kCols = 256;  // 128 KB of floats: past kMinMappedBytes

std::vector<float> pattern(size_t count, float seed) {
    std::vector<float> v(count);
    for (size_t i = 0; i < count; ++i) v[i] = seed + static_cast<float>(i % 977) * 0.25f;
    return v;
}

const Tensor* constantNamed(const Graph& g, const std::string& valueName) {
    for (const Node* n : g.nodes())
        if (!n->outputs().empty() && n->output(0).name == valueName) return n->attrTensor(op::attr::kValue);
    return nullptr;
}

bool mapped(const Tensor* t) {
    return t && dynamic_cast<const MappedSlice*>(t->buffer().get()) != nullptr;
}

std::vector<float> floats(const Tensor& t) {
    std::vector<float> v(static_cast<size_t>(t.byteSize()) / sizeof(float));
    std::memcpy(v.data(), t.rawData(), v.size() * sizeof(float));
    return v;
}

io::LoadOptions mappingAll() {
    io::LoadOptions options;
    options.mapInlineWeightsFrom = 0;
    return options;
}

// y = x · Transpose(w) + b: folding replaces w by its transpose; b is too small to map.
onnx::ModelProto transposedWeightModel(float seed) {
    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, kCols});
    test::addFloatInitializer(g, "w", {kRows, kCols}, pattern(kRows * kCols, seed));
    test::addFloatInitializer(g, "b", {kRows}, pattern(kRows, seed));
    test::addNode(g, "Transpose", {"w"}, {"wt"}, "transpose");
    test::addNode(g, "MatMul", {"x", "wt"}, {"xw"}, "matmul");
    test::addNode(g, "Add", {"xw", "b"}, {"y"}, "add");
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, kRows});
    return m;
}

void appendField(std::string& out, int field, const std::string& bytes) {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.WriteTag(static_cast<uint32_t>(field << 3 | 2));
    coded.WriteVarint32(static_cast<uint32_t>(bytes.size()));
    coded.WriteRaw(bytes.data(), static_cast<int>(bytes.size()));
}

}  // namespace

TEST(InlinePayloads, LargeWeightsAreSlicesOfTheModelFileAndFoldAsBefore) {
    const fs::path dir = test::freshDir("inline_payloads_fold");
    test::writeModel(transposedWeightModel(1.0f), dir / "m.onnx");
    const std::vector<float> w = pattern(kRows * kCols, 1.0f);

    // Below the model-size threshold (the default, 256 MB) the weights stay in memory.
    EXPECT_FALSE(mapped(constantNamed(*io::loadModel(dir / "m.onnx").model.graph, "w")));

    io::LoadResult loaded = io::loadModel(dir / "m.onnx", mappingAll());
    const Tensor* weight = constantNamed(*loaded.model.graph, "w");
    ASSERT_TRUE(mapped(weight));
    EXPECT_EQ(dynamic_cast<const MappedSlice&>(*weight->buffer()).file().path(),
              fs::canonical(dir / "m.onnx"));
    EXPECT_EQ(floats(*weight), w);
    EXPECT_FALSE(mapped(constantNamed(*loaded.model.graph, "b")));  // 512 bytes: kept in memory
    const Tensor before = *weight;                                  // shares the slice, as the journal does

    Journal journal;
    runPipeline(loaded.model, PipelineOptions{}, &journal);
    // Folding removed w from the graph and gave its pages back; they read again from the file.
    EXPECT_EQ(constantNamed(*loaded.model.graph, "w"), nullptr);
    EXPECT_EQ(floats(before), w);

    Diagnostics diag;
    io::exportModel(loaded.model, dir / "out.onnx", {}, diag);
    const io::LoadResult back = io::loadModel(dir / "out.onnx");
    const Node* matmul = nullptr;
    for (const Node* n : back.model.graph->nodes())
        if (n->opType() == "MatMul") matmul = n;
    ASSERT_TRUE(matmul);
    const Tensor* folded = back.model.graph->producer(matmul->inputs()[1])->attrTensor(op::attr::kValue);
    ASSERT_TRUE(folded);
    const std::vector<float> wt = floats(*folded);
    ASSERT_EQ(wt.size(), w.size());
    for (int64_t r = 0; r < kRows; ++r)
        for (int64_t c = 0; c < kCols; ++c)
            ASSERT_EQ(wt[static_cast<size_t>(c * kRows + r)], w[static_cast<size_t>(r * kCols + c)])
                << r << "," << c;
}

// Protobuf merges a message field written twice (ModelProto.graph: the initializers of both
// appended) and keeps the last of a field written twice (TensorProto.raw_data); the walk does the
// same, so both weights map to the bytes the parser kept.
TEST(InlinePayloads, TheWalkFindsPayloadsWhereProtobufMergesThem) {
    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addFloatInitializer(g, "a", {kRows, kCols}, pattern(kRows * kCols, 2.0f));
    test::addNode(g, "Add", {"a", "c"}, {"y"}, "add");
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {kRows, kCols});
    std::string file = m.SerializeAsString();

    onnx::TensorProto c;
    c.set_name("c");
    c.set_data_type(onnx::TensorProto::FLOAT);
    c.add_dims(kRows);
    c.add_dims(kCols);
    const std::vector<float> stale = pattern(kRows * kCols, -5.0f), kept = pattern(kRows * kCols, 3.0f);
    c.set_raw_data(std::string(reinterpret_cast<const char*>(stale.data()), stale.size() * sizeof(float)));
    std::string tensor = c.SerializeAsString();
    appendField(tensor, 9,
                std::string(reinterpret_cast<const char*>(kept.data()), kept.size() * sizeof(float)));
    std::string graph;
    appendField(graph, 5, tensor);
    appendField(file, 7, graph);

    const fs::path dir = test::freshDir("inline_payloads_merge");
    std::ofstream(dir / "m.onnx", std::ios::binary) << file;
    const io::LoadResult loaded = io::loadModel(dir / "m.onnx", mappingAll());
    const Tensor* a = constantNamed(*loaded.model.graph, "a");
    const Tensor* second = constantNamed(*loaded.model.graph, "c");
    ASSERT_TRUE(mapped(a));
    ASSERT_TRUE(mapped(second));
    EXPECT_EQ(floats(*a), pattern(kRows * kCols, 2.0f));
    EXPECT_EQ(floats(*second), kept);
}

// A slice is used only where its bytes equal the parsed ones: a file that changed after it was
// parsed keeps the parsed bytes.
TEST(InlinePayloads, AFileThatIsNotWhatWasParsedIsNotMapped) {
    const fs::path dir = test::freshDir("inline_payloads_changed");
    test::writeModel(transposedWeightModel(1.0f), dir / "parsed.onnx");
    test::writeModel(transposedWeightModel(7.0f), dir / "changed.onnx");
    onnx::ModelProto parsed;
    io::readModelProto(dir / "parsed.onnx", parsed);
    const io::InlinePayloads fromChanged = io::InlinePayloads::locate(dir / "changed.onnx", parsed, 0);
    EXPECT_EQ(fromChanged.size(), 1u);  // the walk matches: same structure
    EXPECT_EQ(fromChanged.take(parsed.graph().initializer(0)), nullptr);

    const io::InlinePayloads fromSame = io::InlinePayloads::locate(dir / "parsed.onnx", parsed, 0);
    const auto slice = fromSame.take(parsed.graph().initializer(0));
    ASSERT_NE(slice, nullptr);
    EXPECT_EQ(slice->view(), parsed.graph().initializer(0).raw_data());
    EXPECT_EQ(fromSame.take(parsed.graph().initializer(1)), nullptr);  // b: too small to map
    // Over the model-size threshold: nothing located.
    EXPECT_EQ(io::InlinePayloads::locate(dir / "parsed.onnx", parsed, uint64_t(1) << 30).size(), 0u);
}
