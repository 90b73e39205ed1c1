#pragma once
// The cgraph discipline a layout's graph is opened with: it numbers named objects in the order
// they are created. cgraph's default makes a named object's ID the address of its interned name,
// and dot visits subgraphs (our clusters) in ID order, so one request laid out twice, with the
// heap in another state, came back with clusters ordered differently and every position moved.
#include <memory>

struct Agdisc_s;

namespace passscope::views {

class GraphDiscipline {
  public:
    GraphDiscipline();
    ~GraphDiscipline();  // agclose() the graph first
    GraphDiscipline(const GraphDiscipline&) = delete;
    GraphDiscipline& operator=(const GraphDiscipline&) = delete;

    // For agopen(); valid for one graph, as long as this object lives.
    Agdisc_s* disc();

    struct State;  // the ID table (graphviz_discipline.cpp)

  private:
    std::unique_ptr<State> m_state;
};

}  // namespace passscope::views
