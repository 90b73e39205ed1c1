// passscope-fuzz: generator-driven fuzzing of the loader and the pipeline, in process.
//
//   passscope-fuzz [--cases N] [--seed S] [--corpus DIR]... [--work DIR] [--time-budget SEC]
//                  [--max-seconds SEC] [--rss-limit-mb MB] [--only INDEX] [--verbose]
//   passscope-fuzz --replay FILE [--work DIR]
//
// Case i of seed S is made from its own 64-bit seed (mix(S, i)): a seed model (generated in code,
// or a file from a --corpus folder) mutated at the protobuf and the byte level (mutators.h), then
// taken through runCase (fuzz_case.h). A finding (an unexpected exception type, a journal that
// does not replay, an export that does not load back), a crash, a sanitizer report or a case that
// runs past its time budget prints the case's seed and index and leaves the case's bytes in
// WORK/repro-S-I.onnx; `--replay` runs that file alone. Exit status: 0 when every case passed or
// was refused with a message, 1 when any case failed.
#include <google/protobuf/stubs/common.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "fuzz_case.h"
#include "mutators.h"
#include "seed_models.h"

namespace fs = std::filesystem;
using namespace passscope::fuzz;

// Called by ASan/UBSan before they end the process (weak: absent from builds without them).
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

namespace {

// What a crash handler prints and renames; prepared before each case, because a signal handler
// may only call async-signal-safe functions (write, rename, _exit).
char g_crashMessage[1024];
char g_casePath[1024];
char g_reproPath[1024];
std::atomic<int64_t> g_caseStartMs{-1};

int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void saveReproducer() {
    if (g_casePath[0] && g_reproPath[0]) rename(g_casePath, g_reproPath);
}

void onDeath() {
    saveReproducer();
    ssize_t ignored = write(STDERR_FILENO, g_crashMessage, strlen(g_crashMessage));
    (void)ignored;
}

void onSignal(int sig) {
    onDeath();
    signal(sig, SIG_DFL);
    raise(sig);
}

uint64_t mix(uint64_t seed, uint64_t index) {
    uint64_t z = seed * 0x9E3779B97F4A7C15ull + index + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Model files of a corpus folder (recursively), small enough to mutate quickly.
void addCorpus(const fs::path& dir, std::vector<std::pair<std::string, std::string>>& out) {
    constexpr uintmax_t kMaxBytes = 1 << 20;
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        const std::string ext = it->path().extension().string();
        if (ext != ".onnx" && ext != ".txt" && ext != ".pbtxt" && ext != ".textproto") continue;
        if (it->file_size(ec) > kMaxBytes) continue;
        files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());  // the same cases on every machine
    for (const fs::path& f : files) out.emplace_back(fs::relative(f, dir, ec).string(), readFile(f));
}

struct Args {
    uint64_t cases = 200;
    uint64_t seed = 1;
    std::vector<fs::path> corpora;
    fs::path work;
    fs::path replay;
    double timeBudget = 30;
    double maxSeconds = 0;
    int64_t rssLimitMiB = 2048;
    int64_t only = -1;
    bool verbose = false;
};

void usage() {
    std::cerr
        << "usage: passscope-fuzz [--cases N] [--seed S] [--corpus DIR]... [--work DIR] [--time-budget SEC]\n"
           "                      [--max-seconds SEC] [--rss-limit-mb MB] [--only INDEX] [--verbose]\n"
           "       passscope-fuzz --replay FILE [--work DIR]\n";
}

bool parseArgs(int argc, char** argv, Args& a) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        const char* v = nullptr;
        if (arg == "--verbose")
            a.verbose = true;
        else if (arg == "--help" || arg == "-h")
            return false;
        else if (!(v = value()))
            return false;
        else if (arg == "--cases")
            a.cases = std::stoull(v);
        else if (arg == "--seed")
            a.seed = std::stoull(v);
        else if (arg == "--corpus")
            a.corpora.emplace_back(v);
        else if (arg == "--work")
            a.work = v;
        else if (arg == "--replay")
            a.replay = v;
        else if (arg == "--time-budget")
            a.timeBudget = std::stod(v);
        else if (arg == "--max-seconds")
            a.maxSeconds = std::stod(v);
        else if (arg == "--only")
            a.only = std::stoll(v);
        else
            return false;
    }
    return true;
}

// Resident memory in MiB (Linux), 0 when unknown.
int64_t residentMiB() {
    std::ifstream statm("/proc/self/statm");
    int64_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * int64_t(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

void die(const char* why) {
    ssize_t ignored = write(STDERR_FILENO, why, strlen(why));
    (void)ignored;
    onDeath();
    _exit(3);
}

// Ends the process when a case runs past its time budget (a hang) or its memory grows past the
// limit (a blow-up the engine should have refused before allocating): findings like a crash,
// and the machine stays usable (no OOM killer).
void startWatchdog(double budgetSeconds, int64_t rssLimitMiB) {
    std::thread([budgetMs = int64_t(budgetSeconds * 1000), rssLimitMiB] {
        for (;;) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            const int64_t start = g_caseStartMs.load();
            if (start < 0) continue;
            if (nowMs() - start > budgetMs)
                die("passscope-fuzz: the case ran past its time budget (a hang)\n");
            if (residentMiB() > rssLimitMiB)
                die("passscope-fuzz: the case's memory passed --rss-limit-mb (a blow-up)\n");
        }
    }).detach();
}

void prepareCrashReport(const fs::path& work, const std::string& label, const std::string& replayHint) {
    const std::string repro = (work / ("repro-" + label + ".onnx")).string();
    std::snprintf(g_casePath, sizeof g_casePath, "%s", caseFile(work).string().c_str());
    std::snprintf(g_reproPath, sizeof g_reproPath, "%s", repro.c_str());
    std::snprintf(
        g_crashMessage, sizeof g_crashMessage,
        "passscope-fuzz: case %s crashed or hung; reproducer: %s\n  replay: passscope-fuzz --replay %s\n%s\n",
        label.c_str(), repro.c_str(), repro.c_str(), replayHint.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    // With GCC, UBSan is a runtime of its own: its reports end the process without the death
    // callback. Asking it to abort() instead lets the SIGABRT handler name the case. The options
    // are read at start-up, hence the one re-execution.
    if (__sanitizer_set_death_callback && !getenv("PASSSCOPE_FUZZ_UBSAN_SET")) {
        const char* previous = getenv("UBSAN_OPTIONS");
        const std::string options =
            std::string(previous ? previous : "") + ":print_stacktrace=1:abort_on_error=1";
        setenv("UBSAN_OPTIONS", options.c_str(), 1);
        setenv("PASSSCOPE_FUZZ_UBSAN_SET", "1", 1);
        execv("/proc/self/exe", argv);
    }
    Args args;
    if (!parseArgs(argc, argv, args)) {
        usage();
        return 2;
    }
    if (args.work.empty())
        args.work = fs::temp_directory_path() / ("passscope-fuzz-" + std::to_string(getpid()));
    fs::create_directories(args.work);
    // libprotobuf logs parse errors of every refused text case; the refusals are counted instead.
    google::protobuf::LogSilencer silence;

    // Under ASan/UBSan the sanitizer reports the crash (with its stack) and then calls onDeath;
    // its signal handlers stay in place. abort() (std::terminate) is not theirs to catch.
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(onDeath);
    else
        for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) signal(sig, onSignal);
    signal(SIGABRT, onSignal);
    // Without a sanitizer (which reserves terabytes of address space), a cap on the address space
    // turns a runaway allocation into std::bad_alloc, a finding, before the watchdog sees it.
    if (!__sanitizer_set_death_callback) {
        const rlim_t cap = rlim_t(args.rssLimitMiB + 1024) << 20;
        rlimit limit{cap, cap};
        setrlimit(RLIMIT_AS, &limit);
    }
    startWatchdog(args.timeBudget, args.rssLimitMiB);

    if (!args.replay.empty()) {
        const std::string bytes = readFile(args.replay);
        prepareCrashReport(args.work, "replay", "");
        g_caseStartMs = nowMs();
        const CaseResult r = runCase(bytes, args.work);
        g_caseStartMs = -1;
        std::cout << verdictName(r.verdict) << (r.stage.empty() ? "" : " at " + r.stage) << ": " << r.message
                  << "\n";
        return r.verdict == Verdict::Failed ? 1 : 0;
    }

    std::vector<std::pair<std::string, onnx::ModelProto>> protoSeeds;
    for (SeedModel& s : generatedSeeds()) protoSeeds.emplace_back(s.name, std::move(s.proto));
    std::vector<std::pair<std::string, std::string>> byteSeeds;
    for (const fs::path& dir : args.corpora) addCorpus(dir, byteSeeds);

    const int64_t runStart = nowMs();
    std::map<Verdict, uint64_t> counts;
    std::map<std::string, uint64_t> refusedAt;
    uint64_t run = 0;
    for (uint64_t i = 0; i < args.cases; ++i) {
        if (args.only >= 0 && i != uint64_t(args.only)) continue;
        if (args.maxSeconds > 0 && nowMs() - runStart > args.maxSeconds * 1000) break;
        const uint64_t caseSeed = mix(args.seed, i);
        const std::string label = std::to_string(args.seed) + "-" + std::to_string(i);
        prepareCrashReport(args.work, label, "  (while making the case: a fuzzer bug)");
        g_casePath[0] = 0;
        const FuzzCase c = makeCase(protoSeeds, byteSeeds, caseSeed);
        prepareCrashReport(args.work, label,
                           "  case: seed " + std::to_string(args.seed) + " index " + std::to_string(i) +
                               " (" + c.description + "); rerun: passscope-fuzz --seed " +
                               std::to_string(args.seed) + " --cases " + std::to_string(i + 1) + " --only " +
                               std::to_string(i));
        const int64_t start = nowMs();
        g_caseStartMs = start;
        const CaseResult r = runCase(c.bytes, args.work);
        g_caseStartMs = -1;
        ++run;
        ++counts[r.verdict];
        if (r.verdict == Verdict::Rejected) ++refusedAt[r.stage];
        if (args.verbose || r.verdict == Verdict::Failed) {
            std::cout << "case " << label << " [" << c.description << "] " << verdictName(r.verdict)
                      << (r.stage.empty() ? "" : " at " + r.stage) << " (" << nowMs() - start << " ms)"
                      << (r.message.empty() ? "" : ": " + r.message.substr(0, 300)) << std::endl;
        }
        if (r.verdict == Verdict::Failed) {
            const fs::path repro = args.work / ("repro-" + label + ".onnx");
            std::ofstream(repro, std::ios::binary).write(c.bytes.data(), std::streamsize(c.bytes.size()));
            std::cout << "  reproducer: " << repro.string() << " (passscope-fuzz --replay " << repro.string()
                      << ")\n";
        }
    }
    std::cout << "passscope-fuzz: seed " << args.seed << ", " << run << " cases in "
              << (nowMs() - runStart) / 1000.0 << " s: " << counts[Verdict::Passed] << " passed, "
              << counts[Verdict::Rejected] << " refused with a message (";
    bool first = true;
    for (const auto& [stage, n] : refusedAt) {
        std::cout << (first ? "" : ", ") << stage << " " << n;
        first = false;
    }
    std::cout << "), " << counts[Verdict::Failed] << " failed\n";
    std::error_code ec;
    fs::remove(caseFile(args.work), ec);
    return counts[Verdict::Failed] ? 1 : 0;
}
