// A mapped file rewritten in place by another program (ir/mapped_file_lease.h): the writer waits
// while the mapping becomes an anonymous copy, and the model keeps the bytes it was loaded with.
// Without the lease a read past the truncated end raised SIGBUS, and a rewrite of the same length
// changed the weights under the model.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "ir/buffer.h"
#include "ir/op_types.h"
#include "model_builders.h"

using namespace passscope;
namespace fs = std::filesystem;

namespace {

std::string patternBytes(size_t size) {
    std::string bytes(size, '\0');
    for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 131 + 7) % 251);
    return bytes;
}

void writeBytes(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Whether this filesystem grants this user read leases (ext4, tmpfs: yes; NFS: no).
bool leasesWork(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    const bool granted = fd >= 0 && ::fcntl(fd, F_SETLEASE, F_RDLCK) == 0;
    if (fd >= 0) ::close(fd);
    return granted;
}

// Rewrites `path` from another process as a program would (open with O_TRUNC, write, close) and
// returns how long the writer waited; its exit status in `status`.
double rewriteFromAnotherProcess(const fs::path& path, const std::string& bytes, int& status) {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t child = ::fork();
    if (child == 0) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        const bool written =
            fd >= 0 && ::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
        ::_exit(written && ::close(fd) == 0 ? 0 : 1);
    }
    ::waitpid(child, &status, 0);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST(MappedFileLease, AFileTruncatedAndRewrittenKeepsTheBytesItWasMappedWith) {
    const fs::path dir = test::freshDir("mapped_file_lease_truncate");
    const std::string original = patternBytes(5 * 4096 + 123);
    writeBytes(dir / "w.bin", original);
    if (!leasesWork(dir / "w.bin")) GTEST_SKIP() << "this filesystem grants no read leases";

    auto file = MappedFile::open(dir / "w.bin");
    const auto* bytes = reinterpret_cast<const char*>(file->data());
    EXPECT_EQ(std::string(bytes, 4096), original.substr(0, 4096));  // some pages resident
    file->dropPages(0, file->size());                               // the others read from the file
    EXPECT_FALSE(file->bytesInMemory());

    int status = -1;
    const double waited = rewriteFromAnotherProcess(dir / "w.bin", "short", status);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    EXPECT_LT(waited, 20.0) << "the writer waited for the kernel's lease-break timeout";
    EXPECT_EQ(fs::file_size(dir / "w.bin"), 5u);

    EXPECT_TRUE(file->bytesInMemory());
    EXPECT_EQ(std::string(bytes, file->size()), original);  // past byte 5: SIGBUS without the copy
    file->dropPages(0, file->size());  // the copy is memory, not the file: nothing to give back
    EXPECT_EQ(std::string(bytes, file->size()), original);
}

// A rewrite that keeps the length raises no signal, but the weights of a loaded model changed to
// the new file's; the external weight keeps its loaded values through folding and export.
TEST(MappedFileLease, ExternalWeightsKeepTheirValuesWhenTheirFileIsRewrittenInPlace) {
    const fs::path dir = test::freshDir("mapped_file_lease_external");
    std::vector<float> w(4096);
    for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>(i) * 0.5f;
    const std::string original(reinterpret_cast<const char*>(w.data()), w.size() * sizeof(float));
    writeBytes(dir / "w.bin", original);
    if (!leasesWork(dir / "w.bin")) GTEST_SKIP() << "this filesystem grants no read leases";

    onnx::ModelProto m = test::emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();
    test::addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {4096});
    onnx::TensorProto& t = *g.add_initializer();
    t.set_name("w");
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_dims(4096);
    t.set_data_location(onnx::TensorProto::EXTERNAL);
    onnx::StringStringEntryProto& location = *t.add_external_data();
    location.set_key("location");
    location.set_value("w.bin");
    test::addNode(g, "Neg", {"w"}, {"nw"}, "neg");
    test::addNode(g, "Add", {"x", "nw"}, {"y"}, "add");
    test::addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4096});
    test::writeModel(m, dir / "m.onnx");
    io::LoadResult loaded = io::loadModel(dir / "m.onnx");

    int status = -1;
    rewriteFromAnotherProcess(dir / "w.bin", std::string(original.size(), '\0'), status);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;

    runPipeline(loaded.model, PipelineOptions{});  // folds Neg(w)
    Diagnostics diag;
    io::exportModel(loaded.model, dir / "out.onnx", {}, diag);
    const io::LoadResult back = io::loadModel(dir / "out.onnx");
    const Tensor* folded = nullptr;
    for (const Node* n : back.model.graph->nodes())
        if (n->opType() == "Add")
            for (const ValueRef& in : n->inputs())
                if (const Tensor* c = back.model.graph->producer(in)->attrTensor(op::attr::kValue))
                    folded = c;
    ASSERT_TRUE(folded);
    ASSERT_EQ(folded->byteSize(), static_cast<int64_t>(original.size()));
    std::vector<float> values(w.size());
    std::memcpy(values.data(), folded->rawData(), original.size());
    for (size_t i = 0; i < w.size(); ++i) ASSERT_EQ(values[i], -w[i]) << i;
}
