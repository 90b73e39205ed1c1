// ge_proto_*.txt the way GE writes it: ge::Model::Save into ge.proto.ModelDef
// (graph_metadef/graph/serialization/model_serialize.cc, normal_graph/ge_tensor.cc) printed by
// google::protobuf::TextFormat. A TensorDescriptor holds dtype, layout (storage format), shape
// (storage shape) and attr origin_format / origin_shape; an OpDef its inputs as
// "<node>:<index>" / "" then "<node>:-1", its attributes in a map, a Const's weights in attr value.
#include <google/protobuf/text_format.h>

#include <iomanip>
#include <sstream>

#include "dump/ge_ir.pb.h"
#include "ge_graph.h"

namespace gedump {
namespace {

::ge::proto::DataType dtype(const std::string& name) {
    ::ge::proto::DataType t = ::ge::proto::DT_UNDEFINED;
    ::ge::proto::DataType_Parse(name, &t);
    return t;
}

void desc(const Desc& d, ::ge::proto::TensorDescriptor& td) {
    td.set_dtype(dtype(d.dtype));
    td.set_layout(d.layout);
    for (int64_t x : d.shape) td.mutable_shape()->add_dim(x);
    td.set_has_out_attr(true);
    td.set_device_type("NPU");
    td.set_real_dim_cnt(static_cast<int64_t>(d.shape.size()));
    auto& attr = *td.mutable_attr();
    attr["origin_format"].set_s(d.originLayout);
    auto* shape = attr["origin_shape"].mutable_list();
    for (int64_t x : d.originShape) shape->add_i(x);
    shape->set_val_type(::ge::proto::AttrDef::ListValue::VT_LIST_INT);
    attr["origin_shape_initialized"].set_b(true);
    attr["origin_data_type"].set_s(d.dtype);
}

}  // namespace

namespace {

void graphDef(const Graph& g, DumpLevel level, ::ge::proto::GraphDef* gd) {
    gd->set_name(g.name);
    for (const Node& n : g.nodes) {
        if (n.type == "Data") gd->add_input(n.name + ":0");
        if (n.type == "NetOutput")
            for (const auto& in : n.inputs) gd->add_output(in);
    }
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        const Node& n = g.nodes[i];
        auto* op = gd->add_op();
        op->set_name(n.name);
        op->set_type(n.type);
        for (const auto& in : n.inputs) op->add_input(in);
        for (const auto& c : n.controls) op->add_input(c + ":-1");
        op->set_has_out_attr(true);
        op->set_id(static_cast<int64_t>(i));
        for (const Desc& d : n.inDescs) desc(d, *op->add_input_desc());
        for (const Desc& d : n.outDescs) desc(d, *op->add_output_desc());
        auto& attr = *op->mutable_attr();
        for (const auto& [name, value] : n.attrs) {
            if (auto* x = std::get_if<int64_t>(&value)) attr[name].set_i(*x);
            if (auto* b = std::get_if<bool>(&value)) attr[name].set_b(*b);
            if (auto* f = std::get_if<float>(&value)) attr[name].set_f(*f);
            if (auto* s = std::get_if<std::string>(&value)) attr[name].set_s(*s);
            if (auto* v = std::get_if<std::vector<int64_t>>(&value)) {
                auto* list = attr[name].mutable_list();
                for (int64_t x : *v) list->add_i(x);
                list->set_val_type(::ge::proto::AttrDef::ListValue::VT_LIST_INT);
            }
        }
        for (const auto& sub : n.subgraphs) op->add_subgraph_name(sub);
        if (n.weights) {
            auto* t = attr["value"].mutable_t();
            desc(n.weights->desc, *t->mutable_desc());
            if (level == DumpLevel::All) t->set_data(n.weights->bytes);
        }
    }
}

}  // namespace

// ge::Model::Save: graph[0] the root graph, then every subgraph (ComputeGraph::GetAllSubgraphs).
std::string protoDumpText(const Graph& g, DumpLevel level) {
    ::ge::proto::ModelDef m;
    graphDef(g, level, m.add_graph());
    for (const Graph& sub : g.subgraphs) graphDef(sub, level, m.add_graph());
    std::string text;
    google::protobuf::TextFormat::PrintToString(m, &text);
    return text;
}

std::string protoDumpName(const Stage& s) {
    std::ostringstream name;
    name << "ge_proto_" << std::setw(8) << std::setfill('0') << s.index << "_graph_" << s.graph.id << "_"
         << s.name << ".txt";
    return name.str();
}

}  // namespace gedump
