#pragma once
// Small models and a runner for the storage-format selection and TransData insertion tests: the
// models are built with the ONNX protobuf API and loaded as a user's would be; the runner runs
// PrepareRunningFormatRefiner and the FormatSelection stage with the pass manager, the verifier
// after each pass (PASSSCOPE_VERIFY_EACH=1) and a journal.
#include <memory>
#include <string>
#include <vector>

#include "engine_helpers.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "model_builders.h"
#include "passes/format/prepare_running_format_refiner_pass.h"
#include "passes/format/storage_format_selection_pass.h"
#include "passes/format/trans_data_insertion_pass.h"
#include "pipeline/pass_manager.h"
#include "stage_runner.h"

namespace passscope::test {

inline onnx::AttributeProto* intAttr(onnx::NodeProto* n, const std::string& name, int64_t v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
    return a;
}

inline onnx::AttributeProto* intsAttr(onnx::NodeProto* n, const std::string& name,
                                      const std::vector<int64_t>& v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t x : v) a->add_ints(x);
    return a;
}

inline std::vector<float> ramp(size_t n) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i % 7) * 0.25f - 0.5f;
    return v;
}

// x[1,3,8,8] -> Conv(w[4,3,3,3], b[4], pad 1) -> Relu -> MaxPool 2x2 -> Flatten -> Gemm(W[64,10], B[10]) ->
// y[1,10]
inline onnx::ModelProto convGemmModel() {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 8, 8});
    addFloatInitializer(g, "w", {4, 3, 3, 3}, ramp(4 * 3 * 3 * 3));
    addFloatInitializer(g, "b", {4}, ramp(4));
    addFloatInitializer(g, "W", {64, 10}, ramp(640));
    addFloatInitializer(g, "B", {10}, ramp(10));
    auto* conv = addNode(g, "Conv", {"x", "w", "b"}, {"c"}, "conv");
    intsAttr(conv, "pads", {1, 1, 1, 1});
    addNode(g, "Relu", {"c"}, {"r"}, "relu");
    auto* pool = addNode(g, "MaxPool", {"r"}, {"p"}, "pool");
    intsAttr(pool, "kernel_shape", {2, 2});
    intsAttr(pool, "strides", {2, 2});
    addNode(g, "Flatten", {"p"}, {"f"}, "flatten");
    addNode(g, "Gemm", {"f", "W", "B"}, {"y"}, "gemm");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 10});
    return m;
}

// What origin-format inference (InferFormatStage1/2) gives these models: 4-D tensors NCHW (the
// Conv and pooling anchors spread it), everything else ND. Set by hand so that these tests do
// not depend on that pass.
inline void markNchwOrigins(Graph& g) {
    for (const Node* n : g.nodes())
        for (size_t j = 0; j < n->outputs().size(); ++j) {
            TensorDesc d = n->output(j).desc;
            if (!d.hasType() || d.originShape.rank() != 4) continue;
            d.originFormat = d.storageFormat = Format::NCHW;
            g.setOutputDesc(n->id(), j, std::move(d));
        }
}

inline Model loadFormatModel(const onnx::ModelProto& proto, const std::string& dirName) {
    auto dir = freshDir(dirName);
    writeModel(proto, dir / "m.onnx");
    Model model = io::loadModel(dir / "m.onnx").model;
    markNchwOrigins(*model.graph);
    return model;
}

struct FormatRun {
    PipelineRun run;
    Journal journal;
    uint64_t stat(const std::string& name) const {
        uint64_t total = 0;
        for (const JournalStep& s : journal.steps()) total += s.stats.value(name);
        return total;
    }
};

// PrepareRunningFormatRefiner (stage Prepare), then the FormatSelection stage to a fixed point.
inline std::unique_ptr<FormatRun> runFormatSelection(Model& model, const PipelineOptions& options) {
    auto out = std::make_unique<FormatRun>();
    std::vector<Stage> stages(2);
    stages[0].name = "Prepare";
    stages[0].passes.push_back(std::make_unique<PrepareRunningFormatRefinerPass>());
    stages[1].name = "FormatSelection";
    stages[1].passes.push_back(std::make_unique<StorageFormatSelectionPass>());
    stages[1].passes.push_back(std::make_unique<TransDataInsertionPass>());
    out->run = runTestStages(model, options, stages, {&out->journal, false, true});
    return out;
}

inline const Node* nodeNamed(const Graph& g, const std::string& name) {
    for (const Node* n : g.nodes())
        if (n->name() == name) return n;
    return nullptr;
}

inline std::vector<const Node*> transDatas(const Graph& g) {
    std::vector<const Node*> out;
    for (const Node* n : g.nodes())
        if (n->opType() == op::kTransData && n->domain() == op::kGeDomain) out.push_back(n);
    return out;
}

inline std::string attrString(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr;
    return s ? *s : std::string();
}

// The producer of input `i` of the node named `consumer`.
inline const Node& producerOf(const Graph& g, const std::string& consumer, size_t i) {
    const Node* c = nodeNamed(g, consumer);
    if (!c) throw std::runtime_error("no node " + consumer);
    return g.node(c->input(i).node);
}

}  // namespace passscope::test
