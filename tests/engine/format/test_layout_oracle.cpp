// An independent oracle for device layouts (docs/ge-formats.md §6). The expected bytes are computed
// here from GE's formulas, written down from GE's format transfers (format_transfer_nc1hwc0.cc,
// format_transfer_fractal_z.cc TransFormatWithGroups, format_transfer_fractal_nz.cc) and sharing
// no code with engine/formats: one index formula per layout, walked over the storage tensor.
// Checked byte for byte:
//  - formats::transData for every format x dtype (float, float16, int8) x groups the kernel
//    supports, with odd channel counts;
//  - end to end: models with Conv (plain, grouped, depthwise, float16), ConvInteger and QLinearConv
//    (int8 depthwise), ConvTranspose and MatMul run through the target-ge pipeline; the folded
//    weight constant must hold exactly GE's bytes. A pipeline that lays a weight out with the
//    wrong groups round-trips to the right values (verify passes), so only this test sees it.
#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <random>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "formats/transdata_layout.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "model_builders.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// ---- The oracle: GE's formulas, nothing from engine/formats ----

int64_t ceilDiv(int64_t a, int64_t b) {
    return (a + b - 1) / b;
}

// C0: a 32-byte cube line, 16 elements of 2 or 4 bytes, 32 of 1 byte (GetCubeSizeByDataType).
int64_t oracleC0(size_t elementBytes) {
    return elementBytes == 1 ? 32 : 16;
}

struct Layout {
    std::vector<int64_t> dims;  // the storage dims
    std::string bytes;          // zero where the layout pads
};

// A source element of an NCHW tensor [N, C, H, W] with `es`-byte elements.
const char* at(const std::string& src, const std::vector<int64_t>& d, int64_t n, int64_t c, int64_t h,
               int64_t w, size_t es) {
    return src.data() + (((n * d[1] + c) * d[2] + h) * d[3] + w) * static_cast<int64_t>(es);
}

// NC1HWC0 [N, C1, H, W, C0]: element (n, c1, h, w, c0) is NCHW (n, c1*C0 + c0, h, w), zero past C.
Layout nc1hwc0(const std::string& src, const std::vector<int64_t>& d, size_t es) {
    const int64_t c0 = oracleC0(es), c1 = ceilDiv(d[1], c0);
    Layout out{{d[0], c1, d[2], d[3], c0}, {}};
    out.bytes.assign(static_cast<size_t>(d[0] * c1 * d[2] * d[3] * c0) * es, '\0');
    int64_t i = 0;
    for (int64_t n = 0; n < d[0]; ++n)
        for (int64_t a = 0; a < c1; ++a)
            for (int64_t h = 0; h < d[2]; ++h)
                for (int64_t w = 0; w < d[3]; ++w)
                    for (int64_t b = 0; b < c0; ++b, ++i)
                        if (a * c0 + b < d[1])
                            std::memcpy(&out.bytes[i * es], at(src, d, n, a * c0 + b, h, w, es), es);
    return out;
}

// FRACTAL_Z of a conv weight NCHW [Cout*g, Cin, H, W] with g groups (TransFormatWithGroups):
//   e = min(lcm(lcm(Cin, C0)/Cin, lcm(Cout, 16)/Cout), g), groups packed e at a time;
//   shape [ceil(g/e) * ceil(e*Cin/C0) * H * W, ceil(e*Cout/16), 16, C0];
//   weight (g*Cout + n, c, h, w) goes to row (g/e)*C1*H*W + (ci/C0)*H*W + h*W + w, column
//   co = (g%e)*Cout + n, lane ci%C0, with ci = (g%e)*Cin + c. Everything else is zero.
Layout fractalZ(const std::string& src, const std::vector<int64_t>& d, size_t es, int64_t groups) {
    const int64_t c0 = oracleC0(es), cin = d[1], cout = d[0] / groups, hw = d[2] * d[3];
    const int64_t e = std::min(std::lcm(std::lcm(cin, c0) / cin, std::lcm(cout, int64_t{16}) / cout), groups);
    const int64_t c1 = ceilDiv(e * cin, c0), n1 = ceilDiv(e * cout, 16), bigGroups = ceilDiv(groups, e);
    Layout out{{bigGroups * c1 * hw, n1, 16, c0}, {}};
    out.bytes.assign(static_cast<size_t>(bigGroups * c1 * hw * n1 * 16 * c0) * es, '\0');
    for (int64_t g = 0; g < groups; ++g)
        for (int64_t n = 0; n < cout; ++n)
            for (int64_t c = 0; c < cin; ++c)
                for (int64_t h = 0; h < d[2]; ++h)
                    for (int64_t w = 0; w < d[3]; ++w) {
                        const int64_t ci = (g % e) * cin + c, co = (g % e) * cout + n;
                        const int64_t row = (g / e) * c1 * hw + (ci / c0) * hw + h * d[3] + w;
                        const int64_t index = (row * n1 * 16 + co) * c0 + ci % c0;
                        std::memcpy(&out.bytes[index * es], at(src, d, g * cout + n, c, h, w, es), es);
                    }
    return out;
}

// FRACTAL_NZ of (..., H, W): [..., ceil(W/C0), ceil(H/16), 16, C0]; element (b, w1, h1, h0, w0) is
// (b, h1*16 + h0, w1*C0 + w0), zero past H or W. A 1-D (W) is (1, W).
Layout fractalNz(const std::string& src, const std::vector<int64_t>& d, size_t es) {
    const int64_t c0 = oracleC0(es);
    const int64_t wd = d.back(), hd = d.size() >= 2 ? d[d.size() - 2] : 1;
    std::vector<int64_t> dims(d.begin(), d.end() - std::min<size_t>(d.size(), 2));
    int64_t batch = 1;
    for (int64_t x : dims) batch *= x;
    const int64_t w1 = ceilDiv(wd, c0), h1 = ceilDiv(hd, 16);
    dims.insert(dims.end(), {w1, h1, 16, c0});
    Layout out{dims, std::string(static_cast<size_t>(batch * w1 * h1 * 16 * c0) * es, '\0')};
    int64_t i = 0;
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t a = 0; a < w1; ++a)
            for (int64_t h = 0; h < h1 * 16; ++h)
                for (int64_t w = 0; w < c0; ++w, ++i) {
                    const int64_t row = h, column = a * c0 + w;
                    if (row < hd && column < wd)
                        std::memcpy(&out.bytes[i * es], src.data() + ((b * hd + row) * wd + column) * es, es);
                }
    return out;
}

Layout oracle(const std::string& src, const std::vector<int64_t>& dims, size_t es, Format storage,
              int64_t groups) {
    switch (storage) {
        case Format::NC1HWC0:
            return nc1hwc0(src, dims, es);
        case Format::FRACTAL_Z:
            return fractalZ(src, dims, es, groups);
        default:
            return fractalNz(src, dims, es);
    }
}

// ---- Helpers ----

// Random non-zero bytes, so that a misplaced element cannot hide in padding.
std::string randomBytes(size_t count, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> byte(1, 255);
    std::string bytes(count, '\0');
    for (char& b : bytes) b = static_cast<char>(byte(rng));
    return bytes;
}

int64_t product(const std::vector<int64_t>& dims) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
}

struct KernelCase {
    std::vector<int64_t> dims;
    Format storage;
    int64_t groups = 1;
};

// Odd channel counts everywhere a layout pads; groups 1, 4 and depthwise; 2-D, batched and 1-D NZ.
const std::vector<KernelCase> kKernelCases = {
    {{2, 3, 5, 7}, Format::NC1HWC0},
    {{1, 17, 2, 3}, Format::NC1HWC0},
    {{1, 33, 1, 2}, Format::NC1HWC0},
    {{5, 3, 3, 3}, Format::FRACTAL_Z},
    {{17, 33, 1, 1}, Format::FRACTAL_Z},
    {{12, 5, 3, 3}, Format::FRACTAL_Z, 4},
    {{20, 3, 1, 2}, Format::FRACTAL_Z, 4},
    {{64, 1, 3, 3}, Format::FRACTAL_Z, 64},
    {{6, 1, 3, 3}, Format::FRACTAL_Z, 6},
    {{9, 17}, Format::FRACTAL_NZ},
    {{20, 33}, Format::FRACTAL_NZ},
    {{3, 5, 18, 7}, Format::FRACTAL_NZ},
    {{35}, Format::FRACTAL_NZ},
};

}  // namespace

// GE's shapes as GE documents them, worked by hand (docs/ge-formats.md §6 and the issue that
// found the ConvInteger error): the oracle's shapes agree before anything is compared with it.
TEST(LayoutOracle, ShapesWorkedByHand) {
    const std::string one(64 * 9, '\1');
    EXPECT_EQ(fractalZ(one, {64, 1, 3, 3}, 1, 64).dims, (std::vector<int64_t>{18, 2, 16, 32}));
    EXPECT_EQ(fractalZ(one, {64, 1, 3, 3}, 1, 1).dims, (std::vector<int64_t>{9, 4, 16, 32}));
    EXPECT_EQ(fractalZ(std::string(64 * 9 * 2, '\1'), {64, 1, 3, 3}, 2, 64).dims,
              (std::vector<int64_t>{36, 1, 16, 16}));
    EXPECT_EQ(nc1hwc0(std::string(8 * 3 * 4 * 2, '\1'), {8, 3, 2, 2}, 2).dims,
              (std::vector<int64_t>{8, 1, 2, 2, 16}));
    EXPECT_EQ(fractalNz(std::string(35 * 4, '\1'), {35}, 4).dims, (std::vector<int64_t>{3, 1, 16, 16}));
    // NC1HWC0 of float [1, 2, 1, 1] = {a, b}: a, b, then 14 zeros.
    const float ab[2] = {1.5f, -2.0f};
    const Layout small = nc1hwc0(std::string(reinterpret_cast<const char*>(ab), 8), {1, 2, 1, 1}, 4);
    float got[16];
    std::memcpy(got, small.bytes.data(), sizeof got);
    EXPECT_EQ(got[0], 1.5f);
    EXPECT_EQ(got[1], -2.0f);
    for (int i = 2; i < 16; ++i) EXPECT_EQ(got[i], 0.0f);
}

TEST(LayoutOracle, TransDataKernelMatchesGeFormulasByteForByte) {
    const std::vector<DataType> dtypes = {DataType::Float, DataType::Float16, DataType::Int8};
    uint32_t seed = 1;
    for (const KernelCase& c : kKernelCases)
        for (DataType dtype : dtypes) {
            const size_t es = elementSize(dtype);
            const Format origin = c.storage == Format::FRACTAL_NZ ? Format::ND : Format::NCHW;
            const std::string src = randomBytes(static_cast<size_t>(product(c.dims)) * es, seed++);
            const Tensor in(dtype, c.dims, std::make_shared<StringBuffer>(src));
            const Layout expected = oracle(src, c.dims, es, c.storage, c.groups);
            SCOPED_TRACE(std::string(formatName(c.storage)) + " " + Shape::fromExtents(c.dims).toString() +
                         " groups " + std::to_string(c.groups) + " " + std::string(dataTypeName(dtype)));
            const Tensor packed = formats::transData(in, origin, c.storage, c.dims, origin, c.groups);
            EXPECT_EQ(packed.dims(), expected.dims);
            EXPECT_TRUE(tensorBytes(packed) == expected.bytes) << "the device bytes differ from GE's";
        }
}

// A FRACTAL_Z laid out for one convolution's groups and regrouped for another's (a graph input
// given as FRACTAL_Z read by a grouped Conv): the result is the second layout exactly.
TEST(LayoutOracle, RegroupingGoesFromOneGroupLayoutToTheOther) {
    const std::vector<int64_t> dims{16, 1, 3, 3};
    const std::string src = randomBytes(16 * 9 * 4, 77);
    const Tensor plain(DataType::Float, dims, std::make_shared<StringBuffer>(src));
    const Tensor ungrouped =
        formats::transData(plain, Format::NCHW, Format::FRACTAL_Z, dims, Format::NCHW, 1);
    ASSERT_TRUE(tensorBytes(ungrouped) == fractalZ(src, dims, 4, 1).bytes);
    const Tensor regrouped =
        formats::transData(ungrouped, Format::FRACTAL_Z, Format::FRACTAL_Z, dims, Format::NCHW, 1, 16);
    const Layout expected = fractalZ(src, dims, 4, 16);
    EXPECT_EQ(regrouped.dims(), expected.dims);
    EXPECT_TRUE(tensorBytes(regrouped) == expected.bytes);
}

// ---- End to end: the target-ge pipeline folds each weight to GE's bytes ----

namespace {

onnx::TensorProto* addInitializer(onnx::GraphProto& g, const std::string& name, int elemType,
                                  const std::vector<int64_t>& dims, const std::string& raw) {
    onnx::TensorProto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(elemType);
    for (int64_t d : dims) t->add_dims(d);
    t->set_raw_data(raw);
    return t;
}

void setIntAttr(onnx::NodeProto* n, const std::string& name, int64_t v) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
}

struct WeightCase {
    std::string name;
    std::string op;  // Conv, ConvInteger, QLinearConv, ConvTranspose, MatMul
    int elemType;    // of the weight and the data
    std::vector<int64_t> weight;
    int64_t groups = 1;
};

// A small model: data [1, Cin, 5, 5] (MatMul: [4, K]) -> op(data, weight initializer) -> y.
onnx::ModelProto weightModel(const WeightCase& c, const std::string& weightBytes) {
    onnx::ModelProto m = emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    if (c.op == "MatMul") {
        addTensorValue(g.mutable_input(), "x", c.elemType, {4, c.weight[0]});
        addInitializer(g, "w", c.elemType, c.weight, weightBytes);
        addNode(g, "MatMul", {"x", "w"}, {"y"}, "op");
        addTensorValue(g.mutable_output(), "y", c.elemType, {4, c.weight[1]});
        return m;
    }
    const bool transpose = c.op == "ConvTranspose";
    const int64_t cin = transpose ? c.weight[0] : c.weight[1] * c.groups;
    addTensorValue(g.mutable_input(), "x", c.elemType, {1, cin, 5, 5});
    addInitializer(g, "w", c.elemType, c.weight, weightBytes);
    onnx::NodeProto* n = nullptr;
    int outType = c.elemType;
    if (c.op == "QLinearConv") {
        const std::string zero(1, '\0');
        const float scale = 0.5f;
        const std::string s(reinterpret_cast<const char*>(&scale), 4);
        addInitializer(g, "xs", onnx::TensorProto::FLOAT, {}, s);
        addInitializer(g, "xz", c.elemType, {}, zero);
        addInitializer(g, "ws", onnx::TensorProto::FLOAT, {}, s);
        addInitializer(g, "wz", c.elemType, {}, zero);
        addInitializer(g, "ys", onnx::TensorProto::FLOAT, {}, s);
        addInitializer(g, "yz", c.elemType, {}, zero);
        n = addNode(g, "QLinearConv", {"x", "xs", "xz", "w", "ws", "wz", "ys", "yz"}, {"y"}, "op");
    } else {
        n = addNode(g, c.op, {"x", "w"}, {"y"}, "op");
        if (c.op == "ConvInteger") outType = onnx::TensorProto::INT32;
    }
    setIntAttr(n, "group", c.groups);
    addTensorValue(g.mutable_output(), "y", outType, {});
    return m;
}

// The constant the op reads its weight from after the pipeline.
const Node* weightConstant(const Graph& g, const std::string& op) {
    const Node* n = byName(g, "op");
    if (!n) return nullptr;
    const size_t input = op == "QLinearConv" ? 3 : 1;
    const NodeOutput* v = g.value(n->input(input));
    const Node* p = v ? g.producer(n->input(input)) : nullptr;
    return p && op::isConstant(p->opType(), p->domain()) ? p : nullptr;
}

}  // namespace

TEST(LayoutOracle, TargetGePipelineFoldsEveryWeightToGesBytes) {
    const std::vector<WeightCase> cases = {
        {"conv", "Conv", onnx::TensorProto::FLOAT, {5, 3, 3, 3}},
        {"conv_g4", "Conv", onnx::TensorProto::FLOAT, {12, 5, 3, 3}, 4},
        {"depthwise", "Conv", onnx::TensorProto::FLOAT, {6, 1, 3, 3}, 6},
        {"conv_fp16", "Conv", onnx::TensorProto::FLOAT16, {17, 3, 1, 1}},
        {"depthwise_fp16", "Conv", onnx::TensorProto::FLOAT16, {32, 1, 3, 3}, 32},
        {"convinteger_depthwise", "ConvInteger", onnx::TensorProto::INT8, {64, 1, 3, 3}, 64},
        {"convinteger_g4", "ConvInteger", onnx::TensorProto::UINT8, {12, 3, 1, 1}, 4},
        {"qlinearconv_depthwise", "QLinearConv", onnx::TensorProto::INT8, {16, 1, 3, 3}, 16},
        {"convtranspose_g2", "ConvTranspose", onnx::TensorProto::FLOAT, {6, 3, 3, 3}, 2},
        {"matmul", "MatMul", onnx::TensorProto::FLOAT, {33, 20}},
        {"matmul_fp16", "MatMul", onnx::TensorProto::FLOAT16, {17, 9}},
    };
    uint32_t seed = 100;
    for (const WeightCase& c : cases) {
        SCOPED_TRACE(c.name);
        const size_t es = c.elemType == onnx::TensorProto::FLOAT     ? 4
                          : c.elemType == onnx::TensorProto::FLOAT16 ? 2
                                                                     : 1;
        const std::string src = randomBytes(static_cast<size_t>(product(c.weight)) * es, seed++);
        Model model = loadProto(weightModel(c, src), "layout_oracle_" + c.name);
        PipelineOptions options;
        options.target = Target::Ge;
        runPipeline(model, options);
        const Node* w = weightConstant(*model.graph, c.op);
        ASSERT_NE(w, nullptr) << "the weight was not folded into one constant";
        const Attribute* value = w->findAttr(op::attr::kValue);
        ASSERT_NE(value, nullptr);
        const Tensor& t = std::get<Tensor>(value->value);
        const Format storage = c.op == "MatMul" ? Format::FRACTAL_NZ : Format::FRACTAL_Z;
        const Layout expected = oracle(src, c.weight, es, storage, c.groups);
        EXPECT_EQ(w->output(0).desc.storageFormat, storage);
        EXPECT_EQ(w->output(0).desc.storageGroups(), storage == Format::FRACTAL_Z ? c.groups : 1);
        EXPECT_EQ(t.dims(), expected.dims);
        EXPECT_TRUE(tensorBytes(t) == expected.bytes) << "the folded weight's bytes differ from GE's";
    }
}

// A graph input given as FRACTAL_Z (no groups) and read by a Conv of 16 groups reaches it through a
// regrouping TransData; given as FRACTAL_Z:16 (GE's sub-format) it needs none.
TEST(LayoutOracle, UserFractalZWithOtherGroupsIsRegrouped) {
    onnx::ModelProto m = emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 16, 5, 5});
    addTensorValue(g.mutable_input(), "W", onnx::TensorProto::FLOAT, {16, 1, 3, 3});
    setIntAttr(addNode(g, "Conv", {"x", "W"}, {"y"}, "op"), "group", 16);
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 16, 3, 3});
    for (const int64_t given : {int64_t{0}, int64_t{16}}) {
        SCOPED_TRACE("W given as " + formatText(Format::FRACTAL_Z, given));
        Model model = loadProto(m, "layout_oracle_regroup_" + std::to_string(given));
        PipelineOptions options;
        options.target = Target::Ge;
        options.storageFormats["W"] = FormatWithSub{Format::FRACTAL_Z, given};
        runPipeline(model, options);
        const Node* conv = byName(*model.graph, "op");
        ASSERT_NE(conv, nullptr);
        const Node* w = model.graph->producer(conv->input(1));
        ASSERT_NE(w, nullptr);
        EXPECT_EQ(w->output(0).desc.storageFormatText(), "FRACTAL_Z:16");
        if (given == 16) {
            EXPECT_EQ(w->opType(), op::kData) << "no conversion is needed";
            continue;
        }
        ASSERT_EQ(w->opType(), op::kTransData);
        EXPECT_EQ(w->attrInt(formats::kTransDataSrcSubFormatAttr, -1), 0);
        EXPECT_EQ(w->attrInt(formats::kTransDataDstSubFormatAttr, -1), 16);
        // The layouts differ although the shapes agree: [9, 1, 16, 16] both.
        const Node* data = model.graph->producer(w->input(0));
        ASSERT_NE(data, nullptr);
        EXPECT_EQ(data->output(0).desc.storageShape, w->output(0).desc.storageShape);
    }
    // GE's own spellings on the Data node: the enum value with the groups in bits 8-23, or the name
    // FormatToSerialString writes.
    for (const Attribute& attr : {Attribute::makeInt("storage_format", 4 | (16 << 8)),
                                  Attribute::makeString("storage_format", "FRACTAL_Z:16")}) {
        SCOPED_TRACE(attr.kind == AttrKind::Int ? "enum value" : "name");
        Model model = loadProto(m, "layout_oracle_regroup_attr");
        for (NodeId id : model.graph->inputs())
            if (model.graph->node(id).name() == "W") model.graph->setAttribute(id, attr);
        PipelineOptions options;
        options.target = Target::Ge;
        runPipeline(model, options);
        const Node* w = model.graph->producer(byName(*model.graph, "op")->input(1));
        ASSERT_NE(w, nullptr);
        EXPECT_EQ(w->opType(), op::kData);
        EXPECT_EQ(w->output(0).desc.storageFormatText(), "FRACTAL_Z:16");
    }
}

// GE keeps a broadcast elementwise op in NC1HWC0 when the broadcast input converts too: the gate
// [N, C, 1, 1] of a squeeze-excitation block times its feature map [N, C, H, W] (a symbolic batch
// included). A broadcast along C is not kept: one padded lane of C0 would spread.
TEST(LayoutOracle, SqueezeExcitationGateStaysInNc1hwc0) {
    for (const bool alongC : {false, true}) {
        SCOPED_TRACE(alongC ? "gate broadcast along C" : "gate [N,C,1,1]");
        onnx::ModelProto m = emptyModel(13);
        onnx::GraphProto& g = *m.mutable_graph();
        onnx::ValueInfoProto* x =
            addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 16, 5, 5});
        auto* dims = x->mutable_type()->mutable_tensor_type()->mutable_shape();
        dims->mutable_dim(0)->set_dim_param("batch");
        addFloatInitializer(g, "w", {16, 16, 1, 1}, std::vector<float>(256, 0.01f));
        addNode(g, "Conv", {"x", "w"}, {"features"}, "conv");
        if (alongC) {
            addNode(g, "ReduceMean", {"features"}, {"pooled"}, "pool");  // keepdims: [N, 1, H, W]
            onnx::AttributeProto* axes = g.mutable_node(g.node_size() - 1)->add_attribute();
            axes->set_name("axes");
            axes->set_type(onnx::AttributeProto::INTS);
            axes->add_ints(1);
        } else {
            addNode(g, "GlobalAveragePool", {"features"}, {"pooled"}, "pool");
        }
        addNode(g, "Sigmoid", {"pooled"}, {"gate"}, "sigmoid");
        addNode(g, "Mul", {"features", "gate"}, {"y"}, "mul");
        auto* out = addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 16, 5, 5})
                        ->mutable_type()
                        ->mutable_tensor_type()
                        ->mutable_shape();
        out->mutable_dim(0)->set_dim_param("batch");

        Model model = loadProto(m, std::string("layout_oracle_se_") + (alongC ? "c" : "gate"));
        PipelineOptions options;
        options.target = Target::Ge;
        runPipeline(model, options);
        const Node* mul = byName(*model.graph, "mul");
        ASSERT_NE(mul, nullptr);
        const Node* gate = model.graph->producer(mul->input(1));
        ASSERT_NE(gate, nullptr);
        if (alongC) {
            EXPECT_EQ(mul->output(0).desc.storageFormat, Format::NCHW);
        } else {
            EXPECT_EQ(mul->output(0).desc.storageFormat, Format::NC1HWC0);
            EXPECT_EQ(gate->name(), "sigmoid") << "no TransData between the gate and the Mul";
            EXPECT_EQ(gate->output(0).desc.storageFormat, Format::NC1HWC0);
        }
    }
}
