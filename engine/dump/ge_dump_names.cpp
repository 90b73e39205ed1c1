// File names of GE's graph dumps and the stage list of a dump folder (docs/ge-dumps.md §1).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <map>
#include <system_error>

#include "dump/ge_dump.h"
#include "io/proto_reader.h"
#include "util/diagnostics.h"

namespace passscope::dump {
namespace {

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool consume(std::string_view& s, std::string_view prefix) {
    if (s.substr(0, prefix.size()) != prefix) return false;
    s.remove_prefix(prefix.size());
    return true;
}

std::string_view takeDigits(std::string_view& s) {
    size_t n = 0;
    while (n < s.size() && std::isdigit(static_cast<unsigned char>(s[n]))) ++n;
    std::string_view digits = s.substr(0, n);
    s.remove_prefix(n);
    return digits;
}

// The first kilobytes of a file as text, or empty when it cannot be read.
std::string readHead(const std::filesystem::path& path, size_t bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::string head(bytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(bytes));
    head.resize(static_cast<size_t>(in.gcount()));
    return head;
}

// The first field name of a text proto (comments and blank lines skipped).
std::string firstFieldName(const std::string& head) {
    size_t i = 0;
    while (i < head.size()) {
        if (std::isspace(static_cast<unsigned char>(head[i]))) {
            ++i;
        } else if (head[i] == '#') {
            while (i < head.size() && head[i] != '\n') ++i;
        } else {
            break;
        }
    }
    size_t start = i;
    while (i < head.size() && (std::isalnum(static_cast<unsigned char>(head[i])) || head[i] == '_')) ++i;
    return head.substr(start, i - start);
}

// Graph ids compare as numbers when both are (GE's ids are uint32), else as text.
bool idLess(const std::string& a, const std::string& b) {
    if (allDigits(a) && allDigits(b) && a.size() != b.size()) return a.size() < b.size();
    return a < b;
}

const char* formatLabel(GeDumpFormat f) {
    return f == GeDumpFormat::OnnxText ? "ge_onnx" : "ge_proto";
}

}  // namespace

// GE names the files in graph_metadef/graph/utils/graph_utils.cc (GenDumpOnnxFileName,
// GenDumpTxtFileName, DumpGEGrph, DumpGrphToOnnx): "ge_onnx_" index [ "_aclop" ] "_graph_" id "_"
// stage ".pbtxt" and "ge_proto_" index "_" [ "aclop_" ] "graph_" id "_" stage ".txt"; the index is
// zero-padded to 8 digits (5 in the older entry points), the stage is sanitized (no '/', ':', ...).
std::optional<GeDumpFileName> parseGeDumpFileName(std::string_view fileName) {
    GeDumpFileName out;
    std::string_view s = fileName;
    std::string_view extension;
    if (consume(s, "ge_onnx_")) {
        out.format = GeDumpFormat::OnnxText;
        extension = ".pbtxt";
    } else if (consume(s, "ge_proto_")) {
        out.format = GeDumpFormat::ProtoText;
        extension = ".txt";
    } else {
        return std::nullopt;
    }
    if (s.size() < extension.size() || s.substr(s.size() - extension.size()) != extension)
        return std::nullopt;
    s.remove_suffix(extension.size());
    std::string_view index = takeDigits(s);
    if (index.empty() || index.size() > 18) return std::nullopt;
    std::from_chars(index.data(), index.data() + index.size(), out.index);
    if (!consume(s, "_aclop_graph_") && !consume(s, "_graph_")) return std::nullopt;
    std::string_view id = takeDigits(s);
    if (id.empty() || !consume(s, "_") || s.empty()) return std::nullopt;
    out.graphId = std::string(id);
    out.stage = std::string(s);
    return out;
}

std::optional<GeDumpFormat> detectGeDump(const std::filesystem::path& path) {
    try {
        if (auto name = parseGeDumpFileName(path.filename().string())) return name->format;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec) || ec) return std::nullopt;
        if (io::sniffEncoding(path) != io::ProtoEncoding::Text) return std::nullopt;
        // By content: GE's ONNX text has an ir_version and "ge:" op types; a ModelDef starts with
        // its own fields (name, version, graph) and holds "op {" blocks (docs/ge-dumps.md §1).
        const std::string head = readHead(path, 1 << 16);
        const std::string first = firstFieldName(head);
        if (head.find("ir_version:") != std::string::npos && head.find("op_type: \"ge:") != std::string::npos)
            return GeDumpFormat::OnnxText;
        if ((first == "name" || first == "version" || first == "custom_version" || first == "graph" ||
             first == "attr") &&
            head.find("op {") != std::string::npos && head.find("ir_version") == std::string::npos)
            return GeDumpFormat::ProtoText;
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

GeDumpSet listGeDumpStages(const std::vector<std::filesystem::path>& paths, const std::string& graphId) {
    GeDumpSet set;
    std::vector<GeDumpStage> all;
    auto consider = [&](const std::filesystem::path& file, bool named) {
        auto name = parseGeDumpFileName(file.filename().string());
        if (!name) {
            set.skipped.push_back(
                file.string() + ": " +
                (named ? "not a GE dump file name (ge_onnx_<index>_graph_<id>_<stage>.pbtxt or "
                         "ge_proto_<index>_graph_<id>_<stage>.txt)"
                       : "not a GE dump file"));
            return;
        }
        all.push_back({file, std::move(*name)});
    };
    for (const auto& path : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            std::vector<std::filesystem::path> files;
            for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
                std::error_code fec;
                if (entry.is_regular_file(fec)) files.push_back(entry.path());
            }
            if (ec) throw ModelError("'" + path.string() + "': cannot list the folder: " + ec.message());
            std::sort(files.begin(), files.end());
            for (const auto& f : files) consider(f, false);
        } else if (std::filesystem::exists(path, ec)) {
            consider(path, true);
        } else {
            throw ModelError("'" + path.string() + "': no such file or folder");
        }
    }
    if (all.empty()) {
        std::string where;
        for (const auto& p : paths) where += (where.empty() ? "'" : ", '") + p.string() + "'";
        throw ModelError(where + ": no GE graph dump files (ge_onnx_*.pbtxt or ge_proto_*.txt)");
    }

    // Graphs by how many stages they have (in either format).
    std::map<std::string, size_t> perGraph;
    for (const auto& s : all) ++perGraph[s.name.graphId];
    std::vector<std::string> ids;
    for (const auto& [id, n] : perGraph) ids.push_back(id);
    std::sort(ids.begin(), ids.end(), idLess);
    std::string chosen = graphId;
    if (chosen.empty()) {
        size_t best = 0;
        for (const auto& id : ids)
            if (perGraph[id] > best) {
                best = perGraph[id];
                chosen = id;
            }
    } else if (!perGraph.count(chosen)) {
        std::string known;
        for (const auto& id : ids) known += (known.empty() ? "" : ", ") + id;
        throw ModelError("no dump files of graph " + chosen + " (graphs found: " + known + ")");
    }
    set.graphId = chosen;
    for (const auto& id : ids)
        if (id != chosen) set.otherGraphIds.push_back(id);

    size_t onnxCount = 0, protoCount = 0;
    for (const auto& s : all)
        if (s.name.graphId == chosen) ++(s.name.format == GeDumpFormat::OnnxText ? onnxCount : protoCount);
    // Ties go to ge_proto: it says which node owns each subgraph and types every attribute (§4).
    const GeDumpFormat format = onnxCount > protoCount ? GeDumpFormat::OnnxText : GeDumpFormat::ProtoText;
    for (auto& s : all) {
        if (s.name.graphId != chosen) continue;
        if (s.name.format != format) {
            set.skipped.push_back(s.file.string() + ": a " + formatLabel(s.name.format) +
                                  " file; the timeline of graph " + chosen + " uses its " +
                                  formatLabel(format) + " files");
            continue;
        }
        set.stages.push_back(std::move(s));
    }
    std::stable_sort(set.stages.begin(), set.stages.end(), [](const GeDumpStage& a, const GeDumpStage& b) {
        if (a.name.index != b.name.index) return a.name.index < b.name.index;
        return a.name.stage < b.name.stage;
    });
    return set;
}

}  // namespace passscope::dump
