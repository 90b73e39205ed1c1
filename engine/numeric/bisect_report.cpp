#include "numeric/bisect_report.h"

#include <iomanip>
#include <sstream>

namespace passscope::numeric {
namespace {

// JSON has no infinity or NaN: an overflow to inf is written as a string.
nlohmann::json number(double v) {
    if (std::isfinite(v)) return v;
    return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
}

}  // namespace

nlohmann::json bisectJson(const BisectResult& result) {
    nlohmann::json j;
    j["pass_runs"] = result.steps;
    j["evaluated_steps"] = result.evaluated;
    j["nodes_computed"] = result.computed;
    j["nodes_reused"] = result.reused;
    if (!result.first) {
        j["first_divergent"] = nullptr;
        return j;
    }
    const Divergence& d = *result.first;
    nlohmann::json f;
    f["step"] = d.step;
    f["pass"] = d.pass;
    f["stage"] = d.stage;
    f["graph"] = d.graph;  // the body the pass ran in; "" for the main graph
    f["nodes"] = d.nodes;
    f["outputs"] = nlohmann::json::array();
    for (const OutputDivergence& o : d.outputs)
        f["outputs"].push_back({{"name", o.name},
                                {"max_abs", number(o.maxAbs)},
                                {"max_rel", number(o.maxRel)},
                                {"equal", o.equal}});
    f["values"] = nlohmann::json::array();
    for (const ValueDivergence& v : d.values.diverging)
        f["values"].push_back({{"graph", v.graph},
                               {"name", v.value},
                               {"node", v.node},
                               {"op", v.op},
                               {"max_abs", number(v.maxAbs)},
                               {"max_rel", number(v.maxRel)}});
    f["diverging_values"] = d.values.divergingCount;
    f["compared_values"] = d.values.compared;
    j["first_divergent"] = std::move(f);
    return j;
}

std::string bisectText(const BisectResult& result, const BisectOptions& options) {
    std::ostringstream out;
    out << result.steps << " pass runs; " << result.evaluated.size() << " evaluations (" << result.computed
        << " nodes computed, " << result.reused << " reused); rtol " << options.rtol << ", atol "
        << options.atol << "\n";
    if (!result.first) {
        out << "no pass run changed the outputs\n";
        return out.str();
    }
    const Divergence& d = *result.first;
    out << "first divergent pass run: step " << d.step << ", " << d.pass
        << (d.graph.empty() ? "" : " in " + d.graph) << " (" << d.stage << ")\n";
    out << "nodes it changed:";
    for (const std::string& n : d.nodes) out << " " << n;
    out << (d.nodes.empty() ? " none\n" : "\n");
    out << std::left << std::setw(32) << "Output" << std::setw(8) << "Equal" << std::right << std::setw(14)
        << "max |diff|" << std::setw(14) << "max rel"
        << "\n";
    for (const OutputDivergence& o : d.outputs)
        out << std::left << std::setw(32) << o.name << std::setw(8) << (o.equal ? "yes" : "NO") << std::right
            << std::setprecision(3) << std::setw(14) << o.maxAbs << std::setw(14) << o.maxRel << "\n";
    out << "values that differ before and after the step: " << d.values.divergingCount << " of "
        << d.values.compared << (d.values.divergingCount > d.values.diverging.size() ? ", the first " : "")
        << (d.values.divergingCount > d.values.diverging.size() ? std::to_string(d.values.diverging.size())
                                                                : "")
        << " in topological order\n";
    for (const ValueDivergence& v : d.values.diverging)
        out << "  " << std::left << std::setw(30) << (v.graph.empty() ? v.value : v.graph + ": " + v.value)
            << std::setw(24) << (v.node + " (" + v.op + ")") << std::right << std::setprecision(3)
            << std::setw(14) << v.maxAbs << std::setw(14) << v.maxRel
            << (v.detail.empty() ? "" : "  " + v.detail) << "\n";
    return out.str();
}

}  // namespace passscope::numeric
