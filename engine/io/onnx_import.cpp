#include "io/onnx_import.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>

#include "io/attribute_proto.h"
#include "io/inference_guards.h"
#include "io/tensor_proto.h"
#include "ir/op_types.h"
#include "ir/value_text.h"

namespace passscope::io {
namespace {

// Names visible while importing one graph; lookups fall back to the enclosing graphs.
struct Scope {
    std::unordered_map<std::string, ValueRef> values;
    std::unordered_map<std::string, std::string> producerOf;  // value -> node name, for messages
    const Scope* parent = nullptr;

    std::optional<ValueRef> lookup(const std::string& name) const {
        uint32_t depth = 0;
        for (const Scope* s = this; s; s = s->parent, ++depth) {
            auto it = s->values.find(name);
            if (it != s->values.end()) return ValueRef{it->second.node, it->second.output, depth};
        }
        return std::nullopt;
    }
};

class Importer {
  public:
    Importer(const std::filesystem::path& dir, int64_t irVersion, Diagnostics& diag,
             const InlinePayloads* inlined)
        : resolver_(dir), inlined_(inlined), irVersion_(irVersion), diag_(diag) {}

    GraphPtr importGraph(onnx::GraphProto& gp, const Scope* parent, const std::string& path, int depth = 0);

  private:
    // One graph being imported: its proto, the Graph made of it, the names it defines, and where it
    // is (for messages and the nesting bound).
    struct GraphImport {
        onnx::GraphProto& proto;
        std::shared_ptr<Graph> graph;
        Scope scope;
        std::string path;
        std::string where;  // graphLabel(path)
        int depth = 0;
        std::unordered_map<std::string, onnx::TensorProto*> initializers;  // by name
        std::set<std::string> listedInitializers;                          // also listed as graph inputs
    };
    // The phases of importGraph, in order.
    void indexInitializers(GraphImport& gi);
    void importInputs(GraphImport& gi);
    void importInitializers(GraphImport& gi);
    void importSparseInitializers(GraphImport& gi);
    std::vector<NodeId> declareNodes(GraphImport& gi);
    void connectNodes(GraphImport& gi, const std::vector<NodeId>& nodeIds);
    void importOutputs(GraphImport& gi);
    TensorDesc declaredOutputDesc(const GraphImport& gi, const onnx::ValueInfoProto& output,
                                  const ValueRef& ref);
    void applyValueInfo(GraphImport& gi);

    Attribute importAttribute(onnx::AttributeProto& ap, const Scope& scope, const std::string& where,
                              int depth);
    void define(Scope& scope, const std::string& value, ValueRef ref, const std::string& producer,
                const std::string& graphPath);
    Tensor tensor(onnx::TensorProto& tp, const std::string& what) {
        return tensorFromProto(tp, resolver_, what, inlined_);
    }

    ExternalDataResolver resolver_;
    const InlinePayloads* inlined_;
    int64_t irVersion_;
    Diagnostics& diag_;
};

std::string graphLabel(const std::string& path) {
    return path.empty() ? "main graph" : "subgraph " + path;
}

void Importer::define(Scope& scope, const std::string& value, ValueRef ref, const std::string& producer,
                      const std::string& graphPath) {
    auto [it, inserted] = scope.values.emplace(value, ref);
    if (!inserted) {
        throw ModelError("value '" + value + "' is produced twice (duplicate output name) in the " +
                         graphLabel(graphPath) + ": by " + scope.producerOf[value] + " and by " + producer +
                         " (ONNX values must have one producer)");
    }
    scope.producerOf[value] = producer;
}

GraphPtr Importer::importGraph(onnx::GraphProto& gp, const Scope* parent, const std::string& path,
                               int depth) {
    // Each subgraph level is a recursion here (and in checkAcyclic); bound it (issue 9).
    if (depth > kMaxGraphNesting)
        throw ModelError(nestingTooDeep("subgraphs nest", kMaxGraphNesting) + ", in the " + graphLabel(path));
    GraphImport gi{gp, std::make_shared<Graph>(), {}, path, graphLabel(path), depth, {}, {}};
    gi.scope.parent = parent;
    gi.graph->name = gp.name();
    gi.graph->docString = gp.doc_string();
    for (const auto& qa : gp.quantization_annotation())
        gi.graph->opaqueQuantizationAnnotations.push_back(qa.SerializeAsString());
    indexInitializers(gi);
    importInputs(gi);
    importInitializers(gi);
    importSparseInitializers(gi);
    connectNodes(gi, declareNodes(gi));
    importOutputs(gi);
    applyValueInfo(gi);
    return gi.graph;
}

void Importer::indexInitializers(GraphImport& gi) {
    for (auto& init : *gi.proto.mutable_initializer()) {
        if (!gi.initializers.emplace(init.name(), &init).second)
            throw ModelError("initializer '" + init.name() + "' is defined twice in the " + gi.where);
    }
}

// Graph inputs: Data nodes; an input with an initializer is an overridable default (IR >= 4)
// or, before IR 4 where every initializer had to be listed as an input, a plain constant.
void Importer::importInputs(GraphImport& gi) {
    Graph& g = *gi.graph;
    std::vector<NodeId> inputs;
    for (const auto& in : gi.proto.input()) {
        const std::string what = "graph input '" + in.name() + "' of the " + gi.where;
        TensorDesc desc = descFromType(in.type(), what);
        auto init = gi.initializers.find(in.name());
        const bool hasInit = init != gi.initializers.end();
        if (hasInit) gi.listedInitializers.insert(in.name());
        Node* n;
        if (hasInit && irVersion_ < 4) {
            n = &g.addNode(std::string(op::kConst), "", in.name(), 1);
            g.setAttribute(n->id(),
                           Attribute::makeTensor(std::string(op::attr::kValue),
                                                 tensor(*init->second, "initializer '" + in.name() + "'")));
        } else {
            n = &g.addNode(std::string(op::kData), "", in.name(), 1);
            g.setAttribute(n->id(), Attribute::makeInt(std::string(op::attr::kIndex),
                                                       static_cast<int64_t>(inputs.size())));
            if (hasInit) {
                g.setAttribute(
                    n->id(), Attribute::makeTensor(std::string(op::attr::kValue),
                                                   tensor(*init->second, "initializer '" + in.name() + "'")));
                g.setAttribute(n->id(), Attribute::makeInt(std::string(op::attr::kOverridable), 1));
            }
        }
        g.setOutputName(n->id(), 0, in.name());
        g.setOutputDesc(n->id(), 0, std::move(desc));
        g.setOutputDocString(n->id(), 0, in.doc_string());
        define(gi.scope, in.name(), ValueRef{n->id(), 0, 0}, "graph input '" + in.name() + "'", gi.path);
        inputs.push_back(n->id());
    }
    g.setInputs(inputs);
}

// The initializers no graph input lists: Const nodes, FileConstant when the bytes are external.
void Importer::importInitializers(GraphImport& gi) {
    Graph& g = *gi.graph;
    for (auto& init : *gi.proto.mutable_initializer()) {
        if (gi.listedInitializers.count(init.name())) continue;
        const std::string what = "initializer '" + init.name() + "'";
        Tensor t = tensor(init, what);
        const bool external = t.external().has_value();
        Node& n = g.addNode(std::string(external ? op::kFileConstant : op::kConst), "", init.name(), 1);
        g.setOutputName(n.id(), 0, init.name());
        g.setOutputDesc(n.id(), 0, TensorDesc::tensor(t.dtype(), Shape::fromExtents(t.dims())));
        g.setAttribute(n.id(), Attribute::makeTensor(std::string(op::attr::kValue), std::move(t)));
        define(gi.scope, init.name(), ValueRef{n.id(), 0, 0}, what, gi.path);
    }
}

// Sparse initializers: Const nodes holding the proto as it is (the engine does not compute on them).
void Importer::importSparseInitializers(GraphImport& gi) {
    Graph& g = *gi.graph;
    for (const auto& sparse : gi.proto.sparse_initializer()) {
        const std::string name = sparse.values().name();
        Node& n = g.addNode(std::string(op::kConst), "", name, 1);
        g.setOutputName(n.id(), 0, name);
        TensorDesc desc;
        desc.kind = ValueKind::SparseTensor;
        desc.dtype = isKnownDataType(sparse.values().data_type())
                         ? static_cast<DataType>(sparse.values().data_type())
                         : DataType::Undefined;
        desc.originShape = desc.storageShape =
            Shape::fromExtents({sparse.dims().begin(), sparse.dims().end()});
        onnx::TypeProto tp;
        tp.mutable_sparse_tensor_type()->set_elem_type(static_cast<int32_t>(desc.dtype));
        for (int64_t d : sparse.dims())
            tp.mutable_sparse_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
        desc.opaqueType = tp.SerializeAsString();
        g.setOutputDesc(n.id(), 0, desc);
        g.setAttribute(n.id(), Attribute{std::string(op::attr::kSparseValue),
                                         AttrKind::SparseTensor,
                                         OpaqueProto{sparse.SerializeAsString()},
                                         {},
                                         {}});
        define(gi.scope, name, ValueRef{n.id(), 0, 0}, "sparse initializer '" + name + "'", gi.path);
    }
}

// Nodes, in two sweeps: every output name first (so order in the file does not matter and a
// cycle is reported as a cycle), then inputs and attributes (connectNodes).
std::vector<NodeId> Importer::declareNodes(GraphImport& gi) {
    Graph& g = *gi.graph;
    std::vector<NodeId> nodeIds;
    nodeIds.reserve(gi.proto.node_size());
    for (const auto& np : gi.proto.node()) {
        // An ONNX op exported with device-layout tensors (op::kDeviceDomain) is the ONNX op again.
        // The domain is canonical from here on: ONNX's default domain is "" however the file spells
        // it, and an ONNX op on a device layout is read back into it.
        const std::string domain =
            np.domain() == op::kDeviceDomain ? std::string() : std::string(op::canonicalDomain(np.domain()));
        Node& n = g.addNode(np.op_type(), domain, np.name(), static_cast<size_t>(np.output_size()));
        g.setDocString(n.id(), np.doc_string());
        const std::string label = "node '" + n.displayName() + "' (" + np.op_type() + ")";
        // The IR's structural nodes (graph inputs, weights, the graph's outputs) are these op types
        // of the empty domain, which ONNX does not define. A file's node of that name would be taken
        // for structure: a "NetOutput" node lost its output on export, and its readers their
        // producer (fuzz finding, onnx_text). Refused rather than silently changed.
        if (op::isStructural(np.op_type(), domain))
            throw ModelError(label + " in the " + gi.where + ": ONNX defines no op " + np.op_type() +
                             ", and PassScope reads Data, Const, FileConstant and NetOutput of the "
                             "ONNX domain as graph structure; give the node a domain of its own");
        for (int i = 0; i < np.output_size(); ++i) {
            const std::string& out = np.output(i);
            if (out.empty()) continue;
            g.setOutputName(n.id(), static_cast<size_t>(i), out);
            define(gi.scope, out, ValueRef{n.id(), static_cast<uint32_t>(i), 0}, label, gi.path);
        }
        nodeIds.push_back(n.id());
    }
    return nodeIds;
}

void Importer::connectNodes(GraphImport& gi, const std::vector<NodeId>& nodeIds) {
    Graph& g = *gi.graph;
    for (int k = 0; k < gi.proto.node_size(); ++k) {
        auto& np = *gi.proto.mutable_node(k);
        const NodeId id = nodeIds[static_cast<size_t>(k)];
        const std::string label = "node '" + g.node(id).displayName() + "' (" + np.op_type() + ")";
        std::vector<ValueRef> refs(static_cast<size_t>(np.input_size()));
        for (int i = 0; i < np.input_size(); ++i) {
            const std::string& in = np.input(i);
            if (in.empty()) continue;  // omitted optional input
            auto ref = gi.scope.lookup(in);
            if (!ref)
                throw ModelError(label + " in the " + gi.where + " reads '" + in +
                                 "', which no node, graph input or initializer produces (no producer)");
            refs[static_cast<size_t>(i)] = *ref;
        }
        // Bulk construction: use lists are rebuilt once at the end (Graph::rebuildUses).
        g.setInputsUnlinked(id, std::move(refs));
        for (auto& ap : *np.mutable_attribute())
            g.setAttribute(id,
                           importAttribute(ap, gi.scope, label + " attribute '" + ap.name() + "'", gi.depth));
    }
}

// Graph outputs feed one NetOutput node; their declared types are its input descriptions.
void Importer::importOutputs(GraphImport& gi) {
    Graph& g = *gi.graph;
    Node& out = g.addNode(std::string(op::kNetOutput), "", "", 0);
    g.setNetOutput(out.id());
    std::vector<TensorDesc> declared;
    std::vector<std::string> outputNames;
    for (const auto& o : gi.proto.output()) {
        outputNames.push_back(o.name());
        auto ref = gi.scope.lookup(o.name());
        if (!ref)
            throw ModelError("graph output '" + o.name() + "' of the " + gi.where +
                             " is not produced by any node, input or initializer");
        g.addInput(out.id(), *ref);
        declared.push_back(declaredOutputDesc(gi, o, *ref));
        if (!o.doc_string().empty() && ref->depth == 0)
            g.setOutputDocString(ref->node, ref->output, o.doc_string());
    }
    g.setInputDescs(out.id(), std::move(declared));
    g.setAttribute(
        out.id(),
        Attribute{std::string(op::attr::kOutputNames), AttrKind::Strings, std::move(outputNames), {}, {}});
}

// The description a graph output is declared with. An output that returns a graph input or an
// initializer of its own graph under the same name is that value: the model has one declaration
// of it, the input's, and an output declaring another type must not become the input's type on
// export (fuzz finding, onnx_text: `convert` wrote a float input as the bool its output named).
TensorDesc Importer::declaredOutputDesc(const GraphImport& gi, const onnx::ValueInfoProto& output,
                                        const ValueRef& ref) {
    TensorDesc declared = descFromType(output.type(), "graph output '" + output.name() + "'");
    if (ref.depth != 0) return declared;
    const bool isInput =
        std::any_of(gi.proto.input().begin(), gi.proto.input().end(),
                    [&](const onnx::ValueInfoProto& in) { return in.name() == output.name(); });
    if (!isInput && gi.initializers.count(output.name()) == 0) return declared;
    const TensorDesc& value = gi.graph->value(ref)->desc;
    if (!value.hasType()) return declared;
    if (descIncompatibility(declared, value))
        diag_.warn("graph output '" + output.name() + "' of the " + gi.where + " returns the graph " +
                   (isInput ? "input" : "initializer") + " of that name, typed " +
                   std::string(dataTypeName(value.dtype)) + " " + value.originShape.toString() +
                   ", but is declared " + std::string(dataTypeName(declared.dtype)) + " " +
                   declared.originShape.toString() + ": the " + (isInput ? "input's" : "initializer's") +
                   " type is used");
    return value;
}

// value_info: descriptions of intermediate values.
void Importer::applyValueInfo(GraphImport& gi) {
    for (const auto& vi : gi.proto.value_info()) {
        auto it = gi.scope.values.find(vi.name());
        if (it == gi.scope.values.end()) continue;  // describes nothing here (allowed by ONNX)
        const ValueRef r = it->second;
        gi.graph->setOutputDesc(r.node, r.output, descFromType(vi.type(), "value_info '" + vi.name() + "'"));
        if (!vi.doc_string().empty()) gi.graph->setOutputDocString(r.node, r.output, vi.doc_string());
    }
}

namespace {

// The name of a value field of `ap` that is set although `type` does not read it, or nullopt.
// libonnx's inference reads fields such as `ints` whatever the declared type says.
std::optional<std::string> valueFieldBesides(const onnx::AttributeProto& ap,
                                             onnx::AttributeProto::AttributeType type) {
    using AP = onnx::AttributeProto;
    const std::pair<AP::AttributeType, bool> fields[] = {
        {AP::FLOAT, ap.has_f()},
        {AP::INT, ap.has_i()},
        {AP::STRING, ap.has_s()},
        {AP::TENSOR, ap.has_t()},
        {AP::GRAPH, ap.has_g()},
        {AP::SPARSE_TENSOR, ap.has_sparse_tensor()},
        {AP::TYPE_PROTO, ap.has_tp()},
        {AP::FLOATS, ap.floats_size() > 0},
        {AP::INTS, ap.ints_size() > 0},
        {AP::STRINGS, ap.strings_size() > 0},
        {AP::TENSORS, ap.tensors_size() > 0},
        {AP::GRAPHS, ap.graphs_size() > 0},
        {AP::SPARSE_TENSORS, ap.sparse_tensors_size() > 0},
        {AP::TYPE_PROTOS, ap.type_protos_size() > 0},
    };
    for (const auto& [fieldType, set] : fields) {
        if (!set || fieldType == type) continue;
        std::string name = AP::AttributeType_Name(fieldType);
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        // The field names of AttributeProto: f, i, s, t, g, sparse_tensor, tp, floats, ints, ...
        if (fieldType == AP::FLOAT)
            name = "f";
        else if (fieldType == AP::INT)
            name = "i";
        else if (fieldType == AP::STRING)
            name = "s";
        else if (fieldType == AP::TENSOR)
            name = "t";
        else if (fieldType == AP::GRAPH)
            name = "g";
        else if (fieldType == AP::TYPE_PROTO)
            name = "tp";
        return name;
    }
    return std::nullopt;
}

}  // namespace

Attribute Importer::importAttribute(onnx::AttributeProto& ap, const Scope& scope, const std::string& where,
                                    int depth) {
    Attribute a;
    a.name = ap.name();
    a.refAttrName = ap.ref_attr_name();
    a.docString = ap.doc_string();
    using AP = onnx::AttributeProto;
    AP::AttributeType type = ap.type();
    if (type == AP::UNDEFINED) {  // very old models leave the type out; infer it from the field set
        if (ap.has_f())
            type = AP::FLOAT;
        else if (ap.has_i())
            type = AP::INT;
        else if (ap.has_s())
            type = AP::STRING;
        else if (ap.has_t())
            type = AP::TENSOR;
        else if (ap.has_g())
            type = AP::GRAPH;
        else if (ap.floats_size())
            type = AP::FLOATS;
        else if (ap.ints_size())
            type = AP::INTS;
        else if (ap.strings_size())
            type = AP::STRINGS;
        else if (ap.tensors_size())
            type = AP::TENSORS;
        else if (ap.graphs_size())
            type = AP::GRAPHS;
        else
            throw ModelError(where + " has no type and no value");
    }
    if (auto other = valueFieldBesides(ap, type))
        throw ModelError(where + " is declared " + AP::AttributeType_Name(type) +
                         " but holds a value in its '" + *other +
                         "' field (the importer would read one value, libonnx's shape inference another)");
    auto subgraph = [&](onnx::GraphProto& gp, const std::string& suffix) {
        return importGraph(gp, &scope, where + suffix, depth + 1);
    };
    if (std::optional<Attribute> plain = plainAttributeFromProto(ap, type)) {
        a.kind = plain->kind;
        a.value = std::move(plain->value);
        return a;
    }
    switch (type) {
        case AP::TENSOR:
            a.kind = AttrKind::Tensor;
            a.value = tensorFromProto(*ap.mutable_t(), resolver_, where);
            break;
        case AP::GRAPH:
            a.kind = AttrKind::Graph;
            // A GRAPH attribute may come without its graph (the checker lets it pass); an empty
            // graph in its place would be written back as a nameless graph the checker refuses.
            a.value = ap.has_g() ? subgraph(*ap.mutable_g(), "") : GraphPtr{};
            break;
        case AP::SPARSE_TENSOR:
            a.kind = AttrKind::SparseTensor;
            a.value = OpaqueProto{ap.sparse_tensor().SerializeAsString()};
            break;
        case AP::TYPE_PROTO:
            a.kind = AttrKind::TypeProto;
            a.value = OpaqueProto{ap.tp().SerializeAsString()};
            break;
        case AP::TENSORS: {
            std::vector<Tensor> ts;
            for (auto& t : *ap.mutable_tensors()) ts.push_back(tensorFromProto(t, resolver_, where));
            a.kind = AttrKind::Tensors;
            a.value = std::move(ts);
            break;
        }
        case AP::GRAPHS: {
            std::vector<GraphPtr> gs;
            for (int i = 0; i < ap.graphs_size(); ++i)
                gs.push_back(subgraph(*ap.mutable_graphs(i), "[" + std::to_string(i) + "]"));
            a.kind = AttrKind::Graphs;
            a.value = std::move(gs);
            break;
        }
        case AP::SPARSE_TENSORS: {
            std::vector<OpaqueProto> v;
            for (const auto& s : ap.sparse_tensors()) v.push_back(OpaqueProto{s.SerializeAsString()});
            a.kind = AttrKind::SparseTensors;
            a.value = std::move(v);
            break;
        }
        case AP::TYPE_PROTOS: {
            std::vector<OpaqueProto> v;
            for (const auto& t : ap.type_protos()) v.push_back(OpaqueProto{t.SerializeAsString()});
            a.kind = AttrKind::TypeProtos;
            a.value = std::move(v);
            break;
        }
        default:
            throw ModelError(where + " has an unknown attribute type " +
                             std::to_string(static_cast<int>(type)));
    }
    return a;
}

void checkAcyclic(const Graph& g, const std::string& where) {
    NodeId culprit = kNoNode;
    if (!g.topologicalOrder(&culprit)) {
        std::string name = culprit != kNoNode ? g.node(culprit).displayName() : "?";
        throw ModelError("the " + where + " contains a cycle (through node '" + name +
                         "'); ONNX graphs must be acyclic");
    }
    for (const Node* n : g.nodes())
        for (Graph* sub : n->subgraphs()) checkAcyclic(*sub, "subgraph of node '" + n->displayName() + "'");
}

// "1,16,?,8" -> dims; nullopt for anything else (a file may carry any text here: no std::stoll,
// which throws on garbage and on numbers past int64).
std::optional<std::vector<Dim>> parseStorageDims(const std::string& text) {
    std::vector<Dim> dims;
    std::istringstream ss(text);
    std::string d;
    while (std::getline(ss, d, ',')) {
        if (d.empty()) continue;
        if (d == "?") {
            dims.push_back(Dim{});
            continue;
        }
        int64_t value = 0;
        const auto [end, error] = std::from_chars(d.data(), d.data() + d.size(), value);
        if (error != std::errc() || end != d.data() + d.size() || value < 0) return std::nullopt;
        dims.push_back(Dim::known(value));
    }
    return dims;
}

// Storage formats written by the exporter (onnx_export.cpp) come back from one metadata entry.
void applyFormatsMetadata(Model& model, const std::string& text, Diagnostics& diag) {
    const auto byName = model.graph->valuesByName();
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::string name, origin, storage, dims, originDims;
        if (!std::getline(fields, name, '\t') || !std::getline(fields, origin, '\t') ||
            !std::getline(fields, storage, '\t'))
            continue;
        std::getline(fields, dims, '\t');
        std::getline(fields, originDims, '\t');  // optional: origin dims of a value stored differently
        auto it = byName.find(name);
        auto of = parseFormat(origin);
        auto sf = parseFormatWithSub(storage);
        if (it == byName.end() || !of || !sf) {
            diag.warn("ignoring format record for '" + name + "' in metadata " + kFormatsMetadataKey);
            continue;
        }
        TensorDesc desc = model.graph->value(it->second)->desc;
        desc.originFormat = *of;
        desc.storageFormat = sf->format;
        desc.storageSubFormat = sf->subFormat;
        if (dims != "?") {
            std::optional<std::vector<Dim>> ds = parseStorageDims(dims);
            if (!ds) {
                diag.warn("ignoring format record for '" + name + "' in metadata " + kFormatsMetadataKey +
                          ": storage dims '" + dims + "' are not non-negative integers or '?'");
                continue;
            }
            desc.storageShape = Shape(std::move(*ds));
        }
        if (!originDims.empty() && originDims != "?") {
            std::optional<std::vector<Dim>> ds = parseStorageDims(originDims);
            if (!ds) {
                diag.warn("ignoring format record for '" + name + "' in metadata " + kFormatsMetadataKey +
                          ": origin dims '" + originDims + "' are not non-negative integers or '?'");
                continue;
            }
            desc.originShape = Shape(std::move(*ds));
        }
        model.graph->setOutputDesc(it->second.node, it->second.output, std::move(desc));
    }
}

// The domains besides ONNX's own whose ops load as known ones.
const std::set<std::string> kKnownDomains = {"ai.onnx.ml", "ai.onnx.training", "ai.onnx.preview.training",
                                             std::string(op::kGeDomain)};

bool knownDomain(const std::string& domain) {
    return op::isOnnxDomain(domain) || kKnownDomains.count(domain) > 0;
}

}  // namespace

Model importModel(onnx::ModelProto& proto, const std::filesystem::path& modelDir, Diagnostics& diag,
                  const InlinePayloads* inlined) {
    if (!proto.has_graph())
        throw ModelError("the file parses as protobuf but holds no ONNX graph (is it an ONNX model?)");
    if (!proto.has_ir_version()) diag.warn("the model does not set ir_version");
    Model model;
    model.irVersion = proto.ir_version();
    for (const auto& o : proto.opset_import()) {
        if (o.domain() == op::kDeviceDomain) continue;  // its nodes are read into the ONNX domain
        model.opsets.push_back(OpsetImport{o.domain(), o.version()});
        if (!knownDomain(o.domain()))
            diag.warn("unknown domain '" + o.domain() + "' (opset version " + std::to_string(o.version()) +
                      "): its nodes load as opaque ops and will not be folded");
    }
    model.producerName = proto.producer_name();
    model.producerVersion = proto.producer_version();
    model.domain = proto.domain();
    model.modelVersion = proto.model_version();
    model.docString = proto.doc_string();
    std::string formats;
    for (const auto& kv : proto.metadata_props()) {
        if (kv.key() == kFormatsMetadataKey)
            formats = kv.value();
        else
            model.metadata.emplace_back(kv.key(), kv.value());
    }
    for (const auto& f : proto.functions()) model.opaqueFunctions.push_back(f.SerializeAsString());
    for (const auto& t : proto.training_info()) model.opaqueTrainingInfo.push_back(t.SerializeAsString());

    Importer importer(modelDir, model.irVersion, diag, inlined);
    model.graph = importer.importGraph(*proto.mutable_graph(), nullptr, "");
    model.graph->rebuildUses();
    checkAcyclic(*model.graph, "main graph");
    if (!formats.empty()) applyFormatsMetadata(model, formats, diag);

    std::set<std::string> declared;
    for (const auto& o : model.opsets) declared.insert(std::string(op::canonicalDomain(o.domain)));
    std::set<std::string> reported;
    std::function<void(const Graph&)> checkDomains = [&](const Graph& g) {
        for (const Node* n : g.nodes()) {
            const std::string& d = n->domain();
            if (!op::isStructural(n->opType(), n->domain()) && !declared.count(d) &&
                reported.insert(d).second)
                diag.warn("node '" + n->displayName() + "' uses domain '" + d +
                          "', which the model does not import");
            for (Graph* sub : n->subgraphs()) checkDomains(*sub);
        }
    };
    checkDomains(*model.graph);
    return model;
}

}  // namespace passscope::io
