#pragma once
// Shared by the folding-flow pass tests (issue 12): one pass run on the main graph with its
// statistics, the reasons it recorded for what it kept, and the graph verifier's findings after it.
#include <string>
#include <vector>

#include "format/test_trans_op_support.h"
#include "initializer_builders.h"
#include "pipeline/graph_verifier.h"

namespace passscope::test {

struct FoldingRun {
    bool changed = false;
    PassStats stats;
    std::vector<UnfoldedNode> kept;
    std::string problems;  // empty when the graph is sound
};

inline FoldingRun runFoldingPass(Model& model, Pass& pass, const PipelineOptions& options = {}) {
    PassContext ctx(model, options, kernels::KernelRegistry::builtin());
    ctx.declareStatistics(pass);
    FoldingRun out;
    out.changed = pass.run(*model.graph, ctx);
    out.stats = ctx.stats();
    out.kept = ctx.takeUnfolded();
    out.problems = describeProblems(verifyGraph(*model.graph));
    return out;
}

// Runs a default-made `P` once on `model`'s main graph.
template <class P>
FoldingRun runFoldingPass(Model& model) {
    P pass;
    return runFoldingPass(model, pass);
}

// The reason recorded for the node named `name` ("" when none).
inline std::string keptBecause(const FoldingRun& run, const std::string& name) {
    for (const UnfoldedNode& u : run.kept)
        if (u.name == name) return u.detail;
    return {};
}

}  // namespace passscope::test
