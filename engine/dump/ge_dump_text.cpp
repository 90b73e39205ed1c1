#include "dump/ge_dump_text.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include <google/protobuf/io/tokenizer.h>

#include "io/inference_guards.h"
#include "util/diagnostics.h"

namespace passscope::dump::detail {
namespace {

// Keeps the first error the text parser reports, with its position.
class FirstError : public google::protobuf::io::ErrorCollector {
  public:
    void AddError(int line, int column, const std::string& message) override {
        if (!message_.empty()) return;
        line_ = line + 1;
        column_ = column + 1;
        message_ = message.size() <= 200 ? message : message.substr(0, 200) + "...";
    }
    void AddWarning(int, int, const std::string&) override {}
    int line() const { return line_; }
    std::string text(const std::string& file) const {
        if (message_.empty()) return file + ": the file does not parse as protobuf text";
        return file + ":" + std::to_string(line_) + ":" + std::to_string(column_) + ": " + message_;
    }

  private:
    int line_ = 0, column_ = 0;
    std::string message_;
};

}  // namespace

void parseTextDump(const std::filesystem::path& path, google::protobuf::Message& out, ParseTree& tree) {
    const std::string file = path.string();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) throw ModelError(file + ": no such file");
    if (!std::filesystem::is_regular_file(status)) throw ModelError(file + ": not a regular file");
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) throw ModelError(file + ": cannot read: " + ec.message());
    if (size == 0) throw ModelError(file + ": the file is empty");
    if (size > (uintmax_t(1) << 31))
        throw ModelError(file + ": over 2 GiB, more than protobuf text can hold");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ModelError(file + ": cannot open");
    std::stringstream text;
    text << in.rdbuf();
    google::protobuf::TextFormat::Parser parser;
    FirstError errors;
    parser.RecordErrorsTo(&errors);
    parser.WriteLocationsTo(&tree);
    parser.SetRecursionLimit(io::kProtoRecursionLimit);
    const std::string content = text.str();
    if (!parser.ParseFromString(content, &out)) {
        // A file cut short fails on its last line with whatever token was cut: say so.
        const int lines = static_cast<int>(std::count(content.begin(), content.end(), '\n')) +
                          (content.empty() || content.back() == '\n' ? 0 : 1);
        throw ModelError(errors.text(file) +
                         (errors.line() >= lines ? " (at the end of the file: is it truncated?)" : ""));
    }
}

int lineOf(const ParseTree* tree, const google::protobuf::Message& msg, const char* name, int index) {
    if (!tree) return 0;
    const auto* field = msg.GetDescriptor()->FindFieldByName(name);
    if (!field) return 0;
    const auto loc = tree->GetLocation(field, field->is_repeated() ? index : -1);
    return loc.line >= 0 ? loc.line + 1 : 0;
}

const ParseTree* nestedTree(const ParseTree* tree, const google::protobuf::Message& msg, const char* name,
                            int index) {
    if (!tree) return nullptr;
    const auto* field = msg.GetDescriptor()->FindFieldByName(name);
    if (!field) return nullptr;
    return const_cast<ParseTree*>(tree)->GetTreeForNested(field, field->is_repeated() ? index : -1);
}

}  // namespace passscope::dump::detail
