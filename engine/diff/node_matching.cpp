// matchNodes (docs/graph-diff.md §1–§3): names first, then the value a node computes, then
// structure, growing outward from what is already matched until nothing changes.
#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "diff/constant_content.h"
#include "diff/desc_text.h"
#include "diff/graph_diff.h"
#include "diff/matching_detail.h"
#include "diff/node_identity.h"
#include "ir/op_types.h"

namespace passscope::diff {
namespace {

// Nodes of both graphs that share one signature; a pair is made only when each side has exactly
// one (docs/graph-diff.md §2: unique candidates only, so a tie never guesses).
struct Bucket {
    std::array<std::vector<NodeId>, 2> side;
};

class Matcher {
  public:
    Matcher(const Graph& a, const Graph& b, const ConstantTable* ca, const ConstantTable* cb)
        : g_{&a, &b}, constants_{ca, cb} {
        for (int s = 0; s < 2; ++s) {
            partner_[s].assign(g_[s]->idLimit(), kNoNode);
            pendingInputs_[s].assign(g_[s]->idLimit(), 0);
            pendingUses_[s].assign(g_[s]->idLimit(), 0);
        }
    }

    NodeMatching run() {
        matchByKey([](int, const Node& n) { return identityKey(n); });
        // §1: an unnamed computation node is still known by the (SSA-unique) value it computes.
        matchByKey([](int, const Node& n) {
            if (op::isStructural(n.opType(), n.domain())) return std::string();
            for (const NodeOutput& o : n.outputs())
                if (!o.name.empty()) return opLabel(n) + '\n' + o.name;
            return std::string();
        });
        const bool byValue = constants_[0] && constants_[1];
        if (byValue) {
            // §8: a constant is known by its value name whatever holds it, then by its value.
            matchByKey([this](int s, const Node& n) {
                return constants_[s]->find(n.id()) && !n.outputs().empty() && !n.output(0).name.empty()
                           ? "constant\n" + n.output(0).name
                           : std::string();
            });
            pairConstantsOfMatchedConsumers(true);
            pairConstantsByValue();
        }
        seedNeighbourhood();
        propagate();
        // §8: a weight whose value and holder's name both changed is still the one its consumer
        // reads in that slot.
        if (byValue && pairConstantsOfMatchedConsumers(false)) {
            seedNeighbourhood();
            propagate();
        }
        // §3: the last resort, then structure again from the pairs it made.
        if (matchByKey([this](int s, const Node& n) { return descriptionSignature(s, n); })) {
            seedNeighbourhood();
            propagate();
        }
        return result();
    }

  private:
    bool matched(int s, NodeId id) const { return partner_[s][id] != kNoNode; }
    // A depth-0 reference to a live node of side s (a dangling one counts as no producer).
    bool local(int s, const ValueRef& r) const {
        return r.valid() && r.depth == 0 && r.node < partner_[s].size() && g_[s]->findNode(r.node);
    }

    void pair(NodeId x, NodeId y) {
        partner_[0][x] = y;
        partner_[1][y] = x;
        queue_.emplace_back(x, y);
    }

    // Pairs unmatched nodes whose key (non-empty) is unique on both sides. Returns whether any
    // pair was made.
    template <class KeyFn>
    bool matchByKey(KeyFn key) {
        std::array<std::map<std::string, std::vector<NodeId>>, 2> byKey;
        for (int s = 0; s < 2; ++s)
            for (const Node* n : g_[s]->nodes()) {
                if (matched(s, n->id())) continue;
                std::string k = key(s, *n);
                if (!k.empty()) byKey[s][std::move(k)].push_back(n->id());
            }
        bool any = false;
        for (const auto& [k, xs] : byKey[0]) {
            auto it = byKey[1].find(k);
            if (xs.size() != 1 || it == byKey[1].end() || it->second.size() != 1) continue;
            pair(xs[0], it->second[0]);
            any = true;
        }
        queue_.clear();  // seedNeighbourhood() counts from the matching as it stands
        return any;
    }

    // §8: for every matched pair, the constants read in the same input slot on both sides are the
    // same constant (with equal values when `equalOnly`). Returns whether any pair was made.
    bool pairConstantsOfMatchedConsumers(bool equalOnly) {
        bool any = false;
        for (const Node* x : g_[0]->nodes()) {
            if (!matched(0, x->id())) continue;
            const Node& y = g_[1]->node(partner_[0][x->id()]);
            const size_t n = std::min(x->inputs().size(), y.inputs().size());
            for (size_t i = 0; i < n; ++i) {
                const ValueRef &rx = x->input(i), &ry = y.input(i);
                if (!local(0, rx) || !local(1, ry) || matched(0, rx.node) || matched(1, ry.node)) continue;
                const ConstantContent* cx = constants_[0]->find(rx.node);
                const ConstantContent* cy = constants_[1]->find(ry.node);
                if (!cx || !cy || (equalOnly && !cx->sameAs(*cy))) continue;
                pair(rx.node, ry.node);
                any = true;
            }
        }
        queue_.clear();
        return any;
    }

    // §8: unmatched constants whose value occurs once among the unmatched of each side.
    void pairConstantsByValue() {
        std::array<std::unordered_map<size_t, std::vector<NodeId>>, 2> byHash;
        for (int s = 0; s < 2; ++s)
            for (const Node* n : g_[s]->nodes())
                if (const ConstantContent* c = constants_[s]->find(n->id()); c && !matched(s, n->id()))
                    byHash[s][c->hash].push_back(n->id());
        for (const Node* n : g_[0]->nodes()) {  // id order: deterministic
            const ConstantContent* cx = constants_[0]->find(n->id());
            if (!cx || matched(0, n->id())) continue;
            const std::vector<NodeId>& xs = byHash[0][cx->hash];
            auto it = byHash[1].find(cx->hash);
            if (xs.size() != 1 || it == byHash[1].end() || it->second.size() != 1) continue;
            if (constants_[1]->find(it->second[0])->sameAs(*cx)) pair(n->id(), it->second[0]);
        }
        queue_.clear();
    }

    // "<op>\n<input descs>\n<output descs>": what a node looks like from outside.
    std::string descriptionSignature(int s, const Node& n) const {
        if (op::isStructural(n.opType(), n.domain())) return {};
        std::string sig = opLabel(n) + "\nin";
        const Graph& g = *g_[s];
        for (size_t i = 0; i < n.inputs().size(); ++i) {
            const NodeOutput* v = n.input(i).valid() ? g.value(n.input(i)) : nullptr;
            sig += " " + (v ? descText(v->desc) : std::string("-"));
        }
        sig += "\nout";
        for (const NodeOutput& o : n.outputs()) sig += " " + descText(o.desc);
        return sig;
    }

    // Counts, for every unmatched node, the data inputs whose producer is unmatched and the data
    // uses whose consumer is; a node with none left enters its signature's bucket.
    void seedNeighbourhood() {
        forward_.clear();
        backward_.clear();
        dirty_.clear();
        for (int s = 0; s < 2; ++s)
            for (const Node* n : g_[s]->nodes()) {
                if (matched(s, n->id())) continue;
                int inputs = 0, uses = 0;
                for (const ValueRef& r : n->inputs())
                    if (local(s, r) && !matched(s, r.node)) ++inputs;
                for (const NodeOutput& o : n->outputs())
                    for (const Use& u : o.uses)
                        if (u.input >= 0 && !matched(s, u.node)) ++uses;
                pendingInputs_[s][n->id()] = inputs;
                pendingUses_[s][n->id()] = uses;
                if (inputs == 0) enter(forward_, s, *n, forwardSignature(s, *n));
                if (uses == 0) enter(backward_, s, *n, backwardSignature(s, *n));
            }
    }

    // The id a node of side s stands for on side b (1): itself on b, its partner on a.
    int64_t asB(int s, NodeId id) const { return s == 1 ? id : partner_[0][id]; }

    // §2: op and, per data input, the matched producer and output index.
    std::string forwardSignature(int s, const Node& n) const {
        std::string sig = opLabel(n) + '\n';
        for (const ValueRef& r : n.inputs()) {
            if (!local(s, r))
                sig += "-,";
            else
                sig += std::to_string(asB(s, r.node)) + ':' + std::to_string(r.output) + ',';
        }
        return sig;
    }

    // §2: op and the sorted (matched consumer, input, own output) of every data use.
    std::string backwardSignature(int s, const Node& n) const {
        std::vector<std::array<int64_t, 3>> uses;
        for (size_t k = 0; k < n.outputs().size(); ++k)
            for (const Use& u : n.output(k).uses)
                if (u.input >= 0) uses.push_back({asB(s, u.node), u.input, static_cast<int64_t>(k)});
        std::sort(uses.begin(), uses.end());
        std::string sig = opLabel(n) + '\n';
        for (const auto& u : uses)
            sig += std::to_string(u[0]) + ':' + std::to_string(u[1]) + ':' + std::to_string(u[2]) + ',';
        return sig;
    }

    void enter(std::map<std::string, Bucket>& buckets, int s, const Node& n, std::string sig) {
        if (op::isStructural(n.opType(), n.domain())) return;  // §1: known by value name only
        auto it = buckets.try_emplace(std::move(sig)).first;
        it->second.side[s].push_back(n.id());
        dirty_.insert(&*it);
    }

    // Follows every new pair to its neighbours until no bucket yields a unique pair (§2).
    void propagate() {
        for (;;) {
            while (!queue_.empty()) {
                auto [x, y] = queue_.front();
                queue_.pop_front();
                release(0, x);
                release(1, y);
            }
            bool any = false;
            std::set<std::pair<const std::string, Bucket>*> dirty;
            dirty.swap(dirty_);
            // Deterministic: buckets in signature order, not pointer order.
            std::vector<std::pair<const std::string, Bucket>*> ordered(dirty.begin(), dirty.end());
            std::sort(ordered.begin(), ordered.end(), [](auto* l, auto* r) { return l->first < r->first; });
            for (auto* entry : ordered) {
                const Bucket& bucket = entry->second;
                if (bucket.side[0].size() != 1 || bucket.side[1].size() != 1) continue;
                NodeId x = bucket.side[0][0], y = bucket.side[1][0];
                if (matched(0, x) || matched(1, y)) continue;
                pair(x, y);
                any = true;
            }
            if (!any) return;
        }
    }

    // Node `id` of side s was just matched: its unmatched consumers and producers lose one
    // pending neighbour each.
    void release(int s, NodeId id) {
        const Graph& g = *g_[s];
        const Node& n = g.node(id);
        for (const NodeOutput& o : n.outputs())
            for (const Use& u : o.uses) {
                if (u.input < 0 || matched(s, u.node)) continue;
                if (--pendingInputs_[s][u.node] == 0) {
                    const Node& c = g.node(u.node);
                    enter(forward_, s, c, forwardSignature(s, c));
                }
            }
        for (const ValueRef& r : n.inputs()) {
            if (!local(s, r) || matched(s, r.node)) continue;
            if (--pendingUses_[s][r.node] == 0) {
                const Node& p = g.node(r.node);
                enter(backward_, s, p, backwardSignature(s, p));
            }
        }
    }

    NodeMatching result() const {
        NodeMatching m;
        for (const Node* n : g_[0]->nodes()) {
            if (matched(0, n->id()))
                m.matched.emplace_back(n->id(), partner_[0][n->id()]);
            else
                m.onlyInA.push_back(n->id());
        }
        for (const Node* n : g_[1]->nodes())
            if (!matched(1, n->id())) m.onlyInB.push_back(n->id());
        return m;
    }

    std::array<const Graph*, 2> g_;
    std::array<const ConstantTable*, 2> constants_;  // both set only with constantsByValue
    std::array<std::vector<NodeId>, 2> partner_;
    std::array<std::vector<int>, 2> pendingInputs_, pendingUses_;
    std::deque<std::pair<NodeId, NodeId>> queue_;
    std::map<std::string, Bucket> forward_, backward_;
    std::set<std::pair<const std::string, Bucket>*> dirty_;
};

}  // namespace

NodeMatching matchNodes(const Graph& a, const Graph& b, const DiffOptions& options) {
    if (!options.constantsByValue) return Matcher(a, b, nullptr, nullptr).run();
    const ConstantTable ca(a), cb(b);
    return matchNodes(a, b, ca, cb);
}

NodeMatching matchNodes(const Graph& a, const Graph& b, const ConstantTable& ca, const ConstantTable& cb) {
    return Matcher(a, b, &ca, &cb).run();
}

}  // namespace passscope::diff
