#pragma once
// Shared by the CondRemovePass and ZeroTripLoopRemovePass tests: their models (measured_models.h),
// initializers of other types than float, a runner for a few passes with the journal and the verifier (as the
// pipeline runs them), evaluation with the engine's kernels, and checks that hold for any graph with bodies
// (every value name unique in the model, every ref of a body landing on a live node).
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine_helpers.h"
#include "exec/evaluator.h"
#include "initializer_builders.h"
#include "ir/buffer.h"
#include "measured_models.h"
#include "model_builders.h"
#include "pipeline/pass_manager.h"
#include "pipeline/step_changes.h"
#include "stage_runner.h"

// A namespace of their own: other test files define helpers of the same names
// with other return types, which would break the one-definition rule.
namespace passscope::test::cf {

using test::addBoolInitializer;
using test::addInt64Initializer;

inline Tensor floats(std::vector<int64_t> dims, const std::vector<float>& v) {
    return Tensor(
        DataType::Float, std::move(dims),
        std::make_shared<StringBuffer>(std::string(reinterpret_cast<const char*>(v.data()), v.size() * 4)));
}

inline std::vector<float> valuesOf(const Tensor& t) {
    std::vector<float> out(static_cast<size_t>(t.elementCount()));
    if (!out.empty()) std::memcpy(out.data(), t.rawData(), out.size() * sizeof(float));
    return out;
}

struct PassRun {
    PipelineRun run;
    Journal journal;
    // The steps of pass `name` that changed something.
    std::vector<const JournalStep*> changedSteps(const std::string& name) const {
        std::vector<const JournalStep*> out;
        for (const JournalStep& s : journal.steps())
            if (s.pass == name && s.changed) out.push_back(&s);
        return out;
    }
};

// Runs `passes` as one stage to a fixed point on the main graph with the journal and the verifier
// after every pass (PASSSCOPE_VERIFY_EACH=1 in ctest; forced on here too).
inline std::unique_ptr<PassRun> runStage(Model& model, std::vector<std::unique_ptr<Pass>> passes) {
    auto out = std::make_unique<PassRun>();
    std::vector<Stage> stages(1);
    stages[0].name = "Test";
    stages[0].passes = std::move(passes);
    out->run = runTestStages(model, PipelineOptions{}, stages, {&out->journal, true, false});
    return out;
}

// The last why-not reason recorded for the node named `name` (in any graph), or null.
inline const UnfoldedNode* reasonFor(const Journal& journal, const std::string& name) {
    const UnfoldedNode* found = nullptr;
    for (const JournalStep& s : journal.steps())
        for (const UnfoldedNode& u : s.unfolded)
            if (u.name == name) found = &u;
    return found;
}

// Every non-empty value name of the model, counted over the main graph and every body.
inline void countValueNames(const Graph& g, std::map<std::string, int>& counts) {
    for (const Node* n : g.nodes()) {
        for (const NodeOutput& o : n->outputs())
            if (!o.name.empty()) ++counts[o.name];
        for (const Graph* sub : n->subgraphs()) countValueNames(*sub, counts);
    }
}

// Names used by more than one value anywhere in the model (ONNX: no body shadows a name it can
// see; the exporter writes names, so a duplicate would make the saved model read another value).
inline std::vector<std::string> duplicateValueNames(const Graph& g) {
    std::map<std::string, int> counts;
    countValueNames(g, counts);
    std::vector<std::string> out;
    for (const auto& [name, count] : counts)
        if (count > 1) out.push_back(name);
    return out;
}

// Evaluates the main graph with the engine's kernels, outputs by graph output name; fails the
// test when it cannot.
inline std::map<std::string, Tensor> evaluateNamed(const Model& model,
                                                   const std::map<std::string, Tensor>& inputs) {
    EvalResult r = Evaluator(model).run(inputs);
    std::map<std::string, Tensor> out;
    if (r.failure) {
        ADD_FAILURE() << "evaluation stopped at " << r.failure->nodeName << " (" << r.failure->opType
                      << "): " << r.failure->reason;
        return out;
    }
    // By graph output name (the evaluator names a value by its producer's name, which a graph
    // output read straight from another value, e.g. a graph input, does not share).
    const std::vector<std::string> names = model.graph->outputNames();
    for (size_t i = 0; i < names.size() && i < r.outputs.size(); ++i) out.emplace(names[i], r.outputs[i]);
    return out;
}

// The body `attribute` of the node named `owner` in `g`, or null.
inline const Graph* bodyOf(const Graph& g, const std::string& owner, const std::string& attribute) {
    const Node* n = byName(g, owner);
    const Attribute* a = n ? n->findAttr(attribute) : nullptr;
    return a && !a->graphs().empty() ? a->graphs().front() : nullptr;
}

}  // namespace passscope::test::cf
