// Load, pipeline, journal, export, reload: the one-case function of passscope-fuzz (fuzz_case.h)
// on what loads, under coverage guidance.
#include "fuzz_case.h"
#include "fuzz_scratch.h"
#include "targets.h"

namespace passscope::fuzz {

int fuzzPipeline(const uint8_t* data, size_t size) {
    static const std::filesystem::path work = [] {
        std::filesystem::path dir = scratchDir() / "pipeline";
        std::filesystem::create_directories(dir);
        return dir;
    }();
    const CaseResult r = runCase(std::string(reinterpret_cast<const char*>(data), size), work);
    if (r.verdict == Verdict::Failed) finding("pipeline", "at " + r.stage + ": " + r.message);
    return 0;
}

}  // namespace passscope::fuzz
