// Turns a seed into a fuzz case: mutations at the protobuf level (inputs dropped, duplicated or
// rewired, cycles, swapped op types, attribute values and types, dims set to 0/-1/huge, dtypes,
// tensor payloads truncated or made external, nested subgraphs, recursive functions) and then,
// sometimes, at the byte level (bits flipped, truncated, spliced). Everything is drawn from one
// 64-bit case seed, so a case is reproduced from its seed alone.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace passscope::fuzz {

using Rng = std::mt19937_64;

// Applies one random protobuf-level mutation; returns its name (for the case description).
std::string mutateProto(onnx::ModelProto& model, Rng& rng);

// Applies one random byte-level mutation to serialized bytes; returns its name.
std::string mutateBytes(std::string& bytes, Rng& rng);

// Binary (mostly) or protobuf text, as the loader accepts both.
std::string serialize(const onnx::ModelProto& model, Rng& rng, bool& asText);

struct FuzzCase {
    std::string bytes;
    std::string description;  // seed name and the mutations applied
};

// One case from `caseSeed`: a seed (a generated proto or a corpus file's bytes) mutated 0-4 times
// at the proto level, serialized, and sometimes mutated at the byte level.
FuzzCase makeCase(const std::vector<std::pair<std::string, onnx::ModelProto>>& protoSeeds,
                  const std::vector<std::pair<std::string, std::string>>& byteSeeds, uint64_t caseSeed);

}  // namespace passscope::fuzz
