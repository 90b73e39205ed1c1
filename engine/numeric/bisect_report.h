#pragma once
// A bisect result as `passscope-cli bisect` prints it: JSON ({"first_divergent": {...} | null})
// and text. Kept in the engine so the GUI and tests read the same figures.
#include <string>

#include <nlohmann/json.hpp>

#include "numeric/bisect.h"

namespace passscope::numeric {

// {"first_divergent": {"step", "pass", "stage", "nodes": [names], "outputs": [{"name", "max_abs",
// "max_rel", "equal"}], "values": [{"name", "node", "op", "max_abs", "max_rel"}],
// "diverging_values", "compared_values"} or null, "pass_runs", "evaluated_steps", "nodes_computed",
// "nodes_reused"}.
nlohmann::json bisectJson(const BisectResult& result);
std::string bisectText(const BisectResult& result, const BisectOptions& options);

}  // namespace passscope::numeric
