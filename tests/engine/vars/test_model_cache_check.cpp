// The model cache check (docs/ge-variables.md §11): a cached compile is valid while every variable
// description is what compiling now gives.
#include <gtest/gtest.h>

#include "var_graphs.h"
#include "vars/model_cache_check.h"
#include "vars/var_manager_serial.h"

using namespace passscope;
using namespace passscope::test::vars;

namespace {

std::shared_ptr<VarManager> compiled() {
    auto m = std::make_shared<VarManager>();
    Graph g;
    addVariable(g, "dense/weight", DataType::Float, {16, 2});
    addVariable(g, "dense/bias", DataType::Float, {2});
    addVariable(g, "global_step", DataType::Int64, {});
    assignVariableMemory(g, *m, m->beginGraph());
    return m;
}

}  // namespace

TEST(ModelCacheCheck, UnchangedDescriptionsKeepTheCacheValid) {
    auto cached = deserializeVarManager(serializeVarManager(*compiled()));
    const ModelCacheVerdict verdict = checkModelCache(*cached, *compiled());
    EXPECT_TRUE(verdict.valid);
    EXPECT_TRUE(verdict.changes.empty());
    EXPECT_EQ(verdict.message, "cache valid: 3 variable descriptions unchanged");
}

TEST(ModelCacheCheck, ChangedFormatMeansRecompile) {
    auto cached = compiled();
    auto now = compiled();
    now->renewCurVarDesc("dense/weight", nzDesc());
    const ModelCacheVerdict verdict = checkModelCache(*cached, *now);
    EXPECT_FALSE(verdict.valid);
    ASSERT_EQ(verdict.changes.size(), 1u);
    EXPECT_EQ(verdict.changes[0].variable, "dense/weight");
    EXPECT_EQ(verdict.changes[0].before->storageFormat, Format::ND);
    EXPECT_EQ(verdict.changes[0].after, nzDesc());
    EXPECT_EQ(verdict.message, "recompile: dense/weight ND float [16,2] -> FRACTAL_NZ float [1,1,16,16]");
}

TEST(ModelCacheCheck, VariableMissingOnOneSideMeansRecompile) {
    auto cached = compiled();
    auto now = compiled();
    Graph extra;
    addVariable(extra, "momentum", DataType::Float, {16, 2});
    assignVariableMemory(extra, *now, now->beginGraph());
    ModelCacheVerdict verdict = checkModelCache(*cached, *now);
    EXPECT_FALSE(verdict.valid);
    ASSERT_EQ(verdict.changes.size(), 1u);
    EXPECT_FALSE(verdict.changes[0].before.has_value());
    EXPECT_EQ(verdict.message, "recompile: momentum (not in the cache) -> ND float [16,2]");

    verdict = checkModelCache(*now, *cached);
    EXPECT_FALSE(verdict.valid);
    EXPECT_EQ(verdict.message, "recompile: momentum ND float [16,2] -> (not in this compile)");
}
