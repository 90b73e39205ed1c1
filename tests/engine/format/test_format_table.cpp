// The op-format table (docs/ge-formats.md §9): the bundled table says what the device accepts, a
// user's table replaces it, and a malformed one is refused with the file, the key and what was
// expected.
#include <gtest/gtest.h>

#include <fstream>

#include "formats/format_table.h"
#include "model_builders.h"

using namespace passscope;
using namespace passscope::formats;

namespace {

// The message a malformed table gives (empty when it was accepted).
std::string errorOf(const std::string& json) {
    try {
        FormatTable::parse(json, "my_table.json");
    } catch (const FormatTableError& e) {
        return e.what();
    }
    return {};
}

void expectError(const std::string& json, const std::vector<std::string>& parts) {
    const std::string message = errorOf(json);
    ASSERT_FALSE(message.empty()) << "accepted: " << json;
    for (const std::string& p : parts)
        EXPECT_NE(message.find(p), std::string::npos) << message << "\nlacks: " << p;
}

}  // namespace

TEST(FormatTable, TheBundledTableDescribesADaVinciLikeDevice) {
    const FormatTable& t = FormatTable::bundled();
    EXPECT_GT(t.size(), 20u);
    const OpFormatRule& conv = t.rule("Conv", "");
    EXPECT_EQ(conv.inputFormats(0, DataType::Float16, 4), std::vector<Format>{Format::NC1HWC0});
    EXPECT_EQ(conv.inputFormats(1, DataType::Float, 4), std::vector<Format>{Format::FRACTAL_Z});
    EXPECT_TRUE(conv.inputFormats(2, DataType::Float, 1).empty());  // bias: origin
    EXPECT_EQ(conv.outputFormats(0, DataType::Float, 4), std::vector<Format>{Format::NC1HWC0});
    EXPECT_EQ(t.rule("ConvInteger", "").inputFormats(0, DataType::Int8, 4),
              std::vector<Format>{Format::NC1HWC0});

    // MatMul: fractal for rank >= 2 only, any input.
    const OpFormatRule& matmul = t.rule("MatMul", "");
    EXPECT_EQ(matmul.inputFormats(1, DataType::Float16, 2), std::vector<Format>{Format::FRACTAL_NZ});
    EXPECT_EQ(matmul.outputFormats(0, DataType::Float16, 3), std::vector<Format>{Format::FRACTAL_NZ});
    EXPECT_TRUE(matmul.inputFormats(1, DataType::Float16, 1).empty());
    EXPECT_TRUE(matmul.inputFormats(0, DataType::Float16, std::nullopt).empty());
    EXPECT_TRUE(t.rule("Gemm", "").inputFormats(2, DataType::Float, 2).empty());

    for (const char* op :
         {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "BatchNormalization"})
        EXPECT_EQ(t.rule(op, "").inputFormats(0, DataType::Float, 4), std::vector<Format>{Format::NC1HWC0})
            << op;
    EXPECT_TRUE(t.rule("BatchNormalization", "").inputFormats(1, DataType::Float, 1).empty());
    EXPECT_TRUE(t.rule("MaxPool", "").outputFormats(1, DataType::Int64, 4).empty());  // Indices

    for (const char* op :
         {"Add",       "Sub", "Mul", "Div",  "Relu", "Sigmoid", "Tanh", "Clip", "LeakyRelu", "HardSigmoid",
          "HardSwish", "Abs", "Neg", "Sqrt", "Exp",  "Log",     "Pow",  "Max",  "Min",       "Cast"})
        EXPECT_EQ(t.rule(op, "").policy, FormatPolicy::Follow) << op;

    // Not listed, or another domain: the default, which keeps the origin.
    EXPECT_FALSE(t.has("Flatten", ""));
    EXPECT_TRUE(t.rule("Flatten", "").inputFormats(0, DataType::Float, 4).empty());
    EXPECT_FALSE(t.has("Conv", "com.example"));
    EXPECT_TRUE(t.has("Conv", "ai.onnx"));
}

TEST(FormatTable, AUserTableReplacesTheBundledOne) {
    const auto dir = test::freshDir("format_table_user");
    const auto path = dir / "table.json";
    std::ofstream(path) << R"({
      "format_table": 1,
      "default": {"outputs": {"*": {"*": ["NC1HWC0"]}}},
      "ops": {
        "MyConv": {"domain": "com.example", "min_rank": 4,
                   "inputs": {"0": {"float16": ["FRACTAL_NZ", "NC1HWC0"], "*": ["NHWC", "origin", "NC1HWC0"]}}},
        "Relu": {"policy": "table"},
        "Neg": {"policy": "follow", "comment": "why"}
      }
    })";
    auto table = FormatTable::forOptions(path.string());
    EXPECT_EQ(table->source(), path.string());
    EXPECT_EQ(table->size(), 3u);
    const OpFormatRule& mine = table->rule("MyConv", "com.example");
    EXPECT_EQ(mine.inputFormats(0, DataType::Float16, 4),
              (std::vector<Format>{Format::FRACTAL_NZ, Format::NC1HWC0}));
    // "origin" ends the list: what comes after it can never apply.
    EXPECT_EQ(mine.inputFormats(0, DataType::Float, 4), std::vector<Format>{Format::NHWC});
    EXPECT_TRUE(mine.inputFormats(0, DataType::Float16, 3).empty());
    EXPECT_TRUE(mine.inputFormats(1, DataType::Float16, 4).empty());
    // The ONNX domain's MyConv is not listed: the default rule applies.
    EXPECT_EQ(&table->rule("MyConv", ""), &table->rule("Unlisted", ""));
    EXPECT_EQ(table->rule("Unlisted", "").outputFormats(3, DataType::Int8, 4),
              std::vector<Format>{Format::NC1HWC0});
    EXPECT_EQ(table->rule("Relu", "").policy, FormatPolicy::Table);
    EXPECT_EQ(table->rule("Neg", "").policy, FormatPolicy::Follow);
    // Empty path: the bundled table.
    EXPECT_EQ(FormatTable::forOptions("").get(), &FormatTable::bundled());
}

TEST(FormatTable, AMalformedTableIsRefusedNamingFileKeyAndWhatWasExpected) {
    expectError("{ \"ops\": { \"Conv\": ", {"my_table.json", "not valid JSON"});
    expectError("[1, 2]", {"my_table.json", "expected a JSON object at the top level", "an array"});
    // A number past double (fuzz finding, format_table): json::out_of_range, not a parse_error.
    expectError("{ \"format_table\": 6.6e8888 }", {"my_table.json", "not valid JSON", "number overflow"});
    expectError(R"({"format_table": 2, "ops": {}})", {"format_table:", "table version 1", "the number 2"});
    expectError(R"({"opz": {}})", {"opz: unknown key", "ops"});
    expectError(R"({"description": "x"})", {"ops: missing"});
    expectError(R"({"ops": []})", {"ops: expected an object from op type", "an array"});
    expectError(R"({"ops": {"Conv": 3}})", {"ops.Conv: expected an object", "the number 3"});
    expectError(R"({"ops": {"Conv": {"input": {}}}})", {"ops.Conv.input: unknown key", "inputs"});
    expectError(
        R"({"ops": {"Conv": {"inputs": {"0": {"float16": ["NC1HWC"]}}}}})",
        {"my_table.json", "ops.Conv.inputs.0.float16[0]", "unknown format 'NC1HWC'", "NC1HWC0", "origin"});
    expectError(R"({"ops": {"Conv": {"inputs": {"0": {"float16": ["NC1HWC0", 7]}}}}})",
                {"ops.Conv.inputs.0.float16[1]", "expected a format name", "the number 7"});
    expectError(R"({"ops": {"Conv": {"inputs": {"0": {"float16": "NC1HWC0"}}}}})",
                {"ops.Conv.inputs.0.float16", "expected a list of format names", "the string \"NC1HWC0\""});
    expectError(R"({"ops": {"Conv": {"inputs": {"0": {"half": ["NC1HWC0"]}}}}})",
                {"ops.Conv.inputs.0.half", "unknown dtype 'half'"});
    expectError(R"({"ops": {"Conv": {"inputs": {"first": {}}}}})",
                {"ops.Conv.inputs.first", "input/output index"});
    expectError(R"({"ops": {"Conv": {"inputs": {"-1": {}}}}})", {"ops.Conv.inputs.-1", "input/output index"});
    expectError(R"({"ops": {"Conv": {"inputs": {"0": ["NC1HWC0"]}}}})",
                {"ops.Conv.inputs.0", "expected \"origin\" or an object from dtype"});
    expectError(R"({"ops": {"Conv": {"outputs": [1]}}})", {"ops.Conv.outputs", "expected an object"});
    expectError(R"({"ops": {"Relu": {"policy": "copy"}}})", {"ops.Relu.policy", "\"table\" or \"follow\""});
    expectError(R"({"ops": {"Relu": {"policy": "follow", "outputs": {}}}})",
                {"ops.Relu", "\"follow\" op takes its formats from its producer"});
    expectError(R"({"ops": {"MatMul": {"min_rank": -2}}})", {"ops.MatMul.min_rank", "non-negative integer"});
    expectError(R"({"ops": {"MatMul": {"domain": 1}}})", {"ops.MatMul.domain", "expected a string"});
    expectError(R"({"default": "origin", "ops": {}})", {"default: expected an object"});
    // A valid table is accepted.
    EXPECT_EQ(errorOf(R"({"ops": {"Relu": {"policy": "follow"}}})"), "");
}

TEST(FormatTable, AMissingOrUnreadableFileIsRefusedNamingIt) {
    const auto dir = test::freshDir("format_table_missing");
    try {
        FormatTable::forOptions((dir / "nope.json").string());
        FAIL() << "a missing table was accepted";
    } catch (const FormatTableError& e) {
        EXPECT_NE(std::string(e.what()).find("nope.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("cannot be read"), std::string::npos) << e.what();
    }
    EXPECT_THROW(FormatTable::load(dir), FormatTableError);  // a folder
    std::ofstream(dir / "bad.json") << "{\"ops\": {\"Conv\": {\"inputs\": {\"0\": {\"float\": [\"XYZ\"]}}}}}";
    try {
        FormatTable::load(dir / "bad.json");
        FAIL() << "a bad table was accepted";
    } catch (const FormatTableError& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("bad.json"), std::string::npos) << m;
        EXPECT_NE(m.find("ops.Conv.inputs.0.float[0]"), std::string::npos) << m;
    }
}
