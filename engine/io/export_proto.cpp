// The ModelProto of a Model: graphs, nodes, attributes, initializers and the formats metadata.
#include "io/export_proto.h"

#include <set>

#include "io/onnx_import.h"
#include "io/tensor_proto.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::io {
namespace {

class ProtoBuilder {
  public:
    ProtoBuilder(const Model& model, const ProtoBuildOptions& options,
                 std::vector<DeferredInitializer>* deferred)
        : model_(model), options_(options), deferred_(deferred) {}

    void buildModel(onnx::ModelProto& mp);

  private:
    void buildGraph(const Graph& g, onnx::GraphProto& gp, bool isMain);
    void buildNode(const Graph& g, const Node& n, onnx::NodeProto& np);
    void buildAttribute(const Attribute& a, onnx::AttributeProto& ap);
    void addInitializer(const Tensor& t, const TensorDesc& desc, const std::string& name,
                        onnx::GraphProto& gp, bool isMain, std::set<std::string>& declaredInputs);
    bool usesDomain(const Graph& g, std::string_view domain) const;

    const Model& model_;
    const ProtoBuildOptions& options_;
    std::vector<DeferredInitializer>* deferred_;
};

std::string valueName(const Graph& g, const ValueRef& ref) {
    const NodeOutput* v = g.value(ref);
    return v ? v->name : std::string();
}

void writeValueInfo(const std::string& name, const TensorDesc& desc, const std::string& doc,
                    onnx::ValueInfoProto& vi) {
    vi.set_name(name);
    descToType(desc, *vi.mutable_type());
    if (!doc.empty()) vi.set_doc_string(doc);
}

void ProtoBuilder::addInitializer(const Tensor& t, const TensorDesc& desc, const std::string& name,
                                  onnx::GraphProto& gp, bool isMain, std::set<std::string>& declaredInputs) {
    const bool small = t.dtype() == DataType::String || t.byteSize() <= options_.typesOnlyThreshold;
    // A constant held in a device layout (a weight folded through TransData: docs/ge-formats.md
    // §2) means its origin shape; ONNX's shape rules know only that one.
    const bool deviceLayout = desc.hasType() && desc.storageDiffers() && desc.originShape.rankKnown();
    // Shape inference needs the type, not the bytes: declare it as a typed input instead. Only in
    // the main graph: a body of If takes no inputs, and a Loop's or Scan's have fixed meanings.
    // A constant the graph lists as an input already (before IR 4 every initializer is one) is
    // declared once: a name declared twice has two producers (issue 38: `optimize` refused every
    // IR 3 model with a weight above the threshold as one that "would not read back").
    if (options_.payload == PayloadMode::TypesOnly && isMain && (!small || deviceLayout)) {
        if (declaredInputs.insert(name).second)
            writeValueInfo(
                name,
                TensorDesc::tensor(t.dtype(), deviceLayout ? desc.originShape : Shape::fromExtents(t.dims())),
                {}, *gp.add_input());
        return;
    }
    if (isMain && deferred_) {
        DeferredInitializer d;
        tensorToProto(t, d.header, t.dtype() == DataType::String);
        d.header.set_name(name);
        d.tensor = &t;
        deferred_->push_back(std::move(d));
        return;
    }
    onnx::TensorProto* tp = gp.add_initializer();
    tensorToProto(t, *tp, true);
    tp->set_name(name);
}

void ProtoBuilder::buildAttribute(const Attribute& a, onnx::AttributeProto& ap) {
    attributeToProto(a, ap, [this](const Graph& g, onnx::GraphProto& gp) { buildGraph(g, gp, false); });
}

// An ONNX op reading or writing a tensor in a device layout: written in op::kDeviceDomain.
bool touchesDeviceLayout(const Graph& g, const Node& n) {
    if (!op::isOnnxDomain(n.domain()) || op::isStructural(n.opType(), n.domain())) return false;
    auto device = [](const TensorDesc& d) { return d.hasType() && isInternalFormat(d.storageFormat); };
    for (const NodeOutput& o : n.outputs())
        if (device(o.desc)) return true;
    for (const TensorDesc& d : n.inputDescs())
        if (device(d)) return true;
    for (const ValueRef& r : n.inputs()) {
        const NodeOutput* v = r.valid() ? g.value(r) : nullptr;
        if (v && device(v->desc)) return true;
    }
    return false;
}

void ProtoBuilder::buildNode(const Graph& g, const Node& n, onnx::NodeProto& np) {
    if (!n.name().empty()) np.set_name(n.name());
    np.set_op_type(n.opType());
    if (touchesDeviceLayout(g, n))
        np.set_domain(std::string(op::kDeviceDomain));
    else if (!n.domain().empty())
        np.set_domain(n.domain());
    if (!n.docString().empty()) np.set_doc_string(n.docString());
    for (const ValueRef& r : n.inputs()) np.add_input(r.valid() ? valueName(g, r) : std::string());
    for (const NodeOutput& o : n.outputs()) np.add_output(o.name);
    for (const Attribute& a : n.attributes()) buildAttribute(a, *np.add_attribute());
}

void ProtoBuilder::buildGraph(const Graph& g, onnx::GraphProto& gp, bool isMain) {
    if (options_.graphMap) (*options_.graphMap)[&g] = &gp;
    gp.set_name(g.name);
    if (!g.docString.empty()) gp.set_doc_string(g.docString);
    for (const std::string& qa : g.opaqueQuantizationAnnotations)
        gp.add_quantization_annotation()->ParseFromString(qa);

    std::set<std::string> ioNames;
    std::set<NodeId> listedInputs(g.inputs().begin(), g.inputs().end());
    for (NodeId id : g.inputs()) {
        const Node& n = g.node(id);
        const NodeOutput& o = n.output(0);
        writeValueInfo(o.name, o.desc, o.docString, *gp.add_input());
        ioNames.insert(o.name);
    }
    auto order = g.topologicalOrder();
    std::vector<NodeId> ids;
    if (order)
        ids = std::move(*order);
    else
        for (const Node* n : g.nodes()) ids.push_back(n->id());

    // Initializers in id order (the order they were imported in), then computation nodes in a
    // stable topological order.
    std::vector<std::string> unlistedInitializers;
    for (const Node* n : g.nodes()) {
        if (n->domain().empty() && (n->opType() == op::kConst || n->opType() == op::kFileConstant ||
                                    (n->opType() == op::kData && n->hasAttr(op::attr::kValue)))) {
            const std::string& name = n->output(0).name;
            if (const Tensor* t = n->attrTensor(op::attr::kValue)) {
                addInitializer(*t, n->output(0).desc, name, gp, isMain, ioNames);
            } else if (const Attribute* s = n->findAttr(op::attr::kSparseValue)) {
                onnx::SparseTensorProto* sparse = gp.add_sparse_initializer();
                sparse->ParseFromString(std::get<OpaqueProto>(s->value).bytes);
                // The value is known by the name it has now: a pass that removed its reader
                // (an Identity) moved the reader's output name, a graph output's, onto it
                // (issue 28: the export named the value as it was loaded, and no reader found it).
                sparse->mutable_values()->set_name(name);
            }
            if (!listedInputs.count(n->id()) && n->opType() != op::kData)
                unlistedInitializers.push_back(name);
        }
    }
    // Before IR 4 every initializer had to be listed as a graph input as well.
    if (model_.irVersion < 4 && isMain) {
        for (const std::string& name : unlistedInitializers) {
            if (!ioNames.insert(name).second) continue;  // declared with its type already (TypesOnly)
            for (const Node* n : g.nodes())
                if (!n->outputs().empty() && n->output(0).name == name) {
                    // The declaration must fit the initializer: a weight folded into a device
                    // layout holds its storage dims (its origin is in the formats metadata).
                    const TensorDesc& d = n->output(0).desc;
                    const bool device = d.hasType() && isInternalFormat(d.storageFormat) &&
                                        options_.payload != PayloadMode::TypesOnly;
                    writeValueInfo(name, device ? TensorDesc::tensor(d.dtype, d.storageShape) : d, {},
                                   *gp.add_input());
                    break;
                }
        }
    }
    for (NodeId id : ids) {
        const Node& n = g.node(id);
        if (op::isStructural(n.opType(), n.domain())) continue;
        buildNode(g, n, *gp.add_node());
    }
    if (g.netOutput() != kNoNode) {
        const Node& out = g.node(g.netOutput());
        const std::vector<std::string> names = g.outputNames();
        // Names some value of the graph already carries: a graph output listed twice, whose
        // entries a pass made read two values (one through a TransData that took the name, one
        // not), is bridged at most once, so every name keeps one producer.
        std::set<std::string> defined;
        for (const Node* n : g.nodes())
            for (const NodeOutput& o : n->outputs())
                if (!o.name.empty()) defined.insert(o.name);
        for (size_t i = 0; i < out.inputs().size(); ++i) {
            const NodeOutput* v = g.value(out.input(i));
            const TensorDesc* declared = i < out.inputDescs().size() ? &out.inputDescs()[i] : nullptr;
            TensorDesc desc = declared && declared->hasType() ? *declared : (v ? v->desc : TensorDesc{});
            const std::string& name = names[i];
            // A pass replaced the producer (folding, CSE): keep the output's name with an Identity.
            if (v && v->name != name && defined.insert(name).second) {
                auto* bridge = gp.add_node();
                bridge->set_op_type("Identity");
                bridge->set_name(name + "_output");
                bridge->add_input(v->name);
                bridge->add_output(name);
            }
            writeValueInfo(name, desc, v ? v->docString : std::string(), *gp.add_output());
            ioNames.insert(name);
        }
    }
    if (!options_.writeValueInfo) return;
    for (NodeId id : ids) {
        const Node& n = g.node(id);
        if (op::isStructural(n.opType(), n.domain())) continue;
        for (const NodeOutput& o : n.outputs())
            if (!o.name.empty() && o.desc.hasType() && !ioNames.count(o.name))
                writeValueInfo(o.name, o.desc, o.docString, *gp.add_value_info());
    }
}

bool ProtoBuilder::usesDomain(const Graph& g, std::string_view domain) const {
    for (const Node* n : g.nodes()) {
        if (n->domain() == domain) return true;
        if (domain == op::kDeviceDomain && touchesDeviceLayout(g, *n)) return true;
        for (Graph* sub : n->subgraphs())
            if (usesDomain(*sub, domain)) return true;
    }
    return false;
}

// "1,3,224,224"; "?" for an unknown dim or rank.
std::string dimsText(const Shape& shape) {
    if (!shape.rankKnown()) return "?";
    std::string text;
    for (size_t i = 0; i < shape.rank(); ++i) {
        if (i) text += ',';
        text += shape[i].isKnown() ? std::to_string(shape[i].value) : "?";
    }
    return text;
}

std::string formatsRecord(const Graph& g) {
    std::string text;
    for (const Node* n : g.nodes()) {
        for (const NodeOutput& o : n->outputs()) {
            const TensorDesc& d = o.desc;
            if (o.name.empty() ||
                (d.originFormat == Format::ND && d.storageFormat == Format::ND && !d.storageDiffers()))
                continue;
            text +=
                o.name + '\t' + std::string(formatName(d.originFormat)) + '\t' + d.storageFormatText() + '\t';
            text += dimsText(d.storageShape);
            // The origin dims of a value stored differently: a constant's initializer holds the
            // storage dims, so nothing else in the file says what tensor it means.
            if (d.storageDiffers() && d.originShape.isStatic()) text += '\t' + dimsText(d.originShape);
            text += '\n';
        }
    }
    return text;
}

void ProtoBuilder::buildModel(onnx::ModelProto& mp) {
    mp.set_ir_version(model_.irVersion);
    std::set<std::string> declared;
    for (const OpsetImport& o : model_.opsets) {
        auto* op = mp.add_opset_import();
        op->set_domain(o.domain);
        op->set_version(o.version);
        declared.insert(o.domain);
    }
    for (const auto& [domain, version] : {std::pair{op::kGeDomain, op::kGeDomainVersion},
                                          std::pair{op::kDeviceDomain, op::kDeviceDomainVersion}}) {
        if (declared.count(std::string(domain)) || !model_.graph || !usesDomain(*model_.graph, domain))
            continue;
        auto* op = mp.add_opset_import();
        op->set_domain(std::string(domain));
        op->set_version(version);
    }
    if (!model_.producerName.empty()) mp.set_producer_name(model_.producerName);
    if (!model_.producerVersion.empty()) mp.set_producer_version(model_.producerVersion);
    if (!model_.domain.empty()) mp.set_domain(model_.domain);
    if (model_.modelVersion) mp.set_model_version(model_.modelVersion);
    if (!model_.docString.empty()) mp.set_doc_string(model_.docString);
    for (const auto& [k, v] : model_.metadata) {
        auto* kv = mp.add_metadata_props();
        kv->set_key(k);
        kv->set_value(v);
    }
    if (model_.graph) {
        std::string formats = formatsRecord(*model_.graph);
        if (!formats.empty()) {
            auto* kv = mp.add_metadata_props();
            kv->set_key(kFormatsMetadataKey);
            kv->set_value(formats);
        }
        buildGraph(*model_.graph, *mp.mutable_graph(), true);
    }
    for (const std::string& f : model_.opaqueFunctions) mp.add_functions()->ParseFromString(f);
    for (const std::string& t : model_.opaqueTrainingInfo) mp.add_training_info()->ParseFromString(t);
}

}  // namespace

void buildModelProto(const Model& model, const ProtoBuildOptions& options,
                     std::vector<DeferredInitializer>* deferred, onnx::ModelProto& mp) {
    ProtoBuilder(model, options, deferred).buildModel(mp);
}

onnx::ModelProto toProto(const Model& model, const ProtoBuildOptions& options) {
    onnx::ModelProto mp;
    buildModelProto(model, options, nullptr, mp);
    return mp;
}

void attributeToProto(const Attribute& a, onnx::AttributeProto& ap,
                      const std::function<void(const Graph&, onnx::GraphProto&)>& graphToProto) {
    using AP = onnx::AttributeProto;
    ap.set_name(a.name);
    if (!a.refAttrName.empty()) ap.set_ref_attr_name(a.refAttrName);
    if (!a.docString.empty()) ap.set_doc_string(a.docString);
    auto graphTo = [&](const GraphPtr& g, onnx::GraphProto& gp) {
        if (g) graphToProto(*g, gp);
    };
    switch (a.kind) {
        case AttrKind::Float:
            ap.set_type(AP::FLOAT);
            ap.set_f(static_cast<float>(std::get<double>(a.value)));
            break;
        case AttrKind::Int:
            ap.set_type(AP::INT);
            ap.set_i(std::get<int64_t>(a.value));
            break;
        case AttrKind::String:
            ap.set_type(AP::STRING);
            ap.set_s(std::get<std::string>(a.value));
            break;
        case AttrKind::Tensor:
            ap.set_type(AP::TENSOR);
            tensorToProto(std::get<Tensor>(a.value), *ap.mutable_t());
            break;
        case AttrKind::Graph:
            ap.set_type(AP::GRAPH);
            if (const GraphPtr& g = std::get<GraphPtr>(a.value)) graphTo(g, *ap.mutable_g());
            break;
        case AttrKind::SparseTensor:
            ap.set_type(AP::SPARSE_TENSOR);
            ap.mutable_sparse_tensor()->ParseFromString(std::get<OpaqueProto>(a.value).bytes);
            break;
        case AttrKind::TypeProto:
            ap.set_type(AP::TYPE_PROTO);
            ap.mutable_tp()->ParseFromString(std::get<OpaqueProto>(a.value).bytes);
            break;
        case AttrKind::Floats:
            ap.set_type(AP::FLOATS);
            for (double v : std::get<std::vector<double>>(a.value)) ap.add_floats(static_cast<float>(v));
            break;
        case AttrKind::Ints:
            ap.set_type(AP::INTS);
            for (int64_t v : std::get<std::vector<int64_t>>(a.value)) ap.add_ints(v);
            break;
        case AttrKind::Strings:
            ap.set_type(AP::STRINGS);
            for (const std::string& v : std::get<std::vector<std::string>>(a.value)) ap.add_strings(v);
            break;
        case AttrKind::Tensors:
            ap.set_type(AP::TENSORS);
            for (const Tensor& t : std::get<std::vector<Tensor>>(a.value))
                tensorToProto(t, *ap.add_tensors());
            break;
        case AttrKind::Graphs:
            ap.set_type(AP::GRAPHS);
            for (const GraphPtr& g : std::get<std::vector<GraphPtr>>(a.value)) graphTo(g, *ap.add_graphs());
            break;
        case AttrKind::SparseTensors:
            ap.set_type(AP::SPARSE_TENSORS);
            for (const OpaqueProto& o : std::get<std::vector<OpaqueProto>>(a.value))
                ap.add_sparse_tensors()->ParseFromString(o.bytes);
            break;
        case AttrKind::TypeProtos:
            ap.set_type(AP::TYPE_PROTOS);
            for (const OpaqueProto& o : std::get<std::vector<OpaqueProto>>(a.value))
                ap.add_type_protos()->ParseFromString(o.bytes);
            break;
    }
}

}  // namespace passscope::io
