#pragma once
// Where the GE dump fixtures live (tests/fixtures/ge_dumps/, made by passscope-make-ge-dumps) and
// small readers the dump tests share (node lookups are engine_helpers.h's).
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "ir/graph.h"

namespace passscope::test::dump {

inline std::filesystem::path fixtures() {
    return std::filesystem::path(PASSSCOPE_SOURCE_DIR) / "tests" / "fixtures" / "ge_dumps";
}
inline std::filesystem::path convNet() {
    return fixtures() / "conv_net";
}

// 1-based line of the first line of `path` that contains `needle`, 0 when none does.
inline int lineContaining(const std::filesystem::path& path, const std::string& needle) {
    std::ifstream in(path);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
        if (line.find(needle) != std::string::npos) return n;
    return 0;
}

// The last line before `needle`'s line that contains `marker`.
inline int lineBefore(const std::filesystem::path& path, const std::string& needle,
                      const std::string& marker) {
    const int limit = lineContaining(path, needle);
    std::ifstream in(path);
    std::string line;
    int found = 0;
    for (int n = 1; n < limit && std::getline(in, line); ++n)
        if (line.find(marker) != std::string::npos) found = n;
    return found;
}

}  // namespace passscope::test::dump
