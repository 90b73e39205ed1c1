#include "pipeline/options.h"

#include <cstdlib>
#include <stdexcept>
#include <string_view>

namespace passscope {
namespace {

bool parseBool(const std::string& key, const std::string& v) {
    if (v == "true" || v == "1" || v == "on") return true;
    if (v == "false" || v == "0" || v == "off") return false;
    throw std::invalid_argument("option " + key + ": expected true or false, got '" + v + "'");
}

uint64_t parseCount(const std::string& key, const std::string& v) {
    try {
        size_t used = 0;
        long long n = std::stoll(v, &used);
        if (used != v.size() || n < 0) throw std::invalid_argument(v);
        return static_cast<uint64_t>(n);
    } catch (const std::exception&) {
        throw std::invalid_argument("option " + key + ": expected a non-negative integer, got '" + v + "'");
    }
}

Format parseFormatOption(const std::string& key, const std::string& v) {
    auto f = parseFormat(v);
    if (!f)
        throw std::invalid_argument("option " + key + ": unknown format '" + v + "' (NCHW, NHWC, ND, ...)");
    return *f;
}

// The spellings a user may give as a storage format: every format GE names (docs/ge-formats.md §3),
// and a FRACTAL_Z with its conv groups as GE's sub-format ("FRACTAL_Z:16").
FormatWithSub parseStorageFormat(const std::string& where, const std::string& v) {
    auto f = parseFormatWithSub(v);
    if (!f || f->format == Format::RESERVED)
        throw std::invalid_argument(
            where + ": unknown format '" + v +
            "' (ND, NCHW, NHWC, HWCN, NCDHW, NDHWC, NC1HWC0, FRACTAL_Z, FRACTAL_Z:<groups>, "
            "FRACTAL_NZ)");
    return *f;
}

}  // namespace

bool verifyEachByDefault() {
#ifndef NDEBUG
    return true;
#else
    static const bool fromEnvironment = [] {
        const char* v = std::getenv("PASSSCOPE_VERIFY_EACH");
        return v && *v && std::string_view(v) != "0";
    }();
    return fromEnvironment;
#endif
}

std::string levelName(OptLevel level) {
    return "O" + std::to_string(static_cast<int>(level));
}

void PipelineOptions::set(const std::string& key, const std::string& value) {
    if (key == "ge.oo.level") {
        if (value.size() == 2 && (value[0] == 'O' || value[0] == 'o') && value[1] >= '0' && value[1] <= '3')
            level = static_cast<OptLevel>(value[1] - '0');
        else
            throw std::invalid_argument("option ge.oo.level: expected O0, O1, O2 or O3, got '" + value + "'");
    } else if (key == "ge.oo.constantFolding") {
        constantFolding = parseBool(key, value);
    } else if (key == "ge.exec.variable_acc") {
        variableAcc = parseBool(key, value);
    } else if (key == "ge.is_weight_clip") {
        weightClip = parseBool(key, value);
    } else if (key == "ge.exec.memoryOptimizationPolicy") {
        if (value == "MemoryPriority")
            memoryPriority = true;
        else if (value == "TimePriority" || value.empty())
            memoryPriority = false;
        else
            throw std::invalid_argument("option " + key + ": expected MemoryPriority or TimePriority, got '" +
                                        value + "'");
    } else if (key == "passscope.foldSizeThreshold") {
        foldSizeThreshold = parseCount(key, value);
    } else if (key == "passscope.iterationCap") {
        iterationCap = static_cast<int>(parseCount(key, value));
        if (iterationCap < 1) throw std::invalid_argument("option passscope.iterationCap must be at least 1");
    } else if (key == "passscope.target") {
        if (value == "onnx")
            target = Target::Onnx;
        else if (value == "ge")
            target = Target::Ge;
        else
            throw std::invalid_argument("option passscope.target: expected onnx or ge, got '" + value + "'");
    } else if (key == "passscope.dataFormat") {
        const Format f = parseFormatOption(key, value);
        if (f != Format::NCHW && f != Format::NHWC && f != Format::ND)
            throw std::invalid_argument("option passscope.dataFormat: expected NCHW, NHWC or ND, got '" +
                                        value + "'");
        dataFormat = f;
    } else if (key == "passscope.storageFormats") {
        storageFormats.clear();
        size_t start = 0;
        while (start < value.size()) {
            const size_t comma = value.find(',', start);
            addStorageFormat(
                value.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    } else if (key == "passscope.formatTable") {
        formatTable = value;
    } else if (key.rfind("pass.", 0) == 0 && key.size() > 5) {
        passSwitches[key.substr(5)] = parseBool(key, value);
    } else {
        throw std::invalid_argument("unknown option '" + key + "' (see --help for the list)");
    }
}

bool PipelineOptions::switchOn(const std::string& key) const {
    if (key == "ge.oo.constantFolding") return constantFolding;
    if (key == "ge.exec.variable_acc") return variableAcc;
    if (key == "ge.is_weight_clip") return weightClip;
    auto it = switches.find(key);
    return it == switches.end() || it->second;
}

std::vector<std::pair<std::string, std::string>> PipelineOptions::describe() {
    return {
        {"ge.oo.level", "O0 (run nothing) .. O3 (everything, default)"},
        {"ge.oo.constantFolding", "true|false: the constant folding family (default true)"},
        {"ge.exec.memoryOptimizationPolicy",
         "MemoryPriority: skip folding constants with >8 elements shared by several consumers"},
        {"ge.exec.variable_acc",
         "true|false: variable format fusion, VariableOpPass (target ge; default true)"},
        {"ge.is_weight_clip",
         "1|0: ConstantClipPass clips constant weights a narrowing Cast would make ±inf to the target "
         "type's largest value (changes results by design; default 0)"},
        {"passscope.foldSizeThreshold",
         "bytes: do not fold a node whose outputs would exceed this (default 67108864)"},
        {"passscope.iterationCap", "iterations per stage to reach a fixed point (default 5)"},
        {"passscope.target", "onnx (default) or ge"},
        {"passscope.dataFormat",
         "NCHW (default), NHWC or ND: format of graph inputs no format anchor reaches"},
        {"passscope.storageFormats", "NAME:FORMAT,...: storage formats of graph inputs/outputs (target ge)"},
        {"passscope.formatTable", "path of an op-format table (JSON); empty = the bundled default"},
        {"pass.<Name>",
         "true|false: force one pass on or off, e.g. pass.CommonSubexpressionEliminationPass=false"},
    };
}

void PipelineOptions::addInputShape(const std::string& spec) {
    const size_t colon = spec.rfind(':');
    if (colon == std::string::npos || colon == 0)
        throw std::invalid_argument("--input-shape expects NAME:D0,D1,... , got '" + spec + "'");
    std::vector<int64_t> dims;
    std::string rest = spec.substr(colon + 1);
    size_t start = 0;
    while (start <= rest.size() && !rest.empty()) {
        size_t comma = rest.find(',', start);
        std::string d = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        dims.push_back(static_cast<int64_t>(parseCount("--input-shape " + spec.substr(0, colon), d)));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    inputShapes[spec.substr(0, colon)] = dims;
}

void PipelineOptions::addStorageFormat(const std::string& spec) {
    size_t colon = spec.rfind(':');
    // NAME:FRACTAL_Z:16 — the last colon starts the groups, the one before it the format.
    if (colon != std::string::npos && colon > 0 && colon + 1 < spec.size() &&
        spec.find_first_not_of("0123456789", colon + 1) == std::string::npos)
        colon = spec.rfind(':', colon - 1);
    if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
        throw std::invalid_argument("--storage-format expects NAME:FORMAT, got '" + spec + "'");
    storageFormats[spec.substr(0, colon)] =
        parseStorageFormat("--storage-format " + spec, spec.substr(colon + 1));
}

std::map<std::string, std::string> PipelineOptions::toKeyValues() const {
    std::map<std::string, std::string> kv{
        {"ge.oo.level", levelName(level)},
        {"ge.oo.constantFolding", constantFolding ? "true" : "false"},
        {"ge.exec.memoryOptimizationPolicy", memoryPriority ? "MemoryPriority" : "TimePriority"},
        {"ge.exec.variable_acc", variableAcc ? "true" : "false"},
        {"passscope.foldSizeThreshold", std::to_string(foldSizeThreshold)},
        {"passscope.iterationCap", std::to_string(iterationCap)},
        {"passscope.target", target == Target::Ge ? "ge" : "onnx"},
        {"passscope.dataFormat", std::string(formatName(dataFormat))},
    };
    std::string storage;
    for (const auto& [name, format] : storageFormats)
        storage += (storage.empty() ? "" : ",") + name + ':' + formatText(format.format, format.subFormat);
    if (!storage.empty()) kv["passscope.storageFormats"] = storage;
    if (!formatTable.empty()) kv["passscope.formatTable"] = formatTable;
    if (weightClip) kv["ge.is_weight_clip"] = "1";
    for (const auto& [name, on] : passSwitches) kv["pass." + name] = on ? "true" : "false";
    return kv;
}

}  // namespace passscope
