#include "ir/mapped_file_lease.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "ir/buffer.h"

namespace passscope::lease {
namespace {

// The lease-break signal carries the fd in si_fd (F_SETSIG). A real-time signal, so breaks of
// several files queue instead of merging, and one nothing else here uses.
int breakSignal() {
    return SIGRTMIN + 5;
}

constexpr std::size_t kMaxWatchedFiles = 256;

int gPipe[2] = {-1, -1};  // signal handler -> copying thread

// Only async-signal-safe calls: it hands the fd to the thread.
void onLeaseBreak(int, siginfo_t* info, void*) {
    const int savedErrno = errno;
    const int fd = info->si_fd;
    (void)!::write(gPipe[1], &fd, sizeof fd);
    errno = savedErrno;
}

struct Registry {
    std::mutex mutex;  // held while a file is copied, so unwatch waits for the copy
    std::unordered_map<int, const MappedFile*> files;
};

Registry& registry() {
    static Registry* r = new Registry();  // never destroyed: the thread may outlive static destruction
    return *r;
}

void copyOnBreak() {
    for (;;) {
        int fd = -1;
        const ssize_t n = ::read(gPipe[0], &fd, sizeof fd);
        if (n < 0 && errno == EINTR) continue;
        if (n != static_cast<ssize_t>(sizeof fd)) return;
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        auto it = r.files.find(fd);
        if (it == r.files.end()) continue;
        // During a break F_GETLEASE gives the type the lease is being broken to (F_UNLCK for a
        // writer); F_RDLCK means no break is pending (a signal meant for an fd number since reused).
        if (::fcntl(fd, F_GETLEASE) == F_RDLCK) continue;
        it->second->keepBytesInMemory();
        ::fcntl(fd, F_SETLEASE, F_UNLCK);
    }
}

bool start() {
    static const bool started = [] {
        if (::pipe2(gPipe, O_CLOEXEC) != 0) return false;
        struct sigaction action {};
        action.sa_sigaction = onLeaseBreak;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (::sigaction(breakSignal(), &action, nullptr) != 0) return false;
        std::thread(copyOnBreak).detach();
        return true;
    }();
    return started;
}

}  // namespace

bool watch(int fd, const MappedFile* file) {
    if (!start()) return false;
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    // Each lease keeps its file open. A model exported with one external file per weight can
    // have thousands; past this many the files are mapped unguarded rather than taking the
    // descriptors the process needs (the soft limit is often 1,024).
    if (r.files.size() >= kMaxWatchedFiles) return false;
    if (::fcntl(fd, F_SETSIG, breakSignal()) != 0) return false;
    r.files[fd] = file;
    if (::fcntl(fd, F_SETLEASE, F_RDLCK) == 0) return true;
    r.files.erase(fd);
    return false;
}

void unwatch(int fd) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.files.erase(fd);
}

}  // namespace passscope::lease
