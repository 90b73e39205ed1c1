// Kernel conformance against libonnx-testdata: evaluates each node test's model with the
// engine's kernels on test_data_set_0's inputs and compares with its expected outputs (floats
// rtol 1e-3 / atol 1e-7, NaN equal; integers, bools and strings exact). A wrong value fails; an
// op without a kernel is reported as unsupported with its name; tests with non-tensor inputs or
// outputs are skipped. Prints per-op unsupported counts and "N passed, M failed". With
// --min-passed N, fewer than N tests computed exactly fail the run: a kernel that stops matching,
// or a corpus that is missing or shrank, cannot pass unnoticed.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "exec/evaluator.h"
#include "exec/tensor_compare.h"
#include "io/model_loader.h"
#include "io/tensor_proto.h"
#include "ir/op_types.h"
#include "testdata.h"

namespace fs = std::filesystem;
using namespace passscope;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: kernel_conformance CORPUS_DIR [--verbose] [--filter SUBSTR] [--min-passed N]\n";
        return 2;
    }
    const fs::path corpus = argv[1];
    bool verbose = false;
    std::string filter;
    int minPassed = 0;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--verbose")
            verbose = true;
        else if (a == "--filter" && i + 1 < argc)
            filter = argv[++i];
        else if (a == "--min-passed" && i + 1 < argc)
            minPassed = std::stoi(argv[++i]);
    }
    const std::vector<fs::path> tests = test::testFolders(corpus, filter);
    int passed = 0, wrong = 0, unsupported = 0, skipped = 0;
    std::map<std::string, int> missing;
    for (const fs::path& t : tests) {
        const std::string name = t.filename().string();
        try {
            test::TestCase tc = test::loadTestCase(t);
            if (!tc.tensorsOnly) {
                ++skipped;
                if (verbose) std::cout << "SKIP " << name << ": non-tensor inputs or outputs\n";
                continue;
            }
            const std::map<std::string, Tensor>& inputs = tc.inputs;
            const std::vector<Tensor>& expected = tc.expected;
            EvalResult r = Evaluator(tc.model).run(inputs);
            if (r.failure) {
                ++unsupported;
                ++missing[r.failure->opType];
                if (verbose)
                    std::cout << "UNSUPPORTED " << name << ": " << r.failure->opType << ": "
                              << r.failure->reason << "\n";
                continue;
            }
            std::string problem;
            for (size_t i = 0; i < expected.size() && problem.empty(); ++i) {
                if (i >= r.outputs.size())
                    problem = "missing output " + std::to_string(i);
                else if (auto c = compareTensors(expected[i], r.outputs[i]); !c.equal)
                    problem = "output " + std::to_string(i) + " (" + r.outputNames[i] + "): " + c.detail;
            }
            if (problem.empty()) {
                ++passed;
                if (verbose) std::cout << "PASS " << name << "\n";
            } else {
                ++wrong;
                std::cout << "WRONG " << name << ": " << problem << "\n";
            }
        } catch (const std::exception& e) {
            ++wrong;
            std::cout << "WRONG " << name << ": exception: " << e.what() << "\n";
        }
    }
    std::vector<std::pair<int, std::string>> byCount;
    for (const auto& [op, n] : missing) byCount.emplace_back(n, op);
    std::sort(byCount.rbegin(), byCount.rend());
    std::cout << "unsupported by op:";
    for (const auto& [n, op] : byCount) std::cout << " " << op << ":" << n;
    const int considered = passed + wrong + unsupported;
    std::cout << "\ncoverage: " << passed << "/" << considered << " tensor-only tests computed exactly ("
              << (considered ? 100.0 * passed / considered : 0.0) << "%), " << unsupported << " unsupported, "
              << skipped << " skipped\n";
    std::cout << passed << " passed, " << wrong << " failed, " << (unsupported + skipped) << " skipped\n";
    if (wrong > 0) return 1;
    if (passed < minPassed) {
        std::cout << "fewer tests computed exactly than the floor of " << minPassed << "\n";
        return 1;
    }
    return 0;
}
