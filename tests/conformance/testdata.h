#pragma once
// Reading libonnx-testdata test folders: model, test_data_set_0 inputs and expected outputs.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/model.h"

namespace passscope::test {

struct TestCase {
    Model model;
    std::map<std::string, Tensor> inputs;  // by graph input name
    std::vector<Tensor> expected;          // in graph output order
    bool tensorsOnly = true;               // false: some input or output is a sequence/map/optional
};

// Loads <dir>/model.onnx and test_data_set_0. Throws on unreadable files.
TestCase loadTestCase(const std::filesystem::path& dir);
// Test folders (holding model.onnx) under `corpus`, sorted; `filter` is a substring.
std::vector<std::filesystem::path> testFolders(const std::filesystem::path& corpus,
                                               const std::string& filter = {});

}  // namespace passscope::test
