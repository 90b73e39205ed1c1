// One fuzz case, shared by the generator-driven driver (fuzz_main.cpp) and the libFuzzer entry
// point (libfuzzer_entry.cpp): the bytes are written as a model file and taken through what a
// user does with it: load (read, guards, checker, import, shape inference), info, optimize with
// the journal (target ge for half the cases), the report, a journal cursor to step 0 and back, export, the
// ONNX checker on the export, and loading the export back.
#pragma once

#include <filesystem>
#include <string>

namespace passscope::fuzz {

enum class Verdict {
    Passed,    // went all the way through
    Rejected,  // refused with a ModelError (a message for the user): expected for bad input
    Failed,    // a finding: an unexpected exception type, a journal that does not replay, an
               // export that the checker or the loader refuses although its input was accepted
};

struct CaseResult {
    Verdict verdict = Verdict::Passed;
    std::string stage;  // where it stopped: load, info, optimize, report, journal, export, check, reload
    std::string message;
};

// The file every case is written to inside `workDir` (kept there until the next case, so a
// crash leaves it behind as the reproducer).
std::filesystem::path caseFile(const std::filesystem::path& workDir);

// Never throws; crashes, sanitizer reports and hangs are for the caller to catch.
CaseResult runCase(const std::string& bytes, const std::filesystem::path& workDir);

const char* verdictName(Verdict v);

}  // namespace passscope::fuzz
