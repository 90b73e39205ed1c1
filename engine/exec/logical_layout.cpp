#include "exec/logical_layout.h"

#include "formats/storage_shape.h"
#include "formats/transdata_layout.h"
#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope::exec {
namespace {

std::string describe(Format f, const Shape& s) {
    return std::string(formatName(f)) + " " + s.toString();
}

// `t` read as `dims` (same element count, same bytes): a storage shape that differs from the
// origin shape in a plain format is only a different view of the same bytes.
std::optional<Tensor> reshaped(const Tensor& t, const std::vector<int64_t>& dims) {
    const auto count = checkedElementCount(dims);
    const auto have = checkedElementCount(t.dims());
    if (!count || !have || *count != *have || !t.buffer()) return std::nullopt;
    return Tensor(t.dtype(), dims, t.buffer());
}

// origin layout -> `storage` layout (the opposite of what logicalConstant does).
Tensor toStorage(const Tensor& logical, const TensorDesc& d, Format storage, int64_t groups) {
    if (storage == d.originFormat || (!isInternalFormat(storage) && !isInternalFormat(d.originFormat)))
        return logical;
    return formats::transData(logical, d.originFormat, storage, logical.dims(), d.originFormat, groups);
}

std::optional<Format> formatAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr;
    return s ? parseFormat(*s) : std::nullopt;
}

}  // namespace

int64_t storageGroupsOf(const Graph& g, const Node& n) {
    if (!n.outputs().empty() && n.output(0).desc.storageSubFormat > 1)
        return n.output(0).desc.storageGroups();
    // Files written before descriptions carried the sub-format.
    if (const int64_t kept = n.attrInt(op::attr::kStorageGroups, 0); kept > 0) return kept;
    for (const NodeOutput& o : n.outputs())
        for (const Use& u : o.uses) {
            const Node& c = g.node(u.node);
            if (op::isTransData(c.opType(), c.domain())) return formats::transDataSides(c).srcGroups;
        }
    return 1;
}

std::variant<Tensor, std::string> logicalConstant(const Graph& g, const Node& n, const Tensor& stored) {
    if (n.outputs().empty()) return stored;
    const TensorDesc& d = n.output(0).desc;
    if (!d.hasType() || !d.storageDiffers()) return stored;
    const auto originDims = d.originShape.extents();
    if (!originDims)
        return "its value is stored as " + describe(d.storageFormat, d.storageShape) +
               " but its origin shape " + d.originShape.toString() + " is not static";
    if (stored.dims() == *originDims && stored.dims() != d.storageShape.extents()) return stored;
    if (!isInternalFormat(d.storageFormat)) {
        if (auto t = reshaped(stored, *originDims)) return *t;
        return "its value " + Shape::fromExtents(stored.dims()).toString() + " does not hold origin " +
               describe(d.originFormat, d.originShape);
    }
    // docs/ge-formats.md §6: the inverse TransData strips the padding the forward one added.
    const int64_t groups = d.storageFormat == Format::FRACTAL_Z ? storageGroupsOf(g, n) : 1;
    try {
        return formats::transData(stored, d.storageFormat, d.originFormat, *originDims, d.originFormat,
                                  groups);
    } catch (const std::exception& e) {
        return "converting its value from " + describe(d.storageFormat, d.storageShape) + " back to " +
               describe(d.originFormat, d.originShape) + ": " + e.what();
    }
}

std::variant<Tensor, std::string> logicalTransData(const Graph& g, const Node& td, const Tensor& input) {
    const NodeOutput* in = td.inputs().empty() ? nullptr : g.value(td.input(0));
    if (!in || td.outputs().empty()) return "TransData needs one input and one output";
    const TensorDesc& from = in->desc;
    const TensorDesc& to = td.output(0).desc;
    // TransData changes storage only (docs/ge-formats.md §5): its output's origin is its input's.
    const bool sameMeaning = !from.hasType() || !to.hasType() ||
                             (from.originFormat == to.originFormat &&
                              (!to.originShape.rankKnown() || to.originShape == from.originShape ||
                               to.originShape.extents() == std::optional(input.dims())));
    if (sameMeaning) return input;
    // A format pass merged a layout change into it (a Transpose folded into the TransData): run
    // the real conversion between the storage layouts and read the result back by its origin.
    const auto src = formatAttr(td, op::attr::kSrcFormat);
    const auto dst = formatAttr(td, op::attr::kDstFormat);
    const auto outDims = to.originShape.extents();
    if (!src || !dst || !outDims)
        return "TransData changes the logical tensor (" + describe(from.originFormat, from.originShape) +
               " -> " + describe(to.originFormat, to.originShape) +
               ") and has no formats or no static output origin shape to compute it with";
    const formats::TransDataSides sides = formats::transDataSides(td);
    try {
        const Tensor stored = toStorage(input, from, *src, sides.srcGroups);
        // As the kernel: a plain source is the logical tensor itself, in that format.
        const Tensor out = isInternalFormat(*src)
                               ? formats::transData(stored, *src, *dst, *outDims, to.originFormat,
                                                    sides.srcGroups, sides.dstGroups)
                               : formats::transData(stored, *src, *dst, stored.dims(), *src, sides.srcGroups,
                                                    sides.dstGroups);
        if (*dst == to.originFormat || !isInternalFormat(*dst)) return out;
        return formats::transData(out, *dst, to.originFormat, *outDims, to.originFormat, sides.dstGroups);
    } catch (const std::exception& e) {
        return "TransData changes the logical tensor (" + describe(from.originFormat, from.originShape) +
               " -> " + describe(to.originFormat, to.originShape) + "): " + e.what();
    }
}

}  // namespace passscope::exec
