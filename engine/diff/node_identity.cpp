#include "diff/node_identity.h"

#include "ir/op_types.h"

namespace passscope::diff {

std::string identityKey(const Node& n) {
    // docs/graph-diff.md §1: graph inputs and initializers are known in ONNX by their value name
    // only; the importer names the node after it, and a Const a pass made gets it on reload.
    if (op::isStructural(n.opType(), n.domain())) {
        if (n.opType() == op::kNetOutput) return "netoutput";
        if (!n.outputs().empty() && !n.output(0).name.empty()) return "value:" + n.output(0).name;
        return n.name().empty() ? std::string() : "value:" + n.name();
    }
    return n.name().empty() ? std::string() : "node:" + n.name();
}

std::string shownName(const Node& n) {
    const std::string key = identityKey(n);
    if (key == "netoutput") return n.name().empty() ? std::string(op::kNetOutput) : n.name();
    if (key.empty()) return n.displayName();
    return key.substr(key.find(':') + 1);
}

std::string opLabel(const Node& n) {
    if (op::isOnnxDomain(n.domain())) return n.opType();
    return n.domain() + ":" + n.opType();
}

std::unordered_map<std::string, NodeId> uniqueIdentities(const Graph& g) {
    std::unordered_map<std::string, NodeId> ids;
    std::unordered_map<std::string, bool> repeated;
    for (const Node* n : g.nodes()) {
        std::string key = identityKey(*n);
        if (key.empty()) continue;
        auto [it, fresh] = ids.emplace(key, n->id());
        if (!fresh) repeated[key] = true;
    }
    for (const auto& [key, _] : repeated) ids.erase(key);
    return ids;
}

}  // namespace passscope::diff
