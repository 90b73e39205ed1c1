# views/timeline: list this folder's files (paths relative to views/).
list(APPEND VIEWS_SOURCES
    timeline/pass_chart.cpp timeline/pass_chart.h
    timeline/pipeline_series.cpp timeline/pipeline_series.h
    timeline/timeline_filter_proxy.cpp timeline/timeline_filter_proxy.h
    timeline/timeline_model.cpp timeline/timeline_model.h
    timeline/timeline_panel.cpp timeline/timeline_panel.h
)
