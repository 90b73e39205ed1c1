#include "formats/format_table.h"

#include <charconv>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "ir/op_traits.h"

namespace passscope::formats {
namespace {

using nlohmann::json;

constexpr int kTableVersion = 1;
const char* const kOrigin = "origin";

std::string kindOf(const json& v) {
    if (v.is_object()) return "an object";
    if (v.is_array()) return "an array";
    if (v.is_string()) return "the string " + v.dump();
    if (v.is_boolean()) return "a boolean";
    if (v.is_number()) return "the number " + v.dump();
    return "null";
}

std::string formatNames() {
    std::string text;
    for (Format f : {Format::ND, Format::NCHW, Format::NHWC, Format::HWCN, Format::NCDHW, Format::NDHWC,
                     Format::NC1HWC0, Format::FRACTAL_Z, Format::FRACTAL_NZ})
        text += std::string(formatName(f)) + ", ";
    return text + "or \"origin\"";
}

// Parses one table with every error naming the source and the key path.
class Parser {
  public:
    explicit Parser(std::string source) : source_(std::move(source)) {}

    [[noreturn]] void fail(const std::string& key, const std::string& message) const {
        throw FormatTableError("format table '" + source_ + "': " + (key.empty() ? "" : key + ": ") +
                               message);
    }

    void expectKeys(const json& object, const std::string& key, const std::set<std::string>& allowed) const {
        for (const auto& [name, value] : object.items()) {
            if (allowed.count(name)) continue;
            std::string list;
            for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
            fail(key.empty() ? name : key + "." + name, "unknown key (expected one of " + list + ")");
        }
    }

    std::vector<Format> formatList(const json& v, const std::string& key) const {
        if (v.is_string() && v.get<std::string>() == kOrigin) return {};
        if (!v.is_array())
            fail(key, "expected a list of format names such as [\"NC1HWC0\"], got " + kindOf(v));
        std::vector<Format> formats;
        bool originReached = false;  // the origin always works: later entries can never apply
        for (size_t i = 0; i < v.size(); ++i) {
            const std::string item = key + "[" + std::to_string(i) + "]";
            if (!v[i].is_string()) fail(item, "expected a format name, got " + kindOf(v[i]));
            const std::string name = v[i].get<std::string>();
            if (name == kOrigin) {
                originReached = true;
                continue;
            }
            auto f = parseFormat(name);
            if (!f || *f == Format::RESERVED)
                fail(item, "unknown format '" + name + "' (expected one of " + formatNames() + ")");
            // ND = keep the origin format (docs/ge-formats.md §9).
            if (*f == Format::ND) originReached = true;
            if (!originReached) formats.push_back(*f);
        }
        return formats;
    }

    PortFormats port(const json& v, const std::string& key) const {
        PortFormats p;
        if (v.is_string() && v.get<std::string>() == kOrigin) return p;
        if (!v.is_object())
            fail(key,
                 "expected \"origin\" or an object from dtype to formats such as {\"float16\": "
                 "[\"NC1HWC0\"]}, got " +
                     kindOf(v));
        for (const auto& [name, list] : v.items()) {
            const std::string sub = key + "." + name;
            if (name == "*") {
                p.anyDtype = formatList(list, sub);
                continue;
            }
            auto dtype = parseDataType(name);
            if (!dtype || *dtype == DataType::Undefined)
                fail(sub, "unknown dtype '" + name +
                              "' (expected an ONNX dtype name such as float16, float, int8, or \"*\")");
            p.byDtype[*dtype] = formatList(list, sub);
        }
        return p;
    }

    void ports(const json& v, const std::string& key, std::map<size_t, PortFormats>& byIndex,
               std::optional<PortFormats>& any) const {
        if (!v.is_object())
            fail(key,
                 "expected an object from input/output index (\"0\", \"1\", ... or \"*\") to formats, got " +
                     kindOf(v));
        for (const auto& [name, value] : v.items()) {
            const std::string sub = key + "." + name;
            if (name == "*") {
                any = port(value, sub);
                continue;
            }
            size_t index = 0;
            const char* end = name.data() + name.size();
            auto [ptr, ec] = std::from_chars(name.data(), end, index);
            if (name.empty() || ec != std::errc() || ptr != end)
                fail(sub, "expected an input/output index such as \"0\" or \"*\" as key, got '" + name + "'");
            byIndex[index] = port(value, sub);
        }
    }

    OpFormatRule rule(const json& v, const std::string& key, const std::string& opType) const {
        if (!v.is_object()) fail(key, "expected an object describing the op's formats, got " + kindOf(v));
        expectKeys(v, key, {"comment", "domain", "inputs", "min_rank", "outputs", "policy"});
        OpFormatRule r;
        r.opType = opType;
        if (auto it = v.find("domain"); it != v.end()) {
            if (!it->is_string()) fail(key + ".domain", "expected a string, got " + kindOf(*it));
            const std::string domain = it->get<std::string>();
            r.domain = op::canonicalDomain(domain);
        }
        if (auto it = v.find("policy"); it != v.end()) {
            const std::string p = it->is_string() ? it->get<std::string>() : std::string();
            if (p == "follow")
                r.policy = FormatPolicy::Follow;
            else if (p == "ref")
                r.policy = FormatPolicy::Ref;
            else if (p != "table")
                fail(key + ".policy",
                     "expected \"table\" or \"follow\" (\"ref\" for a ref op), got " + kindOf(*it));
        }
        if (auto it = v.find("min_rank"); it != v.end()) {
            if (!it->is_number_unsigned())
                fail(key + ".min_rank", "expected a non-negative integer, got " + kindOf(*it));
            r.minRank = it->get<size_t>();
        }
        const bool hasPorts = v.contains("inputs") || v.contains("outputs");
        if (r.policy == FormatPolicy::Follow && hasPorts)
            fail(key,
                 "a \"follow\" op takes its formats from its producer; \"inputs\"/\"outputs\" would be "
                 "ignored");
        if (r.policy == FormatPolicy::Ref && hasPorts)
            fail(key,
                 "a \"ref\" op takes its formats from its value input; \"inputs\"/\"outputs\" would be "
                 "ignored");
        if (auto it = v.find("inputs"); it != v.end()) ports(*it, key + ".inputs", r.inputs, r.anyInput);
        if (auto it = v.find("outputs"); it != v.end()) ports(*it, key + ".outputs", r.outputs, r.anyOutput);
        return r;
    }

    const std::string& source() const { return source_; }

  private:
    std::string source_;
};

std::vector<Format> pick(const std::map<size_t, PortFormats>& byIndex, const std::optional<PortFormats>& any,
                         size_t index, DataType dtype, std::optional<size_t> rank, size_t minRank) {
    if (minRank > 0 && (!rank || *rank < minRank)) return {};
    if (auto it = byIndex.find(index); it != byIndex.end()) return it->second.accepted(dtype);
    if (any) return any->accepted(dtype);
    return {};
}

}  // namespace

std::vector<Format> PortFormats::accepted(DataType dtype) const {
    if (auto it = byDtype.find(dtype); it != byDtype.end()) return it->second;
    if (anyDtype) return *anyDtype;
    return {};
}

std::vector<Format> OpFormatRule::inputFormats(size_t index, DataType dtype,
                                               std::optional<size_t> rank) const {
    return pick(inputs, anyInput, index, dtype, rank, minRank);
}

std::vector<Format> OpFormatRule::outputFormats(size_t index, DataType dtype,
                                                std::optional<size_t> rank) const {
    return pick(outputs, anyOutput, index, dtype, rank, minRank);
}

FormatTable FormatTable::parse(std::string_view text, const std::string& source) {
    Parser parser(source);
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number past double
        parser.fail("", std::string("not valid JSON (") + e.what() + ")");
    }
    if (!doc.is_object()) parser.fail("", "expected a JSON object at the top level, got " + kindOf(doc));
    parser.expectKeys(doc, "", {"comment", "default", "description", "format_table", "ops"});
    if (auto it = doc.find("format_table"); it != doc.end()) {
        if (!it->is_number_integer() || it->get<int64_t>() != kTableVersion)
            parser.fail("format_table", "expected the table version " + std::to_string(kTableVersion) +
                                            ", got " + kindOf(*it));
    }
    for (const char* textKey : {"description", "comment"})
        if (auto it = doc.find(textKey); it != doc.end() && !it->is_string())
            parser.fail(textKey, "expected a string, got " + kindOf(*it));

    FormatTable table;
    table.source_ = source;
    if (auto it = doc.find("default"); it != doc.end()) table.default_ = parser.rule(*it, "default", "");
    auto ops = doc.find("ops");
    if (ops == doc.end()) parser.fail("ops", "missing (expected an object from op type to its formats)");
    if (!ops->is_object())
        parser.fail("ops", "expected an object from op type to its formats, got " + kindOf(*ops));
    for (const auto& [opType, entry] : ops->items()) {
        if (opType.empty()) parser.fail("ops", "an op type must not be empty");
        table.ops_.emplace(opType, parser.rule(entry, "ops." + opType, opType));
    }
    return table;
}

FormatTable FormatTable::load(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::error_code ec;
    if (!in || std::filesystem::is_directory(file, ec))
        throw FormatTableError("format table '" + file.string() +
                               "': cannot be read (no such file, or not a file)");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw FormatTableError("format table '" + file.string() + "': read error");
    return parse(text.str(), file.string());
}

const FormatTable& FormatTable::bundled() {
    static const FormatTable table = parse(bundledFormatTableText(), "resources/format_table.json (bundled)");
    return table;
}

std::shared_ptr<const FormatTable> FormatTable::forOptions(const std::string& path) {
    if (path.empty()) return std::shared_ptr<const FormatTable>(&bundled(), [](const FormatTable*) {});
    static std::mutex mutex;
    static std::map<std::string,
                    std::pair<std::filesystem::file_time_type, std::shared_ptr<const FormatTable>>>
        cache;
    std::error_code ec;
    const auto stamp = std::filesystem::last_write_time(path, ec);
    std::lock_guard lock(mutex);
    if (!ec)
        if (auto it = cache.find(path); it != cache.end() && it->second.first == stamp)
            return it->second.second;
    auto table = std::make_shared<const FormatTable>(load(path));
    if (!ec) cache[path] = {stamp, table};
    return table;
}

const OpFormatRule& FormatTable::rule(std::string_view opType, std::string_view domain) const {
    auto it = ops_.find(opType);
    if (it == ops_.end()) return default_;
    return it->second.domain == op::canonicalDomain(domain) ? it->second : default_;
}

bool FormatTable::has(std::string_view opType, std::string_view domain) const {
    return &rule(opType, domain) != &default_;
}

}  // namespace passscope::formats
