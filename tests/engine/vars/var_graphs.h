#pragma once
// Small graphs of persistent-memory nodes for the VarManager tests, built in code.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/op_types.h"
#include "vars/var_memory_plan.h"

namespace passscope::test::vars {

template <typename T>
std::shared_ptr<const Buffer> bufferOf(const std::vector<T>& values) {
    std::string bytes(values.size() * sizeof(T), '\0');
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return std::make_shared<StringBuffer>(std::move(bytes));
}

inline NodeId addFloatConst(Graph& g, const std::string& name, const std::vector<float>& values) {
    const std::vector<int64_t> dims{static_cast<int64_t>(values.size())};
    Node& n = g.addNode(std::string(op::kConst), "", name, 1);
    g.setOutputName(n.id(), 0, name);
    g.setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents(dims)));
    g.setAttribute(n.id(), Attribute::makeTensor(std::string(op::attr::kValue),
                                                 Tensor(DataType::Float, dims, bufferOf(values))));
    return n.id();
}

inline NodeId addVariable(Graph& g, const std::string& name, DataType dtype, std::vector<int64_t> dims,
                          Format format = Format::ND) {
    Node& n = g.addNode(std::string(op::kVariable), std::string(op::kGeDomain), name, 1);
    g.setOutputName(n.id(), 0, name);
    g.setOutputDesc(n.id(), 0, TensorDesc::tensor(dtype, Shape::fromExtents(dims), format));
    return n.id();
}

inline NodeId addFileConstant(Graph& g, const std::string& name, const std::string& location, int64_t offset,
                              int64_t count) {
    Node& n = g.addNode(std::string(op::kFileConstant), std::string(op::kGeDomain), name, 1);
    g.setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({count})));
    g.setAttribute(n.id(), Attribute::makeString(std::string(varattr::kLocation), location));
    g.setAttribute(n.id(), Attribute::makeInt(std::string(varattr::kOffset), offset));
    g.setAttribute(n.id(), Attribute::makeInt(std::string(varattr::kLength), count * 4));
    return n.id();
}

inline const VarMemoryEntry& entryOf(const VarMemoryPlan& plan, NodeId id) {
    const VarMemoryEntry* e = plan.findByNode(id);
    if (!e) throw std::runtime_error("no entry for node " + std::to_string(id));
    return *e;
}

// A float [16, 2] held as FRACTAL_NZ [1, 1, 16, 16].
inline TensorDesc nzDesc() {
    TensorDesc d = TensorDesc::tensor(DataType::Float, Shape::fromExtents({16, 2}));
    d.storageFormat = Format::FRACTAL_NZ;
    d.storageShape = Shape::fromExtents({1, 1, 16, 16});
    return d;
}

}  // namespace passscope::test::vars
