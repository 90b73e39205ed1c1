#pragma once
// Shared by the no-op elimination pass tests (issue 12): one pass run on the main graph with its
// statistics, the reasons it recorded for what it kept, and the graph verifier's findings after it.
#include <string>
#include <vector>

#include "exec/evaluator.h"
#include "exec/tensor_compare.h"
#include "folding_fixtures.h"
#include "format/test_trans_op_support.h"
#include "kernels/tensor_util.h"
#include "pipeline/graph_verifier.h"

namespace passscope::test::noop {

using test::addInt64Initializer;
using test::FoldingRun;
using test::keptBecause;
using test::runFoldingPass;

inline onnx::TensorProto* addScalarInitializer(onnx::GraphProto& g, const std::string& name, int elemType,
                                               const std::vector<int64_t>& dims, const std::string& raw) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(elemType);
    for (int64_t d : dims) t->add_dims(d);
    t->set_raw_data(raw);
    return t;
}

// A graph input whose dims are symbolic where `symbols` names one ("" = static dims[i]).
inline void addSymbolicInput(onnx::GraphProto& g, const std::string& name, int elemType,
                             const std::vector<int64_t>& dims, const std::vector<std::string>& symbols) {
    auto* vi = addTensorValue(g.mutable_input(), name, elemType, dims);
    auto* shape = vi->mutable_type()->mutable_tensor_type()->mutable_shape();
    for (size_t i = 0; i < symbols.size(); ++i)
        if (!symbols[i].empty()) shape->mutable_dim(static_cast<int>(i))->set_dim_param(symbols[i]);
}

// Outputs of `before` and `after` on `inputs` are bitwise equal (empty) or what differs.
inline std::string sameResultsOn(const Model& before, const Model& after,
                                 const std::map<std::string, Tensor>& inputs) {
    const EvalResult a = Evaluator(before).run(inputs);
    const EvalResult b = Evaluator(after).run(inputs);
    if (a.failure) return "original: " + a.failure->nodeName + ": " + a.failure->reason;
    if (b.failure) return "rewritten: " + b.failure->nodeName + ": " + b.failure->reason;
    if (a.outputs.size() != b.outputs.size()) return "output counts differ";
    for (size_t i = 0; i < a.outputs.size(); ++i) {
        const TensorComparison c = compareTensors(a.outputs[i], b.outputs[i], 0.0, 0.0);
        if (!c.equal) return "output " + std::to_string(i) + ": " + c.detail;
    }
    return {};
}

}  // namespace passscope::test::noop
