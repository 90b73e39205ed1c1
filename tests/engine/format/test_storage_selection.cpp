// StorageFormatSelectionPass and PrepareRunningFormatRefiner (docs/ge-formats.md §5, §9): storage
// formats and shapes per tensor from the op-format table, what each consumer expects, and the
// user's storage formats of graph inputs and outputs.
#include <gtest/gtest.h>

#include <fstream>

#include "format_selection_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

const TensorDesc& outDesc(const Graph& g, const std::string& node, size_t j = 0) {
    const Node* n = nodeNamed(g, node);
    if (!n) throw std::runtime_error("no node " + node);
    return n->output(j).desc;
}

const TensorDesc& expectedOf(const Graph& g, const std::string& node, size_t i) {
    const Node* n = nodeNamed(g, node);
    if (!n || i >= n->inputDescs().size()) throw std::runtime_error("no input description " + node);
    return n->inputDescs()[i];
}

// Runs only the selection (no insertion), so what it chose can be read before TransData exists.
void select(Model& model, const PipelineOptions& options) {
    PassManager manager(model, options);
    if (options.verifyEach) manager.addInstrumentation(std::make_shared<VerifierInstrument>());
    PrepareRunningFormatRefinerPass prepare;
    StorageFormatSelectionPass selection;
    manager.run(*model.graph, [&] {
        manager.runPass(prepare, *model.graph, "Prepare", 1);
        manager.runPass(selection, *model.graph, "FormatSelection", 1);
    });
}

}  // namespace

TEST(StorageSelection, ConvReluPoolFlattenGemmGetTheTablesFormats) {
    Model model = loadFormatModel(convGemmModel(), "select_conv_gemm");
    select(model, PipelineOptions{});
    const Graph& g = *model.graph;
    // Conv, the Relu following it and MaxPool: NC1HWC0 (float: C0 = 16, C = 4 padded to 16).
    EXPECT_EQ(outDesc(g, "conv").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(g, "conv").storageShape, dims({1, 1, 8, 8, 16}));
    EXPECT_EQ(outDesc(g, "conv").originFormat, Format::NCHW);  // never the origin
    EXPECT_EQ(outDesc(g, "conv").originShape, dims({1, 4, 8, 8}));
    EXPECT_EQ(outDesc(g, "relu").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(g, "relu").storageShape, dims({1, 1, 8, 8, 16}));
    EXPECT_EQ(outDesc(g, "pool").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(g, "pool").storageShape, dims({1, 1, 4, 4, 16}));
    // Flatten is not in the table: origin. Gemm: FRACTAL_NZ [ceil(10/16), ceil(1/16), 16, 16].
    EXPECT_EQ(outDesc(g, "flatten").storageFormat, Format::ND);
    EXPECT_EQ(outDesc(g, "flatten").storageShape, dims({1, 64}));
    EXPECT_EQ(outDesc(g, "gemm").storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(outDesc(g, "gemm").storageShape, dims({1, 1, 16, 16}));
    // Data and Const keep their storage.
    EXPECT_EQ(outDesc(g, "x").storageFormat, Format::NCHW);
    EXPECT_EQ(outDesc(g, "w").storageFormat, Format::NCHW);
    EXPECT_EQ(outDesc(g, "W").storageFormat, Format::ND);

    // What each consumer expects: the producer's origin, stored as chosen.
    const TensorDesc& convData = expectedOf(g, "conv", 0);
    EXPECT_EQ(convData.originFormat, Format::NCHW);
    EXPECT_EQ(convData.originShape, dims({1, 3, 8, 8}));
    EXPECT_EQ(convData.storageFormat, Format::NC1HWC0);
    EXPECT_EQ(convData.storageShape, dims({1, 1, 8, 8, 16}));
    const TensorDesc& convWeight = expectedOf(g, "conv", 1);
    EXPECT_EQ(convWeight.storageFormat, Format::FRACTAL_Z);
    EXPECT_EQ(convWeight.storageShape, dims({9, 1, 16, 16}));       // [ceil(3/16)*3*3, ceil(4/16), 16, C0]
    EXPECT_EQ(expectedOf(g, "conv", 2).storageFormat, Format::ND);  // bias: origin
    EXPECT_EQ(expectedOf(g, "relu", 0).storageFormat, Format::NC1HWC0);
    EXPECT_EQ(expectedOf(g, "pool", 0).storageFormat, Format::NC1HWC0);
    EXPECT_EQ(expectedOf(g, "flatten", 0).storageFormat, Format::NCHW);
    EXPECT_EQ(expectedOf(g, "flatten", 0).storageShape, dims({1, 4, 4, 4}));
    EXPECT_EQ(expectedOf(g, "gemm", 0).storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(expectedOf(g, "gemm", 0).storageShape,
              dims({4, 1, 16, 16}));  // [1,64]: [ceil(64/16), 1, 16, 16]
    EXPECT_EQ(expectedOf(g, "gemm", 1).storageShape, dims({1, 4, 16, 16}));  // [64,10]
    EXPECT_EQ(expectedOf(g, "gemm", 2).storageFormat, Format::ND);
    // NetOutput: the graph output in its origin format.
    const Node& out = g.node(g.netOutput());
    ASSERT_EQ(out.inputDescs().size(), 1u);
    EXPECT_EQ(out.inputDescs()[0].storageFormat, Format::ND);
    EXPECT_EQ(out.inputDescs()[0].storageShape, dims({1, 10}));
}

TEST(StorageSelection, ASecondRunChangesNothing) {
    Model model = loadFormatModel(convGemmModel(), "select_twice");
    select(model, PipelineOptions{});
    PipelineOptions options;
    PassManager manager(model, options);
    StorageFormatSelectionPass selection;
    bool changed = true;
    manager.run(*model.graph,
                [&] { changed = manager.runPass(selection, *model.graph, "FormatSelection", 2); });
    EXPECT_FALSE(changed);
}

TEST(StorageSelection, FollowOpsTakeTheirProducersFormatOnlyWhenEveryInputCan) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 8, 8});
    addTensorValue(g.mutable_input(), "z", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addFloatInitializer(g, "w", {4, 3, 1, 1}, ramp(12));
    addFloatInitializer(g, "bias", {4, 1, 1}, ramp(4));
    addFloatInitializer(g, "two", {}, {2.0f});
    addNode(g, "Conv", {"x", "w"}, {"c"}, "conv");
    addNode(g, "Relu", {"c"}, {"r"}, "relu");
    addNode(g, "Add", {"r", "c"}, {"same"}, "add_same");                 // both NC1HWC0: follows
    addNode(g, "Mul", {"same", "two"}, {"scaled"}, "mul_scalar");        // a scalar keeps its origin
    addNode(g, "Add", {"scaled", "bias"}, {"biased"}, "add_broadcast");  // [4,1,1] broadcasts: origin
    addNode(g, "Sub", {"z", "c"}, {"diff"}, "sub_origin_first");         // input 0 is stored as its origin
    addTensorValue(g.mutable_output(), "biased", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addTensorValue(g.mutable_output(), "diff", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    Model model = loadFormatModel(m, "select_follow");
    select(model, PipelineOptions{});
    const Graph& gr = *model.graph;
    EXPECT_EQ(outDesc(gr, "relu").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(gr, "add_same").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(expectedOf(gr, "add_same", 1).storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(gr, "mul_scalar").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(gr, "mul_scalar").storageShape, dims({1, 1, 8, 8, 16}));
    EXPECT_EQ(expectedOf(gr, "mul_scalar", 1).storageFormat, Format::ND);
    EXPECT_EQ(expectedOf(gr, "mul_scalar", 1).storageShape, dims({}));
    EXPECT_EQ(outDesc(gr, "add_broadcast").storageFormat, Format::NCHW);
    EXPECT_EQ(expectedOf(gr, "add_broadcast", 0).storageFormat, Format::NCHW);
    EXPECT_EQ(outDesc(gr, "sub_origin_first").storageFormat, Format::NCHW);
    EXPECT_EQ(expectedOf(gr, "sub_origin_first", 1).storageFormat, Format::NCHW);
}

TEST(StorageSelection, MatMulKeepsA1DOperandInItsOriginAndGroupedConvWeightsUseGroups) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2, 64});
    addFloatInitializer(g, "v", {64}, ramp(64));
    addNode(g, "MatMul", {"a", "v"}, {"mv"}, "matvec");
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addFloatInitializer(g, "w", {4, 2, 3, 3}, ramp(72));
    auto* conv = addNode(g, "Conv", {"x", "w"}, {"c"}, "grouped");
    intAttr(conv, "group", 2);
    addTensorValue(g.mutable_output(), "mv", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "c", onnx::TensorProto::FLOAT, {1, 4, 6, 6});
    Model model = loadFormatModel(m, "select_matvec");
    select(model, PipelineOptions{});
    const Graph& gr = *model.graph;
    EXPECT_EQ(expectedOf(gr, "matvec", 0).storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(expectedOf(gr, "matvec", 1).storageFormat, Format::ND);
    EXPECT_EQ(outDesc(gr, "matvec").storageFormat, Format::ND);  // rank 1
    // Cin = 2, Cout = 2 per group, g = 2: e = min(lcm(8, 8), 2) = 2 -> [1*ceil(4/16)*3*3, ceil(4/16), 16, 16]
    const TensorDesc& weight = expectedOf(gr, "grouped", 1);
    EXPECT_EQ(weight.storageFormat, Format::FRACTAL_Z);
    EXPECT_EQ(weight.storageShape, dims({9, 1, 16, 16}));
    EXPECT_EQ(convWeightGroups(*nodeNamed(gr, "grouped"), 1, Format::FRACTAL_Z), 2);
    EXPECT_EQ(convWeightGroups(*nodeNamed(gr, "grouped"), 0, Format::NC1HWC0), 1);
}

TEST(StorageSelection, AUserTableDecides) {
    const auto dir = freshDir("select_user_table");
    std::ofstream(dir / "table.json") << R"({"format_table": 1, "ops": {
        "Conv": {"inputs": {"0": "origin"}, "outputs": {"0": {"float": ["NC1HWC0"]}}},
        "Gemm": {"inputs": {"0": {"*": ["NC1HWC0", "FRACTAL_NZ"]}}},
        "Relu": {"inputs": {"0": "origin"}}
    }})";
    Model model = loadFormatModel(convGemmModel(), "select_user_table_model");
    PipelineOptions options;
    options.formatTable = (dir / "table.json").string();
    select(model, options);
    const Graph& g = *model.graph;
    EXPECT_EQ(expectedOf(g, "conv", 0).storageFormat, Format::NCHW);
    EXPECT_EQ(expectedOf(g, "conv", 1).storageFormat, Format::NCHW);  // not listed: origin
    EXPECT_EQ(outDesc(g, "conv").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(expectedOf(g, "relu", 0).storageFormat, Format::NCHW);  // no longer follows
    EXPECT_EQ(outDesc(g, "relu").storageFormat, Format::NCHW);
    // A 2-D tensor cannot be NC1HWC0: the next format in the list.
    EXPECT_EQ(expectedOf(g, "gemm", 0).storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(expectedOf(g, "gemm", 1).storageFormat, Format::ND);
    EXPECT_EQ(outDesc(g, "gemm").storageFormat, Format::ND);

    PipelineOptions bad;
    std::ofstream(dir / "bad.json") << R"({"ops": {"Conv": {"inputs": {"0": {"float": ["5HD"]}}}}})";
    bad.formatTable = (dir / "bad.json").string();
    Model again = loadFormatModel(convGemmModel(), "select_bad_table_model");
    try {
        select(again, bad);
        FAIL() << "a bad table was accepted";
    } catch (const formats::FormatTableError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("'5HD'"), std::string::npos) << e.what();
    }
}

TEST(PrepareRunningFormatRefiner, AUserStorageFormatSetsStorageNeverTheOrigin) {
    Model model = loadFormatModel(convGemmModel(), "prepare_user_input");
    PipelineOptions options;
    options.storageFormats["x"] = Format::NC1HWC0;
    options.storageFormats["y"] = Format::FRACTAL_NZ;
    select(model, options);
    const Graph& g = *model.graph;
    const TensorDesc& x = outDesc(g, "x");
    EXPECT_EQ(x.originFormat, Format::NCHW);
    EXPECT_EQ(x.originShape, dims({1, 3, 8, 8}));
    EXPECT_EQ(x.storageFormat, Format::NC1HWC0);
    EXPECT_EQ(x.storageShape, dims({1, 1, 8, 8, 16}));
    // The conv now gets what it wants; the output is delivered as FRACTAL_NZ.
    EXPECT_EQ(expectedOf(g, "conv", 0), x);
    const TensorDesc& y = g.node(g.netOutput()).inputDescs()[0];
    EXPECT_EQ(y.originFormat, Format::ND);
    EXPECT_EQ(y.storageFormat, Format::FRACTAL_NZ);
    EXPECT_EQ(y.storageShape, dims({1, 1, 16, 16}));
}

TEST(PrepareRunningFormatRefiner, GEsStorageAttributesOnADataNodeAreRead) {
    for (int variant = 0; variant < 3; ++variant) {
        Model model = loadFormatModel(convGemmModel(), "prepare_attr_" + std::to_string(variant));
        Graph& g = *model.graph;
        const NodeId x = nodeNamed(g, "x")->id();
        if (variant == 0) g.setAttribute(x, Attribute::makeInt("storage_format", 3));  // GE's FORMAT_NC1HWC0
        if (variant == 1) g.setAttribute(x, Attribute::makeString("_storage_format", "NC1HWC0"));
        if (variant == 2) {
            g.setAttribute(x, Attribute::makeString("storage_format", "FORMAT_NC1HWC0"));
            g.setAttribute(x, Attribute::makeInts("storage_shape", {1, 1, 8, 8, 16}));
        }
        select(model, PipelineOptions{});
        EXPECT_EQ(outDesc(g, "x").storageFormat, Format::NC1HWC0) << variant;
        EXPECT_EQ(outDesc(g, "x").storageShape, dims({1, 1, 8, 8, 16})) << variant;
        EXPECT_EQ(outDesc(g, "x").originFormat, Format::NCHW) << variant;
    }
    EXPECT_EQ(formatFromGeEnum(29), Format::FRACTAL_NZ);
    EXPECT_EQ(formatFromGeEnum(4), Format::FRACTAL_Z);
    EXPECT_EQ(formatFromGeEnum(12), std::nullopt);
    // GE packs a sub-format and a C0 code above the primary format's byte.
    EXPECT_EQ(formatFromGeEnum(3 | (5 << 8)), Format::NC1HWC0);
    EXPECT_EQ(formatFromGeEnum(0x1000003), Format::NC1HWC0);
    EXPECT_EQ(geSubFormat(4 | (2 << 8)), 2);
    EXPECT_EQ(geSubFormat(4), 0);
    EXPECT_EQ(formatFromGeEnum(-1), std::nullopt);

    Model model = loadFormatModel(convGemmModel(), "prepare_attr_bad");
    model.graph->setAttribute(nodeNamed(*model.graph, "x")->id(), Attribute::makeInt("storage_format", 12));
    try {
        select(model, PipelineOptions{});
        FAIL() << "an unknown GE format was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("storage_format of Data node 'x'"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("12"), std::string::npos) << e.what();
    }
}

// GE's UpdateDataNetOutputByStorageFormat gives a ConstPlaceHolder (a weight in external memory)
// the storage its attributes name, as it does a Data node.
TEST(PrepareRunningFormatRefiner, AConstPlaceHoldersStorageAttributesAreRead) {
    Model model = loadFormatModel(convGemmModel(), "prepare_const_place_holder");
    Graph& g = *model.graph;
    const NodeId c =
        g.addNode(std::string(op::kConstPlaceHolder), std::string(op::kGeDomain), "external_weight", 1).id();
    g.setOutputName(c, 0, "external_weight");
    g.setOutputDesc(c, 0, TensorDesc::tensor(DataType::Float16, dims({4, 3, 8, 8}), Format::NCHW));
    g.setAttribute(c, Attribute::makeString("storage_format", "NC1HWC0"));
    select(model, PipelineOptions{});
    const TensorDesc& d = outDesc(g, "external_weight");
    EXPECT_EQ(d.storageFormat, Format::NC1HWC0);
    EXPECT_EQ(d.storageShape, dims({4, 1, 8, 8, 16}));
    EXPECT_EQ(d.originFormat, Format::NCHW);
    EXPECT_EQ(d.originShape, dims({4, 3, 8, 8}));
}

TEST(PrepareRunningFormatRefiner, ANameThatIsNoGraphInputOrOutputIsAnError) {
    Model model = loadFormatModel(convGemmModel(), "prepare_bad_name");
    PipelineOptions options;
    options.storageFormats["xx"] = Format::NC1HWC0;
    try {
        select(model, options);
        FAIL() << "a typo was silently ignored";
    } catch (const std::invalid_argument& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("--storage-format xx:NC1HWC0"), std::string::npos) << m;
        EXPECT_NE(m.find("no graph input or output"), std::string::npos) << m;
        EXPECT_NE(m.find("inputs: x"), std::string::npos) << m;
        EXPECT_NE(m.find("outputs: y"), std::string::npos) << m;
    }
    // A format the tensor cannot have: y is 2-D, NC1HWC0 needs 4 dims.
    Model again = loadFormatModel(convGemmModel(), "prepare_bad_format");
    PipelineOptions impossible;
    impossible.storageFormats["y"] = Format::NC1HWC0;
    try {
        select(again, impossible);
        FAIL() << "an impossible storage format was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("graph output 'y'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("cannot be stored as NC1HWC0"), std::string::npos) << e.what();
    }
}

TEST(StorageSelection, IfBodiesAndTheValuesTheyReadKeepTheirOriginFormats) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 8, 8});
    addFloatInitializer(g, "w", {4, 3, 1, 1}, ramp(12));
    addNode(g, "Conv", {"x", "w"}, {"read_by_body"}, "conv_read");
    addNode(g, "Conv", {"x", "w"}, {"if_input"}, "conv_plain");
    addNode(g, "Relu", {"if_input"}, {"r"}, "relu");
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        const std::string out = std::string(branch) + "_out";
        addNode(*body, "Relu", {"read_by_body"}, {out}, std::string(branch) + "_relu");
        addTensorValue(body->mutable_output(), out, onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addTensorValue(g.mutable_output(), "r", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    Model model = loadFormatModel(m, "select_if_bodies");
    auto result = runFormatSelection(model, PipelineOptions{});
    const Graph& gr = *model.graph;
    // A Conv whose result a body reads delivers it in its origin format; the other one does not.
    EXPECT_EQ(outDesc(gr, "conv_read").storageFormat, Format::NCHW);
    EXPECT_EQ(outDesc(gr, "conv_plain").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(outDesc(gr, "relu").storageFormat, Format::NC1HWC0);
    // The bodies are untouched: no storage formats, no input descriptions, no TransData.
    for (const Graph* body : nodeNamed(gr, "if")->subgraphs())
        for (const Node* n : body->nodes()) {
            EXPECT_NE(n->opType(), op::kTransData);
            if (n->id() != body->netOutput()) {
                EXPECT_TRUE(n->inputDescs().empty()) << n->displayName();
            }
            for (const NodeOutput& o : n->outputs()) EXPECT_FALSE(o.desc.storageDiffers()) << o.name;
        }
    bool said = false;
    for (const std::string& w : result->run.warnings) said |= w.find("If/Loop/Scan") != std::string::npos;
    EXPECT_TRUE(said);
}
