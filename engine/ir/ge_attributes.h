#pragma once
// Attributes GE's dumps carry that describe GE's bookkeeping rather than the node (docs/ge-dumps.md
// §6): `id` is the node's place in GE's topological order, renumbered by every stage that adds or
// removes a node upstream. Kept on the node (the properties show it), but a change of it alone
// neither makes a node "changed" in a diff nor marks it edited in a step.
#include <string_view>

namespace passscope::ge {

inline bool isBookkeepingAttribute(std::string_view name) {
    return name == "id";
}

}  // namespace passscope::ge
