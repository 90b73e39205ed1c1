#include "test_trans_op_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "exec/evaluator.h"
#include "exec/tensor_compare.h"
#include "io/model_loader.h"
#include "ir/buffer.h"
#include "ir/op_types.h"
#include "pipeline/graph_verifier.h"

namespace passscope::test {

Model loadTransOpModel(const onnx::ModelProto& proto, const std::string& dir) {
    auto folder = freshDir(dir);
    writeModel(proto, folder / "m.onnx");
    return io::loadModel(folder / "m.onnx").model;
}

void importGeDomain(onnx::ModelProto& proto) {
    auto* o = proto.add_opset_import();
    o->set_domain(std::string(op::kGeDomain));
    o->set_version(op::kGeDomainVersion);
}

onnx::NodeProto* addTransData(onnx::GraphProto& g, const std::string& input, const std::string& output,
                              const std::string& src, const std::string& dst, const std::string& name) {
    onnx::NodeProto* n = addNode(g, std::string(op::kTransData), {input}, {output}, name);
    n->set_domain(std::string(op::kGeDomain));
    for (auto [key, value] : {std::pair{"src_format", src}, std::pair{"dst_format", dst}}) {
        auto* a = n->add_attribute();
        a->set_name(key);
        a->set_type(onnx::AttributeProto::STRING);
        a->set_s(value);
    }
    return n;
}

const Node* findByName(const Graph& g, const std::string& name) {
    for (const Node* n : g.nodes())
        if (n->name() == name) return n;
    return nullptr;
}

NodeId idOf(const Graph& g, const std::string& name) {
    const Node* n = findByName(g, name);
    return n ? n->id() : kNoNode;
}

size_t countOps(const Graph& g, const std::string& type) {
    size_t count = 0;
    for (const Node* n : g.nodes()) count += n->opType() == type;
    return count;
}

void setDesc(Graph& g, const std::string& name, const TensorDesc& d) {
    const NodeId id = idOf(g, name);
    ASSERT_NE(id, kNoNode) << name;
    g.setOutputDesc(id, 0, d);
}

TensorDesc desc(DataType t, const std::vector<int64_t>& origin, Format originFormat, Format storage,
                const std::vector<int64_t>& storageDims) {
    TensorDesc d = TensorDesc::tensor(t, Shape::fromExtents(origin), originFormat);
    d.storageFormat = storage;
    d.storageShape = Shape::fromExtents(storageDims.empty() ? origin : storageDims);
    return d;
}

PassOutcome runChecked(Model& model, Pass& pass) {
    PipelineOptions options;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin());
    ctx.declareStatistics(pass);
    PassOutcome out;
    out.changed = pass.run(*model.graph, ctx);
    out.stats = ctx.stats();
    out.problems = describeProblems(verifyGraph(*model.graph));
    return out;
}

namespace {

Tensor randomTensor(DataType t, const std::vector<int64_t>& dims, std::mt19937& rng) {
    int64_t count = 1;
    for (int64_t d : dims) count *= d;
    std::string bytes(static_cast<size_t>(count) * elementSize(t), '\0');
    std::uniform_int_distribution<int> small(-100, 100);
    std::uniform_real_distribution<float> real(-10.0f, 10.0f);
    for (int64_t i = 0; i < count; ++i) {
        char* at = bytes.data() + i * elementSize(t);
        switch (t) {
            case DataType::Float: {
                float v = real(rng);
                std::memcpy(at, &v, sizeof v);
                break;
            }
            case DataType::Double: {
                double v = real(rng);
                std::memcpy(at, &v, sizeof v);
                break;
            }
            case DataType::Int32: {
                int32_t v = small(rng) * 1000003;  // beyond int8 and float16
                std::memcpy(at, &v, sizeof v);
                break;
            }
            case DataType::Int64: {
                int64_t v = int64_t(small(rng)) * 100000007;
                std::memcpy(at, &v, sizeof v);
                break;
            }
            case DataType::Int8: {
                int8_t v = static_cast<int8_t>(small(rng));
                std::memcpy(at, &v, sizeof v);
                break;
            }
            case DataType::UInt8: {
                uint8_t v = static_cast<uint8_t>(small(rng) + 100);
                std::memcpy(at, &v, sizeof v);
                break;
            }
            default:
                ADD_FAILURE() << "no random values for " << dataTypeName(t);
                return {};
        }
    }
    return Tensor(t, dims, std::make_shared<StringBuffer>(std::move(bytes)));
}

}  // namespace

std::map<std::string, Tensor> randomInputs(const Model& model, unsigned seed) {
    std::mt19937 rng(seed);
    std::map<std::string, Tensor> inputs;
    for (NodeId id : model.graph->inputs()) {
        const Node& n = model.graph->node(id);
        auto dims = n.output(0).desc.originShape.extents();
        EXPECT_TRUE(dims.has_value()) << n.displayName();
        if (dims) inputs[n.output(0).name] = randomTensor(n.output(0).desc.dtype, *dims, rng);
    }
    return inputs;
}

std::vector<Tensor> evaluate(const Model& model, const std::map<std::string, Tensor>& inputs) {
    EvalResult r = Evaluator(model).run(inputs);
    EXPECT_FALSE(r.failure.has_value()) << (r.failure ? r.failure->nodeName + ": " + r.failure->reason : "");
    return r.outputs;
}

std::string sameResults(const Model& before, const Model& after, unsigned seed) {
    const auto inputs = randomInputs(before, seed);
    const std::vector<Tensor> a = evaluate(before, inputs);
    const std::vector<Tensor> b = evaluate(after, inputs);
    if (a.size() != b.size()) return "output counts differ";
    for (size_t i = 0; i < a.size(); ++i) {
        TensorComparison c = compareTensors(a[i], b[i], 0.0, 0.0);
        if (!c.equal) return "output " + std::to_string(i) + ": " + c.detail;
    }
    return {};
}

}  // namespace passscope::test
