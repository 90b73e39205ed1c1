#include "passes/format/storage_format_selection_pass.h"

#include "formats/storage_shape.h"
#include "ir/op_types.h"

namespace passscope {

int64_t convWeightGroups(const Node& consumer, size_t input, Format storage) {
    if (storage != Format::FRACTAL_Z) return 1;
    const bool onnx = op::isOnnxDomain(consumer.domain());
    const size_t weight = onnx && consumer.opType() == "QLinearConv" ? 3 : 1;
    if (input != weight || !consumer.hasAttr("group")) return 1;
    const int64_t group = consumer.attrInt("group", 1);
    return group > 0 ? group : 1;
}

namespace {

struct Choice {
    Format format;
    Shape shape;
    int64_t subFormat = 0;  // a grouped FRACTAL_Z's groups
};

Choice origin(const TensorDesc& d) {
    return {d.originFormat, d.originShape, 0};
}

// The storage shape of `d` stored as `f`; nullopt when its origin does not convert to `f`.
std::optional<Shape> storageIn(const TensorDesc& d, Format f, int64_t groups = 1) {
    if (f == d.originFormat) return d.originShape;
    return formats::storageShapeOf(d.originShape, d.originFormat, f, d.dtype, groups);
}

// The first candidate the tensor converts to, else its origin (docs/ge-formats.md §9). `groups`
// lays out a FRACTAL_Z candidate.
Choice choose(const TensorDesc& d, const std::vector<Format>& candidates, int64_t groups = 1) {
    for (Format f : candidates) {
        const int64_t g = f == Format::FRACTAL_Z ? groups : 1;
        if (auto shape = storageIn(d, f, g)) return {f, std::move(*shape), subFormatOfGroups(f, g)};
    }
    return origin(d);
}

std::optional<size_t> knownRank(const TensorDesc& d) {
    return d.originShape.rankKnown() ? std::optional<size_t>(d.originShape.rank()) : std::nullopt;
}

// What a consumer expects of a value whose producer describes it as `producer`: the producer's
// origin, stored as chosen. The producer's own storage shape when the format is the one it has.
TensorDesc expectation(const TensorDesc& producer, const Choice& choice) {
    if (!producer.hasType()) return TensorDesc{};
    TensorDesc e = producer;
    if (choice.format != producer.storageFormat || choice.subFormat != producer.storageSubFormat) {
        e.storageFormat = choice.format;
        e.storageSubFormat = choice.subFormat;
        e.storageShape = choice.shape;
    }
    return e;
}

// A single element broadcasts the same way whatever the layout: it keeps its origin format.
bool scalarLike(const TensorDesc& d) {
    auto count = d.originShape.elementCount();
    return count && *count == 1;
}

// Whether `p` broadcasts against `leader` the same way once both are stored as `f`: GE keeps a
// broadcast elementwise op in NC1HWC0 when the broadcast input can be converted too — a
// squeeze-excitation gate [N, C, 1, 1] times a feature map [N, C, H, W]. That holds when both are
// 4-D in the same layout format and the channels match: H, W and N may be 1 (they broadcast
// over whole C0 blocks), but a broadcast along C would spread one padded lane of C0, so it is not.
bool broadcastsInLayout(const TensorDesc& p, const TensorDesc& leader, Format f) {
    if (f != Format::NC1HWC0 || p.originFormat != leader.originFormat) return false;
    const auto axes = formats::axes4d(leader.originFormat);
    const Shape &a = p.originShape, &b = leader.originShape;
    if (!axes || !a.rankKnown() || !b.rankKnown() || a.rank() != 4 || b.rank() != 4) return false;
    // Provably the same extent: equal known values, or the same named symbol (batch, height).
    auto same = [](const Dim& x, const Dim& y) {
        return x.isKnown() ? y.isKnown() && x.value == y.value : !x.symbol.empty() && x.symbol == y.symbol;
    };
    const Dim& c = a.dims()[axes->c];
    if (!c.isKnown() || !same(c, b.dims()[axes->c])) return false;
    for (size_t i = 0; i < 4; ++i)
        if (!same(a.dims()[i], b.dims()[i]) && !(a.dims()[i].isKnown() && a.dims()[i].value == 1))
            return false;
    return true;
}

bool readByABody(const NodeOutput& o) {
    for (const Use& u : o.uses)
        if (u.input == Use::kImplicit) return true;
    return false;
}

// Nodes whose outputs the selection never changes.
bool keepsOwnStorage(const Node& n) {
    if (op::isData(n.opType(), n.domain())) return true;
    return op::holdsConstant(n.opType(), n.domain());
}

class Selector {
  public:
    Selector(Graph& g, PassContext& ctx, const formats::FormatTable& table)
        : g_(g), ctx_(ctx), table_(table) {}

    bool changed = false;

    void place(const Node& n) {
        if (n.id() == g_.netOutput()) return placeNetOutput(n);
        // GE-domain ops (TransData, Variable, ...) keep their storage unless the table lists them
        // (the ref ops Assign, AssignAdd, AssignSub).
        if (keepsOwnStorage(n) || (n.domain() == op::kGeDomain && !table_.has(n.opType(), n.domain())))
            return;
        std::vector<TensorDesc> expected(n.inputs().size());
        std::vector<std::optional<Choice>> outputs(n.outputs().size());
        const bool ownsBody = !n.subgraphs().empty();
        const formats::OpFormatRule& rule = table_.rule(n.opType(), n.domain());
        const bool followed =
            !ownsBody && ((rule.policy == formats::FormatPolicy::Follow && follow(n, expected, outputs)) ||
                          (rule.policy == formats::FormatPolicy::Ref && followValue(n, expected, outputs)));
        if (!followed) {
            for (size_t i = 0; i < n.inputs().size(); ++i) {
                const TensorDesc* p = producerDesc(n.input(i));
                if (!p) continue;
                std::vector<Format> candidates;
                if (!ownsBody) candidates = rule.inputFormats(i, p->dtype, knownRank(*p));
                const int64_t groups = convWeightGroups(n, i, Format::FRACTAL_Z);
                expected[i] = expectation(*p, choose(*p, candidates, groups));
            }
            for (size_t j = 0; j < n.outputs().size(); ++j) {
                const TensorDesc& d = n.output(j).desc;
                if (!d.hasType()) continue;
                std::vector<Format> candidates;
                if (!ownsBody && !readByABody(n.output(j)))
                    candidates = rule.outputFormats(j, d.dtype, knownRank(d));
                outputs[j] = choose(d, candidates);
            }
        }
        applyOutputs(n, outputs);
        applyInputs(n, std::move(expected));
    }

  private:
    const TensorDesc* producerDesc(const ValueRef& r) const {
        if (!r.valid() || r.depth != 0) return nullptr;
        const NodeOutput* v = g_.value(r);
        return v && v->desc.hasType() ? &v->desc : nullptr;
    }

    // Elementwise: the storage of the producer of input 0 when every input of its shape and
    // every output can be stored that way; false = the origin for all.
    bool follow(const Node& n, std::vector<TensorDesc>& expectedOut,
                std::vector<std::optional<Choice>>& outputsOut) {
        if (n.inputs().empty()) return false;
        std::vector<TensorDesc> expected(n.inputs().size());
        std::vector<std::optional<Choice>> outputs(n.outputs().size());
        const TensorDesc* p0 = producerDesc(n.input(0));
        if (!p0 || p0->storageFormat == p0->originFormat) return false;
        const Format f = p0->storageFormat;
        const int64_t sub = p0->storageSubFormat, groups = p0->storageGroups();
        expected[0] = *p0;
        for (size_t i = 1; i < n.inputs().size(); ++i) {
            const TensorDesc* p = producerDesc(n.input(i));
            if (!p) continue;
            if (scalarLike(*p)) {
                expected[i] = expectation(*p, origin(*p));
                continue;
            }
            if ((!(p->originShape == p0->originShape) || p->originFormat != p0->originFormat) &&
                !broadcastsInLayout(*p, *p0, f))
                return false;
            auto shape = storageIn(*p, f, groups);
            if (!shape) return false;
            expected[i] = expectation(*p, Choice{f, std::move(*shape), sub});
        }
        for (size_t j = 0; j < n.outputs().size(); ++j) {
            const TensorDesc& d = n.output(j).desc;
            if (!d.hasType()) continue;
            // Same logical tensor and the same cube size: element i of the input is element i of
            // the output in the same place (a Cast float -> int8 changes C0 and would not be).
            if (readByABody(n.output(j)) || !(d.originShape == p0->originShape) ||
                d.originFormat != p0->originFormat || formats::cubeC0(d.dtype) != formats::cubeC0(p0->dtype))
                return false;
            auto shape = storageIn(d, f, groups);
            if (!shape) return false;
            outputs[j] = Choice{f, std::move(*shape), sub};
        }
        expectedOut = std::move(expected);
        outputsOut = std::move(outputs);
        return true;
    }

    // A ref op: the variable (input 0), the value (input 1) and the ref output 0 take the storage
    // format of the value's producer, when all three have the value's origin shape and format
    // (docs/ge-formats.md §9, "ref"); further inputs and outputs keep their origin. false = the
    // origin for all.
    bool followValue(const Node& n, std::vector<TensorDesc>& expectedOut,
                     std::vector<std::optional<Choice>>& outputsOut) {
        if (n.inputs().size() < 2 || n.outputs().empty()) return false;
        const TensorDesc* value = producerDesc(n.input(1));
        const TensorDesc* var = producerDesc(n.input(0));
        const TensorDesc& ref = n.output(0).desc;
        if (!value || !var || !ref.hasType() || value->storageFormat == value->originFormat) return false;
        const Format f = value->storageFormat;
        const int64_t sub = value->storageSubFormat, groups = value->storageGroups();
        auto alike = [&](const TensorDesc& d) {
            return d.originShape == value->originShape && d.originFormat == value->originFormat &&
                   formats::cubeC0(d.dtype) == formats::cubeC0(value->dtype);
        };
        if (!alike(*var) || !alike(ref) || readByABody(n.output(0))) return false;
        auto varShape = storageIn(*var, f, groups);
        auto refShape = storageIn(ref, f, groups);
        if (!varShape || !refShape) return false;
        std::vector<TensorDesc> expected(n.inputs().size());
        std::vector<std::optional<Choice>> outputs(n.outputs().size());
        expected[0] = expectation(*var, Choice{f, std::move(*varShape), sub});
        expected[1] = *value;
        for (size_t i = 2; i < n.inputs().size(); ++i)
            if (const TensorDesc* p = producerDesc(n.input(i))) expected[i] = expectation(*p, origin(*p));
        outputs[0] = Choice{f, std::move(*refShape), sub};
        for (size_t j = 1; j < n.outputs().size(); ++j)
            if (n.output(j).desc.hasType()) outputs[j] = origin(n.output(j).desc);
        expectedOut = std::move(expected);
        outputsOut = std::move(outputs);
        return true;
    }

    void placeNetOutput(const Node& out) {
        std::vector<TensorDesc> expected = out.inputDescs();
        expected.resize(out.inputs().size());
        for (size_t i = 0; i < out.inputs().size(); ++i) {
            const TensorDesc* p = producerDesc(out.input(i));
            if (!p) continue;
            TensorDesc& e = expected[i];
            // A storage format that differs from the origin here was the user's
            // (PrepareRunningFormatRefiner): the output is delivered that way.
            const bool user = e.hasType() && e.storageFormat != e.originFormat;
            if (!e.hasType()) e = *p;
            e.originFormat = p->originFormat;
            if (!user) {
                e.storageFormat = e.originFormat;
                e.storageSubFormat = 0;
                e.storageShape = e.originShape;
            }
        }
        applyInputs(out, std::move(expected));
    }

    void applyOutputs(const Node& n, const std::vector<std::optional<Choice>>& outputs) {
        for (size_t j = 0; j < outputs.size(); ++j) {
            if (!outputs[j]) continue;
            TensorDesc d = n.output(j).desc;
            d.storageFormat = outputs[j]->format;
            d.storageSubFormat = outputs[j]->subFormat;
            d.storageShape = outputs[j]->shape;
            if (d == n.output(j).desc) continue;
            if (d.storageFormat != d.originFormat)
                ctx_.count(StorageFormatSelectionPass::kStorageFormatsSelected);
            g_.setOutputDesc(n.id(), j, std::move(d));
            changed = true;
        }
    }

    void applyInputs(const Node& n, std::vector<TensorDesc> expected) {
        std::vector<TensorDesc> current = n.inputDescs();
        current.resize(expected.size());
        size_t differing = 0;
        for (size_t i = 0; i < expected.size(); ++i) differing += !(expected[i] == current[i]);
        if (differing == 0) return;
        ctx_.count(StorageFormatSelectionPass::kExpectationsSet, differing);
        g_.setInputDescs(n.id(), std::move(expected));
        changed = true;
    }

    Graph& g_;
    PassContext& ctx_;
    const formats::FormatTable& table_;
};

}  // namespace

bool StorageFormatSelectionPass::run(Graph& g, PassContext& ctx) {
    // Bodies keep their origin formats: their Data nodes mirror the parent's values, which the
    // parent converts to their origin before the owning node (docs/ge-formats.md §9).
    if (g.parent()) return false;
    const std::shared_ptr<const formats::FormatTable> table =
        formats::FormatTable::forOptions(ctx.options().formatTable);
    Selector selector(g, ctx, *table);
    bool bodies = false;
    for (NodeId id : topologicalOrderOrThrow(g, name())) {
        if (ctx.cancelRequested()) break;
        const Node& n = g.node(id);
        bodies |= !n.subgraphs().empty();
        selector.place(n);
    }
    if (bodies)
        ctx.warn(
            "storage format selection leaves the bodies of If/Loop/Scan nodes, and the values they read, "
            "in their origin formats");
    return selector.changed;
}

}  // namespace passscope
