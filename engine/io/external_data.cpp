#include "io/external_data.h"

#include "util/diagnostics.h"

namespace passscope::io {
namespace fs = std::filesystem;

std::shared_ptr<const Buffer> ExternalDataResolver::resolve(const ExternalLocation& ext,
                                                            const std::string& what) {
    const std::string prefix = what + ": external data '" + ext.location + "'";
    if (ext.location.empty()) throw ModelError(what + ": external data without a location");
    fs::path rel(ext.location);
    if (rel.is_absolute() || rel.has_root_name() || rel.has_root_directory())
        throw ModelError(prefix +
                         " is an absolute path; external data must be relative to the model's folder");
    for (const fs::path& part : rel)
        if (part == "..")
            throw ModelError(
                prefix + " points outside the model's folder ('..' is not allowed in external data paths)");

    std::error_code ec;
    fs::path base = fs::weakly_canonical(modelDir_.empty() ? fs::current_path() : modelDir_, ec);
    fs::path full = fs::weakly_canonical(base / rel, ec);
    if (ec) throw ModelError(prefix + " cannot be resolved: " + ec.message());
    // A symlink inside the folder could still point outside it.
    auto [b, f] = std::mismatch(base.begin(), base.end(), full.begin(), full.end());
    if (b != base.end()) throw ModelError(prefix + " resolves to a file outside the model's folder");
    if (!fs::exists(full, ec)) throw ModelError(prefix + " was not found (" + full.string() + ")");
    // Mapping a FIFO or a device would block or read without end; a folder cannot be mapped (issue 9).
    if (!fs::is_regular_file(full, ec))
        throw ModelError(prefix + " is not a regular file (" + full.string() +
                         " is a folder, FIFO or device); external data must be a regular file");

    auto it = files_.find(full);
    if (it == files_.end()) {
        try {
            it = files_.emplace(full, MappedFile::open(full)).first;
        } catch (const std::exception& e) {
            throw ModelError(prefix + ": " + e.what());
        }
    }
    const auto& file = it->second;
    const uint64_t size = file->size();
    if (ext.offset > size)
        throw ModelError(prefix + ": offset " + std::to_string(ext.offset) +
                         " is past the end of the file (" + std::to_string(size) + " bytes)");
    if (ext.length > size - ext.offset)
        throw ModelError(prefix + ": offset " + std::to_string(ext.offset) + " + length " +
                         std::to_string(ext.length) + " is past the end of the file (" +
                         std::to_string(size) + " bytes)");
    return std::make_shared<MappedSlice>(file, static_cast<size_t>(ext.offset),
                                         static_cast<size_t>(ext.length));
}

}  // namespace passscope::io
