#pragma once
// Shared by the folding pass tests: models with symbolic dims built with the protobuf API, a
// pipeline run with its journal, and the last not-folded reason of a node.
#include <cstring>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine_helpers.h"
#include "folding_fixtures.h"
#include "model_builders.h"
#include "pipeline/journal.h"
#include "pipeline/pass_manager.h"
#include "report/pipeline_report.h"

namespace passscope::test {

// A dim of a declared value: a number, a dim_param name, or "" for an anonymous unknown dim.
using DimSpec = std::variant<int64_t, std::string>;

inline onnx::ValueInfoProto* addValue(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
                                      const std::string& name, int elemType,
                                      const std::vector<DimSpec>& dims) {
    auto* vi = list->Add();
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(elemType);
    tt->mutable_shape();
    for (const DimSpec& d : dims) {
        auto* dim = tt->mutable_shape()->add_dim();
        if (const auto* v = std::get_if<int64_t>(&d))
            dim->set_dim_value(*v);
        else if (!std::get<std::string>(d).empty())
            dim->set_dim_param(std::get<std::string>(d));
    }
    return vi;
}

inline void setIntAttr(onnx::NodeProto& n, const std::string& name, int64_t v) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
}

// The value of the constant that produces graph value `name`, or null when it is not a constant.
inline const Tensor* constantProducing(const Graph& g, const std::string& name) {
    auto values = g.valuesByName();
    auto it = values.find(name);
    if (it == values.end()) return nullptr;
    const Node* p = g.producer(it->second);
    return p && p->opType() == "Const" ? p->attrTensor("value") : nullptr;
}

inline std::vector<int64_t> int64Values(const Tensor& t) {
    std::vector<int64_t> out(static_cast<size_t>(t.elementCount()));
    if (!out.empty()) std::memcpy(out.data(), t.rawData(), out.size() * sizeof(int64_t));
    return out;
}

// The last word on `node` among the not-folded reasons of the run.
inline std::optional<UnfoldedNode> lastReason(const Journal& j, const Graph& g, const std::string& node) {
    for (const UnfoldedNode& u : finalUnfolded(j, g))
        if (u.name == node) return u;
    return std::nullopt;
}

// Whether some step of `pass` in `stage` counted `statistic` above zero.
inline bool counted(const Journal& j, const std::string& pass, const std::string& stage,
                    const std::string& statistic) {
    for (const JournalStep& s : j.steps())
        if (s.pass == pass && (stage.empty() || s.stage == stage) && s.stats.value(statistic) > 0)
            return true;
    return false;
}

inline bool ran(const Journal& j, const std::string& pass) {
    for (const JournalStep& s : j.steps())
        if (s.pass == pass) return true;
    return false;
}

}  // namespace passscope::test
