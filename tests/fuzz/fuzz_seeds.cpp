// passscope-fuzz-seeds OUT_DIR: the seed corpora and dictionaries of the libFuzzer targets
// (targets.h), made by code from what the repository holds: OUT_DIR/seeds/<target>/ and
// OUT_DIR/dicts/<target>.dict. `make fuzz` runs it before the targets; each target also gets the
// corpus it grew in earlier runs.
//
//   onnx_binary, pipeline  the generated seed models, the bundled samples (small ones), a sample of
//                          the libonnx-testdata node models
//   onnx_text              the same models as protobuf text
//   ge_onnx, ge_proto      the dump fixtures (tests/fixtures/ge_dumps) and the dump writer's text of
//                          the samples
//   format_table           the bundled table, and one table per op entry of it
//   npy_input              NumPy arrays of every dtype the reader takes, format versions 1 to 3
//   tensor_pb_input        TensorProtos of every ONNX dtype, typed fields and raw_data, and the
//                          libonnx-testdata input files
//   external_data          entries for every kind of file the target's folder holds
//   node_data              Model Explorer node data (thresholds, gradient, graph-keyed) and
//                          Polygraphy RunResults (two runners, the bare list) naming the nodes
//                          and outputs of the model the target lays them on
//   session_file           sessions written by saveSession (when built with QtCore)
//
// The dictionaries: field names and enum values of the ONNX and GE protobuf schemas (protobuf text),
// ONNX op types, the engine's format and dtype names, and the keys and quoted words the seeds hold.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/text_format.h>
#include <onnx/defs/schema.h>

#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dump/ge_dump_write.h"
#include "dump/ge_ir.pb.h"
#include "formats/format_table.h"
#include "io/model_loader.h"
#include "ir/data_type.h"
#include "ir/format.h"
#include "pipeline/options.h"
#include "seed_models.h"

#ifdef PASSSCOPE_FUZZ_WITH_QT
#include "session/session_file.h"
#endif

namespace fs = std::filesystem;
using namespace passscope;

namespace {

// Seeds above this size slow every mutation down; the targets' -max_len follows the largest seed.
constexpr uintmax_t kMaxSeedBytes = 64 * 1024;

const fs::path kSourceDir = PASSSCOPE_SOURCE_DIR;
const fs::path kTestdataDir = "/usr/share/libonnx-testdata/data";

class SeedWriter {
  public:
    explicit SeedWriter(fs::path out) : out_(std::move(out)) {}

    void add(const std::string& target, const std::string& name, const std::string& bytes) {
        const fs::path dir = out_ / "seeds" / target;
        fs::create_directories(dir);
        std::ofstream(dir / name, std::ios::binary) << bytes;
        ++counts_[target];
    }
    // Files of `dir` (recursively) whose names match `pattern` and that are small enough.
    void addFiles(const std::string& target, const fs::path& dir, const std::regex& pattern,
                  size_t limit = 100000) {
        if (!fs::is_directory(dir)) return;
        std::vector<fs::path> files;
        for (const auto& e : fs::recursive_directory_iterator(dir))
            if (e.is_regular_file() && e.file_size() <= kMaxSeedBytes &&
                std::regex_match(e.path().filename().string(), pattern))
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (size_t i = 0; i < files.size() && i < limit; ++i) {
            const fs::path rel = fs::relative(files[i], dir);
            std::string name = rel.string();
            std::replace(name.begin(), name.end(), '/', '_');
            add(target, name, readAll(files[i]));
        }
    }
    static std::string readAll(const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    const std::map<std::string, size_t>& counts() const { return counts_; }
    const fs::path& out() const { return out_; }

  private:
    fs::path out_;
    std::map<std::string, size_t> counts_;
};

// ---- models ----

std::vector<std::pair<std::string, onnx::ModelProto>> seedProtos() {
    std::vector<std::pair<std::string, onnx::ModelProto>> protos;
    for (fuzz::SeedModel& s : fuzz::generatedSeeds()) protos.emplace_back(s.name, std::move(s.proto));
    for (const char* sample : {"conv_net.onnx", "training_step.onnx"}) {
        onnx::ModelProto p;
        std::ifstream in(kSourceDir / "resources/samples" / sample, std::ios::binary);
        if (p.ParseFromIstream(&in)) protos.emplace_back(sample, std::move(p));
    }
    return protos;
}

void addModels(SeedWriter& w) {
    for (const auto& [name, proto] : seedProtos()) {
        w.add("onnx_binary", name + ".onnx", proto.SerializeAsString());
        w.add("pipeline", name + ".onnx", proto.SerializeAsString());
        std::string text;
        google::protobuf::TextFormat::PrintToString(proto, &text);
        w.add("onnx_text", name + ".txt", text);
    }
    // Every eighth node-test model: each op of the standard a few times over, small.
    std::vector<fs::path> models;
    if (fs::is_directory(kTestdataDir / "node"))
        for (const auto& e : fs::directory_iterator(kTestdataDir / "node"))
            if (fs::exists(e.path() / "model.onnx")) models.push_back(e.path() / "model.onnx");
    std::sort(models.begin(), models.end());
    for (size_t i = 0; i < models.size(); i += 8) {
        const std::string name = models[i].parent_path().filename().string();
        const std::string bytes = SeedWriter::readAll(models[i]);
        w.add("onnx_binary", name + ".onnx", bytes);
        if (i % 32 == 0) w.add("pipeline", name + ".onnx", bytes);
        onnx::ModelProto p;
        if (i % 16 == 0 && p.ParseFromString(bytes)) {
            std::string text;
            google::protobuf::TextFormat::PrintToString(p, &text);
            w.add("onnx_text", name + ".txt", text);
        }
    }
}

// ---- GE dumps ----

void addDumps(SeedWriter& w) {
    const fs::path fixtures = kSourceDir / "tests/fixtures/ge_dumps";
    w.addFiles("ge_onnx", fixtures, std::regex("ge_onnx_.*\\.pbtxt"));
    w.addFiles("ge_proto", fixtures, std::regex("ge_proto_.*\\.txt"));
    for (const char* sample : {"conv_net.onnx", "training_step.onnx"}) {
        try {
            const Model m = io::loadModel(kSourceDir / "resources/samples" / sample).model;
            w.add("ge_onnx", std::string("writer_") + sample + ".pbtxt", dump::geOnnxDumpText(m));
        } catch (const std::exception& e) {
            std::cerr << "note: no dump seed from " << sample << ": " << e.what() << "\n";
        }
    }
}

// ---- the format table ----

void addFormatTables(SeedWriter& w) {
    const std::string bundled(formats::bundledFormatTableText());
    w.add("format_table", "bundled.json", bundled);
    const nlohmann::json table = nlohmann::json::parse(bundled);
    size_t i = 0;
    for (const auto& [op, rule] : table.at("ops").items()) {
        nlohmann::json one = {{"format_table", 1}, {"ops", {{op, rule}}}};
        if (table.contains("default")) one["default"] = table["default"];
        w.add("format_table", "op_" + std::to_string(i++) + ".json", one.dump(1));
    }
}

// ---- numeric input files ----

std::string npyFile(int major, const std::string& descr, const std::string& shape, size_t bytes,
                    bool fortran) {
    std::string header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                         ", 'shape': " + shape + ", }";
    const size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
    for (size_t k = 0; k < prefix - 8; ++k) out += static_cast<char>((header.size() >> (8 * k)) & 0xff);
    out += header;
    for (size_t k = 0; k < bytes; ++k) out += static_cast<char>(k * 37 + 1);
    return out;
}

void addNpy(SeedWriter& w) {
    const std::vector<std::pair<std::string, size_t>> types = {
        {"<f2", 2}, {"<f4", 4}, {"<f8", 8}, {"|i1", 1}, {"<i2", 2}, {"<i4", 4},
        {"<i8", 8}, {"|u1", 1}, {"<u2", 2}, {"<u4", 4}, {"<u8", 8}, {"|b1", 1}};
    const std::vector<std::pair<std::string, size_t>> shapes = {
        {"()", 1}, {"(0,)", 0}, {"(3,)", 3}, {"(2, 3)", 6}};
    size_t i = 0;
    for (const auto& [descr, esize] : types)
        for (const auto& [shape, count] : shapes)
            w.add("npy_input", "a" + std::to_string(i++) + ".npy",
                  npyFile(1, descr, shape, esize * count, false));
    w.add("npy_input", "v2.npy", npyFile(2, "<f4", "(2, 2)", 16, false));
    w.add("npy_input", "v3.npy", npyFile(3, "<i8", "(1, 2, 1)", 16, false));
    w.add("npy_input", "fortran.npy", npyFile(1, "<f4", "(2, 2)", 16, true));
    w.add("npy_input", "big_endian.npy", npyFile(1, ">f4", "(2,)", 8, false));
}

// ---- other tools' node data (Model Explorer, Polygraphy) ----

std::string base64(const std::string& bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t v = static_cast<uint8_t>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= static_cast<uint8_t>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) v |= static_cast<uint8_t>(bytes[i + 2]);
        out += digits[(v >> 18) & 63];
        out += digits[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? digits[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? digits[v & 63] : '=';
    }
    return out;
}

// Keys naming what the node_data target lays the data on (target_node_data.cpp: the first
// generated seed with a subgraph): node names and output names, in the main graph and the bodies.
std::vector<std::string> nodeDataKeys() {
    std::vector<std::string> keys;
    std::function<void(const onnx::GraphProto&)> walk = [&](const onnx::GraphProto& g) {
        for (const auto& n : g.node()) {
            if (!n.name().empty()) keys.push_back(n.name());
            for (const auto& o : n.output()) keys.push_back(o);
            for (const auto& a : n.attribute())
                if (a.has_g()) walk(a.g());
        }
    };
    for (const fuzz::SeedModel& seed : fuzz::generatedSeeds()) {
        bool bodies = false;
        for (const auto& n : seed.proto.graph().node())
            for (const auto& a : n.attribute()) bodies |= a.has_g();
        if (!bodies) continue;
        walk(seed.proto.graph());
        break;
    }
    return keys;
}

void addNodeData(SeedWriter& w) {
    const std::vector<std::string> keys = nodeDataKeys();
    nlohmann::json results = nlohmann::json::object();
    for (size_t i = 0; i < keys.size(); ++i) results[keys[i]] = {{"value", 0.5 * static_cast<double>(i)}};
    w.add("node_data", "me_thresholds.json",
          nlohmann::json{{"results", results},
                         {"thresholds",
                          {{{"value", 1}, {"bgColor", "#00ff00"}}, {{"value", 4}, {"bgColor", "#ff0000"}}}}}
              .dump(1));
    w.add("node_data", "me_gradient.json",
          nlohmann::json{{"main",
                          {{"results", results},
                           {"gradient",
                            {{{"stop", 0}, {"bgColor", "#0000ff"}}, {{"stop", 1}, {"bgColor", "#ffff00"}}}}}}}
              .dump(1));
    nlohmann::json outputs = nlohmann::json::object();
    size_t i = 0;
    for (const std::string& key : keys) {
        const bool wide = i++ % 2 == 0;
        outputs[key] = {{"array", base64(npyFile(1, wide ? "<f4" : "<i8", "(2,)", wide ? 8 : 16, false))},
                        {"polygraphy_class", "ndarray"}};
    }
    const nlohmann::json runner = nlohmann::json::array({{{"outputs", outputs}, {"runtime", 0.01}}});
    w.add("node_data", "polygraphy.json",
          nlohmann::json{{"lst", {{"onnxrt-runner", runner}, {"trt-runner", runner}}}}.dump(1));
    w.add("node_data", "polygraphy_bare.json", nlohmann::json::array({{"onnxrt-runner", {outputs}}}).dump(1));
}

void addTensorProtos(SeedWriter& w) {
    size_t i = 0;
    for (int dtype = 1; dtype <= 16; ++dtype) {
        const auto dt = static_cast<DataType>(dtype);
        if (dtype == 8) {  // STRING
            onnx::TensorProto t;
            t.set_name("text");
            t.set_data_type(dtype);
            t.add_dims(2);
            t.add_string_data("a");
            t.add_string_data("bc");
            w.add("tensor_pb_input", "string.pb", t.SerializeAsString());
            continue;
        }
        onnx::TensorProto raw;
        raw.set_name("x" + std::to_string(dtype));
        raw.set_data_type(dtype);
        raw.add_dims(2);
        raw.add_dims(2);
        raw.set_raw_data(std::string(4 * elementSize(dt), '\x01'));
        w.add("tensor_pb_input", "raw_" + std::to_string(i++) + ".pb", raw.SerializeAsString());
    }
    // Typed fields: floats, int32 (and the types ONNX stores there), int64, doubles, uint64.
    onnx::TensorProto f;
    f.set_data_type(onnx::TensorProto::FLOAT);
    f.add_dims(3);
    for (float v : {1.0f, -2.5f, 3.0f}) f.add_float_data(v);
    w.add("tensor_pb_input", "float_data.pb", f.SerializeAsString());
    for (int dtype : {onnx::TensorProto::INT32, onnx::TensorProto::FLOAT16, onnx::TensorProto::BOOL,
                      onnx::TensorProto::UINT8, onnx::TensorProto::BFLOAT16}) {
        onnx::TensorProto t;
        t.set_data_type(dtype);
        t.add_dims(2);
        t.add_int32_data(1);
        t.add_int32_data(0);
        w.add("tensor_pb_input", "int32_data_" + std::to_string(dtype) + ".pb", t.SerializeAsString());
    }
    onnx::TensorProto l;
    l.set_data_type(onnx::TensorProto::INT64);
    l.add_int64_data(-7);
    w.add("tensor_pb_input", "int64_scalar.pb", l.SerializeAsString());
    onnx::TensorProto ext;
    ext.set_name("w");
    ext.set_data_type(onnx::TensorProto::FLOAT);
    ext.add_dims(4);
    ext.set_data_location(onnx::TensorProto::EXTERNAL);
    auto* loc = ext.add_external_data();
    loc->set_key("location");
    loc->set_value("input_0.pb");
    w.add("tensor_pb_input", "external.pb", ext.SerializeAsString());
    w.addFiles("tensor_pb_input", kTestdataDir / "node", std::regex("input_[0-9]+\\.pb"), 300);
    w.addFiles("tensor_pb_input", kSourceDir / "resources/models/pytorch/rnn", std::regex(".*\\.pb"));
}

void addExternalData(SeedWriter& w) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"weights", "dtype=1\ndims=4,4\nlocation=weights.bin\noffset=0\nlength=64\n"},
        {"offset", "dtype=7\ndims=8\nlocation=weights.bin\noffset=4000\n"},
        {"inner", "dtype=2\ndims=64\nlocation=sub/inner.bin\n"},
        {"alias", "dtype=1\ndims=2\nlocation=alias.bin\noffset=8\nchecksum=0\n"},
        {"escape", "dtype=1\ndims=1\nlocation=escape.bin\n"},
        {"up", "dtype=1\ndims=1\nlocation=up/outside.bin\n"},
        {"dotdot", "dtype=1\ndims=1\nlocation=../outside.bin\n"},
        {"absolute", "dtype=1\ndims=1\nlocation=/etc/hostname\n"},
        {"fifo", "dtype=1\ndims=1\nlocation=fifo.bin\n"},
        {"folder", "dtype=1\ndims=1\nlocation=folder.bin\n"},
        {"empty", "dtype=1\ndims=0\nlocation=empty.bin\n"},
        {"past_end", "dtype=11\ndims=600\nlocation=weights.bin\noffset=10\n"},
        {"two",
         "dtype=1\ndims=2\nlocation=weights.bin\n---\ndtype=6\ndims=3\nlocation=weights.bin\noffset=12\n"},
        {"string", "dtype=8\ndims=1\nlocation=weights.bin\n"},
    };
    for (const auto& [name, text] : cases) w.add("external_data", name + ".txt", text);
}

// ---- sessions ----

void addSessions(SeedWriter& w) {
#ifdef PASSSCOPE_FUZZ_WITH_QT
    const fs::path dir = w.out() / "session_work";
    fs::create_directories(dir);
    std::vector<views::Session> sessions(3);
    sessions[0].modelPath = QString::fromStdString((dir / "model.onnx").string());
    sessions[1] = sessions[0];
    sessions[1].options.target = Target::Ge;
    sessions[1].options.level = OptLevel::O1;
    sessions[1].options.noFold.insert("/attn/scale/Div");
    sessions[1].options.inputShapes["x"] = {1, 3, 224, 224};
    sessions[1].options.passSwitches["ConstantFoldingPass"] = false;
    sessions[1].position = 7;
    sessions[1].overlay = QStringLiteral("storage");
    sessions[1].expandedGroups = {QStringLiteral("/encoder"), QStringLiteral("/encoder/layers.0")};
    sessions[1].zoom = 0.75;
    sessions[1].center = QPointF(120.5, -40.25);
    sessions[1].hideUnchanged = true;
    sessions[1].sideBySide = true;
    sessions[1].selectedNode = QStringLiteral("Conv_0");
    sessions[2].modelPath = QStringLiteral("/elsewhere/model.onnx");
    sessions[2].options.set("passscope.storageFormats", "x:NC1HWC0");
    for (size_t i = 0; i < sessions.size(); ++i) {
        const fs::path file = dir / ("s" + std::to_string(i) + ".passscope");
        QString error;
        if (views::saveSession(sessions[i], QString::fromStdString(file.string()), &error))
            w.add("session_file", file.filename().string(), SeedWriter::readAll(file));
    }
    fs::remove_all(dir);
#else
    (void)w;
#endif
}

// ---- dictionaries ----

class Dictionary {
  public:
    void add(const std::string& word) {
        if (word.empty() || word.size() > 64) return;
        words_.insert(word);
    }
    // Field names (as protobuf text writes them) and enum value names of `type` and every message
    // it holds.
    void addSchema(const google::protobuf::Descriptor* type) {
        std::set<const google::protobuf::Descriptor*> seen;
        std::function<void(const google::protobuf::Descriptor*)> walk =
            [&](const google::protobuf::Descriptor* d) {
                if (!seen.insert(d).second) return;
                for (int i = 0; i < d->field_count(); ++i) {
                    const auto* f = d->field(i);
                    if (f->message_type()) {
                        add(f->name() + " {");
                        walk(f->message_type());
                    } else {
                        add(f->name() + ": ");
                    }
                    if (const auto* e = f->enum_type())
                        for (int k = 0; k < e->value_count(); ++k) add(e->value(k)->name());
                }
            };
        walk(type);
    }
    void addOnnxOps() {
        for (const auto& schema : onnx::OpSchemaRegistry::get_all_schemas()) add("\"" + schema.Name() + "\"");
    }
    void addFormatsAndTypes(bool quoted) {
        for (int f = 0; f <= static_cast<int>(Format::RESERVED); ++f) {
            const std::string name(formatName(static_cast<Format>(f)));
            add(quoted ? "\"" + name + "\"" : name);
        }
        for (int t = 1; t <= 16; ++t) {
            const std::string name(dataTypeName(static_cast<DataType>(t)));
            add(quoted ? "\"" + name + "\"" : name);
        }
    }
    // Keys and quoted words of the seed files of a target: "word": (JSON), word: and word { (text),
    // "word" (values).
    void harvest(const fs::path& seeds) {
        if (!fs::is_directory(seeds)) return;
        static const std::regex token(
            R"(("[A-Za-z_][A-Za-z0-9_./:#*-]{0,40}")|([A-Za-z_][A-Za-z0-9_]{1,40}(:| \{)))");
        for (const auto& e : fs::directory_iterator(seeds)) {
            const std::string text = SeedWriter::readAll(e.path());
            for (auto it = std::sregex_iterator(text.begin(), text.end(), token);
                 it != std::sregex_iterator(); ++it)
                add(it->str());
        }
    }
    void write(const fs::path& file) const {
        fs::create_directories(file.parent_path());
        std::ofstream out(file);
        size_t i = 0;
        for (const std::string& w : words_) {
            out << "w" << i++ << "=\"";
            for (unsigned char c : w) {
                if (c == '"' || c == '\\')
                    out << '\\' << c;
                else if (c < 0x20 || c >= 0x7f) {
                    char hex[8];
                    std::snprintf(hex, sizeof hex, "\\x%02X", c);
                    out << hex;
                } else
                    out << c;
            }
            out << "\"\n";
        }
    }
    size_t size() const { return words_.size(); }

  private:
    std::set<std::string> words_;
};

void writeDictionaries(const fs::path& out) {
    const fs::path seeds = out / "seeds";
    std::map<std::string, Dictionary> dicts;
    dicts["onnx_text"].addSchema(onnx::ModelProto::descriptor());
    dicts["onnx_text"].addOnnxOps();
    dicts["onnx_binary"].addOnnxOps();
    dicts["pipeline"].addOnnxOps();
    dicts["ge_onnx"].addSchema(onnx::ModelProto::descriptor());
    dicts["ge_onnx"].addFormatsAndTypes(false);
    dicts["ge_onnx"].harvest(seeds / "ge_onnx");
    dicts["ge_proto"].addSchema(ge::proto::ModelDef::descriptor());
    dicts["ge_proto"].addFormatsAndTypes(false);
    dicts["ge_proto"].harvest(seeds / "ge_proto");
    dicts["format_table"].addFormatsAndTypes(true);
    dicts["format_table"].harvest(seeds / "format_table");
    for (const char* word : {"\"*\"", "\"follow\"", "\"ref\"", "\"origin\"", "\"min_rank\"", "\"domain\""})
        dicts["format_table"].add(word);
    Dictionary& session = dicts["session_file"];
    session.harvest(seeds / "session_file");
    for (const auto& [key, what] : PipelineOptions::describe()) session.add("\"" + key + "\"");
    for (const char* v :
         {"\"true\"", "\"false\"", "\"O0\"", "\"O3\"", "\"ge\"", "\"onnx\"", "1e308", "-0", "null"})
        session.add(v);
    Dictionary& npy = dicts["npy_input"];
    for (const char* w : {"\x93NUMPY", "'descr': ", "'fortran_order': ", "'shape': ", "True", "False", "<f4",
                          "|b1", "<f2", ">i8", "(1,)", "(0, 3)"})
        npy.add(w);
    Dictionary& nodeData = dicts["node_data"];
    nodeData.harvest(seeds / "node_data");
    for (const char* w : {"\"results\"", "\"value\"", "\"thresholds\"", "\"gradient\"", "\"stop\"",
                          "\"bgColor\"", "\"lst\"", "\"outputs\"", "\"array\"", "\"polygraphy_class\"",
                          "\"ndarray\"", "NaN", "Infinity", "-1e309", "\"#zzzzzz\""})
        nodeData.add(w);
    Dictionary& ext = dicts["external_data"];
    for (const char* w : {"location=", "offset=",    "length=", "checksum=",   "basepath=",
                          "dtype=",    "dims=",      "---",     "weights.bin", "sub/inner.bin",
                          "alias.bin", "escape.bin", "up/",     "fifo.bin",    "folder.bin",
                          "empty.bin", "../",        "./",      "//",          "18446744073709551615",
                          "-1"})
        ext.add(w);
    for (const auto& [target, dict] : dicts) dict.write(out / "dicts" / (target + ".dict"));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: passscope-fuzz-seeds OUT_DIR\n";
        return 2;
    }
    const fs::path out = argv[1];
    std::error_code ec;
    fs::remove_all(out / "seeds", ec);
    fs::remove_all(out / "dicts", ec);
    try {
        SeedWriter w(out);
        addModels(w);
        addDumps(w);
        addFormatTables(w);
        addNpy(w);
        addTensorProtos(w);
        addExternalData(w);
        addNodeData(w);
        addSessions(w);
        writeDictionaries(out);
        for (const auto& [target, n] : w.counts()) std::cout << target << ": " << n << " seeds\n";
    } catch (const std::exception& e) {
        std::cerr << "passscope-fuzz-seeds: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
