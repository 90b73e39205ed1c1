#pragma once
// The inputs a numeric evaluation runs on (`bisect`, the GUI's numeric overlay): graph inputs read
// from files — an ONNX TensorProto (`.pb`, as the ONNX test data holds them) named by its `name`
// field or else by the file's stem, or a NumPy array (`.npy`, little-endian, C order) named by the
// file's stem — and seeded random values for the others, as `verify` makes them (docs/bisect.md §1).
// A folder is an ONNX test data folder (test_data_set_N, as ONNX's node tests and model zoo ship
// them): its input_K.pb files, each for the graph input its proto names, else for the K-th graph
// input without a default (issue 36 item 3).
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/tensor.h"

namespace passscope::numeric {

// One tensor from a file and the input name it is for. Throws ModelError naming the file.
// (.tensorproto, as ONNX Runtime dumps node outputs, is read as .pb is.)
std::pair<std::string, Tensor> readInputFile(const std::filesystem::path& path);
// A NumPy .npy held in memory (Polygraphy's base64 arrays); `what` names it in errors.
Tensor readNpyBytes(const std::string& bytes, const std::string& what);

// All files, by input name; two files for one name are an error (ModelError).
std::map<std::string, Tensor> readInputFiles(const std::vector<std::filesystem::path>& paths);

// The input_K.pb files of the test data folder `folder` (a folder holding test_data_set_N folders
// stands for its first), by the graph input of `g` each is for. Throws ModelError for a folder
// without input files, a file for no graph input, or more files than inputs.
std::map<std::string, std::filesystem::path> testDataFiles(const Graph& g,
                                                           const std::filesystem::path& folder);

// Which graph input each source is for: a file names itself (readInputFile), a folder is read by
// testDataFiles. Two sources for one input, or one for a name that is no graph input, is a
// ModelError.
std::map<std::string, std::filesystem::path> inputFilesFor(const Graph& g,
                                                           const std::vector<std::filesystem::path>& sources);

// The seed `bisect` and the GUI use unless told otherwise (verify's).
inline constexpr uint64_t kDefaultInputSeed = 1234;

struct EvaluationInputs {
    std::map<std::string, Tensor> tensors;  // by graph input name
    std::vector<std::string> notes;         // e.g. a symbolic dim set to 1
};

// Every graph input of `g` without a default: from `files` where one names it, else seeded random
// (floats uniform in [-1, 1), integers 0..2; symbolic dims 1 unless `inputShapes` pins them). Throws
// ModelError for a bad file, a file for a name that is no graph input, or an input that cannot be
// made (too large, no rank).
EvaluationInputs evaluationInputs(const Graph& g, const std::vector<std::filesystem::path>& files,
                                  const std::map<std::string, std::vector<int64_t>>& inputShapes,
                                  uint64_t seed = kDefaultInputSeed);
// The same with each file given for a named input (what inputFilesFor returns, or the GUI's
// Numeric Inputs dialog): the file's own name does not matter.
EvaluationInputs evaluationInputsByName(const Graph& g,
                                        const std::map<std::string, std::filesystem::path>& files,
                                        const std::map<std::string, std::vector<int64_t>>& inputShapes,
                                        uint64_t seed = kDefaultInputSeed);

}  // namespace passscope::numeric
