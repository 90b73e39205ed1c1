// What the libFuzzer targets found (tests/fuzz/targets.h, issue 38), one test per finding, each
// input made in code from the minimal case the fuzzer saved: the reader now gives the answer a
// user should get. `make fuzz` finds these again if a fix regresses; these run in `make test`.
#include <gtest/gtest.h>

#include <fstream>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "graph_equality.h"
#include "io/export_check.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "model_builders.h"

using namespace passscope;

// onnx_binary: before IR 4 every initializer is also a graph input. The export's structure for the
// read-back check (weights above 4 KB as typed inputs) declared such a weight twice, so `optimize`
// refused every IR 3 model with one: "the optimized model would not read back (value 'w' is
// produced twice ...)".
TEST(FuzzFindings, AnIr3ModelWithALargeWeightReadsBackAfterOptimize) {
    for (bool listed : {true, false}) {
        onnx::ModelProto m = test::emptyModel();
        m.set_ir_version(3);
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2048});
        test::addFloatInitializer(g, "w", {2048}, std::vector<float>(2048, 0.5f));
        if (listed) test::addTensorValue(g.mutable_input(), "w", onnx::TensorProto::FLOAT, {2048});
        test::addNode(g, "Add", {"x", "w"}, {"y"});
        test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2048});
        Model model = test::loadProto(m, "fuzz_ir3_weight");
        runPipeline(model, PipelineOptions{});
        EXPECT_EQ(io::readBackProblem(model).value_or(""), "") << (listed ? "listed" : "not listed");
        const auto out = test::freshDir("fuzz_ir3_weight_out") / "out.onnx";
        Diagnostics diag;
        io::exportModel(model, out, {}, diag);
        EXPECT_NO_THROW(io::loadModel(out));
    }
}

// pipeline: an IR 3 file whose weight is not declared as a graph input, read by a node that does
// not take its type (ConstantOfShape of a float weight), loaded with "shape inference skipped"
// and then `optimize` wrote a model its own reload refused. One verdict now: refused at load,
// with the node named.
TEST(FuzzFindings, AnIr3WeightOfAWrongTypeIsRefusedAtLoadNotAfterExport) {
    onnx::ModelProto m = test::emptyModel();
    m.set_ir_version(3);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addFloatInitializer(g, "x", {4}, std::vector<float>(4, 1.0f));
    test::addNode(g, "ConstantOfShape", {"x"}, {"y"}, "big");
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4});
    try {
        (void)test::loadProto(m, "fuzz_ir3_wrong_type");
        FAIL() << "the model loaded";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("'big' (ConstantOfShape)"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("takes tensor(int64)"), std::string::npos) << e.what();
    }
}

// pipeline: a Size node declaring three outputs (the checker warns at load, as it should for a
// file a user only wants to look at) whose extra outputs are graph outputs. DimensionComputePass
// folded it from the static input shape into one constant and removed the node, so `optimize`
// built a graph with outputs nobody produced and refused to write it ("would not read back").
// The malformed node now stays, with the reason, and the rest of the model is optimized.
TEST(FuzzFindings, AShapeOpWithExtraOutputsIsNotFoldedAway) {
    onnx::ModelProto m = test::emptyModel();
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {6});
    test::addNode(g, "Size", {"x"}, {"n", "extra_1", "extra_2"}, "size3");
    for (const char* out : {"n", "extra_1", "extra_2"})
        test::addTensorValue(g.mutable_output(), out, onnx::TensorProto::INT64, {});
    Model model = test::loadProto(m, "fuzz_size_outputs");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    EXPECT_EQ(io::readBackProblem(model).value_or(""), "");
    ASSERT_NE(test::byName(*model.graph, "size3"), nullptr) << "the node was folded away";
    bool reasonGiven = false;
    for (const JournalStep& step : journal.steps())
        for (const UnfoldedNode& u : step.unfolded)
            reasonGiven |= u.detail.find("it has 3 outputs; Size has one") != std::string::npos;
    EXPECT_TRUE(reasonGiven);
}

// pipeline: at target ge, CondRemovePass inlined an If branch whose Constant had a format but no
// known type (format refinement had marked it NCHW); the journal recorded an added node's output
// description only when it had a type, so the cursor redid the step with the format lost and the
// timeline's last step differed from the optimized graph. Now whatever differs from a new node's
// description is recorded.
TEST(FuzzFindings, ANodeAddedWithAFormatButNoTypeReplaysItsFormat) {
    Graph g;
    const NodeId x = g.addNode("Data", "", "x", 1).id();
    g.setOutputName(x, 0, "x");
    const NodeId out = g.addNode("NetOutput", "", "", 0).id();
    g.addInput(out, {x, 0, 0});
    g.setNetOutput(out);
    g.setInputs({x});
    Journal journal;
    journal.begin(g);
    journal.beginStep("inline", "test", 1);
    const NodeId c = g.addNode("Constant", "", "/preprocess/count/Constant", 1).id();
    TensorDesc untypedNchw;
    untypedNchw.originFormat = untypedNchw.storageFormat = Format::NCHW;
    g.setOutputDesc(c, 0, untypedNchw);
    g.addInput(out, {c, 0, 0});
    journal.endStep(0, {}, {});
    journal.end();
    JournalCursor cursor(journal, g);
    cursor.moveTo(0);
    cursor.moveTo(1);
    EXPECT_EQ(test::compareGraphs(g, cursor.graph()), "");
}
