// Implementation of the graph-building helpers declared in builder.h.
#include "builder.h"

#include <cmath>

namespace passscope::samples {

namespace {

std::int64_t element_count(const std::vector<std::int64_t>& dims) {
    std::int64_t count = 1;
    for (std::int64_t d : dims) count *= d;
    return count;
}

onnx::TensorProto shell(int elem_type, const std::vector<std::int64_t>& dims) {
    onnx::TensorProto t;
    t.set_data_type(elem_type);
    for (std::int64_t d : dims) t.add_dims(d);
    return t;
}

void set_type(onnx::TypeProto* type, int elem_type, const Shape& shape) {
    auto* tensor = type->mutable_tensor_type();
    tensor->set_elem_type(elem_type);
    // A declared scalar still needs an (empty) shape message; without it the type
    // would mean "unknown rank" rather than "rank 0".
    auto* out_shape = tensor->mutable_shape();
    for (const Dim& d : shape) {
        auto* dim = out_shape->add_dim();
        if (d.param.empty()) {
            dim->set_dim_value(d.value);
        } else {
            dim->set_dim_param(d.param);
        }
    }
}

void set_value_info(onnx::ValueInfoProto* info, const std::string& name, int elem_type, const Shape& shape) {
    info->set_name(name);
    set_type(info->mutable_type(), elem_type, shape);
}

}  // namespace

onnx::TensorProto float_tensor(std::vector<std::int64_t> dims, const std::vector<float>& values) {
    onnx::TensorProto t = shell(kFloat, dims);
    for (float v : values) t.add_float_data(v);
    return t;
}

onnx::TensorProto int64_tensor(std::vector<std::int64_t> dims, const std::vector<std::int64_t>& values) {
    onnx::TensorProto t = shell(kInt64, dims);
    for (std::int64_t v : values) t.add_int64_data(v);
    return t;
}

onnx::TensorProto float_scalar(float value) {
    return float_tensor({}, {value});
}

onnx::TensorProto int64_scalar(std::int64_t value) {
    return int64_tensor({}, {value});
}

onnx::TensorProto random_tensor(SplitMix64& rng, std::vector<std::int64_t> dims, float bound) {
    onnx::TensorProto t = shell(kFloat, dims);
    const std::int64_t n = element_count(dims);
    for (std::int64_t i = 0; i < n; ++i) t.add_float_data(rng.symmetric(bound));
    return t;
}

onnx::TensorProto positive_tensor(SplitMix64& rng, std::vector<std::int64_t> dims, float hi) {
    onnx::TensorProto t = shell(kFloat, dims);
    const std::int64_t n = element_count(dims);
    for (std::int64_t i = 0; i < n; ++i) t.add_float_data(rng.upper_half(hi));
    return t;
}

float fan_in_bound(std::int64_t fan_in) {
    // std::sqrt is correctly rounded (IEEE 754), so this is identical on every platform.
    return static_cast<float>(1.0 / std::sqrt(static_cast<double>(fan_in)));
}

NodeRef& NodeRef::attr_i(std::string_view name, std::int64_t value) {
    auto* a = node_->add_attribute();
    a->set_name(std::string(name));
    a->set_type(onnx::AttributeProto_AttributeType_INT);
    a->set_i(value);
    return *this;
}

NodeRef& NodeRef::attr_f(std::string_view name, float value) {
    auto* a = node_->add_attribute();
    a->set_name(std::string(name));
    a->set_type(onnx::AttributeProto_AttributeType_FLOAT);
    a->set_f(value);
    return *this;
}

NodeRef& NodeRef::attr_ints(std::string_view name, const std::vector<std::int64_t>& values) {
    auto* a = node_->add_attribute();
    a->set_name(std::string(name));
    a->set_type(onnx::AttributeProto_AttributeType_INTS);
    for (std::int64_t v : values) a->add_ints(v);
    return *this;
}

NodeRef& NodeRef::attr_t(std::string_view name, const onnx::TensorProto& value) {
    auto* a = node_->add_attribute();
    a->set_name(std::string(name));
    a->set_type(onnx::AttributeProto_AttributeType_TENSOR);
    *a->mutable_t() = value;
    return *this;
}

NodeRef GraphBuilder::add(std::string_view op_type, std::string_view scope, std::vector<std::string> inputs,
                          int num_outputs) {
    std::string name = std::string(scope) + "/" + std::string(op_type);
    std::vector<std::string> outputs;
    for (int i = 0; i < num_outputs; ++i) outputs.push_back(name + "_output_" + std::to_string(i));
    return add_named(op_type, std::move(name), std::move(inputs), std::move(outputs));
}

NodeRef GraphBuilder::add_named(std::string_view op_type, std::string name, std::vector<std::string> inputs,
                                std::vector<std::string> outputs, std::string_view domain) {
    onnx::NodeProto* node = graph_.add_node();
    node->set_op_type(std::string(op_type));
    node->set_name(std::move(name));
    if (!domain.empty()) node->set_domain(std::string(domain));
    for (auto& in : inputs) node->add_input(std::move(in));
    for (auto& out : outputs) node->add_output(std::move(out));
    return NodeRef(node);
}

std::string GraphBuilder::constant(std::string_view scope, onnx::TensorProto value) {
    return add("Constant", scope, {}).attr_t("value", value).out();
}

std::string GraphBuilder::initializer(std::string name, onnx::TensorProto value) {
    value.set_name(name);
    *graph_.add_initializer() = std::move(value);
    return name;
}

std::string GraphBuilder::input(std::string name, int elem_type, const Shape& shape) {
    set_value_info(graph_.add_input(), name, elem_type, shape);
    return name;
}

void GraphBuilder::output(const std::string& name, int elem_type, const Shape& shape) {
    set_value_info(graph_.add_output(), name, elem_type, shape);
}

void GraphBuilder::value_info(const std::string& name, int elem_type, const Shape& shape) {
    set_value_info(graph_.add_value_info(), name, elem_type, shape);
}

onnx::ModelProto new_model(std::string graph_name, std::string doc_string,
                           const std::vector<std::pair<std::string, std::int64_t>>& extra_opsets) {
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.set_producer_name("passscope-make-samples");
    auto* onnx_opset = model.add_opset_import();
    onnx_opset->set_domain("");
    onnx_opset->set_version(13);
    for (const auto& [domain, version] : extra_opsets) {
        auto* opset = model.add_opset_import();
        opset->set_domain(domain);
        opset->set_version(version);
    }
    model.mutable_graph()->set_name(std::move(graph_name));
    model.mutable_graph()->set_doc_string(std::move(doc_string));
    return model;
}

}  // namespace passscope::samples
