// passscope-fuzz-replay TARGET PATH...: runs files (and every file of folders) through one fuzz
// target (targets.h), with any compiler and without libFuzzer. A finding aborts, as under
// libFuzzer; otherwise it prints how many inputs ran and exits 0. `make test` replays the seed
// corpora and the reproducers of past findings (tests/fuzz/CMakeLists.txt); by hand, it reruns a
// crash file libFuzzer saved: passscope-fuzz-replay onnx_binary crash-1a2b3c...
//
//   passscope-fuzz-replay --list    the targets linked in
#include <google/protobuf/stubs/logging.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "targets.h"

namespace fs = std::filesystem;
using passscope::fuzz::FuzzTarget;

namespace {

std::vector<fs::path> inputsOf(const fs::path& p) {
    std::vector<fs::path> out;
    if (fs::is_directory(p)) {
        for (const auto& e : fs::recursive_directory_iterator(p))
            if (e.is_regular_file()) out.push_back(e.path());
        std::sort(out.begin(), out.end());
    } else {
        out.push_back(p);
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    google::protobuf::LogSilencer silence;
    const auto& targets = passscope::fuzz::fuzzTargets();
    if (argc == 2 && std::string(argv[1]) == "--list") {
        for (const FuzzTarget& t : targets) std::printf("%s\n", t.name);
        return 0;
    }
    if (argc < 3) {
        std::fprintf(
            stderr,
            "usage: passscope-fuzz-replay TARGET FILE_OR_FOLDER...\n       passscope-fuzz-replay --list\n");
        return 2;
    }
    auto target = std::find_if(targets.begin(), targets.end(),
                               [&](const FuzzTarget& t) { return argv[1] == std::string(t.name); });
    if (target == targets.end()) {
        std::fprintf(stderr, "passscope-fuzz-replay: no target '%s' (--list names them)\n", argv[1]);
        return 2;
    }
    size_t count = 0;
    for (int i = 2; i < argc; ++i) {
        if (!fs::exists(argv[i])) {
            std::fprintf(stderr, "passscope-fuzz-replay: no such file or folder: %s\n", argv[i]);
            return 2;
        }
        for (const fs::path& file : inputsOf(argv[i])) {
            std::ifstream in(file, std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            std::fprintf(stderr, "%s\n", file.c_str());
            target->run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
            ++count;
        }
    }
    std::printf("%s: %zu inputs ran without a finding\n", target->name, count);
    return 0;
}
