#pragma once
// The summary behind `passscope-cli info`: inputs and outputs, op histogram, initializers,
// opsets, subgraphs. Counts are of the main graph's ONNX nodes (Data/NetOutput/Const excluded).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ir/model.h"

namespace passscope {

struct ValueSummary {
    std::string name;
    TensorDesc desc;
};

struct ModelInfo {
    int64_t irVersion = 0;
    std::string producer;
    size_t nodes = 0;
    std::vector<ValueSummary> inputs;  // runtime inputs (overridable initializers not included)
    std::vector<ValueSummary> outputs;
    std::map<std::string, size_t> ops;
    size_t initializers = 0;
    uint64_t initializerBytes = 0;
    size_t externalInitializers = 0;
    std::vector<OpsetImport> opsets;
    size_t subgraphs = 0;  // all levels
};

ModelInfo summarize(const Model& model);
nlohmann::json toJson(const ModelInfo& info);
// Human-readable, for a terminal.
std::string toText(const ModelInfo& info);
// JSON text for files and terminals. Names come from the model and may hold invalid UTF-8, which
// nlohmann::json refuses (type_error 316): invalid sequences become U+FFFD instead (issue 9).
std::string jsonText(const nlohmann::json& j, int indent = 2);
// A shape as JSON: numbers, names of symbolic dims, null for unknown dims; null for unknown rank.
nlohmann::json shapeJson(const Shape& shape);

}  // namespace passscope
