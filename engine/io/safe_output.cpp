#include "io/safe_output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>

#include "ir/op_types.h"
#include "util/diagnostics.h"

namespace passscope::io {
namespace fs = std::filesystem;
namespace {

std::string quoted(const fs::path& p) {
    return "'" + p.string() + "'";
}

fs::path folderOf(const fs::path& p) {
    return p.parent_path().empty() ? fs::path(".") : p.parent_path();
}

// The folder resolved, the last component kept: a symlink named as a destination is replaced,
// not followed, so it is a different destination from its target.
fs::path destinationKey(const fs::path& p) {
    std::error_code ec;
    fs::path dir = fs::weakly_canonical(fs::absolute(folderOf(p), ec), ec);
    return dir / p.filename();
}

bool identityOf(const fs::path& p, bool followLink, FileIdentity& id) {
    struct stat st {};
    if ((followLink ? ::stat(p.c_str(), &st) : ::lstat(p.c_str(), &st)) != 0) return false;
    id = {st.st_dev, st.st_ino};
    return true;
}

void addRead(const fs::path& p, std::vector<FileIdentity>& out) {
    FileIdentity id;
    if (identityOf(p, true, id)) out.push_back(id);
}

void collectGraph(const Graph& g, const fs::path& modelDir, std::vector<FileIdentity>& out) {
    for (const Node* n : g.nodes()) {
        if (const Tensor* t = n->attrTensor(op::attr::kValue)) {
            if (auto* slice = dynamic_cast<const MappedSlice*>(t->buffer().get()))
                addRead(slice->file().path(), out);
            else if (t->external())
                addRead(modelDir / t->external()->location, out);
        }
        for (const Graph* sub : n->subgraphs()) collectGraph(*sub, modelDir, out);
    }
}

}  // namespace

std::string writeErrorText(int error) {
    if (error == EFBIG) return std::string(std::strerror(error)) + " (file-size limit)";
    if (error == ENOSPC) return std::string(std::strerror(error)) + " (disk full)";
    return std::strerror(error);
}

StagedFile::StagedFile(fs::path destination) : destination_(std::move(destination)) {
    std::error_code ec;
    if (fs::is_directory(destination_, ec)) throw ModelError(quoted(destination_) + " is a folder");
    const fs::path dir = folderOf(destination_);
    if (!fs::is_directory(dir, ec))
        throw ModelError("cannot write " + quoted(destination_) + ": no folder " + quoted(dir));
    std::random_device seed;
    std::mt19937_64 random(seed());
    for (int attempt = 0; attempt < 100; ++attempt) {
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, ".%012llx.tmp",
                      static_cast<unsigned long long>(random() & 0xffffffffffffULL));
        fs::path candidate = dir / (destination_.filename().string() + suffix);
        // O_EXCL: never an existing file; O_NOFOLLOW: never through a symlink planted there.
        fd_ = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd_ >= 0) {
            temporary_ = std::move(candidate);
            return;
        }
        if (errno != EEXIST) break;
    }
    throw ModelError("cannot write " + quoted(destination_) + ": cannot create a file in " + quoted(dir) +
                     ": " + writeErrorText(errno));
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : destination_(std::move(other.destination_)),
      temporary_(std::move(other.temporary_)),
      fd_(other.fd_),
      committed_(other.committed_) {
    other.fd_ = -1;
    other.temporary_.clear();
}

StagedFile::~StagedFile() {
    discard();
}

void StagedFile::discard() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!committed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
    temporary_.clear();
}

void StagedFile::write(const void* data, size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        ssize_t n = ::write(fd_, p, std::min<size_t>(size, size_t(1) << 30));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw ModelError("writing " + quoted(destination_) +
                             " failed: " + writeErrorText(n < 0 ? errno : ENOSPC));
        p += n;
        size -= static_cast<size_t>(n);
    }
}

void StagedFile::finish() {
    if (::fsync(fd_) != 0)
        throw ModelError("writing " + quoted(destination_) + " failed: " + writeErrorText(errno));
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0)
        throw ModelError("writing " + quoted(destination_) + " failed: " + writeErrorText(errno));
}

void StagedFile::commit() {
    if (fd_ >= 0) finish();
    if (::rename(temporary_.c_str(), destination_.c_str()) != 0)
        throw ModelError("cannot replace " + quoted(destination_) + ": " + writeErrorText(errno));
    committed_ = true;
    // The rename itself is durable once the folder is synced.
    int dirFd = ::open(folderOf(destination_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
}

std::vector<FileIdentity> filesReadBy(const Model& model) {
    std::vector<FileIdentity> out;
    if (!model.sourcePath.empty()) addRead(model.sourcePath, out);
    if (model.graph) collectGraph(*model.graph, model.sourcePath.parent_path(), out);
    return out;
}

bool sameDestination(const fs::path& a, const fs::path& b) {
    if (destinationKey(a) == destinationKey(b)) return true;
    FileIdentity ia, ib;
    return identityOf(a, false, ia) && identityOf(b, false, ib) && ia == ib;
}

bool isSourceOf(const fs::path& path, const Model& model) {
    return !model.sourcePath.empty() && destinationKey(path) == destinationKey(model.sourcePath);
}

void refuseToReplaceInput(const fs::path& target, const Model& model, bool replacesSource,
                          const std::string& role) {
    FileIdentity id;
    if (replacesSource || !identityOf(target, false, id)) return;
    for (const FileIdentity& read : filesReadBy(model))
        if (read == id)
            throw ModelError(
                role + " " + quoted(target) +
                " is a file the model reads (its source or external data); refusing to overwrite it");
}

}  // namespace passscope::io
