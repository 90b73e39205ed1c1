#include "ir/buffer.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "ir/mapped_file_lease.h"

namespace passscope {

std::shared_ptr<const MappedFile> MappedFile::open(const std::filesystem::path& path) {
    // The caller checked that `path` is a regular file, but it can be replaced before this open:
    // O_NONBLOCK keeps a FIFO put there from blocking the open forever, O_NOFOLLOW refuses a
    // symlink put there (callers pass paths with links already resolved), and the fstat below
    // judges the file actually opened.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0 && errno == ELOOP)
        throw std::runtime_error("'" + path.string() + "' is a symbolic link, not a regular file");
    if (fd < 0) throw std::runtime_error("cannot open '" + path.string() + "': " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw std::runtime_error("'" + path.string() + "' is not a regular file");
    }
    std::shared_ptr<MappedFile> file(new MappedFile());
    file->path_ = path;
    file->size_ = static_cast<size_t>(st.st_size);
    if (file->size_ > 0) {
        void* p = ::mmap(nullptr, file->size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            int err = errno;
            ::close(fd);
            throw std::runtime_error("cannot map '" + path.string() + "': " + std::strerror(err));
        }
        file->data_ = static_cast<const uint8_t*>(p);
        if (lease::watch(fd, file.get())) {
            file->leaseFd_ = fd;
            return file;
        }
    }
    ::close(fd);
    return file;
}

void MappedFile::keepBytesInMemory() const {
    std::lock_guard<std::mutex> lock(pagesMutex_);
    if (inMemory_ || !data_) return;
    void* copy = ::mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (copy == MAP_FAILED) return;  // no memory for the copy: the mapping stays as it was
    std::memcpy(copy, data_, size_);
    ::mprotect(copy, size_, PROT_READ);
    // The copy's pages move onto the mapping's address in one step: a reader sees the file's bytes
    // or the copy's, which are the same.
    if (::mremap(copy, size_, size_, MREMAP_MAYMOVE | MREMAP_FIXED, const_cast<uint8_t*>(data_)) ==
        MAP_FAILED) {
        ::munmap(copy, size_);
        return;
    }
    inMemory_ = true;
}

bool MappedFile::bytesInMemory() const {
    std::lock_guard<std::mutex> lock(pagesMutex_);
    return inMemory_;
}

void MappedFile::dropPages(size_t offset, size_t length) const {
    static const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    if (!data_ || offset >= size_ || length > size_ - offset) return;
    std::lock_guard<std::mutex> lock(pagesMutex_);
    if (inMemory_) return;  // MADV_DONTNEED would give back the copy's bytes as zeros
    const auto begin = reinterpret_cast<uintptr_t>(data_) + offset;
    const uintptr_t first = (begin + page - 1) / page * page;
    const uintptr_t last = (begin + length) / page * page;
    if (first < last) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

MappedFile::~MappedFile() {
    if (leaseFd_ >= 0) {
        lease::unwatch(leaseFd_);
        ::close(leaseFd_);
    }
    if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
}

}  // namespace passscope
