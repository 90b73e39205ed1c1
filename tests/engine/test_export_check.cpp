// What `optimize` checks before writing (io/export_check.h): an export that would not read back,
// and one that fails ONNX's strict shape inference, are found on the structure in memory.
#include <gtest/gtest.h>

#include "engine_helpers.h"
#include "io/export_check.h"
#include "ir/op_types.h"
#include "model_builders.h"

using namespace passscope;
using namespace passscope::test;

TEST(ExportCheck, ASoundModelPassesBoth) {
    const Model model = loadProto(addReluModel(), "export_check_sound");
    EXPECT_EQ(io::readBackProblem(model), std::nullopt);
    EXPECT_EQ(io::strictInferenceProblem(model), std::nullopt);
}

TEST(ExportCheck, ANameDefinedTwiceDoesNotReadBack) {
    Model model = loadProto(addReluModel(), "export_check_twice");
    Graph& g = *model.graph;
    // The Add's value takes the graph input's name: the file would define "x" twice.
    const Node* add = byName(g, "add");
    ASSERT_NE(add, nullptr);
    g.setOutputName(add->id(), 0, "x");
    const auto problem = io::readBackProblem(model);
    ASSERT_TRUE(problem.has_value());
    EXPECT_NE(problem->find("'x'"), std::string::npos) << *problem;
}

TEST(ExportCheck, ADeclaredShapeTheGraphDoesNotComputeFailsStrictInference) {
    Model model = loadProto(addReluModel(), "export_check_strict");
    Graph& g = *model.graph;
    const Node* add = byName(g, "add");
    ASSERT_NE(add, nullptr);
    // x[2,3] + w[2,3] claimed to be [3,2].
    g.setOutputDesc(add->id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({3, 2})));
    const auto problem = io::strictInferenceProblem(model);
    ASSERT_TRUE(problem.has_value());
    EXPECT_NE(problem->find("differ"), std::string::npos) << *problem;
}
