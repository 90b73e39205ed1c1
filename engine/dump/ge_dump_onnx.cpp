// ge_onnx_*.pbtxt (docs/ge-dumps.md §2, §3): the text form of GE's ONNX copy (package ge.onnx, the
// same field names as libonnx's onnx.proto, so libonnx's classes parse it). GE's writer is
// OnnxUtils::ConvertGeModelToModelProto in graph_metadef/graph/utils/ge_ir_utils.cc: op_type
// "ge:<type>", tensor descriptions as input_desc_<field>:<i> / output_desc_<field>:<i> attributes
// (or one JSON string input_desc_<i> per tensor for nodes with 20 or more), a Const's weights as
// value_desc_* plus value_data (the bytes, DUMP_GE_GRAPH=1 only), attributes sorted by name.
#include <charconv>
#include <map>

#include <onnx/onnx_pb.h>
#include <nlohmann/json.hpp>

#include "dump/ge_dump.h"
#include "dump/ge_dump_spec.h"
#include "dump/ge_dump_text.h"
#include "io/attribute_proto.h"
#include "io/external_data.h"
#include "io/tensor_proto.h"
#include "ir/op_traits.h"

namespace passscope::dump::detail {
namespace {

using AP = onnx::AttributeProto;

// The six fields GE writes per tensor (normal_member_attr_handlers_ in ge_ir_utils.cc).
enum class DescField { Dtype, OriginDtype, Shape, OriginShape, Layout, OriginLayout };

std::optional<DescField> descField(std::string_view f) {
    if (f == "dtype") return DescField::Dtype;
    if (f == "origin_dtype") return DescField::OriginDtype;
    if (f == "shape") return DescField::Shape;
    if (f == "origin_shape") return DescField::OriginShape;
    if (f == "layout") return DescField::Layout;
    if (f == "origin_layout") return DescField::OriginLayout;
    return std::nullopt;
}

bool isDigits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

std::optional<int64_t> smallIndex(std::string_view s) {
    if (!isDigits(s) || s.size() > 6) return std::nullopt;
    int64_t v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    if (v > kMaxTensorIndex) return std::nullopt;
    return v;
}

const char* typeName(AP::AttributeType t) {
    return AP::AttributeType_IsValid(t) ? AP::AttributeType_Name(t).c_str() : "an unknown type";
}

// Per tensor: what the attributes said so far, and whether origin_dtype differs from dtype.
struct PartialDescs {
    std::vector<GeDescParts> parts;
    std::vector<std::optional<DataType>> originDtype;
    GeDescParts& at(size_t i) {
        if (parts.size() <= i) {
            parts.resize(i + 1);
            originDtype.resize(i + 1);
        }
        return parts[i];
    }
    std::vector<TensorDesc> descs() const {
        std::vector<TensorDesc> out;
        for (const auto& p : parts) out.push_back(p.toDesc());
        return out;
    }
};

class OnnxDumpReader {
  public:
    OnnxDumpReader(const std::string& file, const std::filesystem::path& dir, Diagnostics& diag)
        : file_(file), resolver_(dir), diag_(diag) {}

    GeModelSpec read(onnx::ModelProto& proto, const ParseTree& tree) {
        GeModelSpec spec;
        spec.producer = proto.producer_name();
        if (!proto.has_graph()) throw ModelError(at(file_, 0) + "the dump holds no graph");
        const ParseTree* gt = nestedTree(&tree, proto, "graph");
        GeGraphSpec g;
        g.name = proto.graph().name();
        g.line = lineOf(&tree, proto, "graph");
        auto& gp = *proto.mutable_graph();
        for (int k = 0; k < gp.node_size(); ++k) {
            auto& np = *gp.mutable_node(k);
            const ParseTree* nt = nestedTree(gt, gp, "node", k);
            int line = lineOf(nt, np, "name");
            if (!line) line = lineOf(gt, gp, "node", k);
            // GE writes each subgraph as a node of type "subgraph" holding the graph
            // (ConvertGeModelToModelProto); which node owns it is not in the file.
            if (np.op_type() == "subgraph") {
                diag_.warn(at(file_, line) + "subgraph '" + np.name() +
                           "' is not shown: a ge_onnx dump does not say which node owns it (the ge_proto "
                           "dump does)");
                continue;
            }
            g.nodes.push_back(readNode(np, nt, line));
        }
        spec.graphs.push_back(std::move(g));
        return spec;
    }

  private:
    GeNodeSpec readNode(onnx::NodeProto& np, const ParseTree* nt, int line) {
        GeNodeSpec ns;
        ns.name = np.name();
        ns.line = line;
        const std::string& opType = np.op_type();
        ns.type = opType.rfind("ge:", 0) == 0 ? opType.substr(3) : opType;
        if (ns.type.empty()) throw ModelError(at(file_, line) + "node '" + ns.name + "' has no op_type");
        ns.inputs.assign(np.input().begin(), np.input().end());
        // Outputs GE lists: "<node>:<index>" per connected output (EncodeNodeLinkForNetronVisual).
        for (const std::string& out : np.output()) {
            const auto colon = out.rfind(':');
            if (colon == std::string::npos) continue;
            if (auto i = smallIndex(std::string_view(out).substr(colon + 1)))
                ns.outputCount = std::max<size_t>(ns.outputCount, static_cast<size_t>(*i) + 1);
        }
        PartialDescs in, out;
        // GE's output_desc_nums can name outputs no description or edge mentions; its
        // input_desc_nums adds nothing: every input anchor is in the node's input list ("" when
        // unlinked). Both are checked and consumed, so neither shows as a node attribute.
        int64_t outputNums = -1;
        std::map<std::string, const AP*> valueParts;  // Const weights: value_desc_*, value_data
        for (int j = 0; j < np.attribute_size(); ++j) {
            AP& ap = *np.mutable_attribute(j);
            int attrLine = lineOf(nestedTree(nt, np, "attribute", j), ap, "name");
            if (!attrLine) attrLine = line;
            const std::string where =
                at(file_, attrLine) + "node '" + ns.name + "' attribute '" + ap.name() + "': ";
            const std::string& name = ap.name();
            const bool isInput = name.rfind("input_desc_", 0) == 0;
            const bool isOutput = name.rfind("output_desc_", 0) == 0;
            if (isInput || isOutput) {
                const std::string_view rest = std::string_view(name).substr(isInput ? 11 : 12);
                PartialDescs& descs = isInput ? in : out;
                if (rest == "nums") {
                    if (ap.type() != AP::INT)
                        throw ModelError(where + "is " + typeName(ap.type()) + ", expected INT");
                    if (ap.i() < 0 || ap.i() > kMaxTensorIndex)
                        throw ModelError(where + std::to_string(ap.i()) + " tensors is out of range");
                    if (isOutput) outputNums = ap.i();
                    continue;
                }
                if (auto index = smallIndex(rest)) {  // the JSON form
                    readJsonDesc(ap, descs, static_cast<size_t>(*index), where);
                    continue;
                }
                const auto colon = rest.rfind(':');
                if (colon != std::string_view::npos) {
                    auto field = descField(rest.substr(0, colon));
                    auto index = smallIndex(rest.substr(colon + 1));
                    if (field && index) {
                        readDescField(ap, *field, descs, static_cast<size_t>(*index), where);
                        continue;
                    }
                    if (field)
                        throw ModelError(where + "the tensor index is not a number up to " +
                                         std::to_string(kMaxTensorIndex));
                }
            }
            if (name == "value_data" || name.rfind("value_desc_", 0) == 0) {
                valueParts[name] = &ap;
                continue;
            }
            if (auto a = attribute(ap, where)) ns.attrs.push_back(std::move(*a));
        }
        if (outputNums >= 0)
            ns.outputCount = std::max<size_t>(ns.outputCount, static_cast<size_t>(outputNums));
        ns.outputCount = std::max(ns.outputCount, out.parts.size());
        ns.inputDescs = in.descs();
        ns.outputDescs = out.descs();
        keepDifferingOriginDtypes(in, "input", ns);
        keepDifferingOriginDtypes(out, "output", ns);
        if (op::isDumpConstType(ns.type))
            readWeights(valueParts, ns, line);
        else
            for (const auto& [n, ap] : valueParts) {
                const std::string where = at(file_, line) + "node '" + ns.name + "' attribute '" + n + "': ";
                if (auto a = attribute(*const_cast<AP*>(ap), where)) ns.attrs.push_back(std::move(*a));
            }
        return ns;
    }

    // An origin dtype the IR has no place for is kept as the attribute GE wrote.
    static void keepDifferingOriginDtypes(const PartialDescs& d, const std::string& side, GeNodeSpec& ns) {
        for (size_t i = 0; i < d.parts.size(); ++i)
            if (d.originDtype[i] && d.originDtype[i] != d.parts[i].dtype)
                ns.attrs.push_back(Attribute::makeString(side + "_desc_origin_dtype:" + std::to_string(i),
                                                         std::string(geDataTypeName(*d.originDtype[i]))));
    }

    std::vector<int64_t> ints(const AP& ap, const std::string& where) {
        if (ap.type() != AP::INTS) throw ModelError(where + "is " + typeName(ap.type()) + ", expected INTS");
        return {ap.ints().begin(), ap.ints().end()};
    }
    const std::string& str(const AP& ap, const std::string& where) {
        if (ap.type() != AP::STRING)
            throw ModelError(where + "is " + typeName(ap.type()) + ", expected STRING");
        return ap.s();
    }

    void readDescField(const AP& ap, DescField field, PartialDescs& descs, size_t i,
                       const std::string& where) {
        GeDescParts& p = descs.at(i);
        switch (field) {
            case DescField::Dtype:
                p.dtype = geDataType(str(ap, where), where, diag_);
                break;
            case DescField::OriginDtype:
                descs.originDtype[i] = geDataType(str(ap, where), where, diag_);
                break;
            case DescField::Shape:
                p.shape = geShape(ints(ap, where), where);
                break;
            case DescField::OriginShape:
                p.originShape = geShape(ints(ap, where), where);
                break;
            case DescField::Layout:
                p.layout = geFormat(str(ap, where), where, diag_);
                break;
            case DescField::OriginLayout:
                p.originLayout = geFormat(str(ap, where), where, diag_);
                break;
        }
    }

    // {"dtype":"DT_FLOAT16","layout":"NC1HWC0","shape":[...],...} (ProcessTensorDescImpl,
    // AddShapeFormatAndDtypeToJson: the same six names, plus ext-meta keys the IR does not hold).
    void readJsonDesc(const AP& ap, PartialDescs& descs, size_t i, const std::string& where) {
        const std::string& text = str(ap, where);
        nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            throw ModelError(where + "is not a JSON object describing a tensor");
        GeDescParts& p = descs.at(i);
        auto s = [&](const char* key) -> std::optional<std::string> {
            auto it = j.find(key);
            if (it == j.end()) return std::nullopt;
            if (!it->is_string()) throw ModelError(where + "\"" + key + "\" is not a string");
            return it->get<std::string>();
        };
        auto v = [&](const char* key) -> std::optional<std::vector<int64_t>> {
            auto it = j.find(key);
            if (it == j.end()) return std::nullopt;
            if (!it->is_array()) throw ModelError(where + "\"" + key + "\" is not a list of integers");
            std::vector<int64_t> dims;
            for (const auto& d : *it) {
                if (!d.is_number_integer())
                    throw ModelError(where + "\"" + key + "\" is not a list of integers");
                dims.push_back(d.get<int64_t>());
            }
            return dims;
        };
        if (auto x = s("dtype")) p.dtype = geDataType(*x, where, diag_);
        if (auto x = s("origin_dtype")) descs.originDtype[i] = geDataType(*x, where, diag_);
        if (auto x = v("shape")) p.shape = geShape(*x, where);
        if (auto x = v("origin_shape")) p.originShape = geShape(*x, where);
        if (auto x = s("layout")) p.layout = geFormat(*x, where, diag_);
        if (auto x = s("origin_layout")) p.originLayout = geFormat(*x, where, diag_);
    }

    // A Const's `value` (AddAttrProtoForAttrsFromAttrMap: value_desc_dtype/shape/layout and, at
    // DUMP_GE_GRAPH=1 only, value_data with the bytes). Without value_data the Const keeps only
    // its description.
    void readWeights(const std::map<std::string, const AP*>& parts, GeNodeSpec& ns, int line) {
        auto find = [&](const char* n) -> const AP* {
            auto it = parts.find(n);
            return it == parts.end() ? nullptr : it->second;
        };
        const std::string where = at(file_, line) + "node '" + ns.name + "' weights: ";
        for (const auto& [n, ap] : parts)
            if (n != "value_data" && n != "value_desc_dtype" && n != "value_desc_shape")
                if (auto a = attribute(*const_cast<AP*>(ap), where)) ns.attrs.push_back(std::move(*a));
        const AP* data = find("value_data");
        if (!data) return;
        const AP* dtype = find("value_desc_dtype");
        const AP* shape = find("value_desc_shape");
        if (!dtype || !shape)
            throw ModelError(where + "value_data without value_desc_dtype and value_desc_shape");
        const DataType t = geDataType(str(*dtype, where + "value_desc_dtype "), where, diag_);
        const auto dims = ints(*shape, where + "value_desc_shape ");
        for (int64_t d : dims)
            if (d < 0) throw ModelError(where + "value_desc_shape has a negative dimension");
        ns.value = geTensor(t, dims, str(*data, where + "value_data "), where);
    }

    std::optional<Attribute> attribute(AP& ap, const std::string& where) {
        if (std::optional<Attribute> plain = io::plainAttributeFromProto(ap, ap.type())) return plain;
        if (ap.type() != AP::TENSOR) {
            diag_.warn(where + "of type " + typeName(ap.type()) + " is not kept");
            return std::nullopt;
        }
        Attribute a;
        a.name = ap.name();
        a.kind = AttrKind::Tensor;
        a.value = io::tensorFromProto(*ap.mutable_t(), resolver_, where);
        return a;
    }

    const std::string& file_;
    io::ExternalDataResolver resolver_;
    Diagnostics& diag_;
};

}  // namespace

GeModelSpec readOnnxDump(const std::filesystem::path& path, Diagnostics& diag) {
    onnx::ModelProto proto;
    ParseTree tree;
    parseTextDump(path, proto, tree);
    const std::string file = path.string();
    return OnnxDumpReader(file, path.parent_path(), diag).read(proto, tree);
}

}  // namespace passscope::dump::detail
