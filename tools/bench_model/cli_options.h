// Command line of passscope-make-large-model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace passscope::bench_model {

struct CliOptions {
    std::string output_path;
    std::int64_t nodes = 50000;
    double weight_mb = 500.0;  // megabytes of 1,000,000 bytes
    bool external = false;
    // --chain N: instead of the network, a chain of N foldable nodes (chain.h).
    std::int64_t chain = 0;
};

// Returns the options, or nullopt after printing the problem (or --help) to stderr.
// `exit_code` tells the caller what to return when nullopt comes back.
std::optional<CliOptions> parse_cli(int argc, char** argv, int& exit_code);

}  // namespace passscope::bench_model
