#include "ir/node.h"

namespace passscope {

std::string Node::displayName() const {
    if (!name_.empty()) return name_;
    return opType_ + "#" + std::to_string(id_);
}

const Attribute* Node::findAttr(std::string_view name) const {
    for (const Attribute& a : attrs_)
        if (a.name == name) return &a;
    return nullptr;
}

int64_t Node::attrInt(std::string_view name, int64_t fallback) const {
    const Attribute* a = findAttr(name);
    if (!a) return fallback;
    if (const auto* v = std::get_if<int64_t>(&a->value)) return *v;
    return fallback;
}

std::string Node::attrString(std::string_view name, std::string fallback) const {
    const Attribute* a = findAttr(name);
    const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr;
    return s ? *s : fallback;
}

const Tensor* Node::attrTensor(std::string_view name) const {
    const Attribute* a = findAttr(name);
    return a ? std::get_if<Tensor>(&a->value) : nullptr;
}

std::vector<Graph*> Node::subgraphs() const {
    std::vector<Graph*> out;
    for (const Attribute& a : attrs_) {
        auto gs = a.graphs();
        out.insert(out.end(), gs.begin(), gs.end());
    }
    return out;
}

}  // namespace passscope
