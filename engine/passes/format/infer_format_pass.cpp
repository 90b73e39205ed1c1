#include "passes/format/infer_format_pass.h"

#include <deque>
#include <string>
#include <unordered_map>

#include "formats/format_rules.h"
#include "ir/graph.h"
#include "ir/op_types.h"

namespace passscope {
namespace {

using formats::FormatRule;
using formats::kNotATensor;
using formats::kUnknownRank;
using formats::NodeFormats;

// One end of a data edge: an input (consumer side) or an output (producer side) of a node record.
struct Slot {
    int rec = -1;
    uint32_t index = 0;
};

// A tensor desc that reflection ties to others (GE's RefCell): an input or output of a record.
struct Cell {
    int rec = -1;
    bool input = false;
    uint32_t index = 0;
};

// One node of the graph or of a body below it, with GE's view of its tensor descs: the origin
// formats of its outputs (written back at the end) and of its inputs (transient, as GE's input
// descs: PassScope keeps no per-consumer origin).
struct Rec {
    Graph* graph = nullptr;
    const Node* node = nullptr;
    const FormatRule* rule = nullptr;
    NodeFormats f;
    bool locked = false;
    bool netOutput = false;
    std::vector<Slot> producers;               // per input; rec -1 when absent
    std::vector<std::vector<Slot>> consumers;  // per output
    std::vector<int> inGroup, outGroup;        // reflection group per input / output, -1 = none
};

int ruleRank(const TensorDesc& d) {
    if (d.kind != ValueKind::Tensor && d.kind != ValueKind::Unknown) return kNotATensor;
    if (!d.originShape.rankKnown()) return kUnknownRank;
    return static_cast<int>(d.originShape.rank());
}

Format working(Format f) {
    return f == Format::RESERVED ? Format::ND : f;
}

class Refiner {
  public:
    Refiner(Graph& main, PassContext& ctx, const std::string& passName)
        : main_(main), ctx_(ctx), pass_(passName) {}

    bool run(bool applyDataFormat) {
        collect(main_, true);
        link();
        reflectBodies();
        std::vector<int> anchors = refreshAnchors();
        ctx_.count(InferFormatPass::kAnchors, anchors.size());
        for (int a : anchors) {
            if (ctx_.cancelRequested()) return false;
            anchorProcess(a);
        }
        if (applyDataFormat) dataNodeFormatProcess();
        return writeBack();
    }

  private:
    // ---- building the records (GE's ComputeGraph::GetAllNodes order: a body after its owner) ----
    void collect(Graph& g, bool isMain) {
        std::vector<NodeId> order;
        if (isMain) {
            order = topologicalOrderOrThrow(g, pass_);
        } else if (auto o = g.topologicalOrder()) {
            order = std::move(*o);
        } else {
            for (const Node* n : g.nodes()) order.push_back(n->id());
        }
        auto& index = recOf_[&g];
        index.assign(g.idLimit(), -1);
        for (NodeId id : order) {
            const Node& n = g.node(id);
            Rec r;
            r.graph = &g;
            r.node = &n;
            r.rule = &formats::formatRuleFor(n);
            r.locked = formats::formatLocked(n);
            r.netOutput = id == g.netOutput();
            for (const NodeOutput& out : n.outputs()) {
                r.f.outputs.push_back(working(out.desc.originFormat));
                r.f.outputRanks.push_back(ruleRank(out.desc));
            }
            r.f.inputs.assign(n.inputs().size(), Format::ND);
            r.f.inputRanks.assign(n.inputs().size(), kUnknownRank);
            r.producers.assign(n.inputs().size(), Slot{});
            r.consumers.assign(n.outputs().size(), {});
            r.inGroup.assign(n.inputs().size(), -1);
            r.outGroup.assign(n.outputs().size(), -1);
            index[id] = static_cast<int>(recs_.size());
            recs_.push_back(std::move(r));
            for (const Attribute& a : n.attributes())
                for (Graph* body : a.graphs()) {
                    bodies_.push_back({index[id], a.name, body});
                    collect(*body, false);
                }
        }
    }

    int recFor(const Graph* g, NodeId id) const {
        auto it = recOf_.find(g);
        if (it == recOf_.end() || id >= it->second.size()) return -1;
        return it->second[id];
    }

    // Data edges, outer-scope reads of bodies included: a body node reading an outer value is
    // one more consumer of it, so outer reads take the parent's formats and give theirs back.
    void link() {
        for (size_t r = 0; r < recs_.size(); ++r) {
            Rec& rec = recs_[r];
            for (size_t i = 0; i < rec.node->inputs().size(); ++i) {
                const ValueRef& ref = rec.node->input(i);
                if (!ref.valid()) continue;
                const int p = recFor(rec.graph->scope(ref.depth), ref.node);
                if (p < 0 || ref.output >= recs_[p].consumers.size()) continue;
                rec.producers[i] = Slot{p, ref.output};
                rec.f.inputRanks[i] = recs_[p].f.outputRanks[ref.output];
                recs_[p].consumers[ref.output].push_back(Slot{static_cast<int>(r), static_cast<uint32_t>(i)});
            }
        }
    }

    // ---- reflection (docs/ge-formats.md §4; GE's RefRelations / ReflectionProcess) ----
    int newGroup() {
        groups_.emplace_back();
        return static_cast<int>(groups_.size()) - 1;
    }
    void addCell(int group, Cell c) {
        groups_[group].push_back(c);
        (c.input ? recs_[c.rec].inGroup : recs_[c.rec].outGroup)[c.index] = group;
    }

    // A body's graph input j stands for its owner's input `ownerInput`; a body output j for the
    // owner's output `ownerOutput`. ONNX: If branches have no inputs and output what If outputs;
    // a Loop body's inputs are (iteration, cond, carried...) = the Loop's inputs and its outputs
    // (cond, carried..., scan outputs) give the Loop's carried outputs; a Scan body's state
    // inputs and outputs are the Scan's. Scan slices and stacked scan outputs have another rank
    // than their outer tensor and are not tied.
    void reflectBodies() {
        std::unordered_map<long long, int> inGroups, outGroups;  // (owner rec, index) -> group
        auto key = [](int rec, size_t index) { return (static_cast<long long>(rec) << 32) | index; };
        auto groupFor = [&](std::unordered_map<long long, int>& map, int owner, size_t index, bool input) {
            auto [it, added] = map.emplace(key(owner, index), -1);
            if (added) {
                it->second = newGroup();
                addCell(it->second, Cell{owner, input, static_cast<uint32_t>(index)});
            }
            return it->second;
        };
        for (const Body& b : bodies_) {
            const Node& owner = *recs_[b.owner].node;
            const std::string& type = owner.opType();
            const size_t ownerIns = owner.inputs().size(), ownerOuts = owner.outputs().size();
            size_t carried = 0;   // body inputs tied to owner inputs (same index)
            size_t outSkip = 0;   // body outputs before the first one tied to owner output 0
            size_t outCount = 0;  // body outputs tied
            if (type == "If") {
                outCount = ownerOuts;
            } else if (type == "Loop" && b.attribute == "body") {
                carried = ownerIns;
                outSkip = 1;
                outCount = ownerIns >= 2 ? ownerIns - 2 : 0;
            } else if (type == "Scan" && b.attribute == "body") {
                const int64_t scans = owner.attrInt("num_scan_inputs", 0);
                carried = scans >= 0 && size_t(scans) <= ownerIns ? ownerIns - size_t(scans) : 0;
                outCount = carried;
            } else {
                continue;
            }
            const Graph& body = *b.graph;
            for (size_t j = 0; j < carried && j < body.inputs().size(); ++j) {
                const int data = recFor(&body, body.inputs()[j]);
                if (data < 0 || recs_[data].f.outputs.empty()) continue;
                addCell(groupFor(inGroups, b.owner, j, true), Cell{data, false, 0});
            }
            const int out = recFor(&body, body.netOutput());
            if (out < 0) continue;
            const size_t bodyOuts = recs_[out].f.inputs.size();
            for (size_t k = 0; k < outCount && k < ownerOuts && outSkip + k < bodyOuts; ++k)
                addCell(groupFor(outGroups, b.owner, k, false),
                        Cell{out, true, static_cast<uint32_t>(outSkip + k)});
        }
    }

    Format& cellFormat(const Cell& c) {
        Rec& r = recs_[c.rec];
        return c.input ? r.f.inputs[c.index] : r.f.outputs[c.index];
    }
    int cellRank(const Cell& c) const {
        const Rec& r = recs_[c.rec];
        return c.input ? r.f.inputRanks[c.index] : r.f.outputRanks[c.index];
    }

    void reflect(int group, Format format, std::deque<int>& queue) {
        for (const Cell& c : groups_[group]) {
            Format& slot = cellFormat(c);
            if (slot != Format::ND || recs_[c.rec].locked || !formats::formatFitsRank(format, cellRank(c)))
                continue;
            slot = format;
            queue.push_back(c.rec);
        }
    }

    // ---- anchors (GetAnchorPoints, RefreshOriginFormatOfAnchor) ----
    std::vector<int> refreshAnchors() {
        std::vector<int> anchors;
        for (size_t r = 0; r < recs_.size(); ++r) {
            Rec& rec = recs_[r];
            NodeFormats declared;
            declared.inputs.assign(rec.f.inputs.size(), Format::ND);
            declared.outputs.assign(rec.f.outputs.size(), Format::ND);
            declared.inputRanks = rec.f.inputRanks;
            declared.outputRanks = rec.f.outputRanks;
            if (rec.rule->declare) rec.rule->declare(*rec.node, declared);
            if (auto text = formats::unknownAttributeFormat(*rec.node))
                ctx_.warn("node '" + rec.node->displayName() + "': format '" + *text +
                          "' is none PassScope knows (ND, NCHW, NHWC, HWCN, NCDHW, NDHWC, NC1HWC0, "
                          "FRACTAL_Z, FRACTAL_NZ); ignored");
            bool anchor = false;
            for (size_t i = 0; i < declared.inputs.size(); ++i) {
                const Format d = declared.inputs[i];
                if (d == Format::ND) continue;
                anchor = true;
                if (!isInternalFormat(d) && rec.f.inputs[i] == Format::ND) rec.f.inputs[i] = d;
            }
            for (size_t o = 0; o < declared.outputs.size(); ++o) {
                if (rec.f.outputs[o] != Format::ND) {
                    anchor = true;
                    continue;
                }
                // GE's format_ is PassScope's storage format: a tensor stored in a known layout
                // whose origin was never set is an anchor too.
                Format d = declared.outputs[o];
                if (d == Format::ND) d = working(rec.node->output(o).desc.storageFormat);
                if (d == Format::ND) continue;
                anchor = true;
                if (!isInternalFormat(d) && formats::formatFitsRank(d, rec.f.outputRanks[o]))
                    rec.f.outputs[o] = d;
            }
            if (anchor) anchors.push_back(static_cast<int>(r));
        }
        return anchors;
    }

    // ---- spreading (AnchorProcess, BackInferProcess, ForwardInferProcess) ----
    // Whether inference may write `format` into a tensor of `target` with `rank` (§4.2.2 stops).
    bool mayWrite(const Rec& target, int rank, Format format) const {
        if (target.locked) return false;  // ATTR_NAME_FORMAT_LOCKED
        if (rank == 0) return false;      // a scalar has no layout
        if (target.rule->changesDims && (rank == kUnknownRank || rank < 4)) return false;
        return formats::formatFitsRank(format, rank);
    }

    void inferNode(int r) {
        Rec& rec = recs_[r];
        if (rec.rule->infer) rec.rule->infer(*rec.node, rec.f);
    }

    void anchorProcess(int anchor) {
        std::deque<int> queue{anchor};
        while (!queue.empty()) {
            const int r = queue.front();
            queue.pop_front();
            backInfer(r, queue);
            forwardInfer(r, queue);
        }
    }

    void backInfer(int r, std::deque<int>& queue) {
        for (size_t i = 0; i < recs_[r].f.inputs.size(); ++i) {
            const Format format = recs_[r].f.inputs[i];
            const Slot p = recs_[r].producers[i];
            if (format == Format::ND || p.rec < 0) continue;
            Rec& producer = recs_[p.rec];
            if (producer.f.outputs[p.index] != Format::ND) continue;
            if (!mayWrite(producer, producer.f.outputRanks[p.index], format)) continue;
            if (const int group = producer.outGroup[p.index]; group >= 0) {
                reflect(group, format, queue);
                continue;
            }
            producer.f.outputs[p.index] = format;
            inferNode(p.rec);
            queue.push_back(p.rec);
        }
    }

    void forwardInfer(int r, std::deque<int>& queue) {
        for (size_t o = 0; o < recs_[r].f.outputs.size(); ++o) {
            const Format format = recs_[r].f.outputs[o];
            if (format == Format::ND) continue;
            for (const Slot c : recs_[r].consumers[o]) {
                Rec& consumer = recs_[c.rec];
                if (consumer.f.inputs[c.index] != Format::ND) continue;
                if (!mayWrite(consumer, consumer.f.inputRanks[c.index], format)) continue;
                if (const int group = consumer.inGroup[c.index]; group >= 0) {
                    reflect(group, format, queue);
                    continue;
                }
                consumer.f.inputs[c.index] = format;
                // NetOutput records the format and ends the path (format_refiner.cc: "netoutput is
                // end condition"); a body's NetOutput goes on only through reflection.
                if (consumer.netOutput) continue;
                inferNode(c.rec);
                queue.push_back(c.rec);
            }
        }
    }

    // ---- DataNodeFormatProcess ----
    // GE (graph_metadef/graph/refiner/format_refiner.cc, FormatRefiner::DataNodeFormatProcess,
    // docs/ge-formats.md §4) runs it only once the graph was inferred before (the graph attribute
    // _is_graph_inferred that the first run sets), i.e. in InferFormatStage2, and only for a
    // data_format that is neither ND nor internal; a Data node keeps ND when its rank is below 4
    // ("lacking of definition"). PassScope also requires the rank to fit the format (4 for NCHW /
    // NHWC), keeps a _format_locked Data node as it is, and gives the format to the main graph's
    // Data nodes only: a body's inputs reflect their owner's.
    void dataNodeFormatProcess() {
        const Format dataFormat = ctx_.options().dataFormat;
        if (dataFormat == Format::ND || dataFormat == Format::RESERVED || isInternalFormat(dataFormat))
            return;
        std::vector<int> uninferred;
        for (size_t r = 0; r < recs_.size(); ++r) {
            Rec& rec = recs_[r];
            if (rec.graph != &main_ || !op::isData(rec.node->opType(), rec.node->domain())) continue;
            if (rec.f.outputs.empty() || rec.f.outputs[0] != Format::ND || rec.locked) continue;
            const int rank = rec.f.outputRanks[0];
            if (rank < 4 || !formats::formatFitsRank(dataFormat, rank)) continue;
            rec.f.outputs[0] = dataFormat;
            ctx_.count(InferFormatPass::kDataDefaulted);
            uninferred.push_back(static_cast<int>(r));
        }
        for (int r : uninferred) anchorProcess(r);
    }

    // ---- results ----
    bool writeBack() {
        bool changed = false;
        for (Rec& rec : recs_) {
            for (size_t o = 0; o < rec.f.outputs.size(); ++o) {
                const Format now = rec.f.outputs[o];
                const TensorDesc& before = rec.node->output(o).desc;
                if (now == Format::ND || now == before.originFormat) continue;
                TensorDesc desc = before;
                // Storage that still equals the origin of a plain tensor follows it, so that
                // DiffStorageFormat (docs/ge-formats.md §5) reports no difference that is none.
                if (desc.storageFormat == desc.originFormat && desc.storageShape == desc.originShape)
                    desc.storageFormat = now;
                desc.originFormat = now;
                rec.graph->setOutputDesc(rec.node->id(), o, std::move(desc));
                ctx_.count(InferFormatPass::kFormatsInferred);
                changed = true;
            }
        }
        return changed;
    }

    struct Body {
        int owner;
        std::string attribute;
        Graph* graph;
    };

    Graph& main_;
    PassContext& ctx_;
    std::string pass_;
    std::vector<Rec> recs_;
    std::unordered_map<const Graph*, std::vector<int>> recOf_;
    std::vector<Body> bodies_;
    std::vector<std::vector<Cell>> groups_;
};

}  // namespace

bool InferFormatPass::run(Graph& graph, PassContext& ctx) {
    // GE's DataNodeFormatProcess runs only on a graph inferred before: the second stage.
    return Refiner(graph, ctx, name()).run(stage_ >= 2);
}

}  // namespace passscope
