#pragma once
// Shared by the trans-op pass tests: ONNX models loaded through the real loader, GE TransData nodes
// with the descriptions the format selection would give them, a checked pass run (the graph
// verifier after the pass, as PASSSCOPE_VERIFY_EACH does in the pipeline), and an evaluator
// comparison on random inputs.
#include <map>
#include <string>
#include <vector>

#include "ir/model.h"
#include "model_builders.h"
#include "pipeline/pass.h"

namespace passscope::test {

// Writes `proto` under a fresh folder named `dir` and loads it (shape inference included).
Model loadTransOpModel(const onnx::ModelProto& proto, const std::string& dir);
// Adds opset_import for the GE domain.
void importGeDomain(onnx::ModelProto& proto);
// A TransData node of the GE domain: input -> output, src_format -> dst_format.
onnx::NodeProto* addTransData(onnx::GraphProto& g, const std::string& input, const std::string& output,
                              const std::string& src, const std::string& dst, const std::string& name);

const Node* findByName(const Graph& g, const std::string& name);
NodeId idOf(const Graph& g, const std::string& name);
size_t countOps(const Graph& g, const std::string& type);
// Sets output 0 of the node named `name` to `desc`.
void setDesc(Graph& g, const std::string& name, const TensorDesc& desc);
// origin format/shape as given, storage `storage` with `storageDims` (same as origin when empty).
TensorDesc desc(DataType t, const std::vector<int64_t>& origin, Format originFormat, Format storage,
                const std::vector<int64_t>& storageDims = {});

struct PassOutcome {
    bool changed = false;
    PassStats stats;
    std::string problems;  // the verifier's findings after the pass; empty when sound
};
PassOutcome runChecked(Model& model, Pass& pass);

// Runs the main graph on inputs filled from `seed`; the tensors of the graph outputs.
std::map<std::string, Tensor> randomInputs(const Model& model, unsigned seed);
std::vector<Tensor> evaluate(const Model& model, const std::map<std::string, Tensor>& inputs);
// Outputs of `before` and `after` are bitwise equal on random inputs (empty string) or what differs.
std::string sameResults(const Model& before, const Model& after, unsigned seed = 7);

}  // namespace passscope::test
