# views/runner: list this folder's files (paths relative to views/).
list(APPEND VIEWS_SOURCES
    runner/background_job.h
    runner/pipeline_result.h
    runner/pipeline_runner.cpp runner/pipeline_runner.h
)
