// Folding conformance (issue acceptance): for each libonnx-testdata test with tensor inputs and
// outputs, pin test_data_set_0's inputs as initializers, run the pipeline, and require every graph
// output to become a constant equal to the expected output (floats rtol 1e-3 / atol 1e-7, NaN
// equal; integers, bools and strings exact). A wrong value fails; an output left computed is
// reported with the op and reason that stopped it; a random op folded is wrong. --min-coverage
// (percent) and --min-folded (tests) are floors: below either, the run fails.
#include <iostream>
#include <map>

#include "compile/run_pipeline.h"
#include "exec/tensor_compare.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"
#include "report/pipeline_report.h"
#include "testdata.h"

namespace fs = std::filesystem;
using namespace passscope;

namespace {

// Turns the graph inputs into Const nodes holding the test's inputs.
void pinInputs(Graph& g, const std::map<std::string, Tensor>& inputs) {
    for (NodeId id : std::vector<NodeId>(g.inputs())) {
        const Node& data = g.node(id);
        auto it = inputs.find(data.output(0).name);
        if (it == inputs.end()) continue;  // an optional input the test leaves out keeps its default
        Node& c = g.addNode(std::string(op::kConst), "", data.name() + "_pinned", 1);
        const NodeId cid = c.id();
        const std::string name = data.output(0).name;
        Tensor value = it->second;
        value.setName(name);
        g.setOutputDesc(cid, 0, TensorDesc::tensor(value.dtype(), Shape::fromExtents(value.dims())));
        g.setAttribute(cid, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
        g.replaceAllUses(ValueRef{id, 0, 0}, ValueRef{cid, 0, 0});
        g.removeNode(id);
        g.setOutputName(cid, 0, name);
    }
}

bool hasRandomOp(const Graph& g) {
    for (const Node* n : g.nodes())
        if (kernels::isNonDeterministic(n->domain(), n->opType())) return true;
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: folding_conformance CORPUS_DIR [--verbose] [--filter SUBSTR] [--min-coverage "
                     "PERCENT] [--min-folded N]\n";
        return 2;
    }
    bool verbose = false;
    std::string filter;
    double minCoverage = 0;
    int minFolded = 0;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--verbose")
            verbose = true;
        else if (a == "--filter" && i + 1 < argc)
            filter = argv[++i];
        else if (a == "--min-coverage" && i + 1 < argc)
            minCoverage = std::stod(argv[++i]);
        else if (a == "--min-folded" && i + 1 < argc)
            minFolded = std::stoi(argv[++i]);
    }
    int folded = 0, wrong = 0, unfolded = 0, skipped = 0, randomKept = 0;
    std::map<std::string, int> blockers;
    for (const fs::path& dir : test::testFolders(argv[1], filter)) {
        const std::string name = dir.filename().string();
        try {
            test::TestCase tc = test::loadTestCase(dir);
            if (!tc.tensorsOnly) {
                ++skipped;
                continue;
            }
            Graph& g = *tc.model.graph;
            const bool random = hasRandomOp(g);
            pinInputs(g, tc.inputs);
            Journal journal;
            runPipeline(tc.model, PipelineOptions{}, &journal);
            const Node& out = g.node(g.netOutput());
            std::string problem, blocker;
            for (size_t i = 0; i < out.inputs().size() && problem.empty() && blocker.empty(); ++i) {
                const Tensor* value = folding::constantValue(g, out.input(i));
                if (!value) {
                    // Name the first node on the way that a pass refused, and why.
                    blocker = "output " + std::to_string(i) + " not constant";
                    for (const UnfoldedNode& u : finalUnfolded(journal, g)) {
                        if (u.reason == NotFoldedReason::RuntimeInput ||
                            u.reason == NotFoldedReason::PotentialConst)
                            continue;
                        blocker = u.opType + ": " + std::string(reasonName(u.reason)) + ": " + u.detail;
                        blockers[u.opType + " (" + std::string(reasonName(u.reason)) + ")"]++;
                        break;
                    }
                    continue;
                }
                if (random) {
                    problem = "a random op's output was folded";
                } else if (i < tc.expected.size()) {
                    if (auto c = compareTensors(tc.expected[i], *value); !c.equal)
                        problem = "output " + std::to_string(i) + ": " + c.detail;
                }
            }
            if (!problem.empty()) {
                ++wrong;
                std::cout << "WRONG " << name << ": " << problem << "\n";
            } else if (!blocker.empty()) {
                if (random) ++randomKept;
                ++unfolded;
                if (verbose) std::cout << "UNFOLDED " << name << ": " << blocker << "\n";
            } else {
                ++folded;
                if (verbose) std::cout << "FOLDED " << name << "\n";
            }
        } catch (const std::exception& e) {
            ++wrong;
            std::cout << "WRONG " << name << ": exception: " << e.what() << "\n";
        }
    }
    std::vector<std::pair<int, std::string>> byCount;
    for (const auto& [op, n] : blockers) byCount.emplace_back(n, op);
    std::sort(byCount.rbegin(), byCount.rend());
    std::cout << "left unfolded, by blocking op:";
    for (const auto& [n, op] : byCount) std::cout << " " << op << "=" << n;
    const int considered = folded + wrong + unfolded;
    const double coverage = considered ? 100.0 * folded / considered : 0.0;
    std::cout << "\nfolding coverage: " << folded << "/" << considered
              << " tests with tensor inputs and outputs folded exactly (" << coverage << "%), " << wrong
              << " wrong, " << unfolded << " left unfolded (" << randomKept
              << " of them random ops, kept on purpose), " << skipped << " skipped (non-tensor)\n";
    std::cout << folded << " passed, " << wrong << " failed, " << unfolded + skipped << " skipped\n";
    if (wrong > 0) return 1;
    if (coverage < minCoverage) {
        std::cout << "coverage below the required " << minCoverage << "%\n";
        return 1;
    }
    if (folded < minFolded) {
        std::cout << "fewer tests folded than the floor of " << minFolded << "\n";
        return 1;
    }
    return 0;
}
