#pragma once
// Writing files so that a failure leaves nothing behind and nothing a model reads is replaced
// (issue 9, "Files destroyed or half-written"). A StagedFile is a fresh temporary in the
// destination's folder (unique name, O_CREAT|O_EXCL|O_NOFOLLOW, so a planted symlink is never
// followed), synced and renamed over the destination by commit(); until then the destination is
// untouched, and the temporary is removed when the StagedFile goes away uncommitted.
#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "ir/model.h"

namespace passscope::io {

class StagedFile {
  public:
    // Throws ModelError when the destination is a folder or its folder cannot take a new file.
    explicit StagedFile(std::filesystem::path destination);
    ~StagedFile();
    StagedFile(StagedFile&& other) noexcept;
    StagedFile& operator=(StagedFile&&) = delete;
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;

    // Throws ModelError when the bytes cannot all be written (disk full, file-size limit).
    void write(const void* data, size_t size);
    void write(const std::string& bytes) { write(bytes.data(), bytes.size()); }
    int fd() const { return fd_; }
    // Syncs and closes the temporary; throws ModelError naming the destination on failure.
    void finish();
    // Renames the finished temporary over the destination.
    void commit();

    const std::filesystem::path& destination() const { return destination_; }
    const std::filesystem::path& temporary() const { return temporary_; }

  private:
    void discard() noexcept;
    std::filesystem::path destination_;
    std::filesystem::path temporary_;
    int fd_ = -1;
    bool committed_ = false;
};

// strerror(error), naming the usual cause ("file-size limit", "disk full").
std::string writeErrorText(int error);

// A file's identity on disk: the same file under any path, hard link or symlink.
struct FileIdentity {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileIdentity& o) const { return device == o.device && inode == o.inode; }
};

// The files `model` reads: its source file and every external data file its tensors map.
std::vector<FileIdentity> filesReadBy(const Model& model);

// Throws ModelError when replacing `target` would destroy a file `model` reads. Replacing the
// model's own source (and so its data files) as a whole is allowed when `replacesSource`:
// the new files are complete before they are renamed in, and mapped bytes stay valid.
// `role` names the target in the message ("the output", "the external data file", "the report").
void refuseToReplaceInput(const std::filesystem::path& target, const Model& model, bool replacesSource,
                          const std::string& role);

// True when `path` names the file `model` was loaded from (by device and inode).
bool isSourceOf(const std::filesystem::path& path, const Model& model);

// True when both paths name the same file, or would once created (same folder and name).
bool sameDestination(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace passscope::io
