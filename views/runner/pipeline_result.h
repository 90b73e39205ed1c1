#pragma once
// One pipeline run as the GUI holds it: the model before and after, the journal of every pass run
// and the options it ran with. Built on a worker thread, then shared read-only with the UI thread
// (the JournalCursor that steps through it is owned by the UI thread and copies only the graph).
#include <memory>

#include <QMetaType>

#include "document/loaded_model.h"
#include "pipeline/journal.h"
#include "pipeline/options.h"
#include "pipeline/pass_manager.h"
#include "timeline/pipeline_series.h"

namespace passscope::views {

struct PipelineResult {
    std::shared_ptr<const LoadedModel> source;  // the model as loaded (never modified)
    PipelineOptions options;
    Model optimized;  // the model after the last step
    Journal journal;  // every pass run; JournalCursor(journal, optimized.graph) steps through it
    PipelineRun run;
    double wallSeconds = 0;
    // Node count and constant bytes at every position, computed on the worker thread with the
    // run (PipelineRunner fills it; empty when the result was built some other way).
    PipelineSeries series;
};

}  // namespace passscope::views

// Carried by PipelineRunner::finished (queued connections, QSignalSpy).
Q_DECLARE_METATYPE(std::shared_ptr<const passscope::views::PipelineResult>)
