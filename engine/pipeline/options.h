#pragma once
// One options object for CLI, GUI and session files; keys follow GE's (docs/ge-constant-folding.md §7):
// ge.oo.level (O0..O3), ge.oo.constantFolding, ge.exec.memoryOptimizationPolicy;
// PassScope's own keys start with "passscope."; "pass.<PassName>" enables or disables one pass.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/format.h"

namespace passscope {

enum class OptLevel { O0 = 0, O1 = 1, O2 = 2, O3 = 3 };
enum class Target { Onnx, Ge };

// On in builds with assertions (NDEBUG undefined) and wherever the environment sets
// PASSSCOPE_VERIFY_EACH=1 (the test suites do), off otherwise.
bool verifyEachByDefault();

struct PipelineOptions {
    OptLevel level = OptLevel::O3;  // GE's default
    bool constantFolding = true;    // ge.oo.constantFolding
    bool memoryPriority = false;    // ge.exec.memoryOptimizationPolicy=MemoryPriority
    // ConstantClipPass: clip constant weights a narrowing Cast would turn into ±inf (ge.is_weight_clip=1).
    bool weightClip = false;
    // Variable format fusion (VariableOpPass, target ge; docs/ge-variables.md §6).
    bool variableAcc = true;                          // ge.exec.variable_acc
    uint64_t foldSizeThreshold = uint64_t(64) << 20;  // passscope.foldSizeThreshold (bytes of outputs)
    int iterationCap = 5;                      // passscope.iterationCap: per stage, to reach a fixed point
    Target target = Target::Onnx;              // passscope.target
    std::map<std::string, bool> passSwitches;  // pass.<Name>=true|false
    std::set<std::string> noFold;              // node names given --no-fold (set as _do_not_constant_folding)
    std::map<std::string, std::vector<int64_t>> inputShapes;  // --input-shape NAME:D0,D1,...
    // Format refinement (target ge; docs/ge-formats.md §4, §5). The format Data nodes take when no
    // anchor reaches them (GE's data_format): NCHW, NHWC or ND.
    Format dataFormat = Format::NCHW;  // passscope.dataFormat
    // User storage formats of graph inputs and outputs by name (--storage-format NAME:FORMAT),
    // applied as GE's PrepareRunningFormatRefiner applies ATTR_NAME_STORAGE_FORMAT.
    // A FRACTAL_Z may carry its conv groups (NAME:FRACTAL_Z:16, GE's sub-format).
    std::map<std::string, FormatWithSub> storageFormats;  // passscope.storageFormats = NAME:FORMAT,...
    // The op-format capability table (JSON); empty = the bundled default table.
    std::string formatTable;  // passscope.formatTable
    // Run the graph verifier after every pass (--verify-each); a pass that breaks the graph
    // fails the run. Default: verifyEachByDefault().
    bool verifyEach = verifyEachByDefault();
    // Switch keys that passes may declare besides the ones with fields above (absent = on).
    std::map<std::string, bool> switches;

    // Whether the switch `key` a pass declares is on: ge.oo.constantFolding reads constantFolding,
    // ge.exec.variable_acc reads variableAcc, ge.is_weight_clip reads weightClip, any other key
    // reads `switches`.
    bool switchOn(const std::string& key) const;

    // Throws std::invalid_argument with a message naming the key and the accepted values.
    void set(const std::string& key, const std::string& value);
    // The documented keys with a one-line description, for --help and the GUI.
    static std::vector<std::pair<std::string, std::string>> describe();
    // "NAME:D0,D1,..." -> inputShapes; throws std::invalid_argument.
    void addInputShape(const std::string& spec);
    // "NAME:FORMAT" -> storageFormats; throws std::invalid_argument.
    void addStorageFormat(const std::string& spec);
    std::map<std::string, std::string> toKeyValues() const;
};

std::string levelName(OptLevel level);

}  // namespace passscope
