#pragma once
// Pass instrumentation, as MLIR's PassInstrumentation: hooks the pass manager calls around every
// pass run, so timing, the journal, progress reports and the verifier are added to a run rather
// than written into the pass manager's loop. Before-hooks run in the order the instruments were
// added, after-hooks in the reverse order (the last added wraps the pass most closely: add
// timing last so it measures the pass alone).
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "pipeline/journal.h"
#include "pipeline/pass.h"

namespace passscope {

// One pass run as the instruments see it. `changed` is set once the pass returned; `seconds` by
// the TimingInstrument (0 without one).
struct PassExecution {
    const Pass& pass;
    Graph& graph;
    const std::string& stage;
    int iteration;
    PassContext& context;
    bool changed = false;
    double seconds = 0;
};

class PassInstrumentation {
  public:
    virtual ~PassInstrumentation() = default;
    // Around a whole run of the pass manager on `graph` (also when it fails or is cancelled).
    virtual void runBeforePipeline(Graph&) {}
    virtual void runAfterPipeline(Graph&) {}
    virtual void runBeforePass(PassExecution&) {}
    virtual void runAfterPass(PassExecution&) {}
    // The pass threw; the exception goes on to the caller once every instrument has seen it.
    virtual void runAfterPassFailed(PassExecution&) {}
};

// Wall time of each pass run, and the total per pass name. Runs may nest (a pass running a
// nested pass manager on a body): a run's seconds are its own, without the nested runs, which are
// steps of their own, so the seconds of all steps add up to the pipeline's time.
class TimingInstrument : public PassInstrumentation {
  public:
    void runBeforePass(PassExecution&) override { open_.push_back({std::chrono::steady_clock::now(), 0}); }
    void runAfterPass(PassExecution& e) override { stop(e); }
    void runAfterPassFailed(PassExecution& e) override { stop(e); }
    const std::map<std::string, double>& totals() const { return totals_; }

  private:
    struct OpenRun {
        std::chrono::steady_clock::time_point start;
        double nestedSeconds;  // wall time of the runs nested in this one
    };
    void stop(PassExecution& e);
    std::vector<OpenRun> open_;
    std::map<std::string, double> totals_;
};

// Records every pass run as a journal step (the edits come through the graph's observer). Begins
// the journal on the first graph it sees; nested runs on other graphs add steps to it.
class JournalInstrument : public PassInstrumentation {
  public:
    explicit JournalInstrument(Journal& journal) : journal_(journal) {}
    void runBeforePipeline(Graph& graph) override;
    void runAfterPipeline(Graph& graph) override;
    void runBeforePass(PassExecution& e) override;
    void runAfterPass(PassExecution& e) override;
    void runAfterPassFailed(PassExecution& e) override { runAfterPass(e); }

  private:
    Journal& journal_;
    Graph* root_ = nullptr;
};

// Calls `report(steps done, "stage / pass")` after each pass run.
class ProgressInstrument : public PassInstrumentation {
  public:
    using Callback = std::function<void(size_t, const std::string&)>;
    explicit ProgressInstrument(Callback report) : report_(std::move(report)) {}
    void runAfterPass(PassExecution& e) override;

  private:
    Callback report_;
    size_t steps_ = 0;
};

// Runs the graph verifier after every pass and fails the run (PassFailure naming the pass) on a
// problem the graph did not have when the run began, or on a value that had a data type before
// the pass and lost it. Problems the input already had are not blamed on a pass. A pass run on a
// body is checked on the whole model (the body's outer reads are use lists of its ancestors).
class VerifierInstrument : public PassInstrumentation {
  public:
    void runBeforePipeline(Graph& graph) override;
    void runBeforePass(PassExecution& e) override;
    void runAfterPass(PassExecution& e) override;
    void runAfterPassFailed(PassExecution&) override {
        if (!typed_.empty()) typed_.pop_back();
    }

  private:
    std::unordered_map<const Graph*, std::unordered_set<std::string>> baseline_;
    // Per pass run in progress (runs nest): the (node id, output) pairs of its graph whose data
    // type was known before it.
    std::vector<std::vector<std::pair<NodeId, size_t>>> typed_;
};

}  // namespace passscope
