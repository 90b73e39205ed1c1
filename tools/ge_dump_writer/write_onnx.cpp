// ge_onnx_*.pbtxt the way GE writes it: OnnxUtils::ConvertGeModelToModelProto and its helpers in
// graph_metadef/graph/utils/ge_ir_utils.cc, printed by google::protobuf::TextFormat (GraphUtils::
// WriteProtoToTextFile). Per node: op_type "ge:<type>"; inputs "<node>:<index>" / "" then
// "<node>:-1"; outputs "<node>:<index>" per connected output and "<node>:-1" when it has control
// successors; attributes sorted by name: _input_name_key/_value, <side>_desc_nums, the six
// description fields and the ext-meta fields per tensor (or one JSON string <side>_desc_<i> when a
// side has 20 or more tensors), id, stream_id, the op's own attributes (strings only at
// DUMP_GE_GRAPH=1; a Const's value as value_desc_* plus value_data at level 1).
#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <set>
#include <sstream>

#include "ge_graph.h"

namespace gedump {
namespace {

using AP = onnx::AttributeProto;
constexpr size_t kJsonThreshold = 20;  // kTensorDescStructuredThresholds

void addInt(onnx::NodeProto& n, const std::string& name, int64_t v) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(AP::INT);
    a->set_i(v);
}
void addInts(onnx::NodeProto& n, const std::string& name, const std::vector<int64_t>& v) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(AP::INTS);
    for (int64_t x : v) a->add_ints(x);
}
void addString(onnx::NodeProto& n, const std::string& name, const std::string& v) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(AP::STRING);
    a->set_s(v);
}
void addStrings(onnx::NodeProto& n, const std::string& name, const std::vector<std::string>& v) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(AP::STRINGS);
    for (const auto& x : v) a->add_strings(x);
}

// The ext-meta members GE writes per tensor (ext_meta_attr_handlers_), at their defaults.
void extMeta(const Desc& d, const std::function<void(const std::string&, int64_t)>& i,
             const std::function<void(const std::string&, const std::string&)>& s) {
    i("size", 0);
    i("weight_size", 0);
    i("reuse_input", 0);
    i("output_tensor", 0);
    s("device_type", "NPU");
    i("input_tensor", 0);
    i("real_dim_cnt", static_cast<int64_t>(d.shape.size()));
    i("data_offset", 0);
    i("cmps_size", 0);
    s("cmps_tab", "");
    i("cmps_tab_offset", 0);
}

void descs(onnx::NodeProto& n, const std::string& side, const std::vector<Desc>& ds) {
    addInt(n, side + "_desc_nums", static_cast<int64_t>(ds.size()));
    const std::string prefix = side + "_desc_";
    for (size_t i = 0; i < ds.size(); ++i) {
        const Desc& d = ds[i];
        if (ds.size() >= kJsonThreshold) {
            nlohmann::json j;
            j["dtype"] = d.dtype;
            j["origin_dtype"] = d.dtype;
            j["shape"] = d.shape;
            j["origin_shape"] = d.originShape;
            j["layout"] = d.layout;
            j["origin_layout"] = d.originLayout;
            extMeta(
                d, [&](const std::string& k, int64_t v) { j[k] = v; },
                [&](const std::string& k, const std::string& v) { j[k] = v; });
            addString(n, prefix + std::to_string(i), j.dump());
            continue;
        }
        const std::string suffix = ":" + std::to_string(i);
        addString(n, prefix + "dtype" + suffix, d.dtype);
        addString(n, prefix + "origin_dtype" + suffix, d.dtype);
        addInts(n, prefix + "shape" + suffix, d.shape);
        addInts(n, prefix + "origin_shape" + suffix, d.originShape);
        addString(n, prefix + "layout" + suffix, d.layout);
        addString(n, prefix + "origin_layout" + suffix, d.originLayout);
        extMeta(
            d, [&](const std::string& k, int64_t v) { addInt(n, prefix + k + suffix, v); },
            [&](const std::string& k, const std::string& v) { addString(n, prefix + k + suffix, v); });
    }
}

void attributes(const Node& src, size_t index, DumpLevel level, onnx::NodeProto& n);
void links(const Graph& g, const Node& src, onnx::NodeProto& n);

void node(const Graph& g, size_t index, DumpLevel level, onnx::NodeProto& n) {
    const Node& src = g.nodes[index];
    n.set_name(src.name);
    n.set_op_type("ge:" + src.type);
    if (level != DumpLevel::WithoutDesc) attributes(src, index, level, n);
    links(g, src, n);
}

void attributes(const Node& src, size_t index, DumpLevel level, onnx::NodeProto& n) {
    // GetAllInputName: a map, so in name order.
    std::vector<std::pair<std::string, int64_t>> names;
    for (size_t i = 0; i < src.inputNames.size(); ++i)
        names.emplace_back(src.inputNames[i], static_cast<int64_t>(i));
    std::sort(names.begin(), names.end());
    if (!names.empty()) {
        std::vector<std::string> keys;
        std::vector<int64_t> values;
        for (const auto& [k, v] : names) {
            keys.push_back(k);
            values.push_back(v);
        }
        addStrings(n, "_input_name_key", keys);
        addInts(n, "_input_name_value", values);
    }
    descs(n, "input", src.inDescs);
    descs(n, "output", src.outDescs);
    addInt(n, "id", static_cast<int64_t>(index));
    addInt(n, "stream_id", 0);
    for (const char* list : {"input_name", "src_name", "dst_name"}) addStrings(n, list, {});
    for (const char* list :
         {"src_index", "dst_index", "input_i", "output_i", "workspace", "workspace_bytes", "is_input_const"})
        addInts(n, list, {});
    for (const auto& [name, value] : src.attrs) {
        if (auto* i = std::get_if<int64_t>(&value)) addInt(n, name, *i);
        if (auto* b = std::get_if<bool>(&value)) addInt(n, name, *b ? 1 : 0);
        if (auto* f = std::get_if<float>(&value)) {
            auto* a = n.add_attribute();
            a->set_name(name);
            a->set_type(AP::FLOAT);
            a->set_f(*f);
        }
        if (auto* s = std::get_if<std::string>(&value))
            if (level == DumpLevel::All) addString(n, name, *s);
        if (auto* v = std::get_if<std::vector<int64_t>>(&value)) addInts(n, name, *v);
    }
    if (src.weights) {
        const Desc& d = src.weights->desc;
        addString(n, "value_desc_dtype", d.dtype);
        addInts(n, "value_desc_shape", d.shape);
        addString(n, "value_desc_layout", d.layout);
        addString(n, "value_desc_device_type", "NPU");
        if (level == DumpLevel::All) addString(n, "value_data", src.weights->bytes);
    }
    std::sort(n.mutable_attribute()->begin(), n.mutable_attribute()->end(),
              [](const AP& a, const AP& b) { return a.name() < b.name(); });
}

void links(const Graph& g, const Node& src, onnx::NodeProto& n) {
    for (const auto& in : src.inputs) n.add_input(in);
    for (const auto& c : src.controls) n.add_input(c + ":-1");
    // Outputs with a consumer, then ":-1" when something waits on this node.
    std::set<int64_t> used;
    bool controlled = false;
    for (const Node& other : g.nodes) {
        for (const auto& in : other.inputs)
            if (in.rfind(src.name + ":", 0) == 0 && in.size() > src.name.size() + 1)
                used.insert(std::stoll(in.substr(src.name.size() + 1)));
        for (const auto& c : other.controls) controlled |= c == src.name;
    }
    for (int64_t i : used) n.add_output(src.name + ":" + std::to_string(i));
    if (controlled) n.add_output(src.name + ":-1");
}

void valueInfo(const Node& n, onnx::ValueInfoProto& vi) {
    vi.set_name(n.name);
    auto* t = vi.mutable_type()->mutable_tensor_type();
    for (const Desc& d : n.outDescs) {  // EncodeTypeProtoTensorType: the last output wins
        t->set_elem_type(d.dtype == "DT_FLOAT16" ? onnx::TensorProto::FLOAT16 : onnx::TensorProto::FLOAT);
        for (int64_t x : d.shape) t->mutable_shape()->add_dim()->set_dim_value(x);
    }
}

}  // namespace

std::string onnxDumpText(const Graph& g, DumpLevel level) {
    onnx::ModelProto m;
    m.set_ir_version(6);  // ge.onnx's IR_VERSION
    m.set_producer_name("GE");
    auto* gp = m.mutable_graph();
    gp->set_name(g.name);
    // EncodeGraph writes inputs and outputs; ConvertGeModelToModelProto then clears the inputs.
    for (const Node& n : g.nodes)
        if (n.type == "NetOutput") valueInfo(n, *gp->add_output());
    for (size_t i = 0; i < g.nodes.size(); ++i) node(g, i, level, *gp->add_node());
    // Each subgraph as a node of type "subgraph" holding it in attribute "graph" (its inputs kept).
    for (const Graph& sub : g.subgraphs) {
        auto* holder = gp->add_node();
        holder->set_name(sub.name);
        holder->set_op_type("subgraph");
        auto* a = holder->add_attribute();
        a->set_name("graph");
        a->set_type(AP::GRAPH);
        auto* sg = a->mutable_g();
        sg->set_name(sub.name);
        for (const Node& n : sub.nodes) {
            if (n.type == "Data") valueInfo(n, *sg->add_input());
            if (n.type == "NetOutput") valueInfo(n, *sg->add_output());
        }
        for (size_t i = 0; i < sub.nodes.size(); ++i) node(sub, i, level, *sg->add_node());
    }
    std::string text;
    google::protobuf::TextFormat::PrintToString(m, &text);
    return text;
}

std::string onnxDumpName(const Stage& s) {
    std::ostringstream name;
    name << "ge_onnx_" << std::setw(8) << std::setfill('0') << s.index << "_graph_" << s.graph.id << "_"
         << s.name << ".pbtxt";
    return name.str();
}

}  // namespace gedump
