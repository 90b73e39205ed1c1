// VarManager (docs/ge-variables.md §3-§5, §8, §9): AssignVarMem's reuse rules against a session,
// the memory limit, batch names, the ready state, external memory and lazy allocation.
#include <gtest/gtest.h>

#include "engine_helpers.h"
#include "model_builders.h"
#include "var_graphs.h"
#include "vars/var_device_memory.h"
#include "vars/var_manager.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::vars;

namespace {

uint64_t poolEnd(const VarManager& m, MemoryType type) {
    const auto it = m.memResources().find(type);
    return it == m.memResources().end() ? 0 : it->second.varMemSize;
}

// Every HBM address the manager holds is 512-byte aligned and at or above the 128 GiB logic base.
void expectHbmAddressesAligned(const VarManager& m) {
    for (const auto& [key, at] : m.resource().varAddrMgrMap) {
        if (at.memoryType != MemoryType::HBM) continue;
        EXPECT_GE(at.address, kVarMemoryLogicBase) << key;
        EXPECT_EQ(at.address % kSessionMemAlignSize, 0u) << key;
        EXPECT_EQ(at.address, m.config().logicBase + at.offset) << key;
    }
}

}  // namespace

TEST(VarManager, IdenticalConstantsShareOneAddress) {
    Graph g;
    NodeId a = addFloatConst(g, "a", {1, 2, 3, 4});
    NodeId b = addFloatConst(g, "b", {1, 2, 3, 4});
    NodeId c = addFloatConst(g, "c", {1, 2, 3, 5});
    VarManager m;
    VarMemoryPlan plan = assignVariableMemory(g, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan, b).reuseReason, ReuseReason::IdenticalWeight);
    const VarAddress& atA = m.resource().varAddrMgrMap.at("a_ND_DT_FLOAT");
    const VarAddress& atB = m.resource().varAddrMgrMap.at("b_ND_DT_FLOAT");
    EXPECT_EQ(atA.address, atB.address);
    EXPECT_NE(m.resource().varAddrMgrMap.at("c_ND_DT_FLOAT").address, atA.address);
    EXPECT_EQ(entryOf(plan, a).logicAddress, atA.address);
    EXPECT_EQ(entryOf(plan, c).offset, 512u + 1024u);
    EXPECT_EQ(poolEnd(m, MemoryType::HBM), 2u * (512u + 1024u));  // two blocks for three constants
    expectHbmAddressesAligned(m);
}

TEST(VarManager, FileConstantsWithSameFileAndOffsetShare) {
    Graph g;
    addFileConstant(g, "a", "w.bin", 128, 16);
    NodeId b = addFileConstant(g, "b", "w.bin", 128, 16);
    NodeId c = addFileConstant(g, "c", "w.bin", 0, 16);
    VarManager m;
    VarMemoryPlan plan = assignVariableMemory(g, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan, b).reuseReason, ReuseReason::SameFileOffset);
    EXPECT_EQ(m.resource().varAddrMgrMap.at("b_ND_DT_FLOAT").address,
              m.resource().varAddrMgrMap.at("a_ND_DT_FLOAT").address);
    EXPECT_FALSE(entryOf(plan, c).reused());
    // A later graph's FileConstant of the same slice finds it too.
    Graph g2;
    NodeId d = addFileConstant(g2, "d", "w.bin", 128, 16);
    VarMemoryPlan plan2 = assignVariableMemory(g2, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan2, d).reuseReason, ReuseReason::SameFileOffset);
    EXPECT_TRUE(entryOf(plan2, d).fromSession);
    EXPECT_EQ(entryOf(plan2, d).logicAddress, m.resource().varAddrMgrMap.at("a_ND_DT_FLOAT").address);
}

TEST(VarManager, HbmAddressesAreAlignedAboveTheLogicBase) {
    Model model = loadSample("training_step.onnx");
    VarManager m;
    VarMemoryPlan plan = assignVariableMemory(*model.graph, m, m.beginGraph());
    ASSERT_FALSE(plan.empty());
    Graph g;
    for (int i = 1; i < 40; ++i) addVariable(g, "v" + std::to_string(i), DataType::Float, {i, 3});
    assignVariableMemory(g, m, m.beginGraph());
    EXPECT_GT(m.resource().varAddrMgrMap.size(), 40u);
    expectHbmAddressesAligned(m);
    for (const VarMemoryEntry& e : plan.entries)
        EXPECT_EQ(e.logicAddress % kSessionMemAlignSize, 0u) << e.nodeName;
}

TEST(VarManager, SecondGraphOfTheSessionReusesAddresses) {
    Graph g1;
    addVariable(g1, "a", DataType::Float, {16, 2});
    addVariable(g1, "b", DataType::Float, {300});
    addFloatConst(g1, "k", {7, 7});
    VarManager m;
    const uint32_t first = m.beginGraph();
    assignVariableMemory(g1, m, first);
    const uint64_t end1 = poolEnd(m, MemoryType::HBM);

    Graph g2;  // other order, a new variable, the constant under another name
    NodeId b = addVariable(g2, "b", DataType::Float, {300});
    NodeId d = addVariable(g2, "d", DataType::Float, {4});
    NodeId a = addVariable(g2, "a", DataType::Float, {16, 2});
    NodeId k2 = addFloatConst(g2, "k2", {7, 7});
    const uint32_t second = m.beginGraph();
    VarMemoryPlan plan = assignVariableMemory(g2, m, second);

    EXPECT_EQ(entryOf(plan, a).logicAddress, kVarMemoryLogicBase);
    EXPECT_EQ(entryOf(plan, b).logicAddress, kVarMemoryLogicBase + 512u + 1024u);
    for (NodeId id : {a, b}) {
        EXPECT_EQ(entryOf(plan, id).reuseReason, ReuseReason::SameNameAndFormat);
        EXPECT_TRUE(entryOf(plan, id).fromSession);
        EXPECT_EQ(entryOf(plan, id).footprint, 0u);
    }
    EXPECT_EQ(entryOf(plan, k2).reuseReason, ReuseReason::IdenticalWeight);
    EXPECT_EQ(entryOf(plan, k2).logicAddress, m.resource().varAddrMgrMap.at("k_ND_DT_FLOAT").address);
    EXPECT_EQ(entryOf(plan, d).offset, end1);  // only the new variable advances the pool
    EXPECT_EQ(poolEnd(m, MemoryType::HBM), end1 + 512u + 1024u);
    EXPECT_EQ(plan.totalsFor(MemoryType::HBM).fromSession, 3u);
    EXPECT_EQ(plan.totalsFor(MemoryType::HBM).allocated, 1u);
    EXPECT_EQ(m.allocatedGraphId("a"), first);
    EXPECT_EQ(m.allocatedGraphId("d"), second);
}

TEST(VarManager, SameNameInAnotherDescriptionKeepsItsBlockWhenItFits) {
    VarManager m;
    Graph g1;
    addVariable(g1, "v", DataType::Float, {4, 4});
    assignVariableMemory(g1, m, m.beginGraph());
    Graph g2;
    NodeId half = addVariable(g2, "v", DataType::Float16, {4, 4});
    VarMemoryPlan plan2 = assignVariableMemory(g2, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan2, half).reuseReason, ReuseReason::SizeCompatible);
    EXPECT_EQ(entryOf(plan2, half).logicAddress, kVarMemoryLogicBase);
    EXPECT_EQ(m.curVarDesc("v")->dtype, DataType::Float16);
    Graph g3;
    NodeId wide = addVariable(g3, "v", DataType::Double, {4, 4});
    VarMemoryPlan plan3 = assignVariableMemory(g3, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan3, wide).reuseReason, ReuseReason::None);
    EXPECT_EQ(entryOf(plan3, wide).offset, 512u + 1024u);
    EXPECT_EQ(m.allocatedGraphId("v"), 1u);  // the graph that placed it first
}

TEST(VarManager, RenewedDescriptionKeepsTheBlockUnderItsNewKey) {
    VarManager m;
    Graph g1;
    addVariable(g1, "w", DataType::Float, {16, 16});
    assignVariableMemory(g1, m, m.beginGraph());
    TensorDesc nz = TensorDesc::tensor(DataType::Float, Shape::fromExtents({16, 16}));
    nz.storageFormat = Format::FRACTAL_NZ;
    nz.storageShape = Shape::fromExtents({1, 1, 16, 16});
    m.renewCurVarDesc("w", nz);
    EXPECT_FALSE(m.resource().varAddrMgrMap.count("w_ND_DT_FLOAT"));
    ASSERT_NE(m.varAddress("w", nz), nullptr);
    EXPECT_EQ(m.varAddress("w", nz)->address, kVarMemoryLogicBase);

    Graph g2;
    NodeId w = addVariable(g2, "w", DataType::Float, {16, 16});
    g2.setOutputDesc(w, 0, nz);
    VarMemoryPlan plan = assignVariableMemory(g2, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan, w).varKey, "w_FRACTAL_NZ_DT_FLOAT");
    EXPECT_EQ(entryOf(plan, w).reuseReason, ReuseReason::SameNameAndFormat);
    EXPECT_EQ(entryOf(plan, w).logicAddress, kVarMemoryLogicBase);

    // A layout that needs more bytes than the block keeps the old key: new memory when assigned.
    TensorDesc big = TensorDesc::tensor(DataType::Float, Shape::fromExtents({32, 32}));
    m.renewCurVarDesc("w", big);
    EXPECT_EQ(m.varAddress("w", big), nullptr);
    EXPECT_EQ(*m.curVarDesc("w"), big);
}

TEST(VarManager, VarMemMaxSizeOverflowIsRefused) {
    VarManager m;
    VarManagerConfig config = m.config();
    config.varMemMaxSize = 4000;  // two 1536-byte blocks fit, a third does not
    m.setConfig(config);
    Graph g;
    addVariable(g, "a", DataType::Float, {16});
    addVariable(g, "b", DataType::Float, {16});
    addVariable(g, "c", DataType::Float, {16});
    try {
        assignVariableMemory(g, m, m.beginGraph());
        FAIL() << "the third variable exceeds var_mem_max_size";
    } catch (const VarMemoryLimitError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("'c'"), std::string::npos) << message;
        EXPECT_NE(message.find("4000"), std::string::npos) << message;
        EXPECT_NE(message.find("3072"), std::string::npos) << message;
    }
    EXPECT_EQ(poolEnd(m, MemoryType::HBM), 3072u);  // the refused block is not taken
    EXPECT_EQ(m.memResources().at(MemoryType::HBM).totalSize, 4000u);
    EXPECT_FALSE(m.isVarExist("c"));

    // RDMA is not limited by the HBM variable limit.
    Graph rdma;
    NodeId r = addVariable(rdma, "r", DataType::Float, {4096});
    rdma.setAttribute(r, Attribute::makeInt(std::string(varattr::kOutputMemoryType), 1));
    EXPECT_NO_THROW(assignVariableMemory(rdma, m, m.beginGraph()));
}

TEST(VarManager, BatchBranchNamesShareTheVariable) {
    VarManager m;
    m.setBatchVarName("w_ascend_mbatch_batch_1", "w");
    EXPECT_EQ(m.varKey("w_ascend_mbatch_batch_1", Format::ND, DataType::Float), "w_ND_DT_FLOAT");
    Graph g;
    NodeId w = addVariable(g, "w", DataType::Float, {8});
    NodeId branch = addVariable(g, "w_ascend_mbatch_batch_1", DataType::Float, {8});
    VarMemoryPlan plan = assignVariableMemory(g, m, m.beginGraph());
    EXPECT_EQ(entryOf(plan, branch).reuseReason, ReuseReason::SameNameAndFormat);
    EXPECT_EQ(entryOf(plan, branch).logicAddress, entryOf(plan, w).logicAddress);
    EXPECT_TRUE(m.isVarExist("w_ascend_mbatch_batch_1"));
    EXPECT_EQ(m.resource().curVarTensorDescMap.size(), 1u);
}

TEST(VarManager, ExternalMemoryMapsLogicAddresses) {
    VarManager m;
    Graph g;
    addVariable(g, "a", DataType::Float, {16});
    NodeId b = addVariable(g, "b", DataType::Float, {16});
    NodeId r = addVariable(g, "r", DataType::Float, {16});
    g.setAttribute(r, Attribute::makeInt(std::string(varattr::kOutputMemoryType), 1));
    VarMemoryPlan plan = assignVariableMemory(g, m, m.beginGraph());
    VarDeviceMemory device(m);
    const uint64_t base = 0x7f0000000000ULL;
    device.setExternalVar(base, 8192);
    const uint64_t logicB = entryOf(plan, b).logicAddress;
    EXPECT_EQ(device.varMemoryAddr(logicB, MemoryType::HBM, 0), base + 1536u);
    EXPECT_EQ(device.varMemoryAddr(logicB + 100, MemoryType::HBM, 3), base + 1636u);
    // RDMA addresses are returned as they are.
    EXPECT_EQ(device.varMemoryAddr(entryOf(plan, r).logicAddress, MemoryType::RDMA, 0),
              entryOf(plan, r).logicAddress);
    // Outside the region, below the logic base: refused.
    EXPECT_THROW(device.varMemoryAddr(kVarMemoryLogicBase + 8192, MemoryType::HBM, 0), std::runtime_error);
    EXPECT_THROW(device.varMemoryAddr(kVarMemoryLogicBase - 512, MemoryType::HBM, 0), std::runtime_error);
    // A region smaller than the variables need.
    device.setExternalVar(base, 1024);
    try {
        device.varMemoryAddr(logicB, MemoryType::HBM, 0);
        FAIL() << "1024 bytes cannot hold 3072 bytes of variables";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("smaller"), std::string::npos) << e.what();
    }
    EXPECT_EQ(device.autoMallocBytes(0), 0u);  // nothing was allocated lazily
}

TEST(VarManager, LazyAllocationCachesPerDevice) {
    VarManager m;
    Graph g;
    NodeId a = addVariable(g, "a", DataType::Float, {16});   // 96 B -> one 512-byte block
    NodeId b = addVariable(g, "b", DataType::Float, {300});  // 1248 B -> 1536
    VarMemoryPlan plan = assignVariableMemory(g, m, m.beginGraph());
    const uint64_t logicA = entryOf(plan, a).logicAddress;
    const uint64_t logicB = entryOf(plan, b).logicAddress;
    VarDeviceMemory device(m);

    EXPECT_EQ(device.autoMallocBytes(0), 0u);
    const uint64_t devB = device.varMemoryAddr(logicB, MemoryType::HBM, 0);
    EXPECT_NE(devB, 0u);
    EXPECT_EQ(device.autoMallocBytes(0), 1536u + 1024u);  // GetVarMallocSize: aligned block + 2 x 512
    EXPECT_EQ(device.varMemoryAddr(logicB, MemoryType::HBM, 0), devB);                // cached
    EXPECT_EQ(device.autoMallocVarAddr(logicB + 40, MemoryType::HBM, 0), devB + 40);  // inside the block
    EXPECT_EQ(device.autoMallocBytes(0), 1536u + 1024u);
    const uint64_t devA = device.varMemoryAddr(logicA, MemoryType::HBM, 0);
    EXPECT_NE(devA, devB);
    EXPECT_EQ(device.autoMallocBytes(0), 1536u + 1024u + 512u + 1024u);

    // Another device allocates its own copy, once.
    const uint64_t devB1 = device.varMemoryAddr(logicB, MemoryType::HBM, 1);
    EXPECT_NE(devB1, devB);
    EXPECT_EQ(device.varMemoryAddr(logicB, MemoryType::HBM, 1), devB1);
    EXPECT_EQ(device.autoMallocBytes(1), 1536u + 1024u);
    // An address no variable owns.
    EXPECT_THROW(device.varMemoryAddr(kVarMemoryLogicBase + 1024, MemoryType::HBM, 0), std::runtime_error);
    EXPECT_THROW(device.varMemoryAddr(12345, MemoryType::HBM, 0), std::runtime_error);

    // A variable placed by a later graph is learnt on the next access.
    Graph g2;
    NodeId c = addVariable(g2, "c", DataType::Float, {8});
    VarMemoryPlan plan2 = assignVariableMemory(g2, m, m.beginGraph());
    EXPECT_NE(device.varMemoryAddr(entryOf(plan2, c).logicAddress, MemoryType::HBM, 0), 0u);
}

TEST(VarManager, InitializerThatIsAGraphInputIsAVariable) {
    onnx::ModelProto proto = emptyModel();
    auto& g = *proto.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "w", onnx::TensorProto::FLOAT, {2});
    auto* init = g.add_initializer();
    init->set_name("w");
    init->set_data_type(onnx::TensorProto::FLOAT);
    init->add_dims(2);
    init->add_float_data(1.0f);
    init->add_float_data(2.0f);
    addNode(g, "Add", {"x", "w"}, {"y"}, "add");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadProto(proto, "var_manager_initializer_input");

    VarManager m;
    VarMemoryPlan plan = assignVariableMemory(*model.graph, m, m.beginGraph());
    ASSERT_EQ(plan.entries.size(), 1u);
    EXPECT_EQ(plan.entries[0].kind, VarKind::Variable);
    EXPECT_EQ(plan.entries[0].varKey, "w_ND_DT_FLOAT");
    EXPECT_EQ(plan.entries[0].tensorBytes, 8u);
    EXPECT_TRUE(m.isVarExist("w"));

    VarPlanOptions onnxTarget;
    onnxTarget.initializerInputsAreVariables = false;
    EXPECT_TRUE(planVariableMemory(*model.graph, onnxTarget).empty());
}

TEST(VarManager, OutputWrittenInPlaceTakesTheVariableAddress) {
    Graph g;
    NodeId v = addVariable(g, "v", DataType::Float, {4, 4});
    NodeId other = addVariable(g, "other", DataType::Float, {4, 4});
    Node& assign = g.addNode(std::string(op::kAssign), std::string(op::kGeDomain), "assign", 2);
    g.setOutputDesc(assign.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({4, 4})));
    g.setOutputDesc(assign.id(), 1, TensorDesc::tensor(DataType::Float, Shape::fromExtents({4, 4})));
    g.setAttribute(assign.id(), Attribute{std::string(op::attr::kOutputRefVarSrcVarName),
                                          AttrKind::Strings,
                                          std::vector<std::string>{"", "v"},
                                          {},
                                          {}});
    VarManager m;
    VarMemoryPlan plan = assignVariableMemory(g, m, m.beginGraph());
    ASSERT_EQ(plan.entries.size(), 3u);  // v, other, and assign's output 1 (output 0 writes nothing)
    const VarMemoryEntry& written = entryOf(plan, assign.id());
    EXPECT_EQ(written.varName, "v");
    EXPECT_EQ(written.kind, VarKind::Variable);
    EXPECT_EQ(written.reuseReason, ReuseReason::SameNameAndFormat);
    EXPECT_EQ(written.logicAddress, entryOf(plan, v).logicAddress);
    EXPECT_EQ(plan.entries[*written.reusedFrom].node, v);
    EXPECT_NE(written.logicAddress, entryOf(plan, other).logicAddress);
}
