# views/timeline: the pass timeline dock, its model, filter and per-pass chart (paths relative to
# views/).
views_classes(timeline pass_chart pipeline_series timeline_filter_proxy timeline_model
    timeline_panel)
