#pragma once
// Immutable byte storage behind constant tensors. Buffers are shared (std::shared_ptr<const
// Buffer>) between graphs, clones and journal steps: weights are never copied once loaded.
// External data is memory-mapped; slices point into the mapping. Slices may be unaligned:
// readers must memcpy or use unaligned access.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace passscope {

class Buffer {
  public:
    virtual ~Buffer() = default;
    virtual const uint8_t* data() const = 0;
    virtual size_t size() const = 0;
    std::string_view view() const { return {reinterpret_cast<const char*>(data()), size()}; }
    // A hint that the bytes are not needed soon: a mapped file's pages are given back to the
    // kernel and read again from the file when next touched; memory a process owns stays.
    virtual void dropResidentPages() const {}
};

// Owns bytes in a std::string; protobuf's raw_data is moved in without a copy.
class StringBuffer final : public Buffer {
  public:
    explicit StringBuffer(std::string bytes) : bytes_(std::move(bytes)) {}
    const uint8_t* data() const override { return reinterpret_cast<const uint8_t*>(bytes_.data()); }
    size_t size() const override { return bytes_.size(); }

  private:
    std::string bytes_;
};

// A read-only private mapping of a whole regular file, opened without following a symlink in the
// last component and without blocking, and guarded by a read lease against a rewrite in place
// (ir/mapped_file_lease.h). Throws std::runtime_error when it cannot be opened or is
// not a regular file.
class MappedFile {
  public:
    static std::shared_ptr<const MappedFile> open(const std::filesystem::path& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const uint8_t* data() const { return data_; }
    size_t size() const { return size_; }
    const std::filesystem::path& path() const { return path_; }
    // Gives back the pages wholly inside [offset, offset + length) (madvise MADV_DONTNEED: the
    // mapping is private and never written, so they read back from the file unchanged). Nothing
    // once the bytes are kept in memory.
    void dropPages(size_t offset, size_t length) const;
    // Replaces the mapping by an anonymous copy of its bytes at the same address, so the bytes stay
    // what they were when the file is rewritten (called when another program opens the file for
    // writing: ir/mapped_file_lease.h). Idempotent.
    void keepBytesInMemory() const;
    // Whether keepBytesInMemory has run.
    bool bytesInMemory() const;

  private:
    MappedFile() = default;
    const uint8_t* data_ = nullptr;
    size_t size_ = 0;
    std::filesystem::path path_;
    int leaseFd_ = -1;  // open while the lease is held
    mutable std::mutex pagesMutex_;
    mutable bool inMemory_ = false;
};

// A byte range of a mapped file; keeps the mapping alive.
class MappedSlice final : public Buffer {
  public:
    MappedSlice(std::shared_ptr<const MappedFile> file, size_t offset, size_t length)
        : file_(std::move(file)), offset_(offset), length_(length) {}
    const uint8_t* data() const override { return file_->data() + offset_; }
    size_t size() const override { return length_; }
    void dropResidentPages() const override { file_->dropPages(offset_, length_); }
    const MappedFile& file() const { return *file_; }
    size_t offset() const { return offset_; }

  private:
    std::shared_ptr<const MappedFile> file_;
    size_t offset_;
    size_t length_;
};

}  // namespace passscope
