// diffToJson / diffToText (docs/graph-diff.md §5).
#include <nlohmann/json.hpp>

#include "diff/graph_diff.h"

namespace passscope::diff {

std::string diffToJson(const GraphDiff& diff) {
    auto refs = [](const std::vector<NodeRef>& nodes) {
        nlohmann::json list = nlohmann::json::array();
        for (const NodeRef& n : nodes) list.push_back({{"name", n.name}, {"op", n.op}});
        return list;
    };
    nlohmann::json changed = nlohmann::json::array();
    for (const ChangedNode& c : diff.changed) {
        nlohmann::json fields = nlohmann::json::array();
        for (const FieldChange& f : c.fields)
            fields.push_back({{"field", f.field}, {"before", f.before}, {"after", f.after}});
        changed.push_back({{"name", c.name}, {"op", c.op}, {"fields", std::move(fields)}});
    }
    nlohmann::json out = nlohmann::json::object();
    out["added"] = refs(diff.added);
    out["removed"] = refs(diff.removed);
    out["changed"] = std::move(changed);
    // Names may hold any bytes a model put there: replace invalid UTF-8 rather than throw.
    return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string diffToText(const GraphDiff& diff) {
    auto shown = [](const std::string& v) { return v.empty() ? std::string("(absent)") : v; };
    std::string s;
    for (const NodeRef& n : diff.removed) s += "- " + n.name + " (" + n.op + ")\n";
    for (const NodeRef& n : diff.added) s += "+ " + n.name + " (" + n.op + ")\n";
    for (const ChangedNode& c : diff.changed)
        for (const FieldChange& f : c.fields)
            s += "~ " + c.name + " (" + c.op + "): " + f.field + " " + shown(f.before) + " -> " +
                 shown(f.after) + "\n";
    s += std::to_string(diff.added.size()) + " added, " + std::to_string(diff.removed.size()) + " removed, " +
         std::to_string(diff.changed.size()) + " changed\n";
    return s;
}

}  // namespace passscope::diff
