#include "layout/graphviz_discipline.h"

#include <deque>
#include <string>
#include <unordered_map>

#include <graphviz/cgraph.h>

namespace passscope::views {

// The state's parts have names of their own rather than internal linkage: in a unity batch (this
// file included from another) GCC warns of a member of internal linkage in GraphDiscipline::State.

// Named objects get even IDs 2, 4, 6... (names[id / 2 - 1]); anonymous ones (our edges, dot's
// helper nodes) odd IDs from a counter of this graph. Even/odd is the convention of cgraph's own
// discipline (lib/cgraph/id.c): agnameof() only asks for names of even IDs.
struct GraphvizIdTable {
    std::unordered_map<std::string, IDTYPE> ids;
    std::deque<std::string> names;  // a deque keeps c_str() stable as it grows
    IDTYPE nextAnonymous = 1;
};

// cgraph passes our Agdisc_t back to the open() callbacks; this is how they find their state.
struct GraphvizDiscWithOwner {
    Agdisc_t disc;  // first member: a pointer to it is a pointer to the whole
    GraphDiscipline::State* owner;
};

struct GraphDiscipline::State {
    GraphvizDiscWithOwner disc{};
    GraphvizIdTable ids;
};

namespace {

GraphDiscipline::State* ownerOf(Agdisc_t* disc) {
    return reinterpret_cast<GraphvizDiscWithOwner*>(disc)->owner;
}

void* idOpen(Agraph_t*, Agdisc_t* disc) {
    return &ownerOf(disc)->ids;
}

long idMap(void* state, int, char* name, IDTYPE* id, int create) {
    auto* t = static_cast<GraphvizIdTable*>(state);
    if (!name) {
        *id = t->nextAnonymous;
        t->nextAnonymous += 2;
        return 1;
    }
    if (const auto it = t->ids.find(name); it != t->ids.end()) {
        *id = it->second;
        return 1;
    }
    if (!create) return 0;
    t->names.emplace_back(name);
    *id = 2 * static_cast<IDTYPE>(t->names.size());
    t->ids.emplace(t->names.back(), *id);
    return 1;
}

long idAlloc(void*, int, IDTYPE) {
    return 0;  // like the default: callers may not choose IDs
}

void idFree(void*, int, IDTYPE) {}  // names live as long as the GraphDiscipline

char* idPrint(void* state, int, IDTYPE id) {
    auto* t = static_cast<GraphvizIdTable*>(state);
    if (id % 2 != 0 || id == 0 || id / 2 > t->names.size()) return nullptr;
    return t->names[static_cast<std::size_t>(id / 2 - 1)].data();
}

void idClose(void*) {}
void idRegister(void*, int, void*) {}

Agiddisc_t creationOrderIds = {idOpen, idMap, idAlloc, idFree, idPrint, idClose, idRegister};

}  // namespace

GraphDiscipline::GraphDiscipline() : m_state(std::make_unique<State>()) {
    // Null memory and I/O disciplines mean cgraph's defaults.
    m_state->disc.disc = Agdisc_t{nullptr, &creationOrderIds, nullptr};
    m_state->disc.owner = m_state.get();
}

GraphDiscipline::~GraphDiscipline() = default;

Agdisc_s* GraphDiscipline::disc() {
    return &m_state->disc.disc;
}

}  // namespace passscope::views
