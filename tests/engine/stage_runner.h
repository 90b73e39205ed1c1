#pragma once
// Hand-picked stages run the way the pipeline runs its own (issue 25 item 9: this setup was written
// by hand in each fixture): a PassManager over the model, the graph verifier after every pass when
// the options ask (ctest sets PASSSCOPE_VERIFY_EACH=1) or the test insists, the journal when the
// test reads it, then every stage to its fixed point inside PassManager::run.
#include <vector>

#include "ir/model.h"
#include "pipeline/journal.h"
#include "pipeline/options.h"
#include "pipeline/pass_manager.h"

namespace passscope::test {

struct TestStageRun {
    Journal* journal = nullptr;  // recorded into when given
    bool verify = false;         // the verifier even when options.verifyEach is off
    bool timing = false;         // a TimingInstrument too (last, so it times the pass alone)
};

PipelineRun runTestStages(Model& model, const PipelineOptions& options, std::vector<Stage>& stages,
                          const TestStageRun& how = {});

}  // namespace passscope::test
