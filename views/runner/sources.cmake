# views/runner: the pipeline run off the UI thread and BackgroundJob, the one way work leaves it
# (paths relative to views/).
views_classes(runner pipeline_runner)
list(APPEND VIEWS_SOURCES runner/background_job.h runner/pipeline_result.h)
