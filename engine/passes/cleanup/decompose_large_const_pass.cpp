#include "passes/cleanup/decompose_large_const_pass.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "ir/buffer.h"
#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// Ops autofuse lowers as pointwise (GE's CheckDstFuseTypes asks for the "pointwise" fuse type).
constexpr std::array<std::string_view, 36> kPointwise{"Add",
                                                      "Sub",
                                                      "Mul",
                                                      "Div",
                                                      "Pow",
                                                      "Max",
                                                      "Min",
                                                      "Mod",
                                                      "Equal",
                                                      "Less",
                                                      "Greater",
                                                      "LessOrEqual",
                                                      "GreaterOrEqual",
                                                      "And",
                                                      "Or",
                                                      "Xor",
                                                      "Where",
                                                      "Relu",
                                                      "Abs",
                                                      "Neg",
                                                      "Exp",
                                                      "Log",
                                                      "Sqrt",
                                                      "Sigmoid",
                                                      "Tanh",
                                                      "Erf",
                                                      "Not",
                                                      "Cast",
                                                      "Sin",
                                                      "Cos",
                                                      "Floor",
                                                      "Ceil",
                                                      "Round",
                                                      "Reciprocal",
                                                      "Sign",
                                                      "Clip"};

bool pointwise(const Node& n) {
    if (!op::isOnnxDomain(n.domain())) return false;
    for (std::string_view t : kPointwise)
        if (t == n.opType()) return true;
    return false;
}

// GE's ResolveTileMultiples: from the innermost dim out, whether the tensor repeats one block along
// each dim (multiple = dim size) or not (1). Elements are compared as raw bytes of `esize`.
std::vector<int64_t> tileMultiples(const uint8_t* data, size_t esize, const std::vector<int64_t>& dims) {
    std::vector<int64_t> multiples(dims.size(), 1);
    int64_t total = 1;
    for (int64_t d : dims) total *= d;
    int64_t inner = 1;  // elements of one slice below dim i
    int64_t blockNum = total;
    for (size_t k = dims.size(); k > 0; --k) {
        const size_t i = k - 1;
        const int64_t d = dims[i];
        if (d == 1) continue;
        const int64_t blockSize = inner * d;
        blockNum /= d;
        bool repeats = true;
        const size_t sliceBytes = static_cast<size_t>(inner) * esize;
        for (int64_t b = 0; b < blockNum && repeats; ++b) {
            const uint8_t* base = data + static_cast<size_t>(b * blockSize) * esize;
            for (int64_t j = 1; j < d && repeats; ++j)
                repeats = std::memcmp(base, base + static_cast<size_t>(j) * sliceBytes, sliceBytes) == 0;
        }
        multiples[i] = repeats ? d : 1;
        inner *= d;
    }
    return multiples;
}

}  // namespace

bool DecomposeLargeConstPass::run(Graph& g, PassContext& ctx) {
    if (ctx.opset("") < 8) return false;  // Expand needs opset 8
    bool changed = false;
    std::vector<NodeId> consts;
    for (const Node* n : g.nodes())
        if (op::isConstant(n->opType(), n->domain()) && n->outputs().size() == 1) consts.push_back(n->id());
    for (NodeId id : consts) {
        const Node& c = g.node(id);
        const Tensor* t = c.attrTensor(op::attr::kValue);
        if (!t || !t->rawData() || std::find(g.inputs().begin(), g.inputs().end(), id) != g.inputs().end())
            continue;
        const size_t esize = elementSize(t->dtype());
        if (esize != 1 && esize != 2 && esize != 4 && esize != 8) continue;
        const int64_t count = t->elementCount();
        if (count * static_cast<int64_t>(esize) < threshold_) continue;
        // GE's CheckDstFuseTypes: some reader, and (PassScope) every one pointwise.
        const auto& uses = c.output(0).uses;
        if (uses.empty()) continue;
        bool allPointwise = true;
        for (const Use& u : uses) allPointwise &= u.input >= 0 && pointwise(g.node(u.node));
        if (!allPointwise) {
            ctx.notFolded(c, NotFoldedReason::KeptByRule,
                          "large constant kept whole: a reader is not an elementwise op");
            continue;
        }
        // GE's ResolveNewConstShapeAndTileMultiples: the leading run of broadcast (or size-1) dims.
        const std::vector<int64_t> dims = t->dims();
        std::vector<int64_t> multiples = tileMultiples(t->rawData(), esize, dims);
        std::vector<int64_t> blockDims = dims;
        bool leading = true;
        for (size_t i = 0; i < dims.size(); ++i) {
            leading = leading && (dims[i] == 1 || multiples[i] > 1);
            if (leading)
                blockDims[i] = 1;
            else
                multiples[i] = 1;
        }
        const bool scalar = std::all_of(blockDims.begin(), blockDims.end(), [](int64_t d) { return d == 1; });
        if (scalar) blockDims.clear();
        int64_t blockCount = 1;
        for (int64_t d : blockDims) blockCount *= d;
        if (blockCount >= count) continue;

        // The block: the first blockCount elements (the leading dims repeat it).
        const std::string base = c.name().empty() ? "Const" : c.name();
        const size_t blockBytes = static_cast<size_t>(blockCount) * esize;
        std::string bytes(reinterpret_cast<const char*>(t->rawData()), blockBytes);
        Tensor block(t->dtype(), blockDims, std::make_shared<StringBuffer>(std::move(bytes)));
        const NodeId bid = g.addNode(std::string(op::kConst), "", ctx.uniqueName(g, base + "/block"), 1).id();
        const std::string blockName = ctx.uniqueValueName(g, base + "/block_value");
        block.setName(blockName);
        g.setOutputName(bid, 0, blockName);
        g.setOutputDesc(bid, 0, TensorDesc::tensor(t->dtype(), Shape::fromExtents(blockDims)));
        g.setAttribute(bid, Attribute::makeTensor(std::string(op::attr::kValue), std::move(block)));
        if (op::isFoldedConstant(c))  // the block stands for a folded constant too
            g.setAttribute(bid, Attribute::makeInt(std::string(op::attr::kIsFromConstantFolding), 1));
        const ValueRef multiplesRef = folding::addInt64Const(g, ctx, base + "/multiples", multiples);

        const Node& orig = g.node(id);
        const NodeId tid =
            g.addNode(scalar ? "Expand" : "Tile", "", ctx.uniqueName(g, base + "_by_autofuse_pass"), 1).id();
        g.addInput(tid, ValueRef{bid, 0, 0});
        g.addInput(tid, multiplesRef);
        g.setAttribute(tid, Attribute::makeInt(std::string(op::attr::kNoNeedConstantFolding), 1));
        const std::string valueName = orig.output(0).name;
        TensorDesc desc = orig.output(0).desc;
        // GE's MoveInCtrlEdges / MoveOutCtrlEdges onto the new value constant.
        const std::vector<NodeId> controlIn = orig.controlInputs();
        const std::vector<NodeId> controlOut = orig.controlOutputs();
        for (NodeId p : controlIn) g.addControlEdge(p, bid);
        for (NodeId s : controlOut) g.addControlEdge(bid, s);
        g.setOutputName(id, 0, "");
        g.setOutputName(tid, 0, valueName);
        g.setOutputDesc(tid, 0, std::move(desc));
        g.replaceAllUses(ValueRef{id, 0, 0}, ValueRef{tid, 0, 0});
        g.removeNode(id);
        ctx.count(kDecomposed);
        ctx.count(kBytesSaved, static_cast<uint64_t>(count - blockCount) * esize);
        changed = true;
    }
    return changed;
}

}  // namespace passscope
