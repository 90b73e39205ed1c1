#include "testdata.h"

#include <algorithm>
#include <fstream>

#include "io/model_loader.h"
#include "io/tensor_proto.h"

namespace fs = std::filesystem;

namespace passscope::test {
namespace {

std::optional<Tensor> readTensorPb(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    onnx::TensorProto tp;
    if (!tp.ParseFromIstream(&in)) return std::nullopt;
    io::ExternalDataResolver resolver(p.parent_path());
    return io::tensorFromProto(tp, resolver, p.filename().string());
}

std::vector<fs::path> numbered(const fs::path& dir, const std::string& prefix) {
    std::vector<fs::path> out;
    for (int i = 0;; ++i) {
        fs::path p = dir / (prefix + std::to_string(i) + ".pb");
        if (!fs::exists(p)) break;
        out.push_back(p);
    }
    return out;
}

// ONNX's test data stores bfloat16 tensors as uint16 (numpy has no bfloat16): same bits, so
// relabel them with the type the model declares.
Tensor asDeclared(Tensor t, DataType declared) {
    if (t.dtype() == DataType::UInt16 && declared == DataType::BFloat16) {
        Tensor relabelled(DataType::BFloat16, t.dims(), t.buffer());
        relabelled.setName(t.name());
        return relabelled;
    }
    return t;
}

}  // namespace

TestCase loadTestCase(const fs::path& dir) {
    TestCase tc;
    io::LoadOptions lo;
    lo.runChecker = false;
    tc.model = io::loadModel(dir / "model.onnx", lo).model;
    const Graph& g = *tc.model.graph;
    std::vector<std::string> inputNames;
    std::vector<DataType> inputTypes, outputTypes;
    for (NodeId id : g.inputs()) {
        const Node& n = g.node(id);
        if (n.output(0).desc.kind != ValueKind::Tensor) tc.tensorsOnly = false;
        inputNames.push_back(n.output(0).name);
        inputTypes.push_back(n.output(0).desc.dtype);
    }
    const Node& out = g.node(g.netOutput());
    for (size_t i = 0; i < out.inputs().size(); ++i) {
        const NodeOutput* v = g.value(out.input(i));
        const TensorDesc* decl = i < out.inputDescs().size() ? &out.inputDescs()[i] : nullptr;
        const TensorDesc desc = decl && decl->hasType() ? *decl : (v ? v->desc : TensorDesc{});
        if (desc.kind != ValueKind::Tensor) tc.tensorsOnly = false;
        outputTypes.push_back(desc.dtype);
    }
    if (!tc.tensorsOnly) return tc;
    const fs::path data = dir / "test_data_set_0";
    auto inFiles = numbered(data, "input_");
    for (size_t i = 0; i < inFiles.size(); ++i) {
        auto v = readTensorPb(inFiles[i]);
        if (!v || i >= inputNames.size()) {
            tc.tensorsOnly = false;
            return tc;
        }
        tc.inputs[inputNames[i]] = asDeclared(*v, inputTypes[i]);
    }
    auto outFiles = numbered(data, "output_");
    for (size_t i = 0; i < outFiles.size(); ++i) {
        auto v = readTensorPb(outFiles[i]);
        if (!v) {
            tc.tensorsOnly = false;
            return tc;
        }
        tc.expected.push_back(i < outputTypes.size() ? asDeclared(*v, outputTypes[i]) : *v);
    }
    return tc;
}

std::vector<fs::path> testFolders(const fs::path& corpus, const std::string& filter) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(corpus))
        if (e.path().filename() == "model.onnx" &&
            e.path().parent_path().filename().string().find(filter) != std::string::npos)
            out.push_back(e.path().parent_path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace passscope::test
