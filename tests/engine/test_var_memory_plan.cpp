// The variable memory plan (docs/ge-variables.md, VarManager::AssignVarMem): kinds, var keys, GE's sizes and
// alignment, logic addresses, the four reuse rules, memory types and the per-type totals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>

#include "engine_helpers.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "model_builders.h"
#include "vars/var_memory_plan.h"

using namespace passscope;
using namespace passscope::test;
namespace fs = std::filesystem;

namespace {

template <typename T>
std::shared_ptr<const Buffer> bufferOf(const std::vector<T>& values) {
    std::string bytes(values.size() * sizeof(T), '\0');
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return std::make_shared<StringBuffer>(std::move(bytes));
}

template <typename T>
NodeId addConst(Graph& g, const std::string& name, DataType dtype, std::vector<int64_t> dims,
                const std::vector<T>& values) {
    Node& n = g.addNode(std::string(op::kConst), "", name, 1);
    g.setOutputName(n.id(), 0, name);
    g.setOutputDesc(n.id(), 0, TensorDesc::tensor(dtype, Shape::fromExtents(dims)));
    g.setAttribute(
        n.id(), Attribute::makeTensor(std::string(op::attr::kValue), Tensor(dtype, dims, bufferOf(values))));
    return n.id();
}

NodeId addFloatConst(Graph& g, const std::string& name, const std::vector<float>& values) {
    return addConst(g, name, DataType::Float, {static_cast<int64_t>(values.size())}, values);
}

NodeId addVariable(Graph& g, const std::string& name, DataType dtype, std::vector<int64_t> dims,
                   std::string_view op = op::kVariable) {
    Node& n = g.addNode(std::string(op), std::string(op::kGeDomain), name, 1);
    g.setOutputName(n.id(), 0, name);
    g.setOutputDesc(n.id(), 0, TensorDesc::tensor(dtype, Shape::fromExtents(dims)));
    return n.id();
}

// A GE-domain FileConstant described by attributes (FileConstantUtils::GetFileConstantInfo).
NodeId addFileConstant(Graph& g, const std::string& name, const std::string& location, int64_t offset,
                       int64_t count) {
    Node& n = g.addNode(std::string(op::kFileConstant), std::string(op::kGeDomain), name, 1);
    g.setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({count})));
    g.setAttribute(n.id(), Attribute::makeString(std::string(varattr::kLocation), location));
    g.setAttribute(n.id(), Attribute::makeInt(std::string(varattr::kOffset), offset));
    g.setAttribute(n.id(), Attribute::makeInt(std::string(varattr::kLength), count * 4));
    return n.id();
}

const VarMemoryEntry& entryOf(const VarMemoryPlan& plan, NodeId id) {
    const VarMemoryEntry* e = plan.findByNode(id);
    if (!e) throw std::runtime_error("no entry for node " + std::to_string(id));
    return *e;
}

// Allocated entries of one memory type: increasing offsets, blocks (and GE's guard) never overlap.
void expectDisjointBlocks(const VarMemoryPlan& plan) {
    for (size_t type = 0; type < kMemoryTypeCount; ++type) {
        uint64_t nextFree = 0;
        for (const VarMemoryEntry& e : plan.entries) {
            if (static_cast<size_t>(e.memoryType) != type || e.reused()) continue;
            EXPECT_GE(e.offset, nextFree) << e.nodeName;
            EXPECT_GE(e.footprint, e.alignedSize) << e.nodeName;
            nextFree = e.offset + e.footprint;
        }
        EXPECT_EQ(nextFree, plan.totals[type].poolBytes) << memoryTypeName(static_cast<MemoryType>(type));
    }
    for (const VarMemoryEntry& e : plan.entries) {
        const uint64_t base = e.memoryType == MemoryType::HBM ? plan.logicBase : 0;
        EXPECT_EQ(e.logicAddress, base + e.offset) << e.nodeName;
    }
}

// GE's sizes: 32 bytes of padding rounded to 32 per tensor, then 512-byte blocks with a 1024-byte
// guard in the HBM pool.
void expectGeAlignment(const VarMemoryPlan& plan) {
    for (const VarMemoryEntry& e : plan.entries) {
        EXPECT_EQ(e.memSize % kDataMemAlignSize, 0u) << e.nodeName;
        EXPECT_GE(e.memSize, e.tensorBytes + kDataMemAlignSize) << e.nodeName;
        EXPECT_LT(e.memSize, e.tensorBytes + 2 * kDataMemAlignSize) << e.nodeName;
        EXPECT_GE(e.alignedSize, e.memSize) << e.nodeName;
        if (e.memoryType != MemoryType::HBM) continue;
        EXPECT_EQ(e.offset % kSessionMemAlignSize, 0u) << e.nodeName;
        EXPECT_EQ(e.alignedSize % kSessionMemAlignSize, 0u) << e.nodeName;
        EXPECT_LT(e.alignedSize, e.memSize + kSessionMemAlignSize) << e.nodeName;
        if (!e.reused()) {
            EXPECT_EQ(e.footprint, e.alignedSize + kSessionMemGuardSize) << e.nodeName;
        }
    }
}

void expectTotalsAddUp(const VarMemoryPlan& plan) {
    size_t entries = 0, reused = 0;
    for (size_t type = 0; type < kMemoryTypeCount; ++type) {
        const MemoryTypeTotals& t = plan.totals[type];
        MemoryTypeTotals sum;
        for (const VarMemoryEntry& e : plan.entries) {
            if (static_cast<size_t>(e.memoryType) != type) continue;
            ++sum.entries;
            sum.tensorBytes += e.tensorBytes;
            sum.poolBytes += e.footprint;
            (e.reused() ? sum.reused : sum.allocated)++;
        }
        EXPECT_EQ(t.entries, sum.entries);
        EXPECT_EQ(t.entries, t.allocated + t.reused);
        EXPECT_EQ(t.reused, sum.reused);
        EXPECT_EQ(t.tensorBytes, sum.tensorBytes);
        EXPECT_EQ(t.poolBytes, sum.poolBytes);
        entries += t.entries;
        reused += t.reused;
    }
    EXPECT_EQ(entries, plan.entries.size());
    EXPECT_EQ(reused, plan.reusedCount());
}

}  // namespace

TEST(VarMemoryPlan, TrainingStepVariablesAreDetected) {
    Model model = loadSample("training_step.onnx");
    VarMemoryPlan plan = planVariableMemory(*model.graph);
    std::vector<std::string> variables;
    for (const VarMemoryEntry& e : plan.entries)
        if (e.kind == VarKind::Variable) variables.push_back(e.varKey);
    std::sort(variables.begin(), variables.end());
    EXPECT_EQ(variables, (std::vector<std::string>{"dense/bias_ND_DT_FLOAT", "dense/weight_ND_DT_FLOAT",
                                                   "global_step_ND_DT_INT64"}));
    // dense/weight is float [16, 2]: 128 bytes, 160 with GE's padding, one 512-byte block.
    for (const VarMemoryEntry& e : plan.entries) {
        if (e.varName != "dense/weight") continue;
        EXPECT_EQ(e.tensorBytes, 128u);
        EXPECT_EQ(e.memSize, 160u);
        EXPECT_EQ(e.alignedSize, 512u);
        EXPECT_EQ(e.memoryType, MemoryType::HBM);
    }
    // Six Constant ops; the loss exponent and the gradient's "two" are both 2.0f: one block.
    size_t constants = 0;
    std::vector<const VarMemoryEntry*> shared;
    for (const VarMemoryEntry& e : plan.entries) {
        constants += e.kind == VarKind::ConstantOp;
        if (e.reused()) shared.push_back(&e);
    }
    EXPECT_EQ(constants, 6u);
    ASSERT_EQ(shared.size(), 1u);
    EXPECT_EQ(shared[0]->reuseReason, ReuseReason::IdenticalWeight);
    EXPECT_EQ(plan.entries[*shared[0]->reusedFrom].logicAddress, shared[0]->logicAddress);
    EXPECT_EQ(plan.entries.size(), 9u);
    EXPECT_EQ(plan.entries.front().logicAddress, kVarMemoryLogicBase);
    expectDisjointBlocks(plan);
    expectGeAlignment(plan);
    expectTotalsAddUp(plan);
}

TEST(VarMemoryPlan, AddressesFollowGeBlockAndGuard) {
    Graph g;
    NodeId a = addVariable(g, "a", DataType::Float, {16, 2});  // 128 B -> 160 -> 512 block
    NodeId b = addVariable(g, "b", DataType::Float, {300});    // 1200 B -> 1248 -> 1536 block
    NodeId c = addVariable(g, "c", DataType::Int8, {});        // 1 B -> 64 -> 512 block
    VarMemoryPlan plan = planVariableMemory(g);
    ASSERT_EQ(plan.entries.size(), 3u);
    EXPECT_EQ(entryOf(plan, a).offset, 0u);
    EXPECT_EQ(entryOf(plan, b).offset, 512u + 1024u);
    EXPECT_EQ(entryOf(plan, b).memSize, 1248u);
    EXPECT_EQ(entryOf(plan, b).alignedSize, 1536u);
    EXPECT_EQ(entryOf(plan, c).offset, 1536u + 1536u + 1024u);
    EXPECT_EQ(entryOf(plan, c).memSize, 64u);
    EXPECT_EQ(entryOf(plan, c).logicAddress, kVarMemoryLogicBase + 4096u);
    EXPECT_EQ(plan.totalsFor(MemoryType::HBM).poolBytes, 4096u + 512u + 1024u);
    expectDisjointBlocks(plan);
    expectGeAlignment(plan);

    VarPlanOptions options;
    options.logicBase = 1ull << 32;
    EXPECT_EQ(entryOf(planVariableMemory(g, options), b).logicAddress, (1ull << 32) + 1536u);
}

TEST(VarMemoryPlan, ConstsWithEqualBytesShareTheirAddress) {
    Graph g;
    NodeId first = addFloatConst(g, "first", {1, 2, 3, 4});
    NodeId other = addFloatConst(g, "other", {1, 2, 3, 5});
    NodeId same = addFloatConst(g, "same", {1, 2, 3, 4});
    NodeId reshaped = addConst<float>(g, "reshaped", DataType::Float, {2, 2}, {1, 2, 3, 4});
    // Same 8 bytes as int64 and as two floats: GE compares element sizes first.
    NodeId asFloats = addConst<float>(g, "as_floats", DataType::Float, {2}, {0.0f, 0.0f});
    NodeId asInt64 = addConst<int64_t>(g, "as_int64", DataType::Int64, {1}, {0});
    VarMemoryPlan plan = planVariableMemory(g);

    const VarMemoryEntry& s = entryOf(plan, same);
    EXPECT_EQ(s.reuseReason, ReuseReason::IdenticalWeight);
    EXPECT_EQ(plan.entries[*s.reusedFrom].node, first);
    EXPECT_EQ(s.logicAddress, entryOf(plan, first).logicAddress);
    EXPECT_EQ(s.footprint, 0u);
    // GE's memcmp ignores the shape: [2,2] with the same bytes shares too.
    EXPECT_EQ(entryOf(plan, reshaped).reuseReason, ReuseReason::IdenticalWeight);
    EXPECT_EQ(entryOf(plan, reshaped).logicAddress, entryOf(plan, first).logicAddress);
    EXPECT_FALSE(entryOf(plan, other).reused());
    EXPECT_NE(entryOf(plan, other).logicAddress, entryOf(plan, first).logicAddress);
    EXPECT_FALSE(entryOf(plan, asInt64).reused());
    EXPECT_NE(entryOf(plan, asInt64).logicAddress, entryOf(plan, asFloats).logicAddress);
    EXPECT_EQ(plan.reusedCount(), 2u);
    EXPECT_EQ(plan.totalsFor(MemoryType::HBM).savedBytes, 2u * (512u + 1024u));
    expectDisjointBlocks(plan);
    expectTotalsAddUp(plan);

    VarPlanOptions noDedup;
    noDedup.reuseIdenticalWeights = false;
    EXPECT_EQ(planVariableMemory(g, noDedup).reusedCount(), 0u);
}

TEST(VarMemoryPlan, ManyEqualSizedConstsAreMatchedByContent) {
    Graph g;
    std::vector<NodeId> ids;
    for (int i = 0; i < 200; ++i)
        ids.push_back(addFloatConst(g, "c" + std::to_string(i), {float(i % 50), 1, 2}));
    VarMemoryPlan plan = planVariableMemory(g);
    EXPECT_EQ(plan.reusedCount(), 150u);
    for (int i = 50; i < 200; ++i)
        EXPECT_EQ(plan.entries[*entryOf(plan, ids[i]).reusedFrom].node, ids[i % 50]);
    expectDisjointBlocks(plan);
}

TEST(VarMemoryPlan, FileConstantsShareBySameFileAndOffset) {
    Graph g;
    NodeId a = addFileConstant(g, "a", "weights.bin", 0, 16);
    NodeId b = addFileConstant(g, "b", "weights.bin", 0, 16);
    NodeId c = addFileConstant(g, "c", "weights.bin", 64, 16);
    NodeId d = addFileConstant(g, "d", "other.bin", 0, 16);
    VarMemoryPlan plan = planVariableMemory(g);
    EXPECT_EQ(entryOf(plan, a).kind, VarKind::FileConstant);
    EXPECT_EQ(entryOf(plan, b).reuseReason, ReuseReason::SameFileOffset);
    EXPECT_EQ(entryOf(plan, b).logicAddress, entryOf(plan, a).logicAddress);
    EXPECT_FALSE(entryOf(plan, c).reused());
    EXPECT_FALSE(entryOf(plan, d).reused());
    expectDisjointBlocks(plan);
    expectTotalsAddUp(plan);
}

TEST(VarMemoryPlan, ExternalInitializersBecomeFileConstantsThatShare) {
    const fs::path dir = freshDir("var_plan_external");
    std::vector<float> payload(32, 0.5f);
    std::ofstream(dir / "w.bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(payload.data()),
               static_cast<std::streamsize>(payload.size() * 4));
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    auto external = [&](const std::string& name, int offset) {
        auto* t = g.add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::FLOAT);
        t->add_dims(16);
        t->set_data_location(onnx::TensorProto::EXTERNAL);
        for (auto [k, v] : {std::pair<std::string, std::string>{"location", "w.bin"},
                            {"offset", std::to_string(offset)},
                            {"length", "64"}}) {
            auto* e = t->add_external_data();
            e->set_key(k);
            e->set_value(v);
        }
    };
    external("a", 0);
    external("b", 0);
    external("c", 64);
    addNode(g, "Add", {"a", "b"}, {"ab"}, "add1");
    addNode(g, "Add", {"ab", "c"}, {"y"}, "add2");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {16});
    writeModel(m, dir / "m.onnx");
    Model model = io::loadModel(dir / "m.onnx").model;

    VarMemoryPlan plan = planVariableMemory(*model.graph);
    ASSERT_EQ(plan.entries.size(), 3u);
    for (const VarMemoryEntry& e : plan.entries) EXPECT_EQ(e.kind, VarKind::FileConstant) << e.nodeName;
    EXPECT_EQ(plan.reusedCount(), 1u);
    for (const VarMemoryEntry& e : plan.entries) {
        if (e.reused()) {
            EXPECT_EQ(e.reuseReason, ReuseReason::SameFileOffset);
        }
    }
}

TEST(VarMemoryPlan, VarRefSharesItsVariableByNameAndFormat) {
    Graph g;
    NodeId v = addVariable(g, "v", DataType::Float, {4, 4});
    NodeId ref = addVariable(g, "v_ref", DataType::Float, {4, 4}, op::kVarRef);
    g.setAttribute(ref, Attribute::makeString(std::string(op::attr::kRefVarSrcVarName), "v"));
    VarMemoryPlan plan = planVariableMemory(g);
    const VarMemoryEntry& r = entryOf(plan, ref);
    EXPECT_EQ(r.varName, "v");
    EXPECT_EQ(r.varKey, "v_ND_DT_FLOAT");
    EXPECT_EQ(r.reuseReason, ReuseReason::SameNameAndFormat);
    EXPECT_EQ(plan.entries[*r.reusedFrom].node, v);
    EXPECT_EQ(r.logicAddress, entryOf(plan, v).logicAddress);
}

TEST(VarMemoryPlan, SameNameOtherFormatReusesOnlyWhenItFits) {
    Graph g;
    NodeId v = addVariable(g, "v", DataType::Float, {4, 4});                       // 64 B -> 96
    NodeId half = addVariable(g, "half", DataType::Float16, {4, 4}, op::kVarRef);  // 32 B -> 64: fits
    g.setAttribute(half, Attribute::makeString(std::string(op::attr::kRefVarSrcVarName), "v"));
    VarMemoryPlan plan = planVariableMemory(g);
    EXPECT_EQ(entryOf(plan, half).reuseReason, ReuseReason::SizeCompatible);
    EXPECT_EQ(entryOf(plan, half).varKey, "v_ND_DT_FLOAT16");
    EXPECT_EQ(entryOf(plan, half).logicAddress, entryOf(plan, v).logicAddress);

    Graph g2;
    addVariable(g2, "v", DataType::Float, {4, 4});
    NodeId wide = addVariable(g2, "wide", DataType::Double, {4, 4}, op::kVarRef);  // 128 B -> 160: too big
    g2.setAttribute(wide, Attribute::makeString(std::string(op::attr::kRefVarSrcVarName), "v"));
    VarMemoryPlan plan2 = planVariableMemory(g2);
    EXPECT_FALSE(entryOf(plan2, wide).reused());
    EXPECT_EQ(plan2.totalsFor(MemoryType::HBM).allocated, 2u);
    expectDisjointBlocks(plan2);
}

TEST(VarMemoryPlan, MemoryTypeComesFromGeAttributes) {
    Graph g;
    NodeId hbm = addVariable(g, "hbm", DataType::Float, {100});
    NodeId rdma = addVariable(g, "rdma", DataType::Float, {100});
    g.setAttribute(rdma, Attribute::makeInt(std::string(varattr::kOutputMemoryType), 1));
    NodeId rdma2 = addVariable(g, "rdma2", DataType::Float, {3});
    g.setAttribute(rdma2, Attribute::makeInt(std::string(varattr::kOutputMemoryType), 1));
    NodeId host = addFloatConst(g, "host", {1, 2});
    g.setAttribute(host, Attribute::makeString(std::string(varattr::kVariablePlacement), "host"));
    NodeId placeholder = addVariable(g, "cph", DataType::Float, {8}, op::kConstPlaceHolder);
    VarMemoryPlan plan = planVariableMemory(g);

    EXPECT_EQ(entryOf(plan, hbm).memoryType, MemoryType::HBM);
    EXPECT_EQ(entryOf(plan, rdma).memoryType, MemoryType::RDMA);
    EXPECT_EQ(entryOf(plan, host).memoryType, MemoryType::Host);
    // RDMA and host pools take GE's tensor size as it is, at pool offsets.
    EXPECT_EQ(entryOf(plan, rdma).logicAddress, 0u);
    EXPECT_EQ(entryOf(plan, rdma).alignedSize, 448u);  // 400 B + 32, rounded up to 32
    EXPECT_EQ(entryOf(plan, rdma2).offset, 448u);
    EXPECT_EQ(entryOf(plan, placeholder).kind, VarKind::ConstPlaceHolder);
    EXPECT_EQ(plan.totalsFor(MemoryType::HBM).constPlaceHolderBytes, entryOf(plan, placeholder).footprint);
    EXPECT_EQ(plan.totalsFor(MemoryType::RDMA).poolBytes, 448u + 64u);
    EXPECT_EQ(plan.totalsFor(MemoryType::Host).entries, 1u);
    expectDisjointBlocks(plan);
    expectGeAlignment(plan);
    expectTotalsAddUp(plan);
}

TEST(VarMemoryPlan, GraphWithoutPersistentNodesHasAnEmptyPlan) {
    Model model = io::loadModel([] {
                      const fs::path dir = freshDir("var_plan_empty");
                      onnx::ModelProto m = emptyModel();
                      auto& g = *m.mutable_graph();
                      addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
                      addNode(g, "Relu", {"x"}, {"y"}, "relu");
                      addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
                      writeModel(m, dir / "m.onnx");
                      return dir / "m.onnx";
                  }())
                      .model;
    VarMemoryPlan plan = planVariableMemory(*model.graph);
    EXPECT_TRUE(plan.empty());
    for (const MemoryTypeTotals& t : plan.totals) EXPECT_EQ(t.poolBytes, 0u);
}

TEST(VarMemoryPlan, ConvNetInitializersAreConstants) {
    Model model = loadSample("conv_net.onnx");
    VarMemoryPlan plan = planVariableMemory(*model.graph);
    ASSERT_FALSE(plan.empty());
    for (const VarMemoryEntry& e : plan.entries) {
        EXPECT_EQ(e.kind, VarKind::ConstantOp) << e.nodeName;
        EXPECT_TRUE(e.sizeKnown) << e.nodeName;
    }
    expectDisjointBlocks(plan);
    expectGeAlignment(plan);
    expectTotalsAddUp(plan);
}
