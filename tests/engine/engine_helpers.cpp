#include "engine_helpers.h"

#include <filesystem>

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

}  // namespace passscope::test
