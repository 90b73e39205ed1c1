// TransData host kernel (GE's TransData among its built-in host kernels, docs/ge-formats.md §5, §6):
// rearranges a constant between a plain layout and NC1HWC0 / FRACTAL_Z / FRACTAL_NZ so that
// ConstantFoldingPass turns TransData on a constant weight into a constant in device layout.
// Attributes as GE names them: src_format, dst_format (formatName spelling), groups (FRACTAL_Z of
// grouped conv weights), src_subformat / dst_subformat (each side's groups, on a regrouping). The logical
// tensor is the input itself when the source format is plain, else the node's output description's origin
// (format and shape), which the insertion pass sets.
#include "formats/transdata_layout.h"
#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/kernel_registry.h"

namespace passscope::kernels {
namespace {

std::optional<Format> formatAttr(const KernelContext& ctx, std::string_view name) {
    if (!ctx.hasAttr(name)) return std::nullopt;
    return parseFormat(ctx.attrString(name, ""));
}

KernelResult transData(const KernelContext& ctx) {
    if (!ctx.hasInput(0)) return KernelResult::unsupported("TransData has no input");
    const auto src = formatAttr(ctx, op::attr::kSrcFormat);
    const auto dst = formatAttr(ctx, op::attr::kDstFormat);
    if (!src || !dst) return KernelResult::unsupported("TransData needs src_format and dst_format");
    auto optionalInt = [&](std::string_view name) {
        return ctx.hasAttr(name) ? std::optional<int64_t>(ctx.attrInt(name, 0)) : std::nullopt;
    };
    const formats::TransDataSides sides = formats::transDataSides(
        ctx.attrInt(formats::kTransDataGroupsAttr, 1), optionalInt(formats::kTransDataSrcSubFormatAttr),
        optionalInt(formats::kTransDataDstSubFormatAttr));
    const Tensor& in = ctx.input(0);
    const TensorDesc& desc = ctx.node().output(0).desc;

    // The logical tensor: a plain input is that tensor itself, in the source format (after
    // TransposeTransDataPass an NHWC input feeds a TransData whose output still means NCHW, as in
    // GE); from an internal format, the output description's origin says what to unpack to.
    Format originFormat = desc.hasType() ? desc.originFormat : Format::ND;
    std::vector<int64_t> originDims;
    if (!isInternalFormat(*src)) {
        originFormat = *src;
        originDims = in.dims();
    } else if (auto extents = desc.hasType() ? desc.originShape.extents() : std::nullopt) {
        originDims = std::move(*extents);
    } else {
        return KernelResult::unsupported("TransData from " + std::string(formatName(*src)) +
                                         " needs a known origin shape on its output");
    }
    return KernelResult::ok(
        formats::transData(in, *src, *dst, originDims, originFormat, sides.srcGroups, sides.dstGroups));
}

}  // namespace

void registerFormatKernels(KernelRegistry& r) {
    // From opset 0: a format pass inserts TransData into models that do not import the GE domain yet.
    r.add(std::string(op::kGeDomain), std::string(op::kTransData), 0, 0, transData);
}

}  // namespace passscope::kernels
