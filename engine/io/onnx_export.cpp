#include "io/onnx_export.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <set>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/text_format.h>

#include "io/onnx_import.h"
#include "io/safe_output.h"
#include "io/tensor_proto.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::io {
namespace fs = std::filesystem;
namespace {

constexpr uint64_t kExternalAlignment = 64;

// A main-graph initializer whose payload is streamed after the graph structure, or written to
// the external data file.
struct Deferred {
    onnx::TensorProto header;  // everything but the payload
    const Tensor* tensor = nullptr;
    bool streamPayload = false;
};

class ProtoBuilder {
  public:
    ProtoBuilder(const Model& model, const ProtoBuildOptions& options, std::vector<Deferred>* deferred)
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
    std::vector<Deferred>* deferred_;
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
        Deferred d;
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

uint64_t totalPayload(const std::vector<Deferred>& deferred) {
    uint64_t total = 0;
    for (const Deferred& d : deferred) total += d.tensor->byteSize();
    return total;
}

// Moves payloads of at least `threshold` bytes into the data file and points the headers at it.
void writeExternalData(std::vector<Deferred>& deferred, StagedFile& out, const std::string& location,
                       uint64_t threshold) {
    uint64_t offset = 0;
    const std::string zeros(kExternalAlignment, '\0');
    for (Deferred& d : deferred) {
        const Tensor& t = *d.tensor;
        if (t.dtype() == DataType::String || t.byteSize() < threshold) {
            d.streamPayload = t.dtype() != DataType::String;
            continue;
        }
        const uint64_t pad = (kExternalAlignment - offset % kExternalAlignment) % kExternalAlignment;
        out.write(zeros.data(), static_cast<size_t>(pad));
        offset += pad;
        out.write(t.rawData(), static_cast<size_t>(t.byteSize()));
        d.header.set_data_location(onnx::TensorProto::EXTERNAL);
        auto add = [&](const char* k, const std::string& v) {
            auto* kv = d.header.add_external_data();
            kv->set_key(k);
            kv->set_value(v);
        };
        add("location", location);
        add("offset", std::to_string(offset));
        add("length", std::to_string(t.byteSize()));
        offset += t.byteSize();
        d.streamPayload = false;
    }
    out.finish();
}

size_t varintSize(uint64_t v) {
    return google::protobuf::io::CodedOutputStream::VarintSize64(v);
}

// Field numbers from onnx.proto: ModelProto.graph = 7, GraphProto.initializer = 5,
// TensorProto.raw_data = 9; all length-delimited (wire type 2).
constexpr uint32_t kGraphTag = (7 << 3) | 2;
constexpr uint32_t kInitializerTag = (5 << 3) | 2;
constexpr uint32_t kRawDataTag = (9 << 3) | 2;

uint64_t initializerBodySize(const Deferred& d) {
    uint64_t body = d.header.ByteSizeLong();
    if (d.streamPayload) body += 1 + varintSize(d.tensor->byteSize()) + d.tensor->byteSize();
    return body;
}

// Writes the model with the graph's initializers appended to the graph message field by field,
// payloads straight from their buffers: protobuf allows fields in any order.
void streamBinary(onnx::ModelProto& mp, std::vector<Deferred>& deferred, StagedFile& file) {
    onnx::GraphProto graph;
    graph.Swap(mp.mutable_graph());
    mp.clear_graph();
    uint64_t graphSize = graph.ByteSizeLong();
    for (const Deferred& d : deferred) {
        uint64_t body = initializerBodySize(d);
        graphSize += 1 + varintSize(body) + body;
    }
    google::protobuf::io::FileOutputStream zos(file.fd());
    {
        google::protobuf::io::CodedOutputStream out(&zos);
        mp.SerializeToCodedStream(&out);
        out.WriteTag(kGraphTag);
        out.WriteVarint64(graphSize);
        graph.SerializeToCodedStream(&out);
        for (const Deferred& d : deferred) {
            out.WriteTag(kInitializerTag);
            out.WriteVarint64(initializerBodySize(d));
            d.header.SerializeToCodedStream(&out);
            if (d.streamPayload) {
                out.WriteTag(kRawDataTag);
                out.WriteVarint64(d.tensor->byteSize());
                // WriteRaw takes an int; write large payloads in chunks.
                const uint8_t* p = d.tensor->rawData();
                uint64_t left = d.tensor->byteSize();
                while (left > 0) {
                    int chunk = static_cast<int>(std::min<uint64_t>(left, 1 << 30));
                    out.WriteRaw(p, chunk);
                    p += chunk;
                    left -= static_cast<uint64_t>(chunk);
                }
            }
        }
    }
    graph.Swap(mp.mutable_graph());
    if (!zos.Flush())
        throw ModelError("writing '" + file.destination().string() +
                         "' failed: " + writeErrorText(zos.GetErrno()));
}

}  // namespace

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

Encoding encodingForPath(const fs::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (ext == ".txt" || ext == ".pbtxt" || ext == ".prototxt" || ext == ".textproto" || ext == ".onnxtxt")
        return Encoding::Text;
    return Encoding::Binary;
}

onnx::ModelProto toProto(const Model& model, const ProtoBuildOptions& options) {
    onnx::ModelProto mp;
    ProtoBuilder(model, options, nullptr).buildModel(mp);
    return mp;
}

namespace {

// A Const without weights (loaded from a GE dump written with DUMP_GE_GRAPH=2 or 3,
// docs/ge-dumps.md §4) has nothing to write as an initializer; a model whose value has no producer
// would be refused by every reader, so the export is refused here, naming the node.
void refuseConstsWithoutWeights(const Graph& g) {
    for (const Node* n : g.nodes()) {
        if (n->domain().empty() && n->opType() == op::kConst && !n->attrTensor(op::attr::kValue) &&
            !n->hasAttr(op::attr::kSparseValue))
            throw ModelError(
                "Const '" + n->displayName() +
                "' holds no weights (the file it was loaded from left them out, as GE dumps "
                "written with DUMP_GE_GRAPH=2 or 3 do): it cannot be written as an ONNX initializer");
        for (Graph* sub : n->subgraphs()) refuseConstsWithoutWeights(*sub);
    }
}

}  // namespace

StagedExport stageExport(const Model& model, const fs::path& path, const ExportOptions& options,
                         Diagnostics& diag) {
    if (model.graph) refuseConstsWithoutWeights(*model.graph);
    Encoding encoding = options.encoding == Encoding::Auto ? encodingForPath(path) : options.encoding;
    // Saving a model over its own source replaces it (and its data file) as a whole; any other
    // destination must not be a file the model reads (issue 9).
    const bool inPlace = isSourceOf(path, model);
    refuseToReplaceInput(path, model, inPlace, "the output");
    StagedExport staged;
    StagedFile modelFile(path);  // fails now, before any work, when OUT is a folder

    ProtoBuildOptions build;
    build.writeValueInfo = options.writeValueInfo;
    std::vector<Deferred> deferred;
    onnx::ModelProto mp;
    ProtoBuilder(model, build, &deferred).buildModel(mp);

    bool external = options.externalData;
    if (!external && totalPayload(deferred) + mp.ByteSizeLong() > options.inlineLimit) {
        external = true;
        diag.warn("the model would exceed protobuf's 2 GiB limit; weights are written as external data");
    }
    for (Deferred& d : deferred) d.streamPayload = d.tensor->dtype() != DataType::String;
    if (external) {
        const std::string location =
            options.externalFileName.empty() ? path.filename().string() + ".data" : options.externalFileName;
        if (fs::path(location).has_parent_path() || location == ".." || location == ".")
            throw ModelError("external data file name '" + location + "' must be a plain file name");
        const fs::path dataPath = path.parent_path() / location;
        if (sameDestination(dataPath, path))
            throw ModelError("the external data file '" + location + "' would be the output model itself");
        refuseToReplaceInput(dataPath, model, inPlace, "the external data file");
        StagedFile dataFile(dataPath);
        writeExternalData(deferred, dataFile, location, options.externalThreshold);
        staged.files.push_back(std::move(dataFile));
    }

    if (encoding == Encoding::Text) {
        // Text keeps everything in one message: move the deferred initializers back in.
        for (Deferred& d : deferred) {
            onnx::TensorProto* tp = mp.mutable_graph()->add_initializer();
            *tp = d.header;
            if (d.streamPayload) tp->set_raw_data(d.tensor->rawData(), d.tensor->byteSize());
        }
        std::string text;
        if (!google::protobuf::TextFormat::PrintToString(mp, &text))
            throw ModelError("cannot print the model as text");
        modelFile.write(text);
    } else {
        streamBinary(mp, deferred, modelFile);
    }
    modelFile.finish();
    staged.files.push_back(std::move(modelFile));
    return staged;
}

void StagedExport::commit() {
    // The data file goes in before the model, so no model ever points at data that is not there
    // yet. Until the model is in, the data file it replaced is kept under a hard link: if the
    // model cannot be renamed in, the data is put back and the previous model reads what it read.
    struct Replaced {
        fs::path destination;
        fs::path previous;  // empty: there was no file before
    };
    std::vector<Replaced> replaced;
    auto rollBack = [&] {
        for (auto it = replaced.rbegin(); it != replaced.rend(); ++it) {
            if (it->previous.empty())
                ::unlink(it->destination.c_str());
            else
                ::rename(it->previous.c_str(), it->destination.c_str());
        }
    };
    try {
        for (size_t i = 0; i < files.size(); ++i) {
            StagedFile& f = files[i];
            if (i + 1 == files.size()) {
                f.commit();
                break;
            }
            Replaced r{f.destination(), {}};
            for (int attempt = 0; attempt < 100; ++attempt) {
                fs::path keep = f.destination();
                keep += ".previous-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
                if (::link(f.destination().c_str(), keep.c_str()) == 0) {
                    r.previous = keep;
                    break;
                }
                // No previous file, or a file system without hard links: nothing to put back.
                if (errno != EEXIST) break;
            }
            const bool existed = !r.previous.empty() || fs::exists(fs::symlink_status(f.destination()));
            f.commit();
            if (!r.previous.empty() || !existed) replaced.push_back(std::move(r));
        }
    } catch (...) {
        rollBack();
        throw;
    }
    for (const Replaced& r : replaced)
        if (!r.previous.empty()) ::unlink(r.previous.c_str());
}

void exportModel(const Model& model, const fs::path& path, const ExportOptions& options, Diagnostics& diag) {
    stageExport(model, path, options, diag).commit();
}

}  // namespace passscope::io
