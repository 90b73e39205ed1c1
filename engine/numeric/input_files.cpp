#include "numeric/input_files.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "exec/verify.h"
#include "io/tensor_proto.h"
#include "ir/op_types.h"
#include "util/diagnostics.h"

namespace passscope::numeric {
namespace fs = std::filesystem;
namespace {

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ModelError("cannot read input file '" + path.string() + "'");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Tensor readTensorProto(const fs::path& path, const std::string& bytes, std::string& name) {
    onnx::TensorProto proto;
    if (!proto.ParseFromString(bytes)) throw ModelError("'" + path.string() + "' is not an ONNX TensorProto");
    if (!proto.name().empty()) name = proto.name();
    io::ExternalDataResolver resolver(path.parent_path());
    return io::tensorFromProto(proto, resolver, path.filename().string());
}

DataType npyType(const std::string& descr, const fs::path& path) {
    static const std::map<std::string, DataType> kTypes = {
        {"f2", DataType::Float16}, {"f4", DataType::Float},  {"f8", DataType::Double},
        {"i1", DataType::Int8},    {"i2", DataType::Int16},  {"i4", DataType::Int32},
        {"i8", DataType::Int64},   {"u1", DataType::UInt8},  {"u2", DataType::UInt16},
        {"u4", DataType::UInt32},  {"u8", DataType::UInt64}, {"b1", DataType::Bool}};
    auto it = descr.size() == 3 ? kTypes.find(descr.substr(1)) : kTypes.end();
    if (it == kTypes.end() || descr[0] == '>')
        throw ModelError("'" + path.string() + "': NumPy dtype '" + descr +
                         "' is not read (little-endian numbers and bools only)");
    return it->second;
}

// NumPy's format: magic, version, header length (2 bytes in 1.0, 4 in 2.0/3.0), a Python dict
// literal with descr, fortran_order and shape, then the elements.
Tensor readNpy(const fs::path& path, const std::string& bytes) {
    auto bad = [&](const std::string& why) { return ModelError("'" + path.string() + "': " + why); };
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) throw bad("not a NumPy .npy file");
    const int major = static_cast<unsigned char>(bytes[6]);
    size_t headerLen = static_cast<unsigned char>(bytes[8]) |
                       (static_cast<size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    size_t at = 10;
    if (major >= 2) {
        if (bytes.size() < 12) throw bad("truncated header");
        headerLen |= (static_cast<size_t>(static_cast<unsigned char>(bytes[10])) << 16) |
                     (static_cast<size_t>(static_cast<unsigned char>(bytes[11])) << 24);
        at = 12;
    }
    if (bytes.size() < at + headerLen) throw bad("truncated header");
    const std::string header = bytes.substr(at, headerLen);
    // The text after `'key':` in the dict literal, up to `end` (a quote, a comma or a parenthesis).
    auto field = [&](const std::string& key, char open, char close) -> std::string {
        const size_t k = header.find("'" + key + "'");
        const size_t from = k == std::string::npos ? k : header.find(open, header.find(':', k));
        const size_t to = from == std::string::npos ? from : header.find(close, from + 1);
        if (to == std::string::npos) throw bad("no " + key + " in header");
        return header.substr(from + 1, to - from - 1);
    };
    const DataType dtype = npyType(field("descr", '\'', '\''), path);
    const size_t fortran = header.find("'fortran_order'");
    const size_t colon = fortran == std::string::npos ? fortran : header.find(':', fortran);
    const size_t value = colon == std::string::npos ? colon : header.find_first_not_of(' ', colon + 1);
    if (value != std::string::npos && header.compare(value, 4, "True") == 0)
        throw bad("Fortran-ordered arrays are not read; save with np.ascontiguousarray");
    std::vector<int64_t> dims;
    std::istringstream shape(field("shape", '(', ')'));
    for (std::string item; std::getline(shape, item, ',');) {
        if (item.find_first_not_of(' ') == std::string::npos) continue;  // "(3,)": the trailing comma
        try {
            dims.push_back(std::stoll(item));
        } catch (const std::exception&) {
            throw bad("bad shape in header");
        }
    }
    const auto count = checkedElementCount(dims);
    const size_t payload = bytes.size() - at - headerLen;
    if (!count ||
        static_cast<double>(*count) * static_cast<double>(elementSize(dtype)) != static_cast<double>(payload))
        throw bad("the data does not hold " + Shape::fromExtents(dims).toString() + " elements");
    return Tensor(dtype, std::move(dims), std::make_shared<StringBuffer>(bytes.substr(at + headerLen)));
}

}  // namespace

std::pair<std::string, Tensor> readInputFile(const fs::path& path) {
    const std::string bytes = readAll(path);
    std::string name = path.stem().string();
    const std::string ext = path.extension().string();
    if (ext == ".npy") return {name, readNpy(path, bytes)};
    if (ext == ".pb" || ext == ".tensorproto") {  // .tensorproto: ONNX Runtime's node output dumps
        Tensor t = readTensorProto(path, bytes, name);
        return {name, std::move(t)};
    }
    throw ModelError("'" + path.string() + "': an input file is a .pb (ONNX TensorProto) or a .npy");
}

Tensor readNpyBytes(const std::string& bytes, const std::string& what) {
    return readNpy(what, bytes);
}

std::map<std::string, Tensor> readInputFiles(const std::vector<fs::path>& paths) {
    std::map<std::string, Tensor> out;
    for (const fs::path& p : paths) {
        auto [name, tensor] = readInputFile(p);
        if (!out.emplace(name, std::move(tensor)).second)
            throw ModelError("two input files are for input '" + name + "'");
    }
    return out;
}

namespace {

bool isGraphInput(const Graph& g, const std::string& name) {
    for (NodeId id : g.inputs())
        if (g.node(id).output(0).name == name) return true;
    return false;
}

// The graph inputs a caller feeds (no default), in order: what input_K.pb stands for.
std::vector<std::string> fedInputs(const Graph& g) {
    std::vector<std::string> names;
    for (NodeId id : g.inputs()) {
        const Node& n = g.node(id);
        if (n.opType() == op::kData && !n.hasAttr(op::attr::kValue)) names.push_back(n.output(0).name);
    }
    return names;
}

// input_K.pb -> K; -1 for another name.
int inputFileIndex(const fs::path& p) {
    const std::string name = p.filename().string();
    if (name.rfind("input_", 0) != 0 || p.extension() != ".pb") return -1;
    const std::string digits = name.substr(6, name.size() - 6 - 3);
    if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    return std::stoi(digits);
}

}  // namespace

std::map<std::string, fs::path> testDataFiles(const Graph& g, const fs::path& folder) {
    std::error_code ec;
    std::map<int, fs::path> byIndex;
    std::vector<fs::path> sets;
    for (const auto& e : fs::directory_iterator(folder, ec)) {
        if (e.is_regular_file() && inputFileIndex(e.path()) >= 0)
            byIndex[inputFileIndex(e.path())] = e.path();
        if (e.is_directory() && e.path().filename().string().rfind("test_data_set_", 0) == 0)
            sets.push_back(e.path());
    }
    if (ec) throw ModelError("cannot read the test data folder '" + folder.string() + "': " + ec.message());
    if (byIndex.empty() && !sets.empty()) {  // the model's folder: its first data set
        std::sort(sets.begin(), sets.end());
        return testDataFiles(g, sets.front());
    }
    if (byIndex.empty())
        throw ModelError("'" + folder.string() + "' holds no input_0.pb, input_1.pb, ... (ONNX test data)");
    const std::vector<std::string> fed = fedInputs(g);
    std::map<std::string, fs::path> out;
    for (const auto& [k, path] : byIndex) {
        std::string name = readInputFile(path).first;  // the proto's name, else "input_K"
        if (!isGraphInput(g, name)) {
            if (static_cast<size_t>(k) >= fed.size())
                throw ModelError("'" + path.string() + "': the model has " + std::to_string(fed.size()) +
                                 " inputs to feed, and the file names none of them");
            name = fed[static_cast<size_t>(k)];
        }
        if (!out.emplace(name, path).second)
            throw ModelError("two files of '" + folder.string() + "' are for input '" + name + "'");
    }
    return out;
}

std::map<std::string, fs::path> inputFilesFor(const Graph& g, const std::vector<fs::path>& sources) {
    std::map<std::string, fs::path> out;
    auto add = [&](const std::string& name, const fs::path& path) {
        if (!isGraphInput(g, name))
            throw ModelError("an input file is for '" + name + "', which is not a graph input");
        if (!out.emplace(name, path).second) throw ModelError("two input files are for input '" + name + "'");
    };
    for (const fs::path& source : sources) {
        if (fs::is_directory(source)) {
            for (const auto& [name, path] : testDataFiles(g, source)) add(name, path);
        } else {
            add(readInputFile(source).first, source);
        }
    }
    return out;
}

EvaluationInputs evaluationInputs(const Graph& g, const std::vector<fs::path>& files,
                                  const std::map<std::string, std::vector<int64_t>>& inputShapes,
                                  uint64_t seed) {
    return evaluationInputsByName(g, inputFilesFor(g, files), inputShapes, seed);
}

EvaluationInputs evaluationInputsByName(const Graph& g, const std::map<std::string, fs::path>& files,
                                        const std::map<std::string, std::vector<int64_t>>& inputShapes,
                                        uint64_t seed) {
    std::map<std::string, Tensor> given;
    for (const auto& [name, path] : files) {
        if (!isGraphInput(g, name))
            throw ModelError("an input file is for '" + name + "', which is not a graph input");
        given[name] = readInputFile(path).second;
    }
    VerifyOptions vo;
    vo.inputShapes = inputShapes;
    for (const auto& [name, t] : given) vo.inputShapes[name] = t.dims();
    RandomInputs made = randomInputs(g, vo, seed);
    if (!made.problem.empty()) throw ModelError(made.problem);
    for (auto& [name, t] : given) made.tensors[name] = std::move(t);
    return {std::move(made.tensors), std::move(made.notes)};
}

}  // namespace passscope::numeric
