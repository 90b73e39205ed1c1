// ge_proto_*.txt (docs/ge-dumps.md §2, §3): the text form of ge.proto.ModelDef (engine/dump/ge_ir.proto,
// after GE's graph_metadef/proto/ge_ir.proto), written by GraphUtils::DumpGEGraph
// (graph_metadef/graph/utils/graph_utils.cc). graph[0] is the root graph; further graphs are
// subgraphs, owned by the ops that name them in subgraph_name. A TensorDescriptor's layout and
// shape are the storage format and shape; attr["origin_format"] and attr["origin_shape"] the origin.
#include <algorithm>

#include "dump/ge_dump_spec.h"
#include "dump/ge_dump_text.h"
#include "dump/ge_ir.pb.h"
#include "ir/op_traits.h"

namespace passscope::dump::detail {
namespace {

using ::ge::proto::AttrDef;

std::string dtypeName(int value) {
    return ::ge::proto::DataType_IsValid(value)
               ? ::ge::proto::DataType_Name(static_cast<::ge::proto::DataType>(value))
               : "data type number " + std::to_string(value);
}

TensorDesc readDesc(const ::ge::proto::TensorDescriptor& td, const std::string& where, Diagnostics& diag) {
    GeDescParts p;
    p.dtype = geDataType(dtypeName(td.dtype()), where, diag);
    p.layout = geFormat(td.layout(), where, diag);
    p.shape = geShape({td.shape().dim().begin(), td.shape().dim().end()}, where);
    auto attr = td.attr().find("origin_format");
    if (attr != td.attr().end()) {
        if (attr->second.value_case() != AttrDef::kS)
            throw ModelError(where + "attr origin_format is not a string");
        p.originLayout = geFormat(attr->second.s(), where, diag);
    }
    attr = td.attr().find("origin_shape");
    if (attr != td.attr().end()) {
        const AttrDef& a = attr->second;
        if (a.value_case() != AttrDef::kList || (a.list().val_type() != AttrDef::ListValue::VT_LIST_INT &&
                                                 a.list().val_type() != AttrDef::ListValue::VT_LIST_NONE))
            throw ModelError(where + "attr origin_shape is not a list of integers");
        p.originShape = geShape({a.list().i().begin(), a.list().i().end()}, where);
    }
    return p.toDesc();
}

// GE's AttrDef as an IR attribute; kinds the IR has no form for are kept as their text.
Attribute readAttr(const std::string& name, const AttrDef& a) {
    switch (a.value_case()) {
        case AttrDef::kS:
            return Attribute::makeString(name, a.s());
        case AttrDef::kBt:
            return Attribute::makeString(name, a.bt());
        case AttrDef::kI:
            return Attribute::makeInt(name, a.i());
        case AttrDef::kDt:
            return Attribute::makeInt(name, a.dt());
        case AttrDef::kB:
            return Attribute::makeInt(name, a.b() ? 1 : 0);
        case AttrDef::kF:
            return Attribute::makeFloat(name, a.f());
        case AttrDef::kList: {
            const auto& l = a.list();
            if (l.s_size() || l.val_type() == AttrDef::ListValue::VT_LIST_STRING)
                return {
                    name, AttrKind::Strings, std::vector<std::string>(l.s().begin(), l.s().end()), {}, {}};
            if (l.f_size() || l.val_type() == AttrDef::ListValue::VT_LIST_FLOAT)
                return {name, AttrKind::Floats, std::vector<double>(l.f().begin(), l.f().end()), {}, {}};
            if (l.b_size() || l.val_type() == AttrDef::ListValue::VT_LIST_BOOL)
                return Attribute::makeInts(name, std::vector<int64_t>(l.b().begin(), l.b().end()));
            if (l.dt_size() || l.val_type() == AttrDef::ListValue::VT_LIST_DATA_TYPE)
                return Attribute::makeInts(name, std::vector<int64_t>(l.dt().begin(), l.dt().end()));
            if (l.i_size() || l.val_type() == AttrDef::ListValue::VT_LIST_INT ||
                l.val_type() == AttrDef::ListValue::VT_LIST_NONE)
                return Attribute::makeInts(name, std::vector<int64_t>(l.i().begin(), l.i().end()));
            return Attribute::makeString(name, l.ShortDebugString());
        }
        default:
            return Attribute::makeString(name, a.ShortDebugString());
    }
}

class ProtoDumpReader {
  public:
    ProtoDumpReader(const std::string& file, Diagnostics& diag) : file_(file), diag_(diag) {}

    GeModelSpec read(const ::ge::proto::ModelDef& md, const ParseTree& tree) {
        GeModelSpec spec;
        spec.producer = md.name();
        for (int gi = 0; gi < md.graph_size(); ++gi) {
            const auto& gd = md.graph(gi);
            const ParseTree* gt = nestedTree(&tree, md, "graph", gi);
            GeGraphSpec g;
            g.name = gd.name();
            g.line = lineOf(&tree, md, "graph", gi);
            for (int k = 0; k < gd.op_size(); ++k)
                g.nodes.push_back(readOp(gd.op(k), nestedTree(gt, gd, "op", k), lineOf(gt, gd, "op", k)));
            spec.graphs.push_back(std::move(g));
        }
        return spec;
    }

  private:
    GeNodeSpec readOp(const ::ge::proto::OpDef& op, const ParseTree* ot, int opLine) {
        GeNodeSpec ns;
        ns.name = op.name();
        ns.type = op.type();
        ns.line = lineOf(ot, op, "name");
        if (!ns.line) ns.line = opLine;
        const std::string who = "op '" + ns.name + "' ";
        if (ns.type.empty()) throw ModelError(at(file_, ns.line) + who + "has no type");
        ns.inputs.assign(op.input().begin(), op.input().end());
        for (int i = 0; i < op.input_desc_size(); ++i) {
            int line = lineOf(ot, op, "input_desc", i);
            ns.inputDescs.push_back(readDesc(
                op.input_desc(i),
                at(file_, line ? line : ns.line) + who + "input_desc " + std::to_string(i) + ": ", diag_));
        }
        for (int i = 0; i < op.output_desc_size(); ++i) {
            int line = lineOf(ot, op, "output_desc", i);
            ns.outputDescs.push_back(readDesc(
                op.output_desc(i),
                at(file_, line ? line : ns.line) + who + "output_desc " + std::to_string(i) + ": ", diag_));
        }
        ns.outputCount = ns.outputDescs.size();

        // OpDef's own members, under the names GE's ONNX form gives them (AddCommonAttrIntoProto).
        ns.attrs.push_back(Attribute::makeInt("id", op.id()));
        ns.attrs.push_back(Attribute::makeInt("stream_id", op.stream_id()));
        auto strings = [&](const char* n, const auto& v) {
            if (!v.empty())
                ns.attrs.push_back(
                    {n, AttrKind::Strings, std::vector<std::string>(v.begin(), v.end()), {}, {}});
        };
        auto intList = [&](const char* n, const auto& v) {
            if (!v.empty())
                ns.attrs.push_back(Attribute::makeInts(n, std::vector<int64_t>(v.begin(), v.end())));
        };
        strings("input_name", op.input_name());
        strings("src_name", op.src_name());
        intList("src_index", op.src_index());
        strings("dst_name", op.dst_name());
        intList("dst_index", op.dst_index());
        intList("input_i", op.input_i());
        intList("output_i", op.output_i());
        intList("workspace", op.workspace());
        intList("workspace_bytes", op.workspace_bytes());
        intList("is_input_const", op.is_input_const());

        // The op's attributes in name order (a protobuf map has none of its own).
        std::vector<const std::string*> names;
        for (const auto& [n, a] : op.attr()) names.push_back(&n);
        std::sort(names.begin(), names.end(), [](const auto* a, const auto* b) { return *a < *b; });
        const bool isConst = op::isDumpConstType(ns.type);
        for (const std::string* n : names) {
            const AttrDef& a = op.attr().at(*n);
            if (isConst && *n == "value" && a.value_case() == AttrDef::kT) {
                readWeights(a.t(), ns);
                continue;
            }
            ns.attrs.push_back(readAttr(*n, a));
        }
        ns.subgraphs.assign(op.subgraph_name().begin(), op.subgraph_name().end());
        std::sort(ns.attrs.begin(), ns.attrs.end(),
                  [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
        return ns;
    }

    // The weights of a Const: TensorDef{desc, data}; data is empty in dumps without weights.
    void readWeights(const ::ge::proto::TensorDef& t, GeNodeSpec& ns) {
        const std::string where = at(file_, ns.line) + "op '" + ns.name + "' weights: ";
        if (t.data().empty()) return;
        const DataType dtype = geDataType(dtypeName(t.desc().dtype()), where, diag_);
        std::vector<int64_t> dims(t.desc().shape().dim().begin(), t.desc().shape().dim().end());
        for (int64_t d : dims)
            if (d < 0) throw ModelError(where + "the weights' shape has a negative dimension");
        ns.value = geTensor(dtype, dims, t.data(), where);
    }

    const std::string& file_;
    Diagnostics& diag_;
};

}  // namespace

GeModelSpec readProtoDump(const std::filesystem::path& path, Diagnostics& diag) {
    ::ge::proto::ModelDef md;
    ParseTree tree;
    parseTextDump(path, md, tree);
    const std::string file = path.string();
    return ProtoDumpReader(file, diag).read(md, tree);
}

}  // namespace passscope::dump::detail
