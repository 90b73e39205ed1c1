#include "dump/ge_dump_write.h"

#include <algorithm>
#include <map>
#include <set>

#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "io/safe_output.h"
#include "ir/op_types.h"

namespace passscope::dump {
namespace {

using AP = onnx::AttributeProto;

// GE's dims: -1 for an unknown dim, [-2] for an unknown rank (the reader's geShape).
void setDims(AP& ap, const Shape& shape) {
    ap.set_type(AP::INTS);
    if (!shape.rankKnown()) {
        ap.add_ints(-2);
        return;
    }
    for (const Dim& d : shape.dims()) ap.add_ints(d.isKnown() ? d.value : -1);
}

AP& addAttr(onnx::NodeProto& np, const std::string& name) {
    AP& ap = *np.add_attribute();
    ap.set_name(name);
    return ap;
}

void addString(onnx::NodeProto& np, const std::string& name, const std::string& value) {
    AP& ap = addAttr(np, name);
    ap.set_type(AP::STRING);
    ap.set_s(value);
}

// The six fields GE writes per tensor (ge_ir_utils.cc, normal_member_attr_handlers_).
void addDesc(onnx::NodeProto& np, const std::string& side, size_t i, const TensorDesc& d) {
    if (!d.hasType()) return;
    const std::string index = ":" + std::to_string(i);
    addString(np, side + "_desc_dtype" + index, std::string(geDataTypeName(d.dtype)));
    addString(np, side + "_desc_origin_dtype" + index, std::string(geDataTypeName(d.dtype)));
    setDims(addAttr(np, side + "_desc_shape" + index), d.storageShape);
    setDims(addAttr(np, side + "_desc_origin_shape" + index), d.originShape);
    addString(np, side + "_desc_layout" + index, d.storageFormatText());
    addString(np, side + "_desc_origin_layout" + index, std::string(formatName(d.originFormat)));
}

// GE's dump has the kinds of ONNX's attributes but no graphs (subgraphs are refused before).
void addAttribute(onnx::NodeProto& np, const Attribute& a, const std::string& where) {
    io::attributeToProto(a, *np.add_attribute(), [&](const Graph&, onnx::GraphProto&) {
        throw ModelError(where + "attribute '" + a.name +
                         "' holds a graph, which a ge_onnx dump has no form for");
    });
}

class Writer {
  public:
    explicit Writer(const Graph& g) : g_(g) {
        // GE's node names are unique in a graph; an unnamed node gets its type and id.
        for (const Node* n : g.nodes()) {
            const std::string base =
                n->name().empty() ? n->opType() + "_" + std::to_string(n->id()) : n->name();
            std::string name = base;
            for (int k = 1; taken_.count(name); ++k) name = base + "_" + std::to_string(k);
            taken_.insert(name);
            names_[n->id()] = name;
        }
    }

    void write(onnx::GraphProto& gp) {
        gp.set_name(g_.name.empty() ? "graph" : g_.name);
        auto order = g_.topologicalOrder();
        if (!order) throw ModelError("the graph has a cycle; a GE dump lists an acyclic graph");
        std::map<NodeId, int64_t> inputIndex;
        for (size_t i = 0; i < g_.inputs().size(); ++i) inputIndex[g_.inputs()[i]] = static_cast<int64_t>(i);
        for (NodeId id : *order) writeNode(g_.node(id), inputIndex, *gp.add_node());
    }

  private:
    void writeNode(const Node& n, const std::map<NodeId, int64_t>& inputIndex, onnx::NodeProto& np) {
        const std::string& name = names_.at(n.id());
        const std::string where = "node '" + name + "': ";
        if (!n.subgraphs().empty())
            throw ModelError(where +
                             "it owns a subgraph (If/Loop/Scan body); a ge_onnx dump cannot say which "
                             "node owns a subgraph, so the graph is not written as one");
        const bool structural = op::isStructural(n.opType(), n.domain());
        np.set_name(name);
        np.set_op_type("ge:" + n.opType());
        for (const ValueRef& r : n.inputs())
            np.add_input(r.valid() ? names_.at(r.node) + ":" + std::to_string(r.output) : std::string());
        for (NodeId c : n.controlInputs()) np.add_input(names_.at(c) + ":-1");
        if (op::isData(n.opType(), n.domain())) np.add_input("");  // GE's unfed Data anchor
        for (size_t i = 0; i < n.outputs().size(); ++i) np.add_output(name + ":" + std::to_string(i));

        if (!structural && n.domain() != op::kGeDomain) addString(np, std::string(kDomainAttr), n.domain());
        if (n.name().empty()) {
            AP& ap = addAttr(np, std::string(kUnnamedAttr));
            ap.set_type(AP::INT);
            ap.set_i(1);
        }
        if (!n.outputs().empty()) {
            AP& ap = addAttr(np, std::string(kValueNamesAttr));
            ap.set_type(AP::STRINGS);
            for (const NodeOutput& o : n.outputs()) ap.add_strings(o.name);
        }
        const Tensor* weights = nullptr;
        for (const Attribute& a : n.attributes()) {
            if (n.opType() == op::kConst && a.name == op::attr::kValue && a.kind == AttrKind::Tensor) {
                weights = &std::get<Tensor>(a.value);
                continue;
            }
            addAttribute(np, a, where);
        }
        if (op::isData(n.opType(), n.domain()) && !n.hasAttr(op::attr::kIndex))
            if (auto it = inputIndex.find(n.id()); it != inputIndex.end()) {
                AP& ap = addAttr(np, std::string(op::attr::kIndex));
                ap.set_type(AP::INT);
                ap.set_i(it->second);
            }
        if (n.id() == g_.netOutput() && !n.hasAttr(op::attr::kOutputNames)) {
            AP& ap = addAttr(np, std::string(op::attr::kOutputNames));
            ap.set_type(AP::STRINGS);
            for (const std::string& o : g_.outputNames()) ap.add_strings(o);
        }
        if (weights) {
            addString(np, "value_desc_dtype", std::string(geDataTypeName(weights->dtype())));
            setDims(addAttr(np, "value_desc_shape"), Shape::fromExtents(weights->dims()));
            AP& data = addAttr(np, "value_data");
            data.set_type(AP::STRING);
            data.set_s(std::string(reinterpret_cast<const char*>(weights->rawData()), weights->byteSize()));
        }
        // GE writes a description per input anchor; PassScope's own are the typed per-input ones.
        for (size_t i = 0; i < n.inputDescs().size(); ++i) addDesc(np, "input", i, n.inputDescs()[i]);
        for (size_t i = 0; i < n.outputs().size(); ++i) addDesc(np, "output", i, n.output(i).desc);
        // GE's attributes are sorted by name (AddAttrProtoFromNodeMembers + the attribute map).
        std::sort(np.mutable_attribute()->begin(), np.mutable_attribute()->end(),
                  [](const AP& a, const AP& b) { return a.name() < b.name(); });
    }

    const Graph& g_;
    std::map<NodeId, std::string> names_;
    std::set<std::string> taken_;
};

}  // namespace

std::string geOnnxDumpText(const Model& model) {
    if (!model.graph) throw ModelError("the model has no graph");
    onnx::ModelProto mp;
    mp.set_ir_version(6);  // what GE's ConvertGeModelToModelProto writes
    mp.set_producer_name("GE");
    mp.set_producer_version("PassScope");
    Writer(*model.graph).write(*mp.mutable_graph());
    std::string text;
    google::protobuf::TextFormat::Printer printer;
    printer.SetUseUtf8StringEscaping(false);
    if (!printer.PrintToString(mp, &text)) throw ModelError("the GE dump text could not be written");
    return text;
}

void writeGeOnnxDump(const Model& model, const std::filesystem::path& path) {
    const std::string text = geOnnxDumpText(model);
    io::StagedFile out(path);
    out.write(text);
    out.finish();
    out.commit();
}

}  // namespace passscope::dump
