// ONNX external data (TensorProto.data_location = EXTERNAL) resolved against a model's folder
// (io/external_data.h). The input is text, one external_data entry per line ("location=w.bin",
// "offset=128", "length=64", any other key), plus "dtype=N" and "dims=A,B" for the tensor and
// "---" to start the next tensor of the same model. The folder holds regular files, an empty file,
// a subfolder, a folder and a FIFO named like data files, a symlink inside the folder, a symlink
// leading out of it and one to its parent, and a file beside the folder.
//
// A tensor that resolves must be a mapping of a regular file inside the folder holding exactly the
// file's bytes at its offset, as many as its dtype and shape need; anything else must be refused
// with a message.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include <onnx/onnx_pb.h>

#include "fuzz_scratch.h"
#include "io/tensor_proto.h"
#include "target_support.h"
#include "targets.h"

namespace fs = std::filesystem;

namespace passscope::fuzz {
namespace {

constexpr std::string_view kExternalTarget = "external_data";

void writePattern(const fs::path& path, size_t size, unsigned salt) {
    std::string bytes(size, '\0');
    for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 7 + salt) & 0xff);
    std::ofstream(path, std::ios::binary) << bytes;
}

// The model's folder, made once per process.
const fs::path& modelFolder() {
    static const fs::path dir = [] {
        const fs::path root = scratchDir() / "external";
        const fs::path model = root / "model";
        fs::create_directories(model / "sub");
        fs::create_directories(model / "folder.bin");
        writePattern(model / "weights.bin", 4096, 3);
        writePattern(model / "sub" / "inner.bin", 64, 5);
        writePattern(model / "empty.bin", 0, 0);
        writePattern(root / "outside.bin", 64, 11);
        ::mkfifo((model / "fifo.bin").c_str(), 0600);
        std::error_code ec;
        fs::create_symlink("../outside.bin", model / "escape.bin", ec);
        fs::create_symlink("weights.bin", model / "alias.bin", ec);
        fs::create_directory_symlink("..", model / "up", ec);
        return model;
    }();
    return dir;
}

struct TensorLines {
    int dtype = 1;
    std::vector<int64_t> dims;
    std::vector<std::pair<std::string, std::string>> entries;
};

std::vector<TensorLines> parseInput(std::string_view text) {
    std::vector<TensorLines> tensors(1);
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
        if (line == "---") {
            tensors.emplace_back();
            continue;
        }
        const size_t eq = line.find('=');
        const std::string key = line.substr(0, eq);
        const std::string value = eq == std::string::npos ? std::string() : line.substr(eq + 1);
        TensorLines& t = tensors.back();
        if (key == "dtype") {
            t.dtype = std::atoi(value.c_str());
        } else if (key == "dims") {
            std::istringstream dims(value);
            for (std::string d; std::getline(dims, d, ',');)
                t.dims.push_back(std::strtoll(d.c_str(), nullptr, 10));
        } else {
            t.entries.emplace_back(key, value);
        }
    }
    return tensors;
}

bool inside(const fs::path& folder, const fs::path& file) {
    const fs::path base = fs::canonical(folder);
    const fs::path full = fs::canonical(file);
    auto [b, f] = std::mismatch(base.begin(), base.end(), full.begin(), full.end());
    return b == base.end();
}

// The resolved tensor against the file it says it maps.
void checkMapping(const Tensor& t) {
    const auto* slice = dynamic_cast<const MappedSlice*>(t.buffer().get());
    if (!slice) finding(kExternalTarget, "an external tensor that is not a mapping of its file");
    const fs::path& path = slice->file().path();
    if (!inside(modelFolder(), path))
        finding(kExternalTarget,
                "external data resolved to " + path.string() + ", outside the model's folder");
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        finding(kExternalTarget,
                "external data mapped from " + path.string() + ", which is not a regular file");
    const auto count = checkedElementCount(t.dims());
    if (!count || static_cast<uint64_t>(*count) * elementSize(t.dtype()) != slice->size())
        finding(kExternalTarget, "a tensor of shape " + Shape::fromExtents(t.dims()).toString() + " maps " +
                                     std::to_string(slice->size()) + " bytes");
    std::string expected(slice->size(), '\0');
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    const ssize_t got =
        fd < 0 ? -1 : ::pread(fd, expected.data(), expected.size(), static_cast<off_t>(slice->offset()));
    if (fd >= 0) ::close(fd);
    if (got != static_cast<ssize_t>(expected.size()) ||
        (!expected.empty() && std::memcmp(expected.data(), slice->data(), expected.size()) != 0))
        finding(kExternalTarget, "the mapped bytes differ from " + path.string() + " at offset " +
                                     std::to_string(slice->offset()));
}

}  // namespace

int fuzzExternalData(const uint8_t* data, size_t size) {
    const std::vector<TensorLines> tensors =
        parseInput(std::string_view(reinterpret_cast<const char*>(data), size));
    if (tensors.size() > 16) return -1;
    io::ExternalDataResolver resolver(modelFolder());  // one model: its files are mapped once
    for (const TensorLines& lines : tensors) {
        onnx::TensorProto proto;
        proto.set_name("w");
        proto.set_data_type(lines.dtype);
        for (int64_t d : lines.dims) proto.add_dims(d);
        proto.set_data_location(onnx::TensorProto::EXTERNAL);
        for (const auto& [key, value] : lines.entries) {
            auto* entry = proto.add_external_data();
            entry->set_key(key);
            entry->set_value(value);
        }
        readerCase(kExternalTarget, [&] {
            const Tensor t = io::tensorFromProto(proto, resolver, "initializer 'w'");
            if (!t.external()) finding(kExternalTarget, "an external tensor read without its location");
            checkMapping(t);
        });
    }
    return 0;
}

}  // namespace passscope::fuzz
