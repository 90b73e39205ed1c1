#include "io/inline_payloads.h"

#include <fcntl.h>

#include <climits>
#include <cstring>
#include <optional>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/wire_format_lite.h>

namespace passscope::io {
namespace {

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

// Field numbers from onnx.proto (export_stream.cpp writes the same ones).
constexpr int kGraphField = 7;        // ModelProto.graph
constexpr int kInitializerField = 5;  // GraphProto.initializer
constexpr int kRawDataField = 9;      // TensorProto.raw_data

using Extent = InlinePayloads::Range;
using Payloads = std::vector<std::optional<Extent>>;  // per initializer, in the parser's order

bool lengthDelimited(uint32_t tag, int field) {
    return WireFormatLite::GetTagFieldNumber(tag) == field &&
           WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
}

// Calls `onField(tag)` for each field of the message `in` is inside (up to its limit, or the end
// of the data at the top); `onField` consumes the field and returns false on bad data. A tag of 0
// ends the message only where the message ends, as the parser requires.
template <typename OnField>
bool eachField(CodedInputStream& in, bool top, size_t size, OnField onField) {
    for (;;) {
        const uint32_t tag = in.ReadTag();
        if (tag == 0)
            return top ? static_cast<size_t>(in.CurrentPosition()) == size : in.BytesUntilLimit() == 0;
        if (!onField(tag)) return false;
    }
}

// Enters the length-delimited field whose tag was just read and walks it with `body`.
template <typename Body>
bool nested(CodedInputStream& in, Body body) {
    uint32_t length;
    if (!in.ReadVarint32(&length) || length > static_cast<uint32_t>(INT_MAX)) return false;
    const CodedInputStream::Limit limit = in.PushLimit(static_cast<int>(length));
    const bool ok = body();
    in.PopLimit(limit);
    return ok;
}

// One TensorProto: where its raw_data is (the last one written wins, as in the parser).
bool walkTensor(CodedInputStream& in, std::optional<Extent>& raw) {
    return eachField(in, false, 0, [&](uint32_t tag) {
        if (!lengthDelimited(tag, kRawDataField)) return WireFormatLite::SkipField(&in, tag);
        uint32_t length;
        if (!in.ReadVarint32(&length)) return false;
        raw = Extent{static_cast<size_t>(in.CurrentPosition()), length};
        return in.Skip(static_cast<int>(length));
    });
}

bool walkGraph(CodedInputStream& in, Payloads& payloads) {
    return eachField(in, false, 0, [&](uint32_t tag) {
        if (!lengthDelimited(tag, kInitializerField)) return WireFormatLite::SkipField(&in, tag);
        payloads.emplace_back();
        return nested(in, [&] { return walkTensor(in, payloads.back()); });
    });
}

// Every occurrence of ModelProto.graph is merged into one graph by the parser, its repeated
// initializers appended in file order. The file is read in small reads that seek past payloads,
// not through the mapping: there each page fault maps whole folios of the file, and the walk's
// faults beside 400 payloads made 170 MB of ViT-L/16 resident while its parsed copy still was.
std::optional<Payloads> walkModel(const std::filesystem::path& path, size_t size) {
    if (size > static_cast<size_t>(INT_MAX)) return std::nullopt;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return std::nullopt;
    google::protobuf::io::FileInputStream file(fd, 4096);
    file.SetCloseOnDelete(true);
    CodedInputStream in(&file);
    in.SetTotalBytesLimit(INT_MAX);
    Payloads payloads;
    const bool ok = eachField(in, true, size, [&](uint32_t tag) {
        if (!lengthDelimited(tag, kGraphField)) return WireFormatLite::SkipField(&in, tag);
        return nested(in, [&] { return walkGraph(in, payloads); });
    });
    if (!ok) return std::nullopt;
    return payloads;
}

}  // namespace

InlinePayloads InlinePayloads::locate(const std::filesystem::path& path, const onnx::ModelProto& parsed,
                                      uint64_t minTotalBytes, size_t minTensorBytes) {
    InlinePayloads found;
    const auto& inits = parsed.graph().initializer();
    uint64_t large = 0;
    for (const auto& t : inits)
        if (t.raw_data().size() >= minTensorBytes) large += t.raw_data().size();
    if (large == 0 || large < minTotalBytes) return found;
    std::shared_ptr<const MappedFile> file;
    try {
        // MappedFile refuses a symlink in the last component; the model may be opened through one.
        file = MappedFile::open(std::filesystem::canonical(path));
    } catch (const std::exception&) {
        return found;  // the weights stay in memory, as parsed
    }
    const std::optional<Payloads> payloads = walkModel(path, file->size());
    if (!payloads || payloads->size() != static_cast<size_t>(inits.size())) return found;
    for (int i = 0; i < inits.size(); ++i) {
        const std::optional<Extent>& raw = (*payloads)[static_cast<size_t>(i)];
        const onnx::TensorProto& t = inits.Get(i);
        if (!raw || raw->length < minTensorBytes || raw->length != t.raw_data().size() ||
            raw->offset + raw->length > file->size())
            continue;
        found.ranges_.emplace(&t, *raw);
    }
    if (!found.ranges_.empty()) found.file_ = std::move(file);
    return found;
}

std::shared_ptr<const Buffer> InlinePayloads::take(const onnx::TensorProto& tensor) const {
    auto it = ranges_.find(&tensor);
    if (it == ranges_.end() || !tensor.has_raw_data() || tensor.raw_data().size() != it->second.length)
        return nullptr;
    const uint8_t* mapped = file_->data() + it->second.offset;
    if (std::memcmp(mapped, tensor.raw_data().data(), it->second.length) != 0) return nullptr;
    auto slice = std::make_shared<MappedSlice>(file_, it->second.offset, it->second.length);
    slice->dropResidentPages();  // the comparison read them in; whoever computes on them reads them again
    return slice;
}

}  // namespace passscope::io
