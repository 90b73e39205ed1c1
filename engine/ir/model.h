#pragma once
// A whole model: the main graph plus ONNX model-level data (IR version, opsets, metadata).
// Model-local functions and training info are carried verbatim (serialized) for round trips.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/graph.h"

namespace passscope {

struct OpsetImport {
    std::string domain;  // "" is the default ONNX domain
    int64_t version = 0;
    bool operator==(const OpsetImport&) const = default;
};

struct Model {
    int64_t irVersion = 8;
    std::vector<OpsetImport> opsets;
    std::string producerName;
    std::string producerVersion;
    std::string domain;
    int64_t modelVersion = 0;
    std::string docString;
    std::vector<std::pair<std::string, std::string>> metadata;
    std::shared_ptr<Graph> graph;
    std::vector<std::string> opaqueFunctions;     // serialized onnx::FunctionProto
    std::vector<std::string> opaqueTrainingInfo;  // serialized onnx::TrainingInfoProto
    std::filesystem::path sourcePath;             // the file it was loaded from, if any

    // Version imported for a domain, or 0.
    int64_t opsetVersion(const std::string& domain) const;
    // Deep copy of the structure; tensor bytes stay shared.
    Model clone() const;
};

}  // namespace passscope
