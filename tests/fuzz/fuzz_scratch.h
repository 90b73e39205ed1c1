// Scratch files for the fuzz targets whose reader takes a path (the loader, the dump readers, the
// input files): one folder per process, on /dev/shm when it is there (writing an input there costs
// microseconds), removed when the process exits normally. Folders left by processes that died
// (a finding aborts) are removed by the next process that starts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace passscope::fuzz {

const std::filesystem::path& scratchDir();

// Writes `size` bytes to scratchDir()/name (replacing it) and returns the path.
std::filesystem::path writeScratch(const std::string& name, const uint8_t* data, size_t size);

}  // namespace passscope::fuzz
