// From the nodes of a GE dump to the engine's IR (docs/ge-dumps.md §3, §4): Data, NetOutput and
// Const become the structural nodes, every other GE type an op of op::kGeDomain; edges are resolved
// by node name and output index as GE writes them (graph_metadef/graph/utils/ge_ir_utils.cc,
// EncodeNodeLink: data inputs "<node>:<index>" or "", then control inputs "<node>:-1").
#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>

#include "dump/ge_dump_spec.h"
#include "dump/ge_dump_write.h"
#include "dump/ge_ir.pb.h"
#include "io/inference_guards.h"
#include "io/onnx_export.h"
#include "io/tensor_proto.h"
#include "ir/op_types.h"

namespace passscope::dump::detail {

std::string at(const std::string& file, int line) {
    return line > 0 ? file + ":" + std::to_string(line) + ": " : file + ": ";
}

namespace {

// GE's format names (graph_metadef/base/utils/type_utils_inner.cc, kFormatToStringMap).
const std::set<std::string, std::less<>> kGeFormats = {"NCHW",
                                                       "NHWC",
                                                       "ND",
                                                       "NC1HWC0",
                                                       "FRACTAL_Z",
                                                       "NC1C0HWPAD",
                                                       "NHWC1C0",
                                                       "FSR_NCHW",
                                                       "FRACTAL_DECONV",
                                                       "C1HWNC0",
                                                       "FRACTAL_DECONV_TRANSPOSE",
                                                       "FRACTAL_DECONV_SP_STRIDE_TRANS",
                                                       "NC1HWC0_C04",
                                                       "FRACTAL_Z_C04",
                                                       "CHWN",
                                                       "DECONV_SP_STRIDE8_TRANS",
                                                       "NC1KHKWHWC0",
                                                       "BN_WEIGHT",
                                                       "FILTER_HWCK",
                                                       "HWCN",
                                                       "LOOKUP_LOOKUPS",
                                                       "LOOKUP_KEYS",
                                                       "LOOKUP_VALUE",
                                                       "LOOKUP_OUTPUT",
                                                       "LOOKUP_HITS",
                                                       "MD",
                                                       "NDHWC",
                                                       "NCDHW",
                                                       "DHWCN",
                                                       "DHWNC",
                                                       "NDC1HWC0",
                                                       "FRACTAL_Z_3D",
                                                       "FRACTAL_Z_3D_TRANSPOSE",
                                                       "FRACTAL_NZ",
                                                       "FRACTAL_NZ_C0_16",
                                                       "FRACTAL_NZ_C0_32",
                                                       "CN",
                                                       "NC",
                                                       "FRACTAL_ZN_LSTM",
                                                       "FRACTAL_Z_G",
                                                       "ND_RNN_BIAS",
                                                       "FRACTAL_ZN_RNN",
                                                       "NYUV",
                                                       "NYUV_A",
                                                       "NCL",
                                                       "FRACTAL_Z_WINO",
                                                       "C1HWC0",
                                                       "FORMAT_RESERVED",
                                                       "RESERVED"};

void warnUnmapped(Diagnostics& diag, const std::string& what) {
    const std::string message = what + " has no counterpart in PassScope's IR; it is shown as " +
                                (what.rfind("format", 0) == 0 ? "RESERVED" : "undefined");
    if (std::find(diag.warnings.begin(), diag.warnings.end(), message) == diag.warnings.end())
        diag.warn(message);
}

}  // namespace

DataType geDataType(std::string_view text, const std::string& where, Diagnostics& diag) {
    if (auto t = parseDataType(text)) return *t;
    // GE's own enum (engine/dump/ge_ir.proto), and "UNDEFINED" (DataTypeToSerialString's fallback).
    ::ge::proto::DataType known;
    if (text == "UNDEFINED" || ::ge::proto::DataType_Parse(std::string(text), &known)) {
        warnUnmapped(diag, "data type " + std::string(text));
        return DataType::Undefined;
    }
    throw ModelError(where + "unknown data type '" + std::string(text) + "'");
}

FormatWithSub geFormat(std::string_view text, const std::string& where, Diagnostics& diag) {
    if (text.empty()) return {Format::ND, 0};
    // FormatToSerialString writes "<format>:<sub-format>" (e.g. FRACTAL_Z:16 for groups); the
    // groups of a FRACTAL_Z are kept, another format's sub-format is not modelled.
    if (auto f = parseFormatWithSub(text)) return *f;
    std::string_view primary = text;
    if (const auto colon = text.find(':');
        colon != std::string_view::npos &&
        text.find_first_not_of("0123456789", colon + 1) == std::string_view::npos && colon + 1 < text.size())
        primary = text.substr(0, colon);
    if (auto f = parseFormat(primary)) return {*f, 0};
    if (kGeFormats.count(primary)) {
        warnUnmapped(diag, "format " + std::string(primary));
        return {Format::RESERVED, 0};
    }
    throw ModelError(where + "unknown format '" + std::string(text) + "'");
}

Shape geShape(const std::vector<int64_t>& dims, const std::string& where) {
    if (dims.size() == 1 && dims[0] == -2) return Shape();  // GE's unknown rank
    std::vector<Dim> out;
    out.reserve(dims.size());
    for (int64_t d : dims) {
        if (d < -1)
            throw ModelError(where + "dimension " + std::to_string(d) + " is neither an extent nor -1");
        out.push_back(d == -1 ? Dim{} : Dim::known(d));
    }
    return Shape(std::move(out));
}

TensorDesc GeDescParts::toDesc() const {
    TensorDesc d;
    if (!any()) return d;
    d.kind = ValueKind::Tensor;
    d.dtype = dtype.value_or(DataType::Undefined);
    d.storageFormat = layout ? layout->format : Format::ND;
    d.storageSubFormat = layout ? layout->subFormat : 0;
    d.originFormat = originLayout ? originLayout->format : d.storageFormat;
    d.storageShape = shape.value_or(Shape());
    d.originShape = originShape.value_or(d.storageShape);
    return d;
}

Tensor geTensor(DataType dtype, const std::vector<int64_t>& dims, std::string bytes,
                const std::string& where) {
    const size_t element = elementSize(dtype);
    auto count = checkedElementCount(dims);
    if (element == 0)
        throw ModelError(where + "weights of type " + std::string(geDataTypeName(dtype)) + " cannot be read");
    if (!count || *count < 0 || static_cast<uint64_t>(*count) > io::kMaxTensorBytes / element ||
        bytes.size() != static_cast<uint64_t>(*count) * element)
        throw ModelError(where + "the weights hold " + std::to_string(bytes.size()) + " bytes, but " +
                         Shape::fromExtents(dims).toString() + " " + std::string(geDataTypeName(dtype)) +
                         " needs " +
                         (count ? std::to_string(static_cast<uint64_t>(*count) * element) : "more"));
    return Tensor(dtype, dims, std::make_shared<StringBuffer>(std::move(bytes)));
}

namespace {

enum class Role { Data, NetOutput, Const, Op };

Role roleOf(const std::string& type) {
    if (type == op::kData) return Role::Data;
    if (type == op::kNetOutput) return Role::NetOutput;
    if (op::isDumpConstType(type)) return Role::Const;
    return Role::Op;
}

// "<node>:<index>" with index >= -1.
bool splitEdge(const std::string& text, std::string& node, int64_t& index) {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) return false;
    node = text.substr(0, colon);
    const char* b = text.data() + colon + 1;
    const char* e = text.data() + text.size();
    auto [end, ec] = std::from_chars(b, e, index);
    return ec == std::errc() && end == e && b != e && index >= -1;
}

// The weights must be what the Const's output says it holds: consumers, the graph verifier and the
// exporter read the description (the value has the storage dims, docs/ge-formats.md §2).
void checkWeights(const Tensor& t, const TensorDesc& d, const std::string& where) {
    if (!d.hasType()) return;
    if (d.dtype != t.dtype())
        throw ModelError(where + "holds " + std::string(geDataTypeName(t.dtype())) +
                         " weights but its output is " + std::string(geDataTypeName(d.dtype)));
    if (auto dims = d.storageShape.extents(); dims && *dims != t.dims())
        throw ModelError(where + "holds weights of shape " + Shape::fromExtents(t.dims()).toString() +
                         " but its output's storage shape is " + d.storageShape.toString());
}

// Removes and returns attribute `name` of `attrs`.
std::optional<Attribute> takeAttr(std::vector<Attribute>& attrs, std::string_view name) {
    for (auto it = attrs.begin(); it != attrs.end(); ++it)
        if (it->name == name) {
            Attribute a = std::move(*it);
            attrs.erase(it);
            return a;
        }
    return std::nullopt;
}

class Builder {
  public:
    Builder(GeModelSpec& spec, const std::string& file) : spec_(spec), file_(file) {
        for (auto& g : spec_.graphs) {
            if (!byName_.emplace(g.name, &g).second && &g != &spec_.graphs.front())
                throw ModelError(at(file_, g.line) + "a second graph named '" + g.name + "'");
        }
    }

    // One graph of the dump, in five phases: its nodes, then (once all exist, as a dump lists
    // nodes in any order) their edges, the graph inputs, the graph outputs and the subgraphs.
    GraphPtr build(GeGraphSpec& gs, int depth) {
        if (depth > io::kMaxGraphNesting)
            throw ModelError(at(file_, gs.line) + io::nestingTooDeep("subgraphs nest", io::kMaxGraphNesting));
        used_.insert(&gs);
        GraphBuild b(gs, std::make_shared<Graph>());
        b.g->name = gs.name;
        for (size_t k = 0; k < gs.nodes.size(); ++k) addNode(b, k);
        for (size_t k = 0; k < gs.nodes.size(); ++k) linkInputs(b, k);
        setGraphInputs(b);
        setGraphOutputs(b);
        attachSubgraphs(b, depth);
        return b.g;
    }

    void checkAcyclic(const Graph& g, const GeGraphSpec& gs) {
        NodeId culprit = kNoNode;
        if (g.topologicalOrder(&culprit)) return;
        int line = gs.line;
        std::string name = "?";
        if (culprit != kNoNode) {
            name = g.node(culprit).name();
            for (const auto& ns : gs.nodes)
                if (ns.name == name) line = ns.line;
        }
        throw ModelError(at(file_, line) + "graph '" + gs.name + "' has a cycle through node '" + name + "'");
    }

    void checkAll(const Graph& g, const GeGraphSpec& gs) {
        checkAcyclic(g, gs);
        for (const Node* n : g.nodes())
            for (Graph* sub : n->subgraphs()) {
                auto it = byName_.find(sub->name);
                if (it != byName_.end()) checkAll(*sub, *it->second);
            }
    }

    void warnUnused(Diagnostics& diag) {
        for (auto& g : spec_.graphs)
            if (!used_.count(&g))
                diag.warn(at(file_, g.line) + "graph '" + g.name + "' is owned by no node; it is not shown");
    }

  private:
    // What the phases of build() share about the graph being built.
    struct GraphBuild {
        GraphBuild(GeGraphSpec& spec, GraphPtr graph) : gs(spec), g(std::move(graph)) {}
        GeGraphSpec& gs;
        GraphPtr g;
        std::unordered_map<std::string, size_t> index;  // node name -> position in gs.nodes
        std::vector<NodeId> ids;                        // by position in gs.nodes
        std::vector<Role> roles;
        const GeNodeSpec* netOutput = nullptr;
        std::unordered_map<std::string, std::string> producers;  // value name -> the node writing it
    };

    // The node at position k, with its outputs, attributes and (a Const) its weights.
    void addNode(GraphBuild& b, size_t k) {
        GeNodeSpec& ns = b.gs.nodes[k];
        Graph& g = *b.g;
        const std::string where = at(file_, ns.line);
        if (ns.name.empty()) throw ModelError(where + "a node of type " + ns.type + " has no name");
        if (!b.index.emplace(ns.name, k).second)
            throw ModelError(where + "a second node named '" + ns.name + "' (first at line " +
                             std::to_string(b.gs.nodes[b.index[ns.name]].line) + ")");
        const Role role = roleOf(ns.type);
        b.roles.push_back(role);
        size_t outputs = ns.outputCount;
        std::string type = ns.type, domain;
        switch (role) {
            case Role::Data:
            case Role::Const:
                outputs = 1;
                type = role == Role::Data ? op::kData : op::kConst;
                break;
            case Role::NetOutput:
                if (b.netOutput)
                    throw ModelError(where + "a second NetOutput node '" + ns.name + "' (the first, '" +
                                     b.netOutput->name + "', is at line " +
                                     std::to_string(b.netOutput->line) + ")");
                b.netOutput = &ns;
                outputs = 0;
                break;
            case Role::Op:
                domain = op::kGeDomain;
                // An op PassScope wrote from another domain (ge_dump_write.h) goes back there.
                if (auto d = takeAttr(ns.attrs, kDomainAttr); d && d->kind == AttrKind::String)
                    domain = op::canonicalDomain(std::get<std::string>(d->value));
                break;
        }
        // What a dump PassScope wrote keeps of the IR (ge_dump_write.h): a node without a name
        // and its value names.
        const std::optional<Attribute> unnamed = takeAttr(ns.attrs, kUnnamedAttr);
        const std::optional<Attribute> valueNames = takeAttr(ns.attrs, kValueNamesAttr);
        const auto* names = valueNames ? std::get_if<std::vector<std::string>>(&valueNames->value) : nullptr;
        Node& n = g.addNode(type, domain, unnamed ? std::string() : ns.name, outputs);
        b.ids.push_back(n.id());
        for (size_t i = 0; i < outputs; ++i) {
            if (names && names->size() == outputs)
                g.setOutputName(n.id(), i, (*names)[i]);
            else
                g.setOutputName(n.id(), i, role == Role::Op ? ns.name + ":" + std::to_string(i) : ns.name);
            if (i < ns.outputDescs.size()) g.setOutputDesc(n.id(), i, ns.outputDescs[i]);
            // Value names PassScope wrote (or GE's "<node>:<index>") are the values' ONNX names, and
            // an ONNX value has one producer: two nodes naming an output alike loaded, and the
            // export was refused on reload (fuzz finding, ge_onnx: a mutated _passscope_value_names).
            const std::string& value = n.output(i).name;
            if (value.empty()) continue;
            if (auto [it, fresh] = b.producers.emplace(value, ns.name); !fresh)
                throw ModelError(where + "value '" + value + "' is produced twice in graph '" + b.gs.name +
                                 "': by node '" + it->second + "' and by node '" + ns.name +
                                 "' (a value has one producer)");
        }
        for (Attribute& a : ns.attrs) g.setAttribute(n.id(), std::move(a));
        if (role == Role::Const && ns.value) {
            checkWeights(*ns.value, n.output(0).desc, where + "Const '" + ns.name + "' ");
            if (!n.output(0).desc.hasType())
                g.setOutputDesc(n.id(), 0,
                                TensorDesc::tensor(ns.value->dtype(), Shape::fromExtents(ns.value->dims())));
            g.setAttribute(n.id(),
                           Attribute::makeTensor(std::string(op::attr::kValue), std::move(*ns.value)));
        }
    }

    // The data and control inputs of the node at position k, resolved by node name.
    void linkInputs(GraphBuild& b, size_t k) {
        const GeNodeSpec& ns = b.gs.nodes[k];
        Graph& g = *b.g;
        const std::string where = at(file_, ns.line) + "node '" + ns.name + "' ";
        std::vector<ValueRef> refs;
        std::vector<NodeId> controls;
        for (size_t i = 0; i < ns.inputs.size(); ++i) {
            const std::string& in = ns.inputs[i];
            if (in.empty()) {  // an unconnected input
                refs.emplace_back();
                continue;
            }
            std::string src;
            int64_t out = 0;
            if (!splitEdge(in, src, out))
                throw ModelError(where + "input " + std::to_string(i) + " '" + in +
                                 "' is not <node>:<output index> (or <node>:-1 for a control edge)");
            auto it = b.index.find(src);
            if (it == b.index.end())
                throw ModelError(where + "input " + std::to_string(i) + " '" + in + "' names node '" + src +
                                 "', which is not in graph '" + b.gs.name + "'");
            const NodeId from = b.ids[it->second];
            if (out == -1) {
                if (std::find(controls.begin(), controls.end(), from) == controls.end())
                    controls.push_back(from);
                continue;
            }
            const size_t count = g.node(from).outputs().size();
            if (static_cast<uint64_t>(out) >= count)
                throw ModelError(where + "input " + std::to_string(i) + " '" + in + "' reads output " +
                                 std::to_string(out) + " of '" + src + "', which has " +
                                 std::to_string(count) + " output" + (count == 1 ? "" : "s"));
            refs.push_back(ValueRef{from, static_cast<uint32_t>(out), 0});
        }
        const Role role = b.roles[k];
        if (role == Role::Data || role == Role::Const) {
            // GE's Data has one input anchor that nothing feeds ("" in the dump).
            for (const ValueRef& r : refs)
                if (r.valid())
                    throw ModelError(where + "(" + ns.type + ") has a data input; a " + ns.type +
                                     " node has none in the IR");
            refs.clear();
        }
        const NodeId id = b.ids[k];
        std::vector<TensorDesc> inDescs = ns.inputDescs;
        if (role == Role::NetOutput ||
            std::any_of(inDescs.begin(), inDescs.end(), [](const TensorDesc& d) { return d.hasType(); })) {
            inDescs.resize(refs.size());
            g.setInputDescs(id, std::move(inDescs));
        }
        g.setInputsUnlinked(id, std::move(refs));
        for (NodeId c : controls) g.addControlEdge(c, id);
    }

    // Graph inputs: the Data nodes, by GE's `index` attribute where it has one.
    static void setGraphInputs(GraphBuild& b) {
        Graph& g = *b.g;
        std::vector<std::pair<int64_t, NodeId>> data;
        for (size_t k = 0; k < b.ids.size(); ++k)
            if (b.roles[k] == Role::Data)
                data.emplace_back(g.node(b.ids[k]).attrInt(op::attr::kIndex, INT64_MAX), b.ids[k]);
        std::stable_sort(data.begin(), data.end(),
                         [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<NodeId> inputs;
        for (const auto& [i, id] : data) {
            g.setAttribute(
                id, Attribute::makeInt(std::string(op::attr::kIndex), static_cast<int64_t>(inputs.size())));
            inputs.push_back(id);
        }
        g.setInputs(std::move(inputs));
    }

    // Graph outputs: named after the NetOutput node, as GE's value_info is.
    static void setGraphOutputs(GraphBuild& b) {
        Graph& g = *b.g;
        const NodeId out = b.netOutput ? b.ids[static_cast<size_t>(b.netOutput - b.gs.nodes.data())]
                                       : g.addNode(std::string(op::kNetOutput), "", "", 0).id();
        g.setNetOutput(out);
        std::vector<std::string> names;
        const size_t outs = g.node(out).inputs().size();
        for (size_t i = 0; i < outs; ++i)
            names.push_back(outs == 1 ? g.node(out).name() : g.node(out).name() + ":" + std::to_string(i));
        // Names the file gives (a dump PassScope wrote keeps the graph's output names) win.
        const Attribute* given = g.node(out).findAttr(op::attr::kOutputNames);
        const auto* givenNames = given ? std::get_if<std::vector<std::string>>(&given->value) : nullptr;
        if (!givenNames || givenNames->size() != outs)
            g.setAttribute(
                out,
                Attribute{std::string(op::attr::kOutputNames), AttrKind::Strings, std::move(names), {}, {}});
    }

    // Subgraphs (ge_proto: OpDef.subgraph_name) become graph attributes of their owner.
    void attachSubgraphs(GraphBuild& b, int depth) {
        for (size_t k = 0; k < b.gs.nodes.size(); ++k) {
            const GeNodeSpec& ns = b.gs.nodes[k];
            for (size_t s = 0; s < ns.subgraphs.size(); ++s) {
                const std::string& name = ns.subgraphs[s];
                auto it = byName_.find(name);
                if (it == byName_.end() || it->second == &spec_.graphs.front())
                    throw ModelError(at(file_, ns.line) + "node '" + ns.name + "' owns subgraph '" + name +
                                     "', which the file does not hold");
                if (used_.count(it->second))
                    throw ModelError(at(file_, ns.line) + "node '" + ns.name + "' owns subgraph '" + name +
                                     "', which another node (or an enclosing graph) owns already");
                GraphPtr sub = build(*it->second, depth + 1);
                b.g->setAttribute(b.ids[k],
                                  Attribute::makeGraph("subgraph_" + std::to_string(s), std::move(sub)));
            }
        }
    }

    GeModelSpec& spec_;
    const std::string& file_;
    std::map<std::string, GeGraphSpec*> byName_;
    std::set<const GeGraphSpec*> used_;
};

}  // namespace

Model buildGeModel(GeModelSpec& spec, const std::string& file, Diagnostics& diag) {
    if (spec.graphs.empty()) throw ModelError(at(file, 0) + "the dump holds no graph");
    Builder builder(spec, file);
    Model model;
    model.irVersion = 8;
    // GE's types live in op::kGeDomain; the ONNX opset is for what the exporter adds (Identity).
    model.opsets = {OpsetImport{"", 13}, OpsetImport{std::string(op::kGeDomain), op::kGeDomainVersion}};
    model.producerName = spec.producer;
    model.graph = builder.build(spec.graphs.front(), 0);
    model.graph->rebuildUses();
    builder.checkAll(*model.graph, spec.graphs.front());
    // The ONNX ops a dump restores (a MaxPool of an ONNX model GE dumped) meet their schema's rules
    // as the ONNX reader requires at load: a dump whose MaxPool lacks kernel_shape loaded, and its
    // ONNX export was refused on reload (fuzz finding, ge_onnx). GE's own ops have no ONNX schema.
    // They are judged by every type the dump states, too, as the ONNX reader judges its nodes after
    // inference: a restored Concat of an int32 and an int64 value loaded, and its ONNX export was
    // refused on reload (fuzz finding, ge_onnx: a dump's output_desc_dtype changed to DT_INT32).
    io::ProtoBuildOptions typesOnly;
    typesOnly.payload = io::PayloadMode::TypesOnly;
    const onnx::ModelProto typed = io::toProto(model, typesOnly);
    if (auto hazard = io::findModelHazard(typed)) throw ModelError(at(file, 0) + *hazard);
    if (auto hazard = io::findTypedNodeHazard(typed)) throw ModelError(at(file, 0) + *hazard);
    builder.warnUnused(diag);
    return model;
}

}  // namespace passscope::dump::detail
