// VarManager serialization (docs/ge-variables.md §7, §10): the round trip gives an equal manager,
// a loaded manager hands a graph the same addresses, and bad bytes or files give a clear error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine_helpers.h"
#include "model_builders.h"
#include "var_graphs.h"
#include "vars/var_manager.pb.h"
#include "vars/var_manager_serial.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::vars;
namespace fs = std::filesystem;

namespace {

// A manager with every serialized table filled: two graphs assigned (HBM, RDMA, host, a
// symbolic shape), a trans road, changed graph ids, a broadcast info and its own configuration.
std::shared_ptr<VarManager> filledManager() {
    auto m = std::make_shared<VarManager>(42);
    VarManagerConfig config = m->config();
    config.deviceId = 3;
    config.jobId = 7;
    config.graphMemMaxSize = 1ull << 30;
    config.varMemMaxSize = 1ull << 28;
    config.useMaxMemSize = (1ull << 30) + (1ull << 28);
    config.varMemAutoMalloc = false;
    m->setConfig(config);

    Model model = loadSample("training_step.onnx");
    assignVariableMemory(*model.graph, *m, m->beginGraph());
    Graph g;
    NodeId r = addVariable(g, "rdma_var", DataType::Int32, {10});
    g.setAttribute(r, Attribute::makeInt(std::string(varattr::kOutputMemoryType), 1));
    NodeId h = addFloatConst(g, "host_const", {1, 2, 3});
    g.setAttribute(h, Attribute::makeString(std::string(varattr::kVariablePlacement), "host"));
    NodeId dyn = addVariable(g, "dynamic", DataType::Float16, {1});
    g.setOutputDesc(
        dyn, 0, TensorDesc::tensor(DataType::Float16, Shape({Dim::symbolic("batch"), Dim::known(8), Dim{}})));
    const uint32_t second = m->beginGraph();
    assignVariableMemory(g, *m, second);

    const TensorDesc nd = TensorDesc::tensor(DataType::Float, Shape::fromExtents({16, 2}));
    m->setTransRoad("dense/weight", {TransNodeInfo{"TransData", nd, nzDesc()}});
    m->setChangedGraphId("dense/weight", second);
    m->setStateChanged("dense/weight");
    m->renewCurVarDesc("dense/weight", nzDesc());
    m->resource().varBroadcastInfo[second]["dense/bias"] =
        BroadcastInfo{"dense/bias", "bias_broadcast", 2, 64, 96, 128, 96};
    return m;
}

fs::path writeBytes(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
}

std::string errorOf(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST(VarManagerSerial, RoundTripGivesAnEqualManager) {
    auto m = filledManager();
    ASSERT_EQ(m->memResources().size(), 3u);
    ASSERT_FALSE(m->resource().varToTransRoad.empty());
    const std::string bytes = serializeVarManager(*m);
    auto back = deserializeVarManager(bytes);
    EXPECT_TRUE(*back == *m);
    EXPECT_EQ(back->sessionId(), 42u);
    EXPECT_EQ(back->config(), m->config());
    EXPECT_EQ(back->resource().varAddrMgrMap, m->resource().varAddrMgrMap);
    EXPECT_EQ(back->resource().curVarTensorDescMap, m->resource().curVarTensorDescMap);
    EXPECT_EQ(*back->transRoad("dense/weight"), *m->transRoad("dense/weight"));
    EXPECT_EQ(back->changedGraphId("dense/weight"), 2u);
    EXPECT_FALSE(back->isVarPermitToChangeFormats("dense/weight"));  // the change survives the file
    EXPECT_EQ(serializeVarManager(*back), bytes);

    const fs::path dir = freshDir("var_manager_serial");
    saveVarManager(*m, (dir / "vars.pb").string());
    EXPECT_TRUE(*loadVarManager((dir / "vars.pb").string()) == *m);

    // Equality can fail: one changed offset, one changed description, one more graph id.
    auto changed = deserializeVarManager(bytes);
    changed->resource().varAddrMgrMap.begin()->second.offset += 512;
    EXPECT_FALSE(*changed == *m);
    changed = deserializeVarManager(bytes);
    changed->renewCurVarDesc("dense/bias", TensorDesc::tensor(DataType::Float16, Shape::fromExtents({2})));
    EXPECT_FALSE(*changed == *m);
    changed = deserializeVarManager(bytes);
    changed->setAllocatedGraphId("new", 9);
    EXPECT_FALSE(*changed == *m);
}

TEST(VarManagerSerial, LoadedManagerGivesAGraphTheSameAddresses) {
    Model model = loadSample("training_step.onnx");
    VarManager m;
    VarMemoryPlan first = assignVariableMemory(*model.graph, m, m.beginGraph());
    auto loaded = deserializeVarManager(serializeVarManager(m));
    VarMemoryPlan again = assignVariableMemory(*model.graph, *loaded, loaded->beginGraph());
    ASSERT_EQ(again.entries.size(), first.entries.size());
    for (size_t i = 0; i < first.entries.size(); ++i) {
        EXPECT_EQ(again.entries[i].logicAddress, first.entries[i].logicAddress) << first.entries[i].nodeName;
        EXPECT_EQ(again.entries[i].footprint, 0u) << first.entries[i].nodeName;
    }
    EXPECT_EQ(loaded->memResources(), m.memResources());  // nothing new was allocated
}

TEST(VarManagerSerial, ALoadedSessionContinuesItsGraphIds) {
    Model model = loadSample("training_step.onnx");
    VarManager m;
    m.beginGraph();
    const uint32_t second = m.beginGraph();
    assignVariableMemory(*model.graph, m, second);
    m.setChangedGraphId("dense/weight", second);
    auto loaded = deserializeVarManager(serializeVarManager(m));
    EXPECT_EQ(loaded->lastGraphId(), second);
    EXPECT_EQ(loaded->beginGraph(), second + 1);  // never an id an earlier graph had
}

TEST(VarManagerSerial, MalformedBytesAreRefused) {
    EXPECT_NE(errorOf([] { deserializeVarManager(""); }).find("empty"), std::string::npos);
    const std::string garbage = errorOf([] { deserializeVarManager(std::string("\xff\xff\xff\xff", 4)); });
    EXPECT_NE(garbage.find("not a VarManagerInfo"), std::string::npos) << garbage;
    const std::string text = errorOf([] { deserializeVarManager("hello, this is not a protobuf\n"); });
    EXPECT_NE(text.find("malformed variable manager data"), std::string::npos) << text;

    // Well-formed protobuf, values PassScope does not know.
    deployer::VarManagerInfo info;
    info.set_version(1);
    info.set_end_marker(0x53524156);
    auto& addr = (*info.mutable_var_resource()->mutable_var_addr_mgr_map())["v_ND_DT_FLOAT"];
    addr.set_memory_type(7);
    addr.mutable_desc()->set_dtype(1);
    addr.mutable_desc()->set_origin_format("ND");
    addr.mutable_desc()->set_storage_format("ND");
    const std::string badType = errorOf([&] { deserializeVarManager(info.SerializeAsString()); });
    EXPECT_NE(badType.find("unknown memory type 7"), std::string::npos) << badType;
    addr.set_memory_type(0);
    addr.mutable_desc()->set_storage_format("NOT_A_FORMAT");
    const std::string badFormat = errorOf([&] { deserializeVarManager(info.SerializeAsString()); });
    EXPECT_NE(badFormat.find("unknown format 'NOT_A_FORMAT'"), std::string::npos) << badFormat;
    EXPECT_NE(badFormat.find("v_ND_DT_FLOAT"), std::string::npos) << badFormat;
    // An address in a pool the file does not have.
    addr.mutable_desc()->set_storage_format("ND");
    const std::string noPool = errorOf([&] { deserializeVarManager(info.SerializeAsString()); });
    EXPECT_NE(noPool.find("pool"), std::string::npos) << noPool;
    // No version: not ours.
    deployer::VarManagerInfo empty;
    empty.set_session_id(5);
    empty.set_end_marker(0x53524156);
    EXPECT_NE(errorOf([&] { deserializeVarManager(empty.SerializeAsString()); }).find("no version"),
              std::string::npos);
}

TEST(VarManagerSerial, TruncatedFileIsRefused) {
    const std::string bytes = serializeVarManager(*filledManager());
    const fs::path dir = freshDir("var_manager_truncated");
    const std::string path = writeBytes(dir / "cut.pb", bytes.substr(0, bytes.size() / 2)).string();
    const std::string error = errorOf([&] { loadVarManager(path); });
    EXPECT_NE(error.find(path), std::string::npos) << error;
    EXPECT_NE(error.find("malformed variable manager data"), std::string::npos) << error;
    // Cut anywhere, also between two fields where the rest still parses: refused.
    size_t accepted = 0;
    for (size_t length = 0; length < bytes.size(); ++length)
        accepted += errorOf([&] { deserializeVarManager(std::string_view(bytes).substr(0, length)); }) ==
                    "(no error)";
    EXPECT_EQ(accepted, 0u);
}

TEST(VarManagerSerial, FileThatIsNotAVarManagerIsRefused) {
    const fs::path dir = freshDir("var_manager_not_protobuf");
    const std::string text = writeBytes(dir / "notes.txt", "variables: dense/weight, dense/bias\n").string();
    std::string error = errorOf([&] { loadVarManager(text); });
    EXPECT_NE(error.find(text), std::string::npos) << error;
    EXPECT_NE(error.find("malformed"), std::string::npos) << error;
    // Another protobuf message: an ONNX model.
    const fs::path model = fs::path(PASSSCOPE_SOURCE_DIR) / "resources/samples/training_step.onnx";
    error = errorOf([&] { loadVarManager(model.string()); });
    EXPECT_NE(error.find("malformed"), std::string::npos) << error;

    error = errorOf([&] { loadVarManager(dir.string()); });
    EXPECT_NE(error.find("is a folder"), std::string::npos) << error;
    error = errorOf([&] { loadVarManager((dir / "missing.pb").string()); });
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    EXPECT_NE(error.find("missing.pb"), std::string::npos) << error;
    error = errorOf([&] { saveVarManager(VarManager(), (dir / "no_such_dir" / "x.pb").string()); });
    EXPECT_NE(error.find("no_such_dir"), std::string::npos) << error;
}
