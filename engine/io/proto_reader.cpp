#include "io/proto_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/wire_format_lite.h>

#include "io/inference_guards.h"
#include "util/diagnostics.h"

namespace passscope::io {
namespace {

// Collects the first few syntax errors of a text model with their line and column.
class TextErrors : public google::protobuf::io::ErrorCollector {
  public:
    void AddError(int line, int column, const std::string& message) override {
        // A message quoting its token (an integer literal of 100,000 digits) is cut short.
        const std::string shown = message.size() <= 200 ? message
                                                        : message.substr(0, 200) + "... (" +
                                                              std::to_string(message.size()) + " characters)";
        if (count_++ < 3)
            text_ += "\n  line " + std::to_string(line + 1) + ", column " + std::to_string(column + 1) +
                     ": " + shown;
    }
    void AddWarning(int, int, const std::string&) override {}
    const std::string& text() const { return text_; }

  private:
    int count_ = 0;
    std::string text_;
};

bool looksLikeTextProto(const std::string& head) {
    size_t i = 0;
    if (head.compare(0, 3, "\xEF\xBB\xBF") == 0) i = 3;  // UTF-8 byte order mark
    while (i < head.size()) {
        unsigned char c = head[i];
        if (std::isspace(c)) {
            ++i;
        } else if (c == '#') {  // comment line
            while (i < head.size() && head[i] != '\n') ++i;
        } else {
            break;
        }
    }
    size_t start = i;
    while (i < head.size() && (std::isalnum(static_cast<unsigned char>(head[i])) || head[i] == '_')) ++i;
    if (i == start || !std::isalpha(static_cast<unsigned char>(head[start]))) return false;
    while (i < head.size() && (head[i] == ' ' || head[i] == '\t')) ++i;
    if (i >= head.size() || (head[i] != ':' && head[i] != '{')) return false;
    // A binary protobuf could start with printable bytes by chance; require the header to be text.
    for (unsigned char c : head)
        if (c < 0x09 || (c > 0x0d && c < 0x20)) return false;
    return true;
}

std::string readHead(const std::filesystem::path& path, size_t bytes) {
    std::ifstream in(path, std::ios::binary);
    std::string head(bytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(bytes));
    head.resize(static_cast<size_t>(in.gcount()));
    return head;
}

std::string tooDeep() {
    return nestingTooDeep("protobuf messages nest", kProtoRecursionLimit);
}

// Whether the binary ModelProto in `in` nests messages deeper than `limit`, found without
// recursion: the schema says which length-delimited fields are messages. Only asked after a parse
// failed, to tell "too deep" from "corrupt"; false when the data is corrupt before that depth.
bool nestsDeeperThan(google::protobuf::io::CodedInputStream& in, int limit) {
    using google::protobuf::internal::WireFormatLite;
    struct Level {
        const google::protobuf::Descriptor* outer;
        google::protobuf::io::CodedInputStream::Limit limit;
    };
    std::vector<Level> stack;
    const google::protobuf::Descriptor* type = onnx::ModelProto::descriptor();
    for (;;) {
        const uint32_t tag = in.ReadTag();
        if (tag == 0) {  // end of a nested message, of the file, or bad data
            if (stack.empty() || in.BytesUntilLimit() != 0) return false;
            in.PopLimit(stack.back().limit);
            type = stack.back().outer;
            stack.pop_back();
            continue;
        }
        const google::protobuf::FieldDescriptor* field =
            type->FindFieldByNumber(WireFormatLite::GetTagFieldNumber(tag));
        if (field && field->type() == google::protobuf::FieldDescriptor::TYPE_MESSAGE &&
            WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            uint32_t length;
            if (!in.ReadVarint32(&length)) return false;
            if (static_cast<int>(stack.size()) >= limit) return true;
            stack.push_back({type, in.PushLimit(static_cast<int>(length))});
            type = field->message_type();
            continue;
        }
        if (!WireFormatLite::SkipField(&in, tag)) return false;
    }
}

}  // namespace

ProtoEncoding sniffEncoding(const std::filesystem::path& path) {
    return looksLikeTextProto(readHead(path, 512)) ? ProtoEncoding::Text : ProtoEncoding::Binary;
}

ProtoEncoding readModelProto(const std::filesystem::path& path, onnx::ModelProto& out) {
    const std::string where = "'" + path.string() + "'";
    std::error_code ec;
    auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) throw ModelError(where + ": no such file");
    if (!std::filesystem::is_regular_file(status)) throw ModelError(where + ": not a regular file");
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) throw ModelError(where + ": cannot read: " + ec.message());
    if (size == 0) throw ModelError(where + ": the file is empty, not an ONNX model");

    if (sniffEncoding(path) == ProtoEncoding::Text) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        google::protobuf::TextFormat::Parser parser;
        TextErrors errors;
        parser.RecordErrorsTo(&errors);
        // The parser recurses once per nested message; the binary reader below has the same limit
        // so a model read from text converts to a binary file that reads back (issue 9).
        parser.SetRecursionLimit(kProtoRecursionLimit);
        if (!parser.ParseFromString(text.str(), &out)) {
            if (errors.text().find("too deep") != std::string::npos)
                throw ModelError(where + ": " + tooDeep());
            throw ModelError(where + ": syntax error in the protobuf text model:" + errors.text());
        }
        return ProtoEncoding::Text;
    }

    if (size > static_cast<uintmax_t>(INT_MAX))
        throw ModelError(
            where + ": " + std::to_string(size) +
            " bytes is over protobuf's 2 GiB limit for one message; save the weights as external data");
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw ModelError(where + ": cannot open: " + std::strerror(errno));
    bool ok;
    {
        google::protobuf::io::FileInputStream raw(fd, 1 << 20);
        google::protobuf::io::CodedInputStream coded(&raw);
        coded.SetTotalBytesLimit(INT_MAX);
        coded.SetRecursionLimit(kProtoRecursionLimit);
        ok = out.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
    }
    if (!ok && ::lseek(fd, 0, SEEK_SET) == 0) {
        google::protobuf::io::FileInputStream raw(fd, 1 << 20);
        google::protobuf::io::CodedInputStream coded(&raw);
        coded.SetTotalBytesLimit(INT_MAX);
        if (nestsDeeperThan(coded, kProtoRecursionLimit)) {
            ::close(fd);
            throw ModelError(where + ": " + tooDeep());
        }
    }
    ::close(fd);
    if (!ok)
        throw ModelError(where +
                         ": cannot parse as an ONNX model: the protobuf data is truncated or corrupt (" +
                         std::to_string(size) + " bytes)");
    return ProtoEncoding::Binary;
}

}  // namespace passscope::io
