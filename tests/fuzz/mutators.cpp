#include "mutators.h"

#include <google/protobuf/text_format.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>

namespace passscope::fuzz {
namespace {

using onnx::AttributeProto;
using onnx::GraphProto;
using onnx::NodeProto;
using onnx::TensorProto;
using onnx::ValueInfoProto;
using Nodes = google::protobuf::RepeatedPtrField<NodeProto>;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// Values that break arithmetic: zero, negatives, sizes past 2^31, 2^32, 2^40 and 2^63.
const int64_t kInterestingInts[] = {0,
                                    1,
                                    -1,
                                    2,
                                    3,
                                    -2,
                                    7,
                                    255,
                                    1 << 20,
                                    1LL << 31,
                                    (1LL << 31) - 1,
                                    1LL << 32,
                                    1LL << 40,
                                    1000000000000LL,
                                    kMax,
                                    kMin,
                                    kMax / 2 + 1,
                                    -(1LL << 40)};

const char* const kOpTypes[] = {
    "Add",
    "Mul",
    "Relu",
    "Conv",
    "MaxPool",
    "AveragePool",
    "Scan",
    "MaxRoiPool",
    "STFT",
    "If",
    "Loop",
    "Reshape",
    "Expand",
    "Where",
    "Gemm",
    "MatMul",
    "Shape",
    "Gather",
    "Concat",
    "Slice",
    "Split",
    "Transpose",
    "ReduceSum",
    "ReduceMax",
    "Cast",
    "Identity",
    "Constant",
    "ConstantOfShape",
    "Tile",
    "Pad",
    "Resize",
    "TopK",
    "Unsqueeze",
    "Squeeze",
    "Flatten",
    "Softmax",
    "BatchNormalization",
    "RandomNormal",
    "Dropout",
    "NonZero",
    "Range",
    "OneHot",
    "Einsum",
    "Size",
    "Sum",
    "Sqrt",
    "Div",
    "Pow",
    "LSTM",
    "GRU",
    "Col2Im",
    "DepthToSpace",
    "GridSample",
    "CumSum",
    "Trilu",
    "NoSuchOp",
};

const char* const kAttributeNames[] = {"strides",
                                       "kernel_shape",
                                       "pads",
                                       "dilations",
                                       "group",
                                       "axis",
                                       "axes",
                                       "keepdims",
                                       "perm",
                                       "num_scan_inputs",
                                       "to",
                                       "split",
                                       "epsilon",
                                       "alpha",
                                       "mode",
                                       "auto_pad",
                                       "value",
                                       "then_branch",
                                       "else_branch",
                                       "body",
                                       "scan_input_axes",
                                       "blocksize",
                                       "k",
                                       "largest",
                                       "transA",
                                       "beta"};

template <typename T>
T pick(Rng& rng, const std::vector<T>& v) {
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
}

size_t below(Rng& rng, size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng);
}
bool chance(Rng& rng, double p) {
    return std::bernoulli_distribution(p)(rng);
}
int64_t interestingInt(Rng& rng) {
    return kInterestingInts[below(rng, std::size(kInterestingInts))];
}

// Every graph of the model, subgraphs included (main graph first), and every node list
// (graphs and model-local functions).
struct Parts {
    std::vector<GraphProto*> graphs;
    std::vector<Nodes*> nodeLists;
    std::vector<NodeProto*> nodes;
    std::vector<std::string> valueNames;
};

void collectGraph(GraphProto& g, Parts& parts, int depth);

void collectNodes(Nodes& nodes, Parts& parts, int depth) {
    parts.nodeLists.push_back(&nodes);
    for (NodeProto& n : nodes) {
        parts.nodes.push_back(&n);
        for (const std::string& o : n.output()) parts.valueNames.push_back(o);
        // Deep nests are the point of some cases; collecting them all would only cost time.
        if (depth > 64) continue;
        for (AttributeProto& a : *n.mutable_attribute()) {
            if (a.has_g()) collectGraph(*a.mutable_g(), parts, depth + 1);
            for (GraphProto& sub : *a.mutable_graphs()) collectGraph(sub, parts, depth + 1);
        }
    }
}

void collectGraph(GraphProto& g, Parts& parts, int depth) {
    parts.graphs.push_back(&g);
    for (const ValueInfoProto& v : g.input()) parts.valueNames.push_back(v.name());
    for (const TensorProto& t : g.initializer()) parts.valueNames.push_back(t.name());
    collectNodes(*g.mutable_node(), parts, depth);
}

Parts collect(onnx::ModelProto& model) {
    Parts parts;
    collectGraph(*model.mutable_graph(), parts, 0);
    for (onnx::FunctionProto& f : *model.mutable_functions()) collectNodes(*f.mutable_node(), parts, 0);
    return parts;
}

std::vector<ValueInfoProto*> valueInfos(const Parts& parts) {
    std::vector<ValueInfoProto*> out;
    for (GraphProto* g : parts.graphs) {
        for (ValueInfoProto& v : *g->mutable_input()) out.push_back(&v);
        for (ValueInfoProto& v : *g->mutable_output()) out.push_back(&v);
        for (ValueInfoProto& v : *g->mutable_value_info()) out.push_back(&v);
    }
    return out;
}

std::vector<TensorProto*> initializers(const Parts& parts) {
    std::vector<TensorProto*> out;
    for (GraphProto* g : parts.graphs)
        for (TensorProto& t : *g->mutable_initializer()) out.push_back(&t);
    for (NodeProto* n : parts.nodes)
        for (AttributeProto& a : *n->mutable_attribute())
            if (a.has_t()) out.push_back(a.mutable_t());
    return out;
}

std::string anyValueName(const Parts& parts, Rng& rng) {
    if (parts.valueNames.empty() || chance(rng, 0.1)) return chance(rng, 0.5) ? "" : "no_such_value";
    return pick(rng, parts.valueNames);
}

// --- the mutations; each returns false when the model has nothing it applies to ---

bool dropInput(Parts& p, Rng& rng) {
    if (p.nodes.empty()) return false;
    NodeProto* n = pick(rng, p.nodes);
    if (n->input_size() == 0) return false;
    auto* in = n->mutable_input();
    in->erase(in->begin() + below(rng, in->size()));
    return true;
}

bool duplicateInput(Parts& p, Rng& rng) {
    if (p.nodes.empty()) return false;
    NodeProto* n = pick(rng, p.nodes);
    if (n->input_size() == 0) return false;
    n->add_input(n->input(below(rng, n->input_size())));
    return true;
}

bool rewireInput(Parts& p, Rng& rng) {
    if (p.nodes.empty()) return false;
    NodeProto* n = pick(rng, p.nodes);
    if (n->input_size() == 0) n->add_input("");
    n->set_input(below(rng, n->input_size()), anyValueName(p, rng));
    return true;
}

// A node reads the output of itself or of a node after it: a cycle (or a self-loop).
bool addCycle(Parts& p, Rng& rng) {
    Nodes* list = pick(rng, p.nodeLists);
    if (list->empty()) return false;
    const size_t a = below(rng, list->size());
    const size_t b = a + below(rng, list->size() - a);
    NodeProto& reader = list->at(a);
    const NodeProto& writer = list->at(b);
    if (writer.output_size() == 0) return false;
    const std::string& value = writer.output(below(rng, writer.output_size()));
    if (reader.input_size() == 0 || chance(rng, 0.3))
        reader.add_input(value);
    else
        reader.set_input(below(rng, reader.input_size()), value);
    return true;
}

bool clashOutput(Parts& p, Rng& rng) {
    if (p.nodes.empty()) return false;
    NodeProto* n = pick(rng, p.nodes);
    if (n->output_size() == 0 || chance(rng, 0.2))
        n->add_output(anyValueName(p, rng));
    else
        n->set_output(below(rng, n->output_size()), anyValueName(p, rng));
    return true;
}

bool swapOpType(Parts& p, Rng& rng) {
    if (p.nodes.empty()) return false;
    NodeProto* n = pick(rng, p.nodes);
    n->set_op_type(kOpTypes[below(rng, std::size(kOpTypes))]);
    if (chance(rng, 0.1)) n->set_domain(chance(rng, 0.5) ? "ai.onnx" : "com.microsoft");
    return true;
}

GraphProto smallGraph(Parts& p, Rng& rng) {
    if (!p.graphs.empty() && chance(rng, 0.7)) return *pick(rng, p.graphs);
    GraphProto g;
    g.set_name("made");
    NodeProto* n = g.add_node();
    n->set_op_type("Identity");
    n->add_input(anyValueName(p, rng));
    n->add_output("made_out");
    g.add_output()->set_name("made_out");
    return g;
}

void randomizeAttribute(AttributeProto& a, Parts& p, Rng& rng) {
    switch (below(rng, 9)) {
        case 0:
            a.set_type(AttributeProto::INT);
            a.set_i(interestingInt(rng));
            break;
        case 1: {
            a.set_type(AttributeProto::INTS);
            a.clear_ints();
            const size_t n = below(rng, 7);
            for (size_t i = 0; i < n; ++i)
                a.add_ints(chance(rng, 0.5) ? int64_t(below(rng, 4)) : interestingInt(rng));
            break;
        }
        case 2:
            a.set_type(AttributeProto::FLOAT);
            a.set_f(chance(rng, 0.5) ? std::numeric_limits<float>::quiet_NaN()
                                     : -std::numeric_limits<float>::infinity());
            break;
        case 3:
            a.set_type(AttributeProto::STRING);
            a.set_s(chance(rng, 0.5) ? "SAME_UPPER" : std::string("\xff\xfe\0bad", 6));
            break;
        case 4:
            a.set_type(AttributeProto::GRAPH);
            *a.mutable_g() = smallGraph(p, rng);
            break;
        case 5: {
            a.set_type(AttributeProto::TENSOR);
            TensorProto* t = a.mutable_t();
            t->set_data_type(int(below(rng, 17)));
            t->add_dims(interestingInt(rng));
            t->set_raw_data(std::string(below(rng, 16), '\1'));
            break;
        }
        case 6:  // the type says one thing, the value another
            a.set_type(AttributeProto::AttributeType(below(rng, 15)));
            break;
        case 7:
            a.set_type(AttributeProto::UNDEFINED);
            break;
        default:
            a.set_type(AttributeProto::GRAPHS);
            *a.add_graphs() = smallGraph(p, rng);
            break;
    }
}

bool mutateAttribute(Parts& p, Rng& rng) {
    std::vector<std::pair<NodeProto*, int>> attrs;
    for (NodeProto* n : p.nodes)
        for (int i = 0; i < n->attribute_size(); ++i) attrs.emplace_back(n, i);
    if (attrs.empty()) return false;
    auto [n, i] = pick(rng, attrs);
    AttributeProto& a = *n->mutable_attribute(i);
    const int r = int(below(rng, 4));
    if (r == 0) {
        n->mutable_attribute()->erase(n->mutable_attribute()->begin() + i);
    } else if (r == 1 && a.type() == AttributeProto::INT) {
        a.set_i(interestingInt(rng));
    } else if (r == 1 && a.type() == AttributeProto::INTS && a.ints_size() > 0) {
        a.set_ints(int(below(rng, a.ints_size())), interestingInt(rng));
    } else if (r == 2 && a.has_g()) {
        GraphProto* g = a.mutable_g();
        if (chance(rng, 0.5))
            g->clear_output();
        else
            g->clear_node();
    } else {
        randomizeAttribute(a, p, rng);
    }
    return true;
}

bool addAttribute(Parts& p, Rng& rng) {
    if (p.nodes.empty()) return false;
    NodeProto* n = pick(rng, p.nodes);
    AttributeProto* a = n->add_attribute();
    // Sometimes a second attribute of a name the node already has.
    if (n->attribute_size() > 1 && chance(rng, 0.2))
        a->set_name(n->attribute(0).name());
    else
        a->set_name(kAttributeNames[below(rng, std::size(kAttributeNames))]);
    randomizeAttribute(*a, p, rng);
    return true;
}

void mutateShape(onnx::TensorShapeProto& shape, Rng& rng) {
    switch (below(rng, 5)) {
        case 0:
            shape.add_dim()->set_dim_value(interestingInt(rng));
            break;
        case 1:
            if (shape.dim_size() > 0) shape.mutable_dim()->RemoveLast();
            break;
        case 2:
            if (shape.dim_size() > 0)
                shape.mutable_dim(int(below(rng, shape.dim_size())))
                    ->set_dim_param(chance(rng, 0.5) ? "N" : "");
            break;
        default:
            if (shape.dim_size() == 0) shape.add_dim();
            shape.mutable_dim(int(below(rng, shape.dim_size())))->set_dim_value(interestingInt(rng));
            break;
    }
}

bool mutateDims(Parts& p, Rng& rng) {
    if (chance(rng, 0.5)) {
        std::vector<TensorProto*> inits = initializers(p);
        if (inits.empty()) return false;
        TensorProto* t = pick(rng, inits);
        if (t->dims_size() == 0 || chance(rng, 0.2))
            t->add_dims(interestingInt(rng));
        else
            t->set_dims(int(below(rng, t->dims_size())), interestingInt(rng));
        return true;
    }
    std::vector<ValueInfoProto*> infos = valueInfos(p);
    if (infos.empty()) return false;
    ValueInfoProto* v = pick(rng, infos);
    if (chance(rng, 0.1)) {
        v->clear_type();
        return true;
    }
    mutateShape(*v->mutable_type()->mutable_tensor_type()->mutable_shape(), rng);
    return true;
}

bool mutateDtype(Parts& p, Rng& rng) {
    const int dtype = chance(rng, 0.9) ? int(below(rng, 24)) : int(interestingInt(rng) & 0x7fffffff);
    if (chance(rng, 0.5)) {
        std::vector<TensorProto*> inits = initializers(p);
        if (inits.empty()) return false;
        pick(rng, inits)->set_data_type(dtype);
        return true;
    }
    std::vector<ValueInfoProto*> infos = valueInfos(p);
    if (infos.empty()) return false;
    ValueInfoProto* v = pick(rng, infos);
    if (chance(rng, 0.2))
        v->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(
            dtype);
    else
        v->mutable_type()->mutable_tensor_type()->set_elem_type(dtype);
    return true;
}

void setExternal(TensorProto& t, const std::string& location, int64_t offset, int64_t length) {
    t.clear_raw_data();
    t.clear_external_data();
    t.set_data_location(TensorProto::EXTERNAL);
    auto add = [&](const char* key, const std::string& value) {
        auto* e = t.add_external_data();
        e->set_key(key);
        e->set_value(value);
    };
    add("location", location);
    if (offset >= 0) add("offset", std::to_string(offset));
    if (length >= 0) add("length", std::to_string(length));
}

bool mutateTensorData(Parts& p, Rng& rng) {
    std::vector<TensorProto*> inits = initializers(p);
    if (inits.empty()) return false;
    TensorProto* t = pick(rng, inits);
    std::string* raw = t->mutable_raw_data();
    switch (below(rng, 7)) {
        case 0:
            raw->resize(below(rng, raw->size() + 1));
            break;
        case 1:
            raw->append(below(rng, 9) + 1, '\x7f');
            break;
        case 2:  // typed fields that disagree with the dims, beside or instead of raw_data
            if (chance(rng, 0.5)) t->clear_raw_data();
            for (size_t i = below(rng, 5); i > 0; --i) {
                t->add_float_data(1.5f);
                t->add_int64_data(interestingInt(rng));
                t->add_int32_data(-1);
            }
            break;
        case 3: {  // an int64 payload element set to a hostile value (shapes, axes, trip counts)
            if (raw->size() >= 8) {
                const int64_t v = interestingInt(rng);
                std::memcpy(raw->data() + 8 * below(rng, raw->size() / 8), &v, 8);
            } else {
                for (int i = 0; i < t->int64_data_size(); ++i) t->set_int64_data(i, interestingInt(rng));
            }
            break;
        }
        case 4: {
            // External data the loader must refuse or read safely: missing, the model file itself,
            // a device (blocks or never ends), a folder, paths outside the model's folder.
            const std::vector<std::string> locations = {
                "missing.bin",   "case.onnx", "/dev/zero",       ".", "..", "../escape.bin",
                "/etc/hostname", "",          "sub/../case.onnx"};
            setExternal(
                *t, pick(rng, locations), chance(rng, 0.7) ? int64_t(below(rng, 64)) : interestingInt(rng),
                chance(rng, 0.3) ? -1 : (chance(rng, 0.7) ? int64_t(below(rng, 64)) : interestingInt(rng)));
            break;
        }
        case 5:
            t->clear_name();
            break;
        default:
            t->add_string_data(std::string("\xc3\x28", 2));
            t->set_data_type(TensorProto::STRING);
            break;
    }
    return true;
}

// Replaces a node by an If whose branches both hold it, the then branch through another such If,
// `levels` deep: nested subgraphs reading outer values, up to nests past the loader's limits.
bool nestSubgraph(Parts& p, Rng& rng) {
    if (p.graphs.empty()) return false;
    GraphProto* g = pick(rng, p.graphs);
    if (g->node_size() == 0) return false;
    const int index = int(below(rng, g->node_size()));
    const NodeProto original = g->node(index);
    NodeProto inner = original;
    const int levels = chance(rng, 0.05) ? 200 + int(below(rng, 400)) : 1 + int(below(rng, 12));
    TensorProto* c = g->add_initializer();
    c->set_name("nest_cond_" + std::to_string(g->initializer_size()));
    c->set_data_type(TensorProto::BOOL);
    c->set_raw_data(std::string(1, chance(rng, 0.5) ? '\1' : '\0'));
    for (int level = 0; level < levels; ++level) {
        NodeProto wrapper;
        wrapper.set_op_type("If");
        wrapper.set_name("nest_" + std::to_string(level));
        wrapper.add_input(c->name());
        for (const std::string& o : inner.output()) wrapper.add_output(o);
        for (const char* branch : {"then_branch", "else_branch"}) {
            AttributeProto* a = wrapper.add_attribute();
            a->set_name(branch);
            a->set_type(AttributeProto::GRAPH);
            GraphProto* body = a->mutable_g();
            body->set_name(std::string(branch) + std::to_string(level));
            // The nest goes down the then branches only: copying it into both would double the
            // model at every level.
            *body->add_node() = std::strcmp(branch, "then_branch") == 0 ? inner : original;
            for (const std::string& o : original.output()) body->add_output()->set_name(o);
        }
        inner = std::move(wrapper);
    }
    *g->mutable_node(index) = std::move(inner);
    return true;
}

bool deleteNode(Parts& p, Rng& rng) {
    Nodes* list = pick(rng, p.nodeLists);
    if (list->empty()) return false;
    list->erase(list->begin() + below(rng, list->size()));
    return true;
}

bool duplicateNode(Parts& p, Rng& rng) {
    Nodes* list = pick(rng, p.nodeLists);
    if (list->empty()) return false;
    NodeProto copy = list->at(below(rng, list->size()));
    if (chance(rng, 0.5)) copy.set_name(copy.name() + "_copy");
    *list->Add() = std::move(copy);
    return true;
}

bool reverseNodes(Parts& p, Rng& rng) {
    Nodes* list = pick(rng, p.nodeLists);
    if (list->size() < 2) return false;
    std::vector<NodeProto> nodes(list->begin(), list->end());
    std::reverse(nodes.begin(), nodes.end());
    list->Clear();
    for (NodeProto& n : nodes) *list->Add() = std::move(n);
    return true;
}

bool mutateVersions(onnx::ModelProto& m, Rng& rng) {
    static const int64_t versions[] = {0, 1, 6, 7, 9, 11, 13, 17, 18, 21, 99, -1};
    static const int64_t irVersions[] = {0, 1, 3, 7, 8, 9, 10, 100, -5};
    switch (below(rng, 4)) {
        case 0:
            if (m.opset_import_size() == 0) return false;
            m.mutable_opset_import(0)->set_version(versions[below(rng, std::size(versions))]);
            return true;
        case 1:
            m.set_ir_version(irVersions[below(rng, std::size(irVersions))]);
            return true;
        case 2:
            *m.add_opset_import() = m.opset_import_size() ? m.opset_import(0) : onnx::OperatorSetIdProto();
            return true;
        default:
            m.clear_opset_import();
            return true;
    }
}

// A model-local function that calls itself (directly or through the node calling it).
bool recursiveFunction(onnx::ModelProto& m, Parts& p, Rng& rng) {
    onnx::FunctionProto* f = m.functions_size() ? m.mutable_functions(0) : m.add_functions();
    if (f->name().empty()) {
        f->set_name("Self");
        f->set_domain("local");
        f->add_input("a");
        f->add_output("b");
        auto* op = m.add_opset_import();
        op->set_domain("local");
        op->set_version(1);
    }
    NodeProto* call = f->add_node();
    call->set_op_type(f->name());
    call->set_domain(f->domain());
    call->add_input(f->input_size() ? f->input(0) : "a");
    call->add_output("again");
    if (!p.nodes.empty() && chance(rng, 0.5)) {
        NodeProto* n = pick(rng, p.nodes);
        n->set_op_type(f->name());
        n->set_domain(f->domain());
    }
    return true;
}

bool mutateGraphOutputs(Parts& p, Rng& rng) {
    GraphProto* g = pick(rng, p.graphs);
    switch (below(rng, 3)) {
        case 0:
            if (g->output_size() == 0) return false;
            *g->add_output() = g->output(0);  // the same output twice
            return true;
        case 1:
            g->clear_output();
            return true;
        default:
            g->add_output()->set_name(anyValueName(p, rng));
            return true;
    }
}

bool mutateInitializerNames(Parts& p, Rng& rng) {
    GraphProto* g = pick(rng, p.graphs);
    if (g->initializer_size() == 0) return false;
    if (chance(rng, 0.5))
        *g->add_initializer() = g->initializer(0);  // the same name twice
    else
        g->mutable_initializer(int(below(rng, g->initializer_size())))->set_name(anyValueName(p, rng));
    return true;
}

bool mutateMetadata(onnx::ModelProto& m, Rng& rng) {
    auto* e = m.add_metadata_props();
    e->set_key(chance(rng, 0.7) ? "passscope.tensor_formats" : std::string("\xff", 1));
    static const std::vector<std::string> values = {
        "w:NC1HWC0:1,2,3",   "w:NCHW:99999999999999999999", "x::", ";;;",
        "w:FRACTAL_Z:-1,-1", std::string("\xc3", 1)};
    e->set_value(pick(rng, values));
    return true;
}

}  // namespace

std::string mutateProto(onnx::ModelProto& model, Rng& rng) {
    using Mutation = std::pair<const char*, std::function<bool(Parts&)>>;
    const std::vector<Mutation> mutations = {
        {"drop-input", [&](Parts& p) { return dropInput(p, rng); }},
        {"duplicate-input", [&](Parts& p) { return duplicateInput(p, rng); }},
        {"rewire-input", [&](Parts& p) { return rewireInput(p, rng); }},
        {"cycle", [&](Parts& p) { return addCycle(p, rng); }},
        {"clash-output", [&](Parts& p) { return clashOutput(p, rng); }},
        {"swap-op", [&](Parts& p) { return swapOpType(p, rng); }},
        {"attribute", [&](Parts& p) { return mutateAttribute(p, rng); }},
        {"add-attribute", [&](Parts& p) { return addAttribute(p, rng); }},
        {"dims", [&](Parts& p) { return mutateDims(p, rng); }},
        {"dtype", [&](Parts& p) { return mutateDtype(p, rng); }},
        {"tensor-data", [&](Parts& p) { return mutateTensorData(p, rng); }},
        {"nest", [&](Parts& p) { return nestSubgraph(p, rng); }},
        {"delete-node", [&](Parts& p) { return deleteNode(p, rng); }},
        {"duplicate-node", [&](Parts& p) { return duplicateNode(p, rng); }},
        {"reverse-nodes", [&](Parts& p) { return reverseNodes(p, rng); }},
        {"versions", [&](Parts&) { return mutateVersions(model, rng); }},
        {"recursive-function", [&](Parts& p) { return recursiveFunction(model, p, rng); }},
        {"graph-outputs", [&](Parts& p) { return mutateGraphOutputs(p, rng); }},
        {"initializer-names", [&](Parts& p) { return mutateInitializerNames(p, rng); }},
        {"metadata", [&](Parts&) { return mutateMetadata(model, rng); }},
    };
    for (int attempt = 0; attempt < 8; ++attempt) {
        const Mutation& m = mutations[below(rng, mutations.size())];
        Parts parts = collect(model);
        if (m.second(parts)) return m.first;
    }
    return "none";
}

std::string mutateBytes(std::string& bytes, Rng& rng) {
    if (bytes.empty()) {
        bytes.assign(below(rng, 16) + 1, char(below(rng, 256)));
        return "bytes-fill";
    }
    switch (below(rng, 5)) {
        case 0:
            for (size_t i = below(rng, 8) + 1; i > 0; --i)
                bytes[below(rng, bytes.size())] ^= char(1u << below(rng, 8));
            return "bytes-flip";
        case 1:
            bytes.resize(below(rng, bytes.size()));
            return "bytes-truncate";
        case 2: {
            const size_t at = below(rng, bytes.size() + 1);
            bytes.insert(at, std::string(below(rng, 8) + 1, char(below(rng, 256))));
            return "bytes-insert";
        }
        case 3: {  // a chunk copied elsewhere: fields repeated or cut in the middle
            const size_t from = below(rng, bytes.size());
            const size_t len = below(rng, std::min<size_t>(bytes.size() - from, 64)) + 1;
            const std::string chunk = bytes.substr(from, len);
            bytes.insert(below(rng, bytes.size() + 1), chunk);
            return "bytes-splice";
        }
        default:
            for (size_t i = below(rng, 4) + 1; i > 0; --i)
                bytes[below(rng, bytes.size())] = char(interestingInt(rng));
            return "bytes-set";
    }
}

std::string serialize(const onnx::ModelProto& model, Rng& rng, bool& asText) {
    asText = chance(rng, 0.15);
    std::string out;
    if (asText)
        google::protobuf::TextFormat::PrintToString(model, &out);
    else
        model.SerializeToString(&out);
    return out;
}

FuzzCase makeCase(const std::vector<std::pair<std::string, onnx::ModelProto>>& protoSeeds,
                  const std::vector<std::pair<std::string, std::string>>& byteSeeds, uint64_t caseSeed) {
    Rng rng(caseSeed);
    FuzzCase c;
    // Mostly the generated seeds (valid models, so mutations reach the pipeline); the corpus files
    // (many of them refused by design) for the rest.
    const bool generated = byteSeeds.empty() || (!protoSeeds.empty() && chance(rng, 0.65));
    const size_t choice =
        generated ? below(rng, protoSeeds.size()) : protoSeeds.size() + below(rng, byteSeeds.size());
    onnx::ModelProto model;
    bool parsed = false;
    if (choice < protoSeeds.size()) {
        c.description = protoSeeds[choice].first;
        model = protoSeeds[choice].second;
        parsed = true;
    } else {
        const auto& [name, bytes] = byteSeeds[choice - protoSeeds.size()];
        c.description = name;
        parsed = model.ParseFromString(bytes);
        if (!parsed) c.bytes = bytes;
    }
    bool byteLevel = !parsed;
    if (parsed) {
        // Mostly one or two proto mutations; sometimes none (byte mutations only) or several.
        static const int counts[] = {0, 1, 1, 1, 2, 2, 3, 4};
        for (int i = counts[below(rng, std::size(counts))]; i > 0; --i)
            c.description += " " + mutateProto(model, rng);
        bool asText = false;
        c.bytes = serialize(model, rng, asText);
        if (asText) c.description += " text";
        byteLevel = chance(rng, 0.25);
    }
    if (byteLevel)
        for (size_t i = below(rng, 3) + 1; i > 0; --i) c.description += " " + mutateBytes(c.bytes, rng);
    return c;
}

}  // namespace passscope::fuzz
