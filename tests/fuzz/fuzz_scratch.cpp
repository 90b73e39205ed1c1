#include "fuzz_scratch.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace passscope::fuzz {
namespace {

constexpr const char* kScratchPrefix = "passscope-fuzz-";

fs::path scratchParent() {
    std::error_code ec;
    if (fs::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0) return "/dev/shm";
    return fs::temp_directory_path();
}

// Folders of processes that are gone (a finding aborts before atexit runs).
void removeStaleFolders(const fs::path& parent) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(parent, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(kScratchPrefix, 0) != 0) continue;
        const long pid =
            std::strtol(name.c_str() + std::char_traits<char>::length(kScratchPrefix), nullptr, 10);
        if (pid <= 0 || pid == ::getpid()) continue;
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) fs::remove_all(entry.path(), ec);
    }
}

void removeScratch() {
    std::error_code ec;
    fs::remove_all(scratchDir(), ec);
}

}  // namespace

const fs::path& scratchDir() {
    static const fs::path dir = [] {
        const fs::path parent = scratchParent();
        removeStaleFolders(parent);
        fs::path d = parent / (kScratchPrefix + std::to_string(::getpid()));
        fs::create_directories(d);
        std::atexit(removeScratch);
        return d;
    }();
    return dir;
}

fs::path writeScratch(const std::string& name, const uint8_t* data, size_t size) {
    const fs::path path = scratchDir() / name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) throw std::runtime_error("fuzz harness: cannot write " + path.string());
    return path;
}

}  // namespace passscope::fuzz
