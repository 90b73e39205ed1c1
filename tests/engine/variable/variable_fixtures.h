#pragma once
// Shared by the variable pass tests: ONNX models with GE Variables (ai.passscope.ge) built with the
// protobuf API and loaded through the real loader, one pass run against a session's VarManager with
// the graph verifier after it, and the whole pipeline at target ge.
#include <memory>
#include <string>
#include <vector>

#include "compile/run_pipeline.h"
#include "format/test_trans_op_support.h"
#include "ir/op_types.h"
#include "pipeline/graph_verifier.h"
#include "vars/var_manager.h"
#include "vars/var_memory_plan.h"

namespace passscope::test {

inline onnx::AttributeProto* stringAttr(onnx::NodeProto* n, const std::string& name, const std::string& v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::STRING);
    a->set_s(v);
    return a;
}

// A GE-domain node (Variable, Assign, VarIsInitializedOp, ...).
inline onnx::NodeProto* addGeNode(onnx::GraphProto& g, const std::string& op,
                                  const std::vector<std::string>& inputs,
                                  const std::vector<std::string>& outputs, const std::string& name) {
    onnx::NodeProto* n = addNode(g, op, inputs, outputs, name);
    n->set_domain(std::string(op::kGeDomain));
    return n;
}

// A GE Variable named `name` with output `name`, typed in value_info (it has no schema).
inline void addVariable(onnx::GraphProto& g, const std::string& name, int elemType,
                        const std::vector<int64_t>& dims) {
    addGeNode(g, std::string(op::kVariable), {}, {name}, name);
    addTensorValue(g.mutable_value_info(), name, elemType, dims);
}

// A VarRef of `variable` reading `input`, as VariablePrepareOpPass makes them.
inline void addVarRef(onnx::GraphProto& g, const std::string& variable, const std::string& input,
                      const std::string& name, int elemType, const std::vector<int64_t>& dims) {
    stringAttr(addGeNode(g, std::string(op::kVariable), {input}, {name + "_out"}, name),
               std::string(op::attr::kRefVarSrcVarName), variable);
    addTensorValue(g.mutable_value_info(), name + "_out", elemType, dims);
}

inline onnx::ModelProto geModel() {
    onnx::ModelProto m = emptyModel(13);
    importGeDomain(m);
    return m;
}

struct VarPassRun {
    bool changed = false;
    PassStats stats;
    std::vector<std::string> warnings;
    std::string problems;  // the verifier's findings after the pass; empty when sound
};

// Runs `pass` once on the main graph as graph `graphId` of `manager`'s session.
inline VarPassRun runVarPass(Model& model, Pass& pass, VarManager& manager, uint32_t graphId,
                             const PipelineOptions& options = {}) {
    PassRunScope scope;
    scope.varManager = &manager;
    scope.graphId = graphId;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin(), std::move(scope));
    ctx.declareStatistics(pass);
    VarPassRun out;
    out.changed = pass.run(*model.graph, ctx);
    out.stats = ctx.stats();
    out.warnings = ctx.takeWarnings();
    out.problems = describeProblems(verifyGraph(*model.graph));
    return out;
}

inline PipelineOptions geOptions() {
    PipelineOptions o;
    o.target = Target::Ge;
    o.verifyEach = true;
    return o;
}

// The whole pipeline at target ge in `manager`'s session (null = a fresh one).
inline PipelineRun runGe(Model& model, std::shared_ptr<VarManager> manager = nullptr,
                         PipelineOptions options = geOptions()) {
    PipelineHooks hooks;
    hooks.varManager = std::move(manager);
    return runPipeline(model, options, nullptr, hooks);
}

// The last decision for `variable` in `decisions` (keep the vector alive while using it), or null.
inline const VarFusionDecision* decisionFor(const std::vector<VarFusionDecision>& decisions,
                                            const std::string& variable) {
    const VarFusionDecision* found = nullptr;
    for (const VarFusionDecision& d : decisions)
        if (d.variable == variable) found = &d;
    return found;
}

inline size_t decisionsFor(const std::vector<VarFusionDecision>& decisions, const std::string& variable) {
    size_t n = 0;
    for (const VarFusionDecision& d : decisions) n += d.variable == variable;
    return n;
}

inline std::vector<std::string> stringsAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    const auto* s = a ? std::get_if<std::vector<std::string>>(&a->value) : nullptr;
    return s ? *s : std::vector<std::string>{};
}

inline std::string stringAttrOf(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr;
    return s ? *s : std::string();
}

}  // namespace passscope::test
