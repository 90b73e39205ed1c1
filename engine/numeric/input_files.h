#pragma once
// Graph inputs read from files, for `bisect --inputs` (and later the GUI): an ONNX TensorProto
// (`.pb`, as the ONNX test data holds them) named by its `name` field or else by the file's stem,
// or a NumPy array (`.npy`, little-endian, C order) named by the file's stem.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ir/tensor.h"

namespace passscope::numeric {

// One tensor from a file and the input name it is for. Throws ModelError naming the file.
std::pair<std::string, Tensor> readInputFile(const std::filesystem::path& path);

// All files, by input name; two files for one name are an error (ModelError).
std::map<std::string, Tensor> readInputFiles(const std::vector<std::filesystem::path>& paths);

}  // namespace passscope::numeric
