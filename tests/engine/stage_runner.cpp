#include "stage_runner.h"

#include <memory>

#include "pipeline/instrumentation.h"

namespace passscope::test {

PipelineRun runTestStages(Model& model, const PipelineOptions& options, std::vector<Stage>& stages,
                          const TestStageRun& how) {
    PassManager manager(model, options);
    if (how.journal) manager.addInstrumentation(std::make_shared<JournalInstrument>(*how.journal));
    if (how.verify || options.verifyEach) manager.addInstrumentation(std::make_shared<VerifierInstrument>());
    if (how.timing) manager.addInstrumentation(std::make_shared<TimingInstrument>());
    PipelineRun run;
    manager.run(*model.graph, [&] { manager.runStages(stages, *model.graph, run); });
    run.warnings = manager.warnings();
    return run;
}

}  // namespace passscope::test
