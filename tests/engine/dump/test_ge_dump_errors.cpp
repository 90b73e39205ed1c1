// Bad dump files (docs/ge-dumps.md §5): each gives a ModelError naming the file and the line of
// the offending node, attribute or token; none crashes. The files are made by
// passscope-make-ge-dumps from a good stage by one edit each (tests/fixtures/ge_dumps/bad/).
#include <gtest/gtest.h>

#include "dump/ge_dump.h"
#include "engine_helpers.h"
#include "ge_dump_fixtures.h"
#include "io/model_loader.h"
#include "util/diagnostics.h"

using namespace passscope;
using passscope::test::loadError;
using namespace passscope::test::dump;

namespace {

std::filesystem::path bad(const std::string& stage, bool proto) {
    return fixtures() / "bad" /
           (proto ? "ge_proto_00000004_graph_1_" + stage + ".txt"
                  : "ge_onnx_00000004_graph_1_" + stage + ".pbtxt");
}

// The message starts with "<file>:<line>:" and says `words`.
void expectAt(const std::filesystem::path& p, int line, const std::string& words) {
    ASSERT_GT(line, 0) << "fixture lacks the expected text: " << p;
    const std::string message = loadError(p);
    EXPECT_EQ(message.rfind(p.string() + ":" + std::to_string(line) + ":", 0), 0u) << message;
    EXPECT_NE(message.find(words), std::string::npos) << message;
}

}  // namespace

TEST(GeDumpErrors, TruncatedFiles) {
    for (bool proto : {false, true}) {
        const auto p = bad("Truncated", proto);
        const std::string message = loadError(p);
        EXPECT_EQ(message.rfind(p.string() + ":", 0), 0u) << message;
        EXPECT_NE(message.find("at the end of the file: is it truncated?"), std::string::npos) << message;
    }
}

TEST(GeDumpErrors, UnknownMessageField) {
    for (bool proto : {false, true}) {
        const auto p = bad("UnknownField", proto);
        expectAt(p, lineContaining(p, "bogus_field"), "bogus_field");
    }
}

TEST(GeDumpErrors, EdgeToAMissingNode) {
    for (bool proto : {false, true}) {
        const auto p = bad("EdgeToMissingNode", proto);
        expectAt(p, lineContaining(p, "name: \"conv1\""), "names node 'nosuch'");
    }
    const auto p = bad("ControlEdgeToMissingNode", false);
    expectAt(p, lineContaining(p, "name: \"concat_dim\""), "names node 'ghost'");
}

TEST(GeDumpErrors, EdgeToAnOutputOutOfRange) {
    for (bool proto : {false, true}) {
        const auto p = bad("EdgeOutOfRange", proto);
        expectAt(p, lineContaining(p, "name: \"relu1\""), "reads output 7 of 'conv1', which has 1 output");
    }
}

TEST(GeDumpErrors, DescriptionAttributeOfTheWrongType) {
    auto p = bad("ShapeAsString", false);
    expectAt(p, lineContaining(p, "name: \"output_desc_shape:0\""), "is STRING, expected INTS");
    p = bad("JsonShapeAsString", false);
    expectAt(p, lineContaining(p, "\\\"shape\\\":\\\"1,8,16,16\\\"") - 1,
             "\"shape\" is not a list of integers");
    p = bad("OriginShapeAsString", true);
    expectAt(p, lineBefore(p, "s: \"1,3,16,16\"", "input_desc {"), "origin_shape is not a list of integers");
}

TEST(GeDumpErrors, UnknownDtypeAndFormatStrings) {
    auto p = bad("UnknownDtype", false);
    expectAt(p, lineContaining(p, "DT_NOPE") - 1, "unknown data type 'DT_NOPE'");
    p = bad("UnknownFormat", false);
    expectAt(p, lineContaining(p, "NCHW_NOPE") - 1, "unknown format 'NCHW_NOPE'");
    p = bad("UnknownFormat", true);
    expectAt(p, lineBefore(p, "NCHW_NOPE", "input_desc {"), "unknown format 'NCHW_NOPE'");
}

TEST(GeDumpErrors, SubgraphTheFileDoesNotHold) {
    const auto p = bad("MissingSubgraph", true);
    expectAt(p, lineContaining(p, "name: \"relu1\""), "owns subgraph 'no_such_graph'");
}

TEST(GeDumpErrors, EveryBadFixtureFailsCleanly) {
    size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(fixtures() / "bad")) {
        ++count;
        const std::string message = loadError(entry.path());
        EXPECT_EQ(message.rfind(entry.path().string() + ":", 0), 0u) << message;
    }
    EXPECT_EQ(count, 16u);
}
