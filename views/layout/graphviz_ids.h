#pragma once
// A cgraph discipline that numbers named graph objects in the order they are created.
// cgraph's default gives a named object the address of its interned name as ID, and dot visits
// subgraphs (our clusters) in ID order, so the same request laid out twice, with the heap in a
// different state, came back with clusters ordered differently and every position moved.
struct Agdisc_s;

namespace passscope::views {

// For agopen(); the discipline is stateless, each graph gets its own table (freed by agclose).
Agdisc_s* creationOrderDiscipline();

}  // namespace passscope::views
