#pragma once
// What CondRemovePass and ZeroTripLoopRemovePass share (docs/ge-constant-folding.md §15): how a runtime value
// is named in a why-not reason, and whether a value may stand in for a control-flow output without
// contradicting its description.
#include <optional>
#include <string>

#include "ir/graph.h"

namespace passscope::controlflow {

// "'c' is computed at run time by 'eq' (Equal)", "'c' is a graph input", ...: why the value
// behind `ref` is not a constant.
std::string describeRuntimeValue(const Graph& g, const ValueRef& ref);

}  // namespace passscope::controlflow
