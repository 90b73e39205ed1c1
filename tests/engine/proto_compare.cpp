#include "proto_compare.h"

#include <map>

#include "io/tensor_proto.h"

namespace passscope::test {
namespace {

struct Dirs {
    std::filesystem::path expected, actual;
};

std::string compareTensor(const onnx::TensorProto& a, const onnx::TensorProto& b, const Dirs& dirs,
                          const std::string& where) {
    try {
        onnx::TensorProto ca = a, cb = b;
        io::ExternalDataResolver ra(dirs.expected), rb(dirs.actual);
        Tensor ta = io::tensorFromProto(ca, ra, where);
        Tensor tb = io::tensorFromProto(cb, rb, where);
        if (!ta.sameValue(tb)) return where + ": tensor values differ";
    } catch (const std::exception& e) {
        return where + ": " + e.what();
    }
    return {};
}

std::string compareGraph(const onnx::GraphProto& a, const onnx::GraphProto& b, const Dirs& dirs,
                         const std::string& where);

std::string compareAttribute(const onnx::AttributeProto& a, const onnx::AttributeProto& b, const Dirs& dirs,
                             const std::string& where) {
    using AP = onnx::AttributeProto;
    if (a.name() != b.name()) return where + ": attribute name " + a.name() + " vs " + b.name();
    if (a.type() != AP::UNDEFINED && a.type() != b.type()) return where + ": attribute type differs";
    if (a.ref_attr_name() != b.ref_attr_name()) return where + ": ref_attr_name differs";
    if (a.f() != b.f() || a.i() != b.i() || a.s() != b.s()) return where + ": scalar attribute value differs";
    if (a.floats_size() != b.floats_size() || a.ints_size() != b.ints_size() ||
        a.strings_size() != b.strings_size() || a.tensors_size() != b.tensors_size() ||
        a.graphs_size() != b.graphs_size())
        return where + ": list attribute length differs";
    for (int i = 0; i < a.floats_size(); ++i)
        if (a.floats(i) != b.floats(i) && !(a.floats(i) != a.floats(i) && b.floats(i) != b.floats(i)))
            return where + ": floats differ";
    for (int i = 0; i < a.ints_size(); ++i)
        if (a.ints(i) != b.ints(i)) return where + ": ints differ";
    for (int i = 0; i < a.strings_size(); ++i)
        if (a.strings(i) != b.strings(i)) return where + ": strings differ";
    if (a.has_t() != b.has_t()) return where + ": tensor presence differs";
    if (a.has_t())
        if (auto d = compareTensor(a.t(), b.t(), dirs, where); !d.empty()) return d;
    for (int i = 0; i < a.tensors_size(); ++i)
        if (auto d = compareTensor(a.tensors(i), b.tensors(i), dirs, where); !d.empty()) return d;
    if (a.has_g() != b.has_g()) return where + ": graph presence differs";
    if (a.has_g())
        if (auto d = compareGraph(a.g(), b.g(), dirs, where + "/" + a.name()); !d.empty()) return d;
    for (int i = 0; i < a.graphs_size(); ++i)
        if (auto d = compareGraph(a.graphs(i), b.graphs(i), dirs, where); !d.empty()) return d;
    if (a.sparse_tensor().SerializeAsString() != b.sparse_tensor().SerializeAsString())
        return where + ": sparse tensor differs";
    if (a.tp().SerializeAsString() != b.tp().SerializeAsString()) return where + ": type proto differs";
    return {};
}

template <typename Repeated>
std::vector<std::string> names(const Repeated& values) {
    std::vector<std::string> out;
    for (const auto& v : values) out.push_back(v.name());
    return out;
}

std::string compareGraph(const onnx::GraphProto& a, const onnx::GraphProto& b, const Dirs& dirs,
                         const std::string& where) {
    if (a.name() != b.name()) return where + ": graph name '" + a.name() + "' vs '" + b.name() + "'";
    if (names(a.input()) != names(b.input())) return where + ": graph inputs differ";
    if (names(a.output()) != names(b.output())) return where + ": graph outputs differ";
    if (a.node_size() != b.node_size())
        return where + ": node count " + std::to_string(a.node_size()) + " vs " +
               std::to_string(b.node_size());
    for (int i = 0; i < a.node_size(); ++i) {
        const auto& na = a.node(i);
        const auto& nb = b.node(i);
        const std::string at =
            where + " node " + std::to_string(i) + " '" + na.name() + "' (" + na.op_type() + ")";
        if (na.name() != nb.name() || na.op_type() != nb.op_type() || na.domain() != nb.domain())
            return at + ": name/op/domain differ ('" + nb.name() + "' " + nb.op_type() + ")";
        if (std::vector<std::string>(na.input().begin(), na.input().end()) !=
            std::vector<std::string>(nb.input().begin(), nb.input().end()))
            return at + ": inputs differ";
        if (std::vector<std::string>(na.output().begin(), na.output().end()) !=
            std::vector<std::string>(nb.output().begin(), nb.output().end()))
            return at + ": outputs differ";
        if (na.attribute_size() != nb.attribute_size()) return at + ": attribute count differs";
        for (int k = 0; k < na.attribute_size(); ++k)
            if (auto d = compareAttribute(na.attribute(k), nb.attribute(k), dirs, at); !d.empty()) return d;
    }
    std::map<std::string, const onnx::TensorProto*> inits;
    for (const auto& t : b.initializer()) inits[t.name()] = &t;
    if (a.initializer_size() != b.initializer_size()) return where + ": initializer count differs";
    for (const auto& t : a.initializer()) {
        auto it = inits.find(t.name());
        if (it == inits.end()) return where + ": initializer '" + t.name() + "' missing";
        if (auto d = compareTensor(t, *it->second, dirs, where + " initializer '" + t.name() + "'");
            !d.empty())
            return d;
    }
    if (a.sparse_initializer_size() != b.sparse_initializer_size())
        return where + ": sparse initializer count differs";
    return {};
}

}  // namespace

std::string compareModels(const onnx::ModelProto& a, const std::filesystem::path& aDir,
                          const onnx::ModelProto& b, const std::filesystem::path& bDir) {
    if (a.ir_version() != b.ir_version()) return "ir_version differs";
    if (a.opset_import_size() != b.opset_import_size()) return "opset_import differs";
    for (int i = 0; i < a.opset_import_size(); ++i)
        if (a.opset_import(i).domain() != b.opset_import(i).domain() ||
            a.opset_import(i).version() != b.opset_import(i).version())
            return "opset_import differs";
    if (a.producer_name() != b.producer_name() || a.doc_string() != b.doc_string())
        return "producer or doc_string differs";
    if (a.metadata_props_size() != b.metadata_props_size()) return "metadata_props differ";
    if (a.functions_size() != b.functions_size()) return "functions differ";
    return compareGraph(a.graph(), b.graph(), Dirs{aDir, bDir}, "main graph");
}

}  // namespace passscope::test
