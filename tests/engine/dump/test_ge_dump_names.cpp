// GE dump file names, format detection and the stage list of a folder (docs/ge-dumps.md §1).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "dump/ge_dump.h"
#include "ge_dump_fixtures.h"
#include "util/diagnostics.h"

using namespace passscope;
using namespace passscope::dump;
using passscope::test::dump::convNet;

namespace {

std::filesystem::path scratch(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() /
               ("passscope_ge_names_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

void touch(const std::filesystem::path& p, const std::string& text = "") {
    std::ofstream(p) << text;
}

}  // namespace

TEST(GeDumpFileName, ReadsIndexGraphAndStage) {
    auto n = parseGeDumpFileName("ge_onnx_00000012_graph_1_OptimizeOriginalGraph_FeOpFormatJudgeAfter.pbtxt");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->index, 12u);
    EXPECT_EQ(n->graphId, "1");
    EXPECT_EQ(n->stage, "OptimizeOriginalGraph_FeOpFormatJudgeAfter");
    EXPECT_EQ(n->format, GeDumpFormat::OnnxText);
    n = parseGeDumpFileName("ge_proto_00000103_graph_27_PreRunAfterPrepare.txt");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->index, 103u);
    EXPECT_EQ(n->graphId, "27");
    EXPECT_EQ(n->stage, "PreRunAfterPrepare");
    EXPECT_EQ(n->format, GeDumpFormat::ProtoText);
}

TEST(GeDumpFileName, AcceptsTheSingleOpAndFiveDigitForms) {
    auto a = parseGeDumpFileName("ge_onnx_00000003_aclop_graph_0_Build.pbtxt");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->stage, "Build");
    auto b = parseGeDumpFileName("ge_proto_00000004_aclop_graph_0_Build.txt");
    ASSERT_TRUE(b);
    EXPECT_EQ(b->index, 4u);
    auto c = parseGeDumpFileName("ge_proto_00042_graph_3_PreRunBegin.txt");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->index, 42u);
    EXPECT_EQ(c->graphId, "3");
}

TEST(GeDumpFileName, RefusesOtherNames) {
    for (const char* name : {"model.onnx", "ge_onnx_graph_1_X.pbtxt", "ge_onnx_00000001_graph_1_.pbtxt",
                             "ge_onnx_00000001_graph_x_Stage.pbtxt", "ge_onnx_00000001_graph_1_Stage.txt",
                             "ge_proto_00000001_graph_1_Stage.pbtxt",
                             "ge_readable_00000001_graph_1_Stage.txt", "ge_onnx_00000001_1_Stage.pbtxt"})
        EXPECT_FALSE(parseGeDumpFileName(name)) << name;
}

TEST(GeDumpDetect, ByNameThenByContent) {
    const auto dir = scratch("detect");
    EXPECT_EQ(detectGeDump(convNet() / "ge_onnx_00000000_graph_1_PreRunBegin.pbtxt"), GeDumpFormat::OnnxText);
    EXPECT_EQ(detectGeDump(convNet() / "ge_proto_00000000_graph_1_PreRunBegin.txt"), GeDumpFormat::ProtoText);
    std::filesystem::copy_file(convNet() / "ge_onnx_00000000_graph_1_PreRunBegin.pbtxt",
                               dir / "renamed.pbtxt");
    std::filesystem::copy_file(convNet() / "ge_proto_00000000_graph_1_PreRunBegin.txt", dir / "renamed.txt");
    EXPECT_EQ(detectGeDump(dir / "renamed.pbtxt"), GeDumpFormat::OnnxText);
    EXPECT_EQ(detectGeDump(dir / "renamed.txt"), GeDumpFormat::ProtoText);
    touch(dir / "model.txt", "ir_version: 8\ngraph {\n  node {\n    op_type: \"Relu\"\n  }\n}\n");
    EXPECT_FALSE(detectGeDump(dir / "model.txt"));
    touch(dir / "empty.txt");
    EXPECT_FALSE(detectGeDump(dir / "empty.txt"));
    EXPECT_FALSE(detectGeDump(dir / "missing.pbtxt"));
    EXPECT_FALSE(detectGeDump(dir));
}

TEST(GeDumpStages, AFolderIsOneGraphInIndexOrder) {
    const GeDumpSet set = listGeDumpStages({convNet()});
    EXPECT_EQ(set.graphId, "1");
    ASSERT_EQ(set.stages.size(), 4u);
    EXPECT_EQ(set.stages[0].name.stage, "PreRunBegin");
    EXPECT_EQ(set.stages[1].name.stage, "AfterFirstInferformat");
    EXPECT_EQ(set.stages[2].name.stage, "OptimizeOriginalGraph_FeInsertTransNodeAfter");
    EXPECT_EQ(set.stages[3].name.stage, "PreRunAfterOptimize1");
    // Both formats hold four stages: the tie goes to ge_proto (it keeps subgraph owners), and the
    // ge_onnx files are skipped.
    for (const auto& s : set.stages) EXPECT_EQ(s.name.format, GeDumpFormat::ProtoText);
    ASSERT_EQ(set.skipped.size(), 4u);
    EXPECT_NE(set.skipped[0].find("ge_onnx"), std::string::npos);
    EXPECT_NE(set.skipped[0].find("uses its ge_proto files"), std::string::npos);
    EXPECT_TRUE(set.otherGraphIds.empty());
}

TEST(GeDumpStages, PicksTheGraphWithMostStagesAndOrdersByNumber) {
    const auto dir = scratch("stages");
    touch(dir / "ge_onnx_00010_graph_7_Later.pbtxt");  // index 10 in the older 5-digit form
    touch(dir / "ge_onnx_00000009_graph_7_Earlier.pbtxt");
    touch(dir / "ge_onnx_00000009_graph_7_Another.pbtxt");  // same index: stage name decides
    touch(dir / "ge_proto_00000011_graph_7_Proto.txt");
    touch(dir / "ge_onnx_00000001_graph_12_Other.pbtxt");
    touch(dir / "notes.md");
    const GeDumpSet set = listGeDumpStages({dir});
    EXPECT_EQ(set.graphId, "7");
    ASSERT_EQ(set.stages.size(), 3u);
    EXPECT_EQ(set.stages[0].name.stage, "Another");
    EXPECT_EQ(set.stages[1].name.stage, "Earlier");
    EXPECT_EQ(set.stages[2].name.stage, "Later");
    EXPECT_EQ(set.otherGraphIds, std::vector<std::string>{"12"});
    ASSERT_EQ(set.skipped.size(), 2u);  // notes.md and the ge_proto file
    const GeDumpSet other = listGeDumpStages({dir}, "12");
    ASSERT_EQ(other.stages.size(), 1u);
    EXPECT_EQ(other.stages[0].name.stage, "Other");
    EXPECT_THROW(listGeDumpStages({dir}, "99"), ModelError);
}

TEST(GeDumpStages, ProtoWinsWhenItHasMoreFilesAndFilesMayBeListed) {
    const auto dir = scratch("files");
    touch(dir / "ge_proto_00000001_graph_0_A.txt");
    touch(dir / "ge_proto_00000002_graph_0_B.txt");
    touch(dir / "ge_onnx_00000003_graph_0_C.pbtxt");
    const GeDumpSet set =
        listGeDumpStages({dir / "ge_proto_00000002_graph_0_B.txt", dir / "ge_proto_00000001_graph_0_A.txt",
                          dir / "ge_onnx_00000003_graph_0_C.pbtxt"});
    ASSERT_EQ(set.stages.size(), 2u);
    EXPECT_EQ(set.stages[0].name.stage, "A");
    EXPECT_EQ(set.stages[0].name.format, GeDumpFormat::ProtoText);
    EXPECT_EQ(set.skipped.size(), 1u);
}

TEST(GeDumpStages, NothingToShowIsAnError) {
    const auto dir = scratch("none");
    touch(dir / "a.onnx");
    EXPECT_THROW(listGeDumpStages({dir}), ModelError);
    EXPECT_THROW(listGeDumpStages({dir / "missing"}), ModelError);
}
