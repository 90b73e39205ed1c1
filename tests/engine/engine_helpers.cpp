#include "engine_helpers.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/model_loader.h"
#include "model_builders.h"

namespace passscope::test {

Model loadProto(const onnx::ModelProto& m, const std::string& dirName) {
    auto dir = freshDir(dirName);
    writeModel(m, dir / "m.onnx");
    return io::loadModel(dir / "m.onnx").model;
}

Model loadSample(const std::string& name) {
    return io::loadModel(std::filesystem::path(PASSSCOPE_SOURCE_DIR) / "resources/samples" / name).model;
}

const Node* byName(const Graph& g, const std::string& name) {
    for (const Node* n : g.nodes())
        if (n->name() == name) return n;
    return nullptr;
}

size_t countOp(const Graph& g, const std::string& op) {
    size_t c = 0;
    for (const Node* n : g.nodes()) c += n->opType() == op;
    return c;
}

bool hasControlEdge(const Graph& g, NodeId from, NodeId to) {
    const auto& outs = g.node(from).controlOutputs();
    return std::find(outs.begin(), outs.end(), to) != outs.end();
}

std::string tensorBytes(const Tensor& t) {
    return std::string(reinterpret_cast<const char*>(t.rawData()), t.byteSize());
}

Shape dims(std::vector<int64_t> extents) {
    return Shape::fromExtents(extents);
}

Tensor floatTensor(std::vector<float> values, std::vector<int64_t> dims) {
    if (dims.empty()) dims = {static_cast<int64_t>(values.size())};
    auto buf = std::make_shared<StringBuffer>(
        std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
    return Tensor(DataType::Float, std::move(dims), std::move(buf));
}

Tensor scalarFloat(float v) {
    std::string bytes(reinterpret_cast<const char*>(&v), sizeof v);
    return Tensor(DataType::Float, {}, std::make_shared<StringBuffer>(bytes));
}

std::string fileBytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string loadError(const std::filesystem::path& p) {
    try {
        io::loadModel(p);
    } catch (const ModelError& e) {
        return e.what();
    }
    return "(no error)";
}

bool anyWarningHas(const std::vector<std::string>& warnings, std::string_view text) {
    for (const std::string& w : warnings)
        if (w.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace passscope::test
