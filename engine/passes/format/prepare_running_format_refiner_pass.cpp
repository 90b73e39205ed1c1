#include "passes/format/prepare_running_format_refiner_pass.h"

#include <stdexcept>

#include "formats/storage_shape.h"
#include "ir/op_types.h"

namespace passscope {

std::optional<Format> formatFromGeEnum(int64_t value) {
    if (value < 0 || value > 0xffffffff) return std::nullopt;
    switch (value & 0xff) {
        case 0:
            return Format::NCHW;
        case 1:
            return Format::NHWC;
        case 2:
            return Format::ND;
        case 3:
            return Format::NC1HWC0;
        case 4:
            return Format::FRACTAL_Z;
        case 16:
            return Format::HWCN;
        case 27:
            return Format::NDHWC;
        case 29:
            return Format::FRACTAL_NZ;
        case 30:
            return Format::NCDHW;
        default:
            return std::nullopt;
    }
}

int64_t geSubFormat(int64_t value) {
    return value < 0 ? 0 : (value & 0xffff00) >> 8;
}

namespace {

struct UserStorage {
    Format format = Format::ND;
    int64_t groups = 1;          // a FRACTAL_Z's groups (GE's sub-format)
    std::optional<Shape> shape;  // the user's storage shape, when given
    std::string origin;          // where it came from, for messages
};

std::string describe(const TensorDesc& d) {
    return std::string(formatName(d.originFormat)) + " " + d.originShape.toString() + " " +
           std::string(dataTypeName(d.dtype));
}

// `desc` with the storage the user asked for; the origin stays (docs/ge-formats.md §5,
// ModifyTensorDescStorageFormatAndShape). `what` names the tensor in errors.
TensorDesc withStorage(TensorDesc desc, const UserStorage& user, const std::string& what, PassContext& ctx) {
    if (!desc.hasType())
        throw std::invalid_argument(user.origin + ": " + what + " has no known type, so its storage format " +
                                    std::string(formatName(user.format)) + " cannot be applied");
    // ND (no layout) and the origin format itself both mean: stored as the origin says.
    if ((user.format == Format::ND || user.format == desc.originFormat) && !user.shape) {
        desc.storageFormat = desc.originFormat;
        desc.storageSubFormat = 0;
        desc.storageShape = desc.originShape;
        return desc;
    }
    const std::optional<Shape> computed =
        formats::storageShapeOf(desc.originShape, desc.originFormat, user.format, desc.dtype, user.groups);
    if (user.shape) {
        if (computed && computed->isStatic() && user.shape->isStatic() && !(*computed == *user.shape))
            ctx.warn(user.origin + ": the storage shape " + user.shape->toString() + " given for " + what +
                     " differs from the " + computed->toString() + " its origin " + describe(desc) +
                     " has in " + std::string(formatName(user.format)) + "; the given shape is used");
        desc.storageShape = *user.shape;
    } else if (computed) {
        desc.storageShape = *computed;
    } else {
        throw std::invalid_argument(user.origin + ": " + what + " (" + describe(desc) +
                                    ") cannot be stored as " + std::string(formatName(user.format)) +
                                    ": the format cannot be derived from its origin format and shape");
    }
    desc.storageFormat = user.format;
    desc.storageSubFormat = subFormatOfGroups(user.format, user.groups);
    return desc;
}

std::optional<UserStorage> storageFromAttributes(const Node& n) {
    const Attribute* f = n.findAttr(format_attr::kStorageFormat);
    if (!f) f = n.findAttr(format_attr::kStorageFormatPrivate);
    if (!f) return std::nullopt;
    UserStorage user;
    user.origin = "attribute " + f->name + " of " + n.opType() + " node '" + n.displayName() + "'";
    if (const auto* i = std::get_if<int64_t>(&f->value)) {
        auto format = formatFromGeEnum(*i);
        if (!format)
            throw std::invalid_argument(
                user.origin + ": GE format enum value " + std::to_string(*i) +
                " is not one PassScope models (expected 0 NCHW, 1 NHWC, 2 ND, 3 NC1HWC0, "
                "4 FRACTAL_Z, 16 HWCN, 27 NDHWC, 29 FRACTAL_NZ or 30 NCDHW)");
        user.format = *format;
        if (*format == Format::FRACTAL_Z && geSubFormat(*i) > 0) user.groups = geSubFormat(*i);
    } else if (const auto* s = std::get_if<std::string>(&f->value)) {
        auto format = parseFormatWithSub(*s);
        if (!format || format->format == Format::RESERVED)
            throw std::invalid_argument(user.origin + ": unknown format '" + *s + "'");
        user.format = format->format;
        user.groups = groupsOfSubFormat(format->subFormat);
    } else {
        throw std::invalid_argument(user.origin + ": expected an int (GE's format enum) or a format name");
    }
    const Attribute* s = n.findAttr(format_attr::kStorageShape);
    if (!s) s = n.findAttr(format_attr::kStorageShapePrivate);
    if (s) {
        const auto* dims = std::get_if<std::vector<int64_t>>(&s->value);
        if (!dims)
            throw std::invalid_argument("attribute " + s->name + " of " + n.opType() + " node '" +
                                        n.displayName() + "': expected a list of ints (the storage dims)");
        for (int64_t d : *dims)
            if (d < 0)
                throw std::invalid_argument("attribute " + s->name + " of " + n.opType() + " node '" +
                                            n.displayName() + "': a storage dim must not be negative");
        user.shape = Shape::fromExtents(*dims);
    }
    return user;
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
    return text.empty() ? "none" : text;
}

}  // namespace

bool PrepareRunningFormatRefinerPass::run(Graph& g, PassContext& ctx) {
    // Bodies of If/Loop/Scan have no user-visible inputs and outputs: the parent's are what count.
    if (g.parent()) return false;
    bool changed = false;
    // Counted when applied: a second run (the stage iterates) finds them in place.
    auto setData = [&](const Node& n, const UserStorage& user) {
        const std::string what = n.opType() == op::kData ? "graph input" : std::string(n.opType());
        TensorDesc desc = withStorage(n.output(0).desc, user, what + " '" + n.displayName() + "'", ctx);
        if (desc == n.output(0).desc) return;
        g.setOutputDesc(n.id(), 0, std::move(desc));
        ctx.count(kUserStorageFormats);
        changed = true;
    };

    // GE's attributes on Data nodes first; the command line overrides them.
    std::vector<const Node*> dataNodes;
    for (const Node* n : g.nodes())
        if (op::isData(n->opType(), n->domain()) && n->outputs().size() == 1) dataNodes.push_back(n);
    for (const Node* n : dataNodes)
        if (auto user = storageFromAttributes(*n)) setData(*n, *user);
    // GE's UpdateDataNetOutputByStorageFormat treats a ConstPlaceHolder (a weight in external memory,
    // docs/ge-variables.md) the same way: its attributes say how the memory it names is laid out.
    for (const Node* n : g.nodes())
        if (n->opType() == op::kConstPlaceHolder && n->domain() == op::kGeDomain &&
            n->outputs().size() == 1 && n->output(0).desc.hasType())
            if (auto user = storageFromAttributes(*n)) setData(*n, *user);

    const std::map<std::string, FormatWithSub>& requested = ctx.options().storageFormats;
    if (requested.empty()) return changed;
    const std::vector<std::string> outputNames = g.outputNames();
    for (const auto& [name, format] : requested) {
        UserStorage user;
        user.format = format.format;
        user.groups = groupsOfSubFormat(format.subFormat);
        user.origin = "--storage-format " + name + ":" + formatText(format.format, format.subFormat);
        bool matched = false;
        for (const Node* n : dataNodes) {
            if (n->name() != name && n->output(0).name != name) continue;
            setData(*n, user);
            matched = true;
        }
        for (size_t i = 0; i < outputNames.size(); ++i) {
            if (outputNames[i] != name) continue;
            matched = true;
            const Node& out = g.node(g.netOutput());
            const NodeOutput* v = g.value(out.input(i));
            std::vector<TensorDesc> descs = out.inputDescs();
            descs.resize(out.inputs().size());
            // What the output must be delivered as: the producer's origin, the user's storage.
            TensorDesc expected = descs[i].hasType() ? descs[i] : (v ? v->desc : TensorDesc{});
            if (v && v->desc.hasType()) {
                expected.originFormat = v->desc.originFormat;
                if (v->desc.originShape.rankKnown()) expected.originShape = v->desc.originShape;
            }
            expected = withStorage(std::move(expected), user, "graph output '" + name + "'", ctx);
            if (expected == descs[i]) continue;
            descs[i] = std::move(expected);
            g.setInputDescs(out.id(), std::move(descs));
            ctx.count(kUserStorageFormats);
            changed = true;
        }
        if (!matched) {
            std::vector<std::string> inputs;
            for (const Node* n : dataNodes) inputs.push_back(n->displayName());
            throw std::invalid_argument(user.origin + ": '" + name +
                                        "' is no graph input or output of this model (inputs: " +
                                        joined(inputs) + "; outputs: " + joined(outputNames) + ")");
        }
    }
    return changed;
}

}  // namespace passscope
