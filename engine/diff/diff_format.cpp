// diffToJson / diffToText (docs/graph-diff.md §5, §8).
#include <nlohmann/json.hpp>

#include "diff/graph_diff.h"

namespace passscope::diff {
namespace {

nlohmann::json changedJson(const ChangedNode& c) {
    nlohmann::json fields = nlohmann::json::array();
    for (const FieldChange& f : c.fields)
        fields.push_back({{"field", f.field}, {"before", f.before}, {"after", f.after}});
    nlohmann::json entry = {{"name", c.name}, {"op", c.op}, {"fields", std::move(fields)}};
    if (!c.consumers.empty()) entry["consumers"] = c.consumers;
    if (c.maxAbsDiff) entry["max_abs_diff"] = *c.maxAbsDiff;  // inf stays JSON-valid as null
    return entry;
}

std::string heldText(const HeldConstant& h) {
    auto side = [](const std::string& name, const std::string& op) {
        return name.empty() ? std::string("(none)") : name + " (" + op + ")";
    };
    return side(h.nameA, h.opA) + " -> " + side(h.nameB, h.opB) + ": " + h.value;
}

}  // namespace

std::string diffToJson(const GraphDiff& diff, const DiffOptions& options) {
    auto refs = [](const std::vector<NodeRef>& nodes) {
        nlohmann::json list = nlohmann::json::array();
        for (const NodeRef& n : nodes) list.push_back({{"name", n.name}, {"op", n.op}});
        return list;
    };
    nlohmann::json changed = nlohmann::json::array();
    for (const ChangedNode& c : diff.changed) changed.push_back(changedJson(c));
    nlohmann::json out = nlohmann::json::object();
    out["added"] = refs(diff.added);
    out["removed"] = refs(diff.removed);
    out["changed"] = std::move(changed);
    if (options.constantsByValue) {
        nlohmann::json held = nlohmann::json::array();
        for (const HeldConstant& h : diff.heldDifferently)
            held.push_back(
                {{"a", h.nameA}, {"op_a", h.opA}, {"b", h.nameB}, {"op_b", h.opB}, {"value", h.value}});
        out["held_differently"] = std::move(held);
    }
    if (options.refinementsApart) {
        nlohmann::json refined = nlohmann::json::array();
        for (const ChangedNode& c : diff.refined) refined.push_back(changedJson(c));
        out["refined"] = std::move(refined);
    }
    // Names may hold any bytes a model put there: replace invalid UTF-8 rather than throw.
    return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string diffToText(const GraphDiff& diff, const DiffOptions& options, bool listApart) {
    auto shown = [](const std::string& v) { return v.empty() ? std::string("(absent)") : v; };
    auto fieldLines = [&](const char* mark, const ChangedNode& c) {
        std::string s;
        for (const FieldChange& f : c.fields)
            s += std::string(mark) + " " + c.name + " (" + c.op + "): " + f.field + " " + shown(f.before) +
                 " -> " + shown(f.after) + "\n";
        return s;
    };
    std::string s;
    for (const NodeRef& n : diff.removed) s += "- " + n.name + " (" + n.op + ")\n";
    for (const NodeRef& n : diff.added) s += "+ " + n.name + " (" + n.op + ")\n";
    for (const ChangedNode& c : diff.changed) {
        s += fieldLines("~", c);
        if (c.maxAbsDiff)
            s +=
                "~ " + c.name + " (" + c.op + "): max abs difference " + std::to_string(*c.maxAbsDiff) + "\n";
        if (!c.consumers.empty()) {
            s += "~ " + c.name + " (" + c.op + "): read by ";
            for (size_t i = 0; i < c.consumers.size(); ++i) s += (i ? ", " : "") + c.consumers[i];
            s += "\n";
        }
    }
    if (listApart) {
        for (const HeldConstant& h : diff.heldDifferently) s += "= " + heldText(h) + "\n";
        for (const ChangedNode& c : diff.refined) s += fieldLines("=", c);
    }
    s += std::to_string(diff.added.size()) + " added, " + std::to_string(diff.removed.size()) + " removed, " +
         std::to_string(diff.changed.size()) + " changed\n";
    if (options.constantsByValue)
        s += std::to_string(diff.heldDifferently.size()) +
             " constants held differently (same dtype, shape and bytes)\n";
    if (options.refinementsApart)
        s += std::to_string(diff.refined.size()) +
             " nodes with value descriptions only refined (shapes or dtypes inferred)\n";
    return s;
}

}  // namespace passscope::diff
