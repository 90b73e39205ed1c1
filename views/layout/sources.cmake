# views/layout: list this folder's files (paths relative to views/).
list(APPEND VIEWS_SOURCES
    layout/layout_types.h
    layout/graphviz_discipline.cpp layout/graphviz_discipline.h
    layout/graphviz_session.cpp layout/graphviz_session.h
    layout/graphviz_layout.cpp layout/graphviz_layout.h
    layout/nested_layout.cpp layout/nested_layout.h
    layout/layout_cache.cpp layout/layout_cache.h
    layout/layout_quality.cpp layout/layout_quality.h
    layout/long_edges.cpp layout/long_edges.h
    layout/main_path.cpp layout/main_path.h
    layout/shared_values.cpp layout/shared_values.h
    layout/layout_worker.cpp layout/layout_worker.h
)
# The dot layout plugin is dlopen()ed from Graphviz's plugin folder (graphviz_session.cpp); this
# is where pkg-config says it is, used when the folder beside the loaded libgvc has no plugin.
pkg_get_variable(PASSSCOPE_GVC_LIBDIR libgvc libdir)
pkg_get_variable(PASSSCOPE_GVC_PLUGIN_VERSION libgvc plugins)
if(NOT PASSSCOPE_GVC_PLUGIN_VERSION)
  set(PASSSCOPE_GVC_PLUGIN_VERSION 6)  # libgvplugin_*.so.6 since Graphviz 2.30
endif()
set_property(SOURCE layout/graphviz_session.cpp APPEND PROPERTY COMPILE_DEFINITIONS
    PASSSCOPE_GRAPHVIZ_PLUGIN_DIR="${PASSSCOPE_GVC_LIBDIR}/graphviz"
    PASSSCOPE_GRAPHVIZ_PLUGIN_VERSION="${PASSSCOPE_GVC_PLUGIN_VERSION}")
