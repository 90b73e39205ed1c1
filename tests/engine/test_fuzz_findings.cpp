// What the libFuzzer targets found (tests/fuzz/targets.h, issue 38), one test per finding, each
// input made in code from the minimal case the fuzzer saved: the reader now gives the answer a
// user should get. `make fuzz` finds these again if a fix regresses; these run in `make test`.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "graph_equality.h"
#include "io/export_check.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "io/proto_reader.h"
#include "model_builders.h"

using namespace passscope;

namespace {

// Why the loader refuses `m` (written to a fresh folder `dirName`), or "(it loaded)".
std::string loadRefusal(const onnx::ModelProto& m, const std::string& dirName) {
    try {
        (void)test::loadProto(m, dirName);
    } catch (const ModelError& e) {
        return e.what();
    }
    return "(it loaded)";
}

// Why the loader refuses a GE dump (ge_onnx text) of graph "g" holding `nodes`, written to a
// fresh folder `dirName`.
std::string geDumpRefusal(const std::string& dirName, const std::string& nodes) {
    const auto path = test::freshDir(dirName) / "ge_onnx_00000000_graph_0_Build.pbtxt";
    std::ofstream(path) << "ir_version: 6\nproducer_name: \"GE\"\ngraph {\n  name: \"g\"\n" << nodes << "}\n";
    return test::loadError(path);
}

}  // namespace

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
    const std::string error = loadRefusal(m, "fuzz_ir3_wrong_type");
    EXPECT_NE(error.find("'big' (ConstantOfShape)"), std::string::npos) << error;
    EXPECT_NE(error.find("takes tensor(int64)"), std::string::npos) << error;
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

// onnx_text: a graph output named like the graph input it returns (`x`), declared with another
// type. The declaration became the input's description (at import, and again when inference's
// view of the outputs was applied back), so `convert` wrote the float input as bool and its own
// reload refused the file. The input's declaration is the value's; the output's is warned about.
TEST(FuzzFindings, AnOutputReturningAGraphInputKeepsTheInputsType) {
    onnx::ModelProto m = test::emptyModel();
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {4, 4});
    test::addNode(g, "Relu", {"x"}, {"y"});
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4, 4});
    test::addTensorValue(g.mutable_output(), "x", onnx::TensorProto::BOOL, {3, 4, 5});
    const auto dir = test::freshDir("fuzz_output_named_like_input");
    test::writeModel(m, dir / "m.onnx");
    io::LoadResult loaded = io::loadModel(dir / "m.onnx");
    const Node* x = test::byName(*loaded.model.graph, "x");
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->outputs()[0].desc.dtype, DataType::Float);
    EXPECT_EQ(x->outputs()[0].desc.originShape, Shape({Dim::known(4), Dim::known(4)}));
    EXPECT_TRUE(
        test::anyWarningHas(loaded.diagnostics.warnings,
                            "graph output 'x' of the main graph returns the graph input of that name, typed "
                            "float [4,4], but is declared bool [3,4,5]"))
        << testing::PrintToString(loaded.diagnostics.warnings);
    Diagnostics diag;
    io::exportModel(loaded.model, dir / "out.onnx", {}, diag);
    const Model back = io::loadModel(dir / "out.onnx").model;
    EXPECT_EQ(test::byName(*back.graph, "x")->outputs()[0].desc.dtype, DataType::Float);
}

// ge_onnx: a GE dump restores the ONNX ops of the model GE compiled (domain ""), and one whose
// MaxPool lacks `kernel_shape` loaded; its ONNX export was then refused on reload. The dump
// reader now applies the ONNX reader's rules to those ops at load and names the node.
TEST(FuzzFindings, AGeDumpsOnnxOpMissingARequiredAttributeIsRefusedAtLoad) {
    const std::string error = geDumpRefusal("fuzz_ge_maxpool", R"(
  node { output: "image:0" name: "image" op_type: "ge:Data"
    attribute { name: "index" i: 0 type: INT }
    attribute { name: "output_desc_dtype:0" s: "DT_FLOAT" type: STRING }
    attribute { name: "output_desc_shape:0" ints: 1 ints: 3 ints: 8 ints: 8 type: INTS } }
  node { input: "image:0" output: "/stem/pool/MaxPool:0" name: "/stem/pool/MaxPool" op_type: "ge:MaxPool"
    attribute { name: "_passscope_domain" s: "" type: STRING }
    attribute { name: "ker:el_shape" ints: 2 ints: 2 type: INTS } }
  node { input: "/stem/pool/MaxPool:0" name: "out" op_type: "ge:NetOutput" }
)");
    EXPECT_NE(error.find("/stem/pool/MaxPool"), std::string::npos) << error;
    EXPECT_NE(error.find("kernel_shape"), std::string::npos) << error;
}

// ge_onnx: a GE dump PassScope wrote of an ONNX model, one output_desc_dtype changed to DT_INT32, so
// the restored ONNX Concat read an int32 and an int64 value. The dump loaded (its ONNX ops were
// judged by their graph inputs' types only) and its ONNX export was refused on reload. The restored
// ops are judged by every type the dump states, as the ONNX reader judges its nodes after inference.
TEST(FuzzFindings, AGeDumpsRestoredOpsAreJudgedByTheTypesTheDumpStates) {
    auto dump = [](const char* batchDtype) {
        return std::string(R"(
  node { output: "x:0" name: "x" op_type: "ge:Data"
    attribute { name: "index" i: 0 type: INT }
    attribute { name: "output_desc_dtype:0" s: "DT_INT64" type: STRING }
    attribute { name: "output_desc_shape:0" ints: 1 type: INTS } }
  node { input: "x:0" output: "/batch/Neg:0" name: "/batch/Neg" op_type: "ge:Neg"
    attribute { name: "_passscope_domain" s: "" type: STRING }
    attribute { name: "output_desc_dtype:0" s: ")") +
               batchDtype + R"(" type: STRING }
    attribute { name: "output_desc_shape:0" ints: 1 type: INTS } }
  node { input: "/batch/Neg:0" input: "x:0" output: "/target/Concat:0" name: "/target/Concat" op_type: "ge:Concat"
    attribute { name: "_passscope_domain" s: "" type: STRING }
    attribute { name: "axis" i: 0 type: INT }
    attribute { name: "output_desc_dtype:0" s: "DT_INT64" type: STRING }
    attribute { name: "output_desc_shape:0" ints: 2 type: INTS } }
  node { input: "/target/Concat:0" name: "out" op_type: "ge:NetOutput" }
)";
    };
    const std::string error = geDumpRefusal("fuzz_ge_dtypes", dump("DT_INT32"));
    EXPECT_NE(
        error.find("'/target/Concat' (Concat) in the main graph: input 0 '/batch/Neg:0' is tensor(int32) and "
                   "input 1 'x' is tensor(int64); Concat needs one type for both (T)"),
        std::string::npos)
        << error;
    EXPECT_EQ(geDumpRefusal("fuzz_ge_dtypes_agree", dump("DT_INT64")), "(no error)");
}

// ge_onnx: two nodes of a GE dump PassScope wrote name an output alike in `_passscope_value_names`
// (the value names it keeps for the ONNX export). The dump loaded, and its ONNX export was refused on
// reload ("value ... is produced twice"). Refused at load now, naming both nodes; a GE-native name
// ("<node>:<index>") taken by another node's value name is the same error.
TEST(FuzzFindings, AGeDumpNamingTwoValuesAlikeIsRefusedAtLoad) {
    struct Case {
        const char* divNames;  // Div's value names: PassScope's, or none (GE's "/scale/Div:0")
        const char* mulName;
    };
    for (const Case& c :
         {Case{R"(attribute { name: "_passscope_value_names" strings: "scaled" type: STRINGS })", "scaled"},
          Case{"", "/scale/Div:0"}}) {
        const std::string error = geDumpRefusal("fuzz_ge_value_names", R"(
  node { output: "x:0" name: "x" op_type: "ge:Data"
    attribute { name: "index" i: 0 type: INT }
    attribute { name: "output_desc_dtype:0" s: "DT_FLOAT" type: STRING }
    attribute { name: "output_desc_shape:0" ints: 4 type: INTS } }
  node { input: "x:0" input: "x:0" output: "/scale/Div:0" name: "/scale/Div" op_type: "ge:Div"
    attribute { name: "_passscope_domain" s: "" type: STRING } )" + std::string(c.divNames) +
                                                                           R"( }
  node { input: "x:0" input: "x:0" output: "/scale/Mul:0" name: "/scale/Mul" op_type: "ge:Mul"
    attribute { name: "_passscope_domain" s: "" type: STRING }
    attribute { name: "_passscope_value_names" strings: ")" + std::string(c.mulName) +
                                                                           R"(" type: STRINGS } }
  node { input: "/scale/Div:0" input: "/scale/Mul:0" name: "out" op_type: "ge:NetOutput" }
)");
        EXPECT_NE(error.find("value '" + std::string(c.mulName) + "' is produced twice"), std::string::npos)
            << error;
        EXPECT_NE(error.find("'/scale/Div' and by node '/scale/Mul'"), std::string::npos) << error;
    }
}

// pipeline: a DepthToSpace with blocksize 2^32 (here at top level; the fuzzer's was nested in If
// bodies). libonnx's inference divides the channels by blocksize * blocksize, which wraps to 0 in
// int64: SIGFPE inside libonnx, whatever the caller catches. Now refused at load like the other
// attribute rules of the guard table, naming the node; SpaceToDepth has the same attribute.
TEST(FuzzFindings, ABlocksizeWhoseSquareOverflowsIsRefusedAtLoad) {
    for (const char* op : {"DepthToSpace", "SpaceToDepth"}) {
        onnx::ModelProto m = test::emptyModel();
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 8, 2, 2});
        test::addIntAttribute(*test::addNode(g, op, {"x"}, {"y"}, "rearrange"), "blocksize",
                              int64_t{1} << 32);
        test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
        const std::string error = loadRefusal(m, "fuzz_blocksize");
        EXPECT_NE(error.find("'rearrange'"), std::string::npos) << op << ": " << error;
        EXPECT_NE(error.find("blocksize is 4294967296"), std::string::npos) << op << ": " << error;
    }
}

// onnx_binary: a Less of shapes that do not broadcast ([3,4,5] and [7]) read by a Shape. Inference
// goes on past the Less it cannot infer, and libonnx's data propagation of Shape then read the
// Less output's missing type: SEGV inside libonnx. A node whose required input has no type is
// not propagated now; the model loads, the Less's output left without a shape.
TEST(FuzzFindings, AShapeOfAValueInferenceCouldNotTypeLoads) {
    for (bool extraInput : {false, true}) {
        onnx::ModelProto m = test::emptyModel(16);  // Shape-15's propagator
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {3, 4, 5});
        test::addTensorValue(g.mutable_input(), "y", onnx::TensorProto::FLOAT, {7});
        test::addNode(g, "Less", {"x", "y"}, {"less"}, "less");
        test::addNode(g, "Equal", {"x", "y"}, {"equal"});
        if (extraInput)  // as the fuzzer wrote it: Shape has one input, the checker only warns
            test::addNode(g, "Shape", {"less", "equal"}, {"s"});
        else
            test::addNode(g, "Shape", {"less"}, {"s"});
        test::addTensorValue(g.mutable_output(), "s", onnx::TensorProto::INT64, {});
        const auto dir = test::freshDir("fuzz_shape_of_untyped");
        test::writeModel(m, dir / "m.onnx");
        io::LoadResult loaded = io::loadModel(dir / "m.onnx");
        const Node* less = test::byName(*loaded.model.graph, "less");
        ASSERT_NE(less, nullptr);
        EXPECT_FALSE(less->output(0).desc.originShape.rankKnown());  // inference could not shape it
    }
}

// onnx_text: a node of the ONNX domain whose op type is "NetOutput" (a mutated Transpose) was read
// as the IR's structural node of that name: its output vanished on export and the LogSoftmax
// reading it had no producer. Data, Const, FileConstant and NetOutput are not ONNX ops; a file's
// node of such a type is refused at load, naming it, wherever it is.
TEST(FuzzFindings, AnOnnxNodeNamedLikeAStructuralNodeIsRefused) {
    for (const char* type : {"NetOutput", "Data", "Const", "FileConstant"}) {
        onnx::ModelProto m = test::emptyModel();
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
        test::addNode(g, type, {"x"}, {"t"}, "transpose");
        test::addNode(g, "LogSoftmax", {"t"}, {"y"});
        test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
        const std::string error = loadRefusal(m, "fuzz_structural_type");
        EXPECT_NE(error.find("node 'transpose' (" + std::string(type) +
                             ") in the main graph: ONNX defines no op " + type),
                  std::string::npos)
            << error;
    }
}

// pipeline: shape inference stops at a node of a domain the model does not import (an STFT of
// com.microsoft), so the ConstantOfShape after it, fed a float initializer, was never judged and
// the model loaded; `optimize` removed the unread STFT and wrote a model its own reload refused.
// The types the file writes down now judge the nodes inference did not reach: refused at load.
TEST(FuzzFindings, NodesAfterWhereInferenceStoppedAreJudgedByTheFilesTypes) {
    onnx::ModelProto m = test::emptyModel();
    onnx::GraphProto& g = *m.mutable_graph();
    test::addFloatInitializer(g, "x", {4}, std::vector<float>(4, 1.0f));
    test::addNode(g, "STFT", {"x"}, {"s"}, "shape")->set_domain("com.microsoft");
    test::addNode(g, "ConstantOfShape", {"x"}, {"y"}, "big");
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    const std::string error = loadRefusal(m, "fuzz_stopped_inference");
    EXPECT_NE(error.find("'big' (ConstantOfShape)"), std::string::npos) << error;
    EXPECT_NE(error.find("takes tensor(int64)"), std::string::npos) << error;
}

// pipeline: in an IR 3 model, an If's branch holds its own initializer `c`, a string, shadowing
// the main graph's boolean `c`, and an If inside the branch reads `c`. The engine binds the
// innermost `c` (ONNX's scoping), but libonnx's inference typed it by the main graph's, so the
// model loaded; once CondRemovePass inlined the branch, the reload refused the string condition.
// The loader now judges nodes by the types as the engine binds them: refused at load.
TEST(FuzzFindings, AShadowingSubgraphInitializerIsJudgedAsTheEngineBindsIt) {
    onnx::ModelProto m = test::emptyModel(7);
    m.set_ir_version(3);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::BOOL, {2});
    onnx::TensorProto& c = *g.add_initializer();
    c.set_name("c");
    c.set_data_type(onnx::TensorProto::BOOL);
    c.set_raw_data(std::string(1, '\0'));
    onnx::NodeProto& outer = *test::addNode(g, "If", {"c"}, {"y"}, "outer");
    onnx::GraphProto& then = *test::addBody(outer, "then_branch");
    onnx::TensorProto& shadow = *then.add_initializer();
    shadow.set_name("c");
    shadow.set_data_type(onnx::TensorProto::STRING);
    shadow.add_string_data("yes");
    onnx::NodeProto& inner = *test::addNode(then, "If", {"c"}, {"t"}, "inner");
    for (const char* branch : {"then_branch", "else_branch"}) {
        onnx::GraphProto& b = *test::addBody(inner, branch);
        test::addNode(b, "Not", {"x"}, {"n"});
        test::addTensorValue(b.mutable_output(), "n", onnx::TensorProto::BOOL, {2});
    }
    test::addTensorValue(then.mutable_output(), "t", onnx::TensorProto::BOOL, {2});
    onnx::GraphProto& otherwise = *test::addBody(outer, "else_branch");
    test::addNode(otherwise, "Not", {"x"}, {"e"});
    test::addTensorValue(otherwise.mutable_output(), "e", onnx::TensorProto::BOOL, {2});
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::BOOL, {2});
    const std::string error = loadRefusal(m, "fuzz_shadowing_initializer");
    EXPECT_NE(error.find("'inner' (If)"), std::string::npos) << error;
    EXPECT_NE(error.find("is tensor(string); If takes tensor(bool)"), std::string::npos) << error;
}

// pipeline: an If whose then-branch declares its output `r` int64 over a float ReduceSum. The
// declaration stopped libonnx's inference ("Inferred elem type differs"), stood in for the value,
// and CondRemovePass carried it onto the If's output: the optimized model's reload refused the
// Relu reading `r`. Subgraph outputs are now reconciled as the main graph's are: the computed
// type wins, with a warning, and the optimized model reads back.
TEST(FuzzFindings, ABranchOutputDeclaredAgainstItsComputationKeepsTheComputedType) {
    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addFloatInitializer(g, "x", {3, 4}, std::vector<float>(12, 1.0f));
    onnx::TensorProto& cond = *g.add_initializer();
    cond.set_name("cond");
    cond.set_data_type(onnx::TensorProto::BOOL);
    cond.set_raw_data(std::string(1, '\1'));
    onnx::NodeProto& branching = *test::addNode(g, "If", {"cond"}, {"r"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        onnx::GraphProto& b = *test::addBody(branching, branch);
        test::addNode(b, "ReduceSum", {"x"}, {"r"}, "reduce");
        onnx::ValueInfoProto& out = *b.add_output();
        out.set_name("r");
        if (std::string(branch) == "then_branch")
            out.mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::INT64);
    }
    test::addNode(g, "Relu", {"r"}, {"y"}, "relu");
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 1});
    const auto dir = test::freshDir("fuzz_branch_output_declared");
    test::writeModel(m, dir / "m.onnx");
    io::LoadResult loaded = io::loadModel(dir / "m.onnx");
    EXPECT_TRUE(test::anyWarningHas(loaded.diagnostics.warnings, "graph output 'r' is declared int64"))
        << testing::PrintToString(loaded.diagnostics.warnings);
    runPipeline(loaded.model, PipelineOptions{});
    EXPECT_EQ(io::readBackProblem(loaded.model).value_or(""), "");
    Diagnostics diag;
    io::exportModel(loaded.model, dir / "out.onnx", {}, diag);
    EXPECT_NO_THROW(io::loadModel(dir / "out.onnx"));
}

// pipeline: an STFT fed, through nested Ifs (eight in the fuzzer's input), a Reshape of its signal to rank 1
// by a main-graph initializer. libonnx infers a subgraph without the enclosing graphs' constant values, so
// the branch's Reshape had no shape, the STFT was judged without its input's rank and the model loaded;
// CondRemovePass inlined the branches, and the optimized model's reload refused the STFT. Subgraphs now see
// the small constants of the enclosing graphs during inference: refused at load, and a branch computing a
// valid shape gets it.
TEST(FuzzFindings, ASubgraphIsInferredWithTheEnclosingGraphsConstants) {
    auto model = [](const char* reader) {
        onnx::ModelProto m = test::emptyModel(17);
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 16, 1});
        onnx::TensorProto& shape = *g.add_initializer();
        shape.set_name("shape");
        shape.set_data_type(onnx::TensorProto::INT64);
        shape.add_dims(1);
        shape.add_int64_data(16);
        onnx::TensorProto& cond = *g.add_initializer();
        cond.set_name("cond");
        cond.set_data_type(onnx::TensorProto::BOOL);
        cond.set_raw_data(std::string(1, '\1'));
        onnx::TensorProto& step = *g.add_initializer();
        step.set_name("step");
        step.set_data_type(onnx::TensorProto::INT64);
        step.add_int64_data(4);
        // Two levels of If: the inner branches read `shape` through a graph that does not.
        std::function<void(onnx::NodeProto&, int)> branches = [&](onnx::NodeProto& branching, int depth) {
            for (const char* branch : {"then_branch", "else_branch"}) {
                onnx::GraphProto& b = *test::addBody(branching, branch);
                const std::string out = "flat" + std::to_string(depth);
                if (depth == 0)
                    test::addNode(b, "Reshape", {"x", "shape"}, {out}, "flat");
                else
                    branches(*test::addNode(b, "If", {"cond"}, {out}, "if" + std::to_string(depth)),
                             depth - 1);
                b.add_output()->set_name(out);
            }
        };
        branches(*test::addNode(g, "If", {"cond"}, {"signal"}, "if"), 1);
        if (std::string(reader) == "STFT")
            test::addNode(g, "STFT", {"signal", "step"}, {"y"}, "stft");
        else
            test::addNode(g, reader, {"signal"}, {"y"}, "reader");
        g.add_output()->set_name("y");
        return m;
    };
    const std::string error = loadRefusal(model("STFT"), "fuzz_subgraph_outer_constant");
    EXPECT_NE(error.find("'stft' (STFT)"), std::string::npos) << error;
    EXPECT_NE(error.find("has rank 1; STFT needs rank 3"), std::string::npos) << error;

    const Model loaded = test::loadProto(model("Relu"), "fuzz_subgraph_outer_constant_ok");
    const NodeOutput* signal = nullptr;
    for (const Node* n : loaded.graph->nodes())
        for (const NodeOutput& o : n->outputs())
            if (o.name == "signal") signal = &o;
    ASSERT_NE(signal, nullptr);
    EXPECT_EQ(signal->desc.originShape.toString(), "[16]");
}

// pipeline: an If whose then-branch subtracts a float from an int64 (the batch size a Gather took
// from a Shape), read through Div by a Conv. The branches disagree on the type, so inference left
// the If's output untyped and nothing after it was judged; CondRemovePass inlined the branch, the
// Sub's output took its first input's type, and the reload refused the Conv's int64 input. The
// inputs a type parameter names must now bind one type, as ONNX Runtime requires: refused at load,
// naming the Sub, in a branch as in the main graph.
TEST(FuzzFindings, InputsOfOneTypeParameterMustShareTheirType) {
    for (bool inBranch : {true, false}) {
        onnx::ModelProto m = test::emptyModel(13);
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
        test::addTensorValue(g.mutable_input(), "k", onnx::TensorProto::INT64, {2});
        if (inBranch) {
            onnx::TensorProto& cond = *g.add_initializer();
            cond.set_name("cond");
            cond.set_data_type(onnx::TensorProto::BOOL);
            cond.set_raw_data(std::string(1, '\1'));
            onnx::NodeProto& branching = *test::addNode(g, "If", {"cond"}, {"d"}, "if");
            onnx::GraphProto& then = *test::addBody(branching, "then_branch");
            test::addNode(then, "Sub", {"k", "x"}, {"t"}, "sub");
            then.add_output()->set_name("t");
            onnx::GraphProto& otherwise = *test::addBody(branching, "else_branch");
            test::addNode(otherwise, "Sub", {"x", "x"}, {"e"}, "same");
            otherwise.add_output()->set_name("e");
        } else {
            test::addNode(g, "Sub", {"k", "x"}, {"d"}, "sub");
        }
        test::addNode(g, "Relu", {"d"}, {"y"}, "relu");
        g.add_output()->set_name("y");
        const std::string error = loadRefusal(m, "fuzz_type_parameter");
        EXPECT_NE(error.find("'sub' (Sub)"), std::string::npos) << inBranch << ": " << error;
        EXPECT_NE(error.find("input 0 'k' is tensor(int64) and input 1 'x' is tensor(float); Sub needs one "
                             "type for both (T)"),
                  std::string::npos)
            << inBranch << ": " << error;
    }
}

// pipeline: the LayerNormalization conformance model with its `Normalized` value computed by nested
// constant Ifs, one of whose untaken branches declared that output a sequence, and a ConstantOfShape
// reading it. The declaration stood in for the branch's float Div, the branches disagreed, libonnx
// left the If's output untyped and the ConstantOfShape went unjudged; CondRemovePass inlined the
// then-branch and the optimized model's reload refused the ConstantOfShape. The readers of an If
// whose condition is a constant are now judged by the branch it takes, as CondRemovePass makes it,
// and every kind of output declaration gives way to the computed type.
TEST(FuzzFindings, ReadersOfAConstantIfAreJudgedByTheBranchItTakes) {
    enum class Else { DeclaredSequence, Casts };
    auto model = [](Else otherwise, const std::string& reader, bool condition) {
        onnx::ModelProto m = test::emptyModel(17);
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
        onnx::TensorProto& cond = *g.add_initializer();
        cond.set_name("cond");
        cond.set_data_type(onnx::TensorProto::BOOL);
        cond.set_raw_data(std::string(1, condition ? '\1' : '\0'));
        // The reader comes first, as in the fuzzer's input: node order is not the cause.
        test::addNode(g, reader, {"n"}, {"y"}, "reader");
        onnx::NodeProto& branching = *test::addNode(g, "If", {"cond"}, {"n"}, "if");
        onnx::GraphProto& then = *test::addBody(branching, "then_branch");
        test::addNode(then, "Div", {"x", "x"}, {"n"}, "div");
        then.add_output()->set_name("n");
        onnx::GraphProto& elseBranch = *test::addBody(branching, "else_branch");
        onnx::ValueInfoProto& out = *elseBranch.add_output();
        out.set_name("n");
        if (otherwise == Else::Casts) {
            test::addIntAttribute(*test::addNode(elseBranch, "Cast", {"x"}, {"n"}, "cast"), "to",
                                  onnx::TensorProto::INT64);
        } else {
            test::addNode(elseBranch, "Div", {"x", "x"}, {"n"}, "div");
            out.mutable_type()
                ->mutable_sequence_type()
                ->mutable_elem_type()
                ->mutable_tensor_type()
                ->set_elem_type(onnx::TensorProto::UINT16);
        }
        g.add_output()->set_name("y");
        return m;
    };
    const std::string floatRefused = "input 0 'n' is tensor(float); ConstantOfShape takes tensor(int64)";
    std::string error =
        loadRefusal(model(Else::DeclaredSequence, "ConstantOfShape", true), "fuzz_branch_sequence");
    EXPECT_NE(error.find("'reader' (ConstantOfShape)"), std::string::npos) << error;
    EXPECT_NE(error.find(floatRefused), std::string::npos) << error;
    // Branches computing different types: the one taken decides.
    error = loadRefusal(model(Else::Casts, "ConstantOfShape", true), "fuzz_branch_taken_float");
    EXPECT_NE(error.find(floatRefused), std::string::npos) << error;
    EXPECT_EQ(loadRefusal(model(Else::Casts, "ConstantOfShape", false), "fuzz_branch_taken_int64"),
              "(it loaded)");

    // A declaration that only contradicts its computation is reported, and the computed type is what
    // the passes carry: the optimized model reads back.
    const auto dir = test::freshDir("fuzz_branch_sequence_ok");
    test::writeModel(model(Else::DeclaredSequence, "Relu", false), dir / "m.onnx");
    io::LoadResult loaded = io::loadModel(dir / "m.onnx");
    EXPECT_TRUE(test::anyWarningHas(loaded.diagnostics.warnings,
                                    "graph output 'n' is declared seq(tensor(uint16)) but the graph computes "
                                    "tensor(float)"))
        << testing::PrintToString(loaded.diagnostics.warnings);
    runPipeline(loaded.model, PipelineOptions{});
    Diagnostics diag;
    io::exportModel(loaded.model, dir / "out.onnx", {}, diag);
    EXPECT_NO_THROW(io::loadModel(dir / "out.onnx"));
}

// onnx_binary, replaying the corpus on a first form of the fix above (which refused an If whose
// branches' types differ): an If whose one branch has no known type (an op libonnx does not know)
// and whose other gives uint8 loaded untyped, but libonnx types it from the known branch when the
// branch output is written with an empty type, as the export writes it, so the reload saw uint8
// against the enclosing If's int32 branch and refused what loaded. Judging only Ifs whose
// condition is constant, by the branch taken, judges the model alike at load and at reload.
TEST(FuzzFindings, ABranchTypedFromOneSideIsJudgedAlikeAtLoadAndReload) {
    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::UINT8, {2});
    test::addTensorValue(g.mutable_input(), "c", onnx::TensorProto::BOOL, {});
    onnx::NodeProto& outer = *test::addNode(g, "If", {"c"}, {"y"}, "outer");
    onnx::GraphProto& outerThen = *test::addBody(outer, "then_branch");
    onnx::NodeProto& inner = *test::addNode(outerThen, "If", {"c"}, {"y"}, "inner");
    outerThen.add_output()->set_name("y");
    onnx::GraphProto& innerThen = *test::addBody(inner, "then_branch");
    test::addNode(innerThen, "NoSuchOp", {"x"}, {"y"}, "unknown");
    innerThen.add_output()->set_name("y");
    onnx::GraphProto& innerElse = *test::addBody(inner, "else_branch");
    test::addNode(innerElse, "Identity", {"x"}, {"y"}, "same");
    innerElse.add_output()->set_name("y");
    onnx::GraphProto& outerElse = *test::addBody(outer, "else_branch");
    test::addIntAttribute(*test::addNode(outerElse, "Cast", {"x"}, {"y"}, "widen"), "to",
                          onnx::TensorProto::INT32);
    outerElse.add_output()->set_name("y");
    g.add_output()->set_name("y");
    const Model loaded = test::loadProto(m, "fuzz_branch_one_side");
    const auto dir = test::freshDir("fuzz_branch_one_side_out");
    Diagnostics diag;
    io::exportModel(loaded, dir / "out.onnx", {}, diag);
    EXPECT_NO_THROW(io::loadModel(dir / "out.onnx"));
}

// pipeline, replaying the corpus on that first form: a branch computing an int64 Shape
// under a complex128 declaration loaded with "the computed type is used", but the graph's NetOutput
// kept the declaration, which export writes: the optimized model's If declared a complex128 branch
// against an int64 one, and its reload refused it. The declaration an output keeps is now the
// computed type too.
TEST(FuzzFindings, AContradictedOutputDeclarationIsNotWrittenBack) {
    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    test::addTensorValue(g.mutable_input(), "c", onnx::TensorProto::BOOL, {});
    onnx::NodeProto& branching = *test::addNode(g, "If", {"c"}, {"r"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        onnx::GraphProto& b = *test::addBody(branching, branch);
        const std::string out = std::string(branch) + "_shape";
        test::addNode(b, "Shape", {"x"}, {out}, out);
        onnx::ValueInfoProto& declared = *b.add_output();
        declared.set_name(out);
        if (std::string(branch) == "then_branch")
            declared.mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::COMPLEX128);
    }
    test::addNode(g, "Reshape", {"x", "r"}, {"y"}, "reshape");
    g.add_output()->set_name("y");
    const auto dir = test::freshDir("fuzz_declaration_written_back");
    test::writeModel(m, dir / "m.onnx");
    io::LoadResult loaded = io::loadModel(dir / "m.onnx");
    EXPECT_TRUE(test::anyWarningHas(
        loaded.diagnostics.warnings,
        "graph output 'then_branch_shape' is declared complex128 ? but the graph computes int64 [2]"))
        << testing::PrintToString(loaded.diagnostics.warnings);
    runPipeline(loaded.model, PipelineOptions{});
    Diagnostics diag;
    io::exportModel(loaded.model, dir / "out.onnx", {}, diag);
    onnx::ModelProto written;
    io::readModelProto(dir / "out.onnx", written);
    for (const auto& a : written.graph().node(0).attribute())
        EXPECT_EQ(a.g().output(0).type().tensor_type().elem_type(), onnx::TensorProto::INT64) << a.name();
    EXPECT_EQ(test::loadError(dir / "out.onnx"), "(no error)");
}

// pipeline: a model importing the ONNX domain twice (opsets 6 and 0). The guard table and libonnx
// judged its nodes by the last import (0: no schema, so an Add with one input went unjudged) while
// the engine computed by the first, and folding the Add read a second input that was not there.
// A domain imported twice is refused at load, under either of its names.
TEST(FuzzFindings, ADomainImportedTwiceIsRefusedAtLoad) {
    for (const char* alias : {"", "ai.onnx"}) {
        onnx::ModelProto m = test::addReluModel();
        onnx::OperatorSetIdProto& again = *m.add_opset_import();
        again.set_domain(alias);
        again.set_version(0);
        const std::string error = loadRefusal(m, "fuzz_opset_twice");
        EXPECT_NE(error.find("twice (opset "), std::string::npos) << alias << ": " << error;
        EXPECT_NE(error.find("and opset 0); a domain has one opset version"), std::string::npos) << error;
    }
}

// pipeline: a node calling model-local function 'Self' (one input) with none. libonnx's inference
// read the call's input 0 and stopped for the whole model ("Input 0 is out of bounds"), so the
// nodes after it went unjudged; folding gave them types and the optimized model's reload refused a
// Sub of uint64 and float. A call must give the inputs and outputs its function declares.
TEST(FuzzFindings, AFunctionCallGivingFewerInputsThanItsFunctionIsRefused) {
    onnx::ModelProto m = test::addReluModel();
    onnx::OperatorSetIdProto& local = *m.add_opset_import();
    local.set_domain("local");
    local.set_version(1);
    onnx::FunctionProto& f = *m.add_functions();
    f.set_name("Self");
    f.set_domain("local");
    f.add_input("a");
    f.add_output("b");
    *f.add_opset_import() = m.opset_import(0);
    onnx::NodeProto& body = *f.add_node();
    body.set_op_type("Identity");
    body.add_input("a");
    body.add_output("b");
    onnx::NodeProto& call = *test::addNode(*m.mutable_graph(), "Self", {}, {"unused"}, "call");
    call.set_domain("local");
    const std::string error = loadRefusal(m, "fuzz_function_call_inputs");
    EXPECT_NE(error.find("node 'call' (Self) in the main graph: it calls model-local function 'Self' with 0 "
                         "inputs and 1 outputs; the function declares 1 and 1"),
              std::string::npos)
        << error;
}

// pipeline: a node of a domain the model does not import (com.microsoft) stopped libonnx's
// inference for the whole model, and the nodes after it went unjudged at load. Inference now goes
// on past it: a ConstantOfShape fed a float after it is refused at load.
TEST(FuzzFindings, InferenceGoesOnPastANodeOfAnUnimportedDomain) {
    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    test::addNode(g, "Unsqueeze", {"x"}, {"u"}, "contrib")->set_domain("com.microsoft");
    test::addFloatInitializer(g, "shape", {1}, {3.0f});
    test::addNode(g, "Abs", {"shape"}, {"s"}, "abs");
    test::addNode(g, "ConstantOfShape", {"s"}, {"y"}, "fill");
    g.add_output()->set_name("y");
    g.add_output()->set_name("u");
    const std::string error = loadRefusal(m, "fuzz_unimported_domain");
    EXPECT_NE(error.find("'fill' (ConstantOfShape)"), std::string::npos) << error;
    EXPECT_NE(error.find("is tensor(float); ConstantOfShape takes tensor(int64)"), std::string::npos)
        << error;
}

// pipeline (timeout): a Conv padded by 2^40 feeding a MaxPool with auto_pad and no pads. libonnx
// 1.12 finds SAME padding by subtracting the stride from the spatial dim one step at a time, so
// the load spent 196 s in convPoolShapeInference. A dim that needs over 2^31 such steps is refused
// before libonnx sees it, whether the dim is declared or inferred; VALID padding and explicit pads
// take no steps and load.
TEST(FuzzFindings, SamePaddingOverAHugeSpatialDimIsRefusedNotSteppedThrough) {
    auto ints = [](onnx::NodeProto& n, const std::string& name, const std::vector<int64_t>& values) {
        onnx::AttributeProto& a = *n.add_attribute();
        a.set_name(name);
        a.set_type(onnx::AttributeProto::INTS);
        for (int64_t v : values) a.add_ints(v);
    };
    auto pooled = [&](bool inferredDim, const std::string& autoPad, bool explicitPads) {
        onnx::ModelProto m = test::emptyModel(13);
        onnx::GraphProto& g = *m.mutable_graph();
        const int64_t huge = int64_t{1} << 40;
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT,
                             {1, 1, inferredDim ? 6 : huge, 6});
        std::string pooledInput = "x";
        if (inferredDim) {
            test::addFloatInitializer(g, "k", {1, 1, 3, 3}, std::vector<float>(9, 0.5f));
            onnx::NodeProto& conv = *test::addNode(g, "Conv", {"x", "k"}, {"c"}, "conv");
            ints(conv, "kernel_shape", {3, 3});
            ints(conv, "pads", {1, 1, huge, 1});
            pooledInput = "c";
        }
        onnx::NodeProto& pool = *test::addNode(g, "MaxPool", {pooledInput}, {"y"}, "pool");
        ints(pool, "kernel_shape", {2, 2});
        ints(pool, "strides", {2, 2});
        onnx::AttributeProto& pad = *pool.add_attribute();
        pad.set_name("auto_pad");
        pad.set_type(onnx::AttributeProto::STRING);
        pad.set_s(autoPad);
        if (explicitPads) {
            pool.mutable_attribute()->RemoveLast();
            ints(pool, "pads", {0, 0, 0, 0});
        }
        g.add_output()->set_name("y");
        return m;
    };
    for (bool inferredDim : {false, true}) {
        const std::string error =
            loadRefusal(pooled(inferredDim, "SAME_UPPER", false), "fuzz_same_pad_steps");
        EXPECT_NE(error.find("'pool' (MaxPool)"), std::string::npos) << error;
        EXPECT_NE(
            error.find(" elements on axis 2; libonnx shape inference finds SAME padding in dim / stride "
                       "steps, over 2^31 here"),
            std::string::npos)
            << error;
        EXPECT_EQ(loadRefusal(pooled(inferredDim, "VALID", false), "fuzz_same_pad_valid"), "(it loaded)");
        EXPECT_EQ(loadRefusal(pooled(inferredDim, "", true), "fuzz_same_pad_explicit"), "(it loaded)");
    }
}

// pipeline: a ReduceMean at opset 21 carrying an axes attribute (an input since opset 18) over a
// rank-1 int64 value. libonnx, whose newest ReduceMean is 13, read the attribute, found axis 1 out
// of range and left the output untyped; the kernel, reading the input as opset 21 defines, folded
// it to int64, and the optimized model's reload refused the float Sub reading it. An attribute an
// op lost when it became an input is refused where the input decides, as ONNX Runtime refuses it;
// before that opset it is the op's own attribute and loads.
TEST(FuzzFindings, AnAttributeThatBecameAnInputIsRefusedWhereTheInputDecides) {
    auto reduce = [](const std::string& op, int opset) {
        onnx::ModelProto m = test::emptyModel(opset);
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3, 4});
        onnx::NodeProto& n = *test::addNode(g, op, {"x"}, {"y"}, "reduce");
        onnx::AttributeProto& axes = *n.add_attribute();
        axes.set_name("axes");
        axes.set_type(onnx::AttributeProto::INTS);
        axes.add_ints(1);
        g.add_output()->set_name("y");
        return m;
    };
    const std::string mean21 = loadRefusal(reduce("ReduceMean", 21), "fuzz_moved_attribute");
    EXPECT_NE(mean21.find("'reduce' (ReduceMean)"), std::string::npos) << mean21;
    EXPECT_NE(mean21.find("it has an attribute axes, which ReduceMean lost at opset 18 when axes became an "
                          "input; at opset 21 the input decides and ONNX Runtime refuses the attribute"),
              std::string::npos)
        << mean21;
    // From libonnx's own schema history: ReduceSum's axes moved at 13, Squeeze's too.
    const std::string sum13 = loadRefusal(reduce("ReduceSum", 13), "fuzz_moved_attribute");
    EXPECT_NE(sum13.find("which ReduceSum lost at opset 13"), std::string::npos) << sum13;
    const std::string squeeze = loadRefusal(reduce("Squeeze", 13), "fuzz_moved_attribute");
    EXPECT_NE(squeeze.find("which Squeeze lost at opset 13"), std::string::npos) << squeeze;
    EXPECT_EQ(loadRefusal(reduce("ReduceMean", 17), "fuzz_moved_attribute"), "(it loaded)");
    EXPECT_EQ(loadRefusal(reduce("ReduceSum", 11), "fuzz_moved_attribute"), "(it loaded)");
}

// pipeline: an IR 3 model (every initializer also a graph input, as IR 3 requires) whose If reads
// a constant true condition, its then-branch declaring double over a float MatMul that inference
// cannot type. The importer makes an IR 3 initializer a constant and CondRemovePass inlined the
// branch, but the loader's walk judged the condition as an overridable input, so the If's readers
// were judged by neither branch, and the optimized model's reload refused Mul(double, float). Now
// the taken branch decides at load; from IR 4 a listed initializer is an input's default and the
// If stays.
TEST(FuzzFindings, AnIr3InitializerIsAConstantConditionAtLoadAsInThePipeline) {
    auto model = [](int irVersion) {
        onnx::ModelProto m = test::emptyModel(13);
        m.set_ir_version(irVersion);
        onnx::GraphProto& g = *m.mutable_graph();
        test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
        onnx::TensorProto& cond = *g.add_initializer();
        cond.set_name("cond");
        cond.set_data_type(onnx::TensorProto::BOOL);
        cond.set_raw_data(std::string(1, '\1'));
        test::addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
        onnx::NodeProto& branching = *test::addNode(g, "If", {"cond"}, {"r"}, "if");
        onnx::GraphProto& then = *test::addBody(branching, "then_branch");
        test::addNode(then, "MatMul", {"x", "x"}, {"t"}, "matmul");  // [2,3]·[2,3]: inference fails
        test::addTensorValue(then.mutable_output(), "t", onnx::TensorProto::DOUBLE, {});
        then.mutable_output(0)->mutable_type()->mutable_tensor_type()->clear_shape();
        onnx::GraphProto& otherwise = *test::addBody(branching, "else_branch");
        test::addNode(otherwise, "Identity", {"x"}, {"e"}, "identity");
        otherwise.add_output()->set_name("e");
        test::addNode(g, "Mul", {"r", "x"}, {"y"}, "mul");
        g.add_output()->set_name("y");
        return m;
    };
    const std::string ir3 = loadRefusal(model(3), "fuzz_ir3_constant_condition");
    EXPECT_NE(ir3.find("node 'mul' (Mul) in the main graph: input 0 'r' is tensor(double) and input 1 'x' is "
                       "tensor(float); Mul needs one type for both"),
              std::string::npos)
        << ir3;
    EXPECT_EQ(loadRefusal(model(4), "fuzz_ir4_input_condition"), "(it loaded)");
}
