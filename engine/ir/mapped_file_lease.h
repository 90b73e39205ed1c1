#pragma once
// Keeps a mapped file's bytes when another program rewrites the file in place.
//
// A MappedFile (external data, large inline weights) reads a page from the file whenever it is
// touched and not resident. A program that rewrites the file in place (`torch.onnx.export` to the
// path the window shows, `cp` over it) truncates it first, and the next read of a weight past the
// new end failed with SIGBUS; a rewrite that keeps the length made the model's weights change under
// it. A read lease (fcntl F_SETLEASE, F_RDLCK) makes the kernel signal this process before such an
// open returns: the writer waits (up to /proc/sys/fs/lease-break-time, 45 s by default) while a
// thread here replaces the mapping by an anonymous copy of its bytes at the same address
// (MappedFile::keepBytesInMemory), so every pointer into it stays valid and reads what the model
// was loaded with; then the lease is released and the writer goes on. The copy costs the file's
// size in memory, from then on.
//
// Where a lease cannot be taken (a file this user does not own, a file open for writing elsewhere,
// a filesystem without leases such as NFS), the mapping stays as it was, unguarded.
namespace passscope {

class MappedFile;

namespace lease {

// Takes a read lease on `fd` (open read-only on the file `file` maps) and keeps `file` for the
// lease's break; true when taken. `fd` must stay open until `unwatch`.
bool watch(int fd, const MappedFile* file);

// Forgets `fd`: when this returns, no copy of its file runs or will run.
void unwatch(int fd);

}  // namespace lease
}  // namespace passscope
