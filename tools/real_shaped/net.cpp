// Implementation of net.h.
#include "net.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace passscope::real_shaped {

namespace {

// Paddle's layer outputs are named after the layer's snake_case type: conv2d_3.tmp_0.
std::string snake(std::string_view op_type) {
    std::string out;
    for (char c : op_type) {
        if (std::isupper(static_cast<unsigned char>(c)) && !out.empty()) out += '_';
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

onnx::TensorProto int32_backed(int elem_type, std::vector<std::int64_t> dims) {
    onnx::TensorProto t;
    t.set_data_type(elem_type);
    for (std::int64_t d : dims) t.add_dims(d);
    return t;
}

}  // namespace

std::pair<std::string, std::string> Net::names(std::string_view op_type, std::string_view scope) {
    switch (naming_) {
        case Naming::Torch2: {
            std::string name = std::string(scope) + "/" + std::string(op_type);
            const int n = used_[name]++;
            if (n > 0) name += "_" + std::to_string(n);
            return {name, name + "_output_0"};
        }
        case Naming::TorchFlat: {
            const int n = counter_++;
            return {std::string(op_type) + "_" + std::to_string(n), std::to_string(n)};
        }
        case Naming::Paddle2Onnx: {
            const int n = used_[std::string(op_type)]++;
            return {"p2o." + std::string(op_type) + "." + std::to_string(n),
                    snake(op_type) + "_" + std::to_string(n) + ".tmp_0"};
        }
    }
    return {};
}

NodeRef Net::op(std::string_view op_type, std::string_view scope, std::vector<std::string> inputs,
                int num_outputs) {
    auto [name, output] = names(op_type, scope);
    std::vector<std::string> outputs{output};
    for (int i = 1; i < num_outputs; ++i) outputs.push_back(output + "_" + std::to_string(i));
    return g_.add_named(op_type, std::move(name), std::move(inputs), std::move(outputs));
}

void Net::attr_s(std::string_view name, std::string_view value) {
    auto* a = graph_.mutable_node(graph_.node_size() - 1)->add_attribute();
    a->set_name(std::string(name));
    a->set_type(onnx::AttributeProto_AttributeType_STRING);
    a->set_s(std::string(value));
}

std::string Net::weight(const std::string& name, onnx::TensorProto value) {
    if (weights_ == Weights::Initializers) return g_.initializer(name, std::move(value));
    // Paddle2ONNX leaves weight Constants unnamed; PyTorch numbers them like any node.
    std::string node_name = naming_ == Naming::Paddle2Onnx ? std::string() : names("Constant", "").first;
    g_.add_named("Constant", std::move(node_name), {}, {name}).attr_t("value", value);
    weight_outputs_.push_back(name);
    return name;
}

std::string Net::constant(std::string_view scope, onnx::TensorProto value) {
    if (weights_ == Weights::Initializers) {
        std::string name = names("Constant", scope).second;
        if (naming_ == Naming::TorchFlat) name = "onnx::Constant_" + name;
        return g_.initializer(std::move(name), std::move(value));
    }
    if (naming_ == Naming::Paddle2Onnx) {
        const std::string output = "p2o.helper.constant." + std::to_string(used_["helper.constant"]++);
        return g_.add_named("Constant", "", {}, {output}).attr_t("value", value).out();
    }
    return op("Constant", scope, {}).attr_t("value", value).out();
}

void Net::weights_first() {
    const std::set<std::string> weights(weight_outputs_.begin(), weight_outputs_.end());
    auto is_weight = [&](const onnx::NodeProto& n) {
        return n.op_type() == "Constant" && n.output_size() == 1 && weights.count(n.output(0)) > 0;
    };
    std::vector<onnx::NodeProto> nodes(graph_.node().begin(), graph_.node().end());
    std::stable_partition(nodes.begin(), nodes.end(), is_weight);
    graph_.clear_node();
    for (auto& n : nodes) *graph_.add_node() = std::move(n);
}

onnx::TensorProto int8_tensor(SplitMix64& rng, std::vector<std::int64_t> dims) {
    std::int64_t count = 1;
    for (std::int64_t d : dims) count *= d;
    onnx::TensorProto t = int32_backed(kInt8, std::move(dims));
    for (std::int64_t i = 0; i < count; ++i)
        t.add_int32_data(static_cast<std::int32_t>(rng.next() % 255) - 127);
    return t;
}

onnx::TensorProto int8_scalar(std::int8_t value) {
    onnx::TensorProto t = int32_backed(kInt8, {});
    t.add_int32_data(value);
    return t;
}

onnx::TensorProto uint8_scalar(std::uint8_t value) {
    onnx::TensorProto t = int32_backed(kUint8, {});
    t.add_int32_data(value);
    return t;
}

}  // namespace passscope::real_shaped
