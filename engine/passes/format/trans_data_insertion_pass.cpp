#include "passes/format/trans_data_insertion_pass.h"

#include "formats/transdata_layout.h"
#include "ir/node_attributes.h"
#include "ir/op_types.h"

namespace passscope {

bool needsTransData(const TensorDesc& producer, const TensorDesc& expected) {
    if (!producer.hasType() || !expected.hasType()) return false;
    if (producer.storageFormat != expected.storageFormat) return true;
    // A FRACTAL_Z laid out for other conv groups is another layout even where the shapes agree.
    if (producer.storageSubFormat != expected.storageSubFormat) return true;
    // The same internal format laid out for another shape (a grouped FRACTAL_Z, a user's storage
    // shape) is a conversion too; an origin format with a declared shape that differs is not.
    return isInternalFormat(expected.storageFormat) && producer.storageShape.isStatic() &&
           expected.storageShape.isStatic() && !(producer.storageShape == expected.storageShape);
}

void setTransDataGroups(Graph& g, NodeId transData, const TensorDesc& from, const TensorDesc& to) {
    const bool fromFz = from.storageFormat == Format::FRACTAL_Z, toFz = to.storageFormat == Format::FRACTAL_Z;
    const int64_t groups = toFz ? to.storageGroups() : fromFz ? from.storageGroups() : 1;
    if (groups != 1)
        g.setAttribute(transData, Attribute::makeInt(std::string(formats::kTransDataGroupsAttr), groups));
    if (!fromFz || !toFz) return;
    g.setAttribute(transData, Attribute::makeInt(std::string(formats::kTransDataSrcSubFormatAttr),
                                                 from.storageSubFormat));
    g.setAttribute(transData,
                   Attribute::makeInt(std::string(formats::kTransDataDstSubFormatAttr), to.storageSubFormat));
}

namespace {

bool isTransData(const Node& n) {
    return op::isTransData(n.opType(), n.domain());
}

class Inserter {
  public:
    Inserter(Graph& g, PassContext& ctx) : g_(g), ctx_(ctx) {}

    bool changed = false;

    void convertInputs(NodeId consumer) {
        const Node& c = g_.node(consumer);
        for (size_t i = 0; i < c.inputs().size() && i < c.inputDescs().size(); ++i) {
            const ValueRef ref = c.input(i);
            if (!ref.valid() || ref.depth != 0) continue;
            const NodeOutput* v = g_.value(ref);
            if (!v) continue;
            const TensorDesc& expected = c.inputDescs()[i];  // valid until setInputDescs below
            if (!needsTransData(v->desc, expected)) continue;
            const NodeId td = findOrMake(ref, expected);
            if (consumer == g_.netOutput()) deliverUnderOutputName(i, ref, td);
            g_.setInput(consumer, i, ValueRef{td, 0, 0});
            // The consumer now reads exactly what the TransData produces.
            const TensorDesc& produced = g_.node(td).output(0).desc;
            if (!(c.inputDescs()[i] == produced)) {
                std::vector<TensorDesc> descs = c.inputDescs();
                descs[i] = produced;
                g_.setInputDescs(consumer, std::move(descs));
            }
            changed = true;
        }
    }

  private:
    // Graph output `i` becomes the TransData's value: it keeps its name (NetOutput's
    // _output_names), and when the producer's value carries that name, the name moves to the
    // TransData's output, so an export defines it once (the producer's value gets a new name;
    // a graph input's name never moves).
    void deliverUnderOutputName(size_t i, const ValueRef& ref, NodeId td) {
        const Node& out = g_.node(g_.netOutput());
        const std::vector<std::string> names = g_.outputNames();
        if (!out.hasAttr(op::attr::kOutputNames))
            g_.setAttribute(out.id(),
                            Attribute{std::string(op::attr::kOutputNames), AttrKind::Strings, names, {}, {}});
        const NodeOutput& produced = *g_.value(ref);
        const Node& producer = g_.node(ref.node);
        if (i >= names.size() || produced.name != names[i] || g_.node(td).output(0).name == names[i] ||
            (op::isData(producer.opType(), producer.domain())))
            return;
        const std::string name = names[i];
        g_.setOutputName(
            ref.node, ref.output,
            ctx_.uniqueValueName(g_, name + "/" + std::string(formatName(produced.desc.storageFormat))));
        g_.setOutputName(td, 0, name);
    }

    // The TransData of `ref` to `expected`'s storage (shared by the consumers that want it), made
    // when there is none yet.
    NodeId findOrMake(const ValueRef& ref, const TensorDesc& expected) {
        const std::string dst(formatName(expected.storageFormat));
        for (const Use& u : g_.value(ref)->uses) {
            if (u.input != 0) continue;
            const Node& n = g_.node(u.node);
            if (isTransData(n) && n.attrString(op::attr::kDstFormat) == dst && n.outputs().size() == 1 &&
                n.output(0).desc.storageSubFormat == expected.storageSubFormat &&
                n.output(0).desc.storageShape == expected.storageShape)
                return n.id();
        }
        const Node& producer = g_.node(ref.node);
        const NodeOutput& value = *g_.value(ref);
        const TensorDesc& from = value.desc;
        const std::string base = value.name.empty() ? producer.displayName() : value.name;
        const std::string src(formatName(from.storageFormat));

        Node& t = g_.addNode(std::string(op::kTransData), std::string(op::kGeDomain),
                             ctx_.uniqueName(g_, base + "/TransData_" + src + "_to_" + dst), 1);
        const NodeId id = t.id();
        g_.addInput(id, ref);
        g_.setAttribute(id, Attribute::makeString(std::string(op::attr::kSrcFormat), src));
        g_.setAttribute(id, Attribute::makeString(std::string(op::attr::kDstFormat), dst));
        setTransDataGroups(g_, id, from, expected);
        // The same logical tensor (the producer's origin), stored as the consumer expects.
        TensorDesc out = from;
        out.storageFormat = expected.storageFormat;
        out.storageSubFormat = expected.storageSubFormat;
        out.storageShape = expected.storageShape;
        g_.setOutputName(id, 0, ctx_.uniqueValueName(g_, base + "/" + dst));
        g_.setOutputDesc(id, 0, std::move(out));
        ctx_.count(TransDataInsertionPass::kTransDataInserted);
        return id;
    }

    Graph& g_;
    PassContext& ctx_;
};

}  // namespace

bool TransDataInsertionPass::run(Graph& g, PassContext& ctx) {
    // Bodies of If/Loop/Scan keep their origin formats (StorageFormatSelectionPass): nothing to do.
    if (g.parent()) return false;
    Inserter inserter(g, ctx);
    for (NodeId id : topologicalOrderOrThrow(g, name())) {
        if (ctx.cancelRequested()) break;
        inserter.convertInputs(id);
    }
    return inserter.changed;
}

}  // namespace passscope
