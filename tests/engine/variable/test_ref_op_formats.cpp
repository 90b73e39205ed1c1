// The op-format table's "ref" policy (docs/ge-formats.md §9): a ref op writing a variable in place
// takes its value's storage format for the variable, the value and the ref output when the shapes
// match, so an in-place update needs no conversion of its result; otherwise it keeps the origin.
#include <gtest/gtest.h>

#include "format/format_selection_fixtures.h"
#include "formats/format_table.h"
#include "variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// v (Variable, `varDims`) ; mm = MatMul(a[16,4], b[4,2]) -> [16,2] ; Assign(v, mm) "assign" -> y
Model assignOfMatMul(const std::string& dir, const std::vector<int64_t>& varDims) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, varDims);
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {16, 4});
    addTensorValue(g.mutable_input(), "b", onnx::TensorProto::FLOAT, {4, 2});
    addNode(g, "MatMul", {"a", "b"}, {"mm"}, "matmul");
    addGeNode(g, "Assign", {"v", "mm"}, {"y"}, "assign");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, varDims);
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(RefOpFormats, AnInPlaceUpdateTakesItsValuesStorageFormat) {
    Model model = assignOfMatMul("ref_formats_match", {16, 2});
    PipelineOptions options = geOptions();
    auto run = runFormatSelection(model, options);
    const Graph& g = *model.graph;
    const Node& assign = *nodeNamed(g, "assign");
    EXPECT_EQ(assign.output(0).desc.storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(assign.output(0).desc.storageShape, dims({1, 1, 16, 16}));
    ASSERT_EQ(assign.inputDescs().size(), 2u);
    EXPECT_EQ(assign.inputDescs()[0].storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(assign.inputDescs()[1].storageFormat, Format::FRACTAL_NZ);
    // The variable is converted on the way in; the value is read as it is.
    EXPECT_EQ(producerOf(g, "assign", 0).opType(), std::string(op::kTransData));
    EXPECT_EQ(producerOf(g, "assign", 1).name(), "matmul");
}

TEST(RefOpFormats, ShapesThatDoNotMatchKeepTheOrigin) {
    Model model = assignOfMatMul("ref_formats_mismatch", {32});
    PipelineOptions options = geOptions();
    auto run = runFormatSelection(model, options);
    const Graph& g = *model.graph;
    const Node& assign = *nodeNamed(g, "assign");
    EXPECT_EQ(assign.output(0).desc.storageFormat, Format::ND);
    EXPECT_EQ(producerOf(g, "assign", 0).name(), "v");
    EXPECT_EQ(producerOf(g, "assign", 1).opType(), std::string(op::kTransData));  // NZ -> ND
}

TEST(RefOpFormats, ARefEntryWithPortsIsRefused) {
    try {
        formats::FormatTable::parse(R"({"ops": {"Assign": {"domain": "ai.passscope.ge", "policy": "ref",
                                        "inputs": {"0": "origin"}}}})",
                                    "t.json");
        FAIL() << "accepted";
    } catch (const formats::FormatTableError& e) {
        EXPECT_NE(std::string(e.what()).find("\"ref\" op takes its formats from its value input"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(formats::FormatTable::bundled().rule("AssignSub", op::kGeDomain).policy,
              formats::FormatPolicy::Ref);
}
