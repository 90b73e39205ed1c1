# views/layout: the Graphviz layout of a diagram (nested per group, cached, on a worker thread) and
# its figures of merit (paths relative to views/).
views_classes(layout graphviz_discipline graphviz_session graphviz_layout nested_layout layout_cache
    layout_quality long_edges main_path shared_values layout_worker)
list(APPEND VIEWS_SOURCES layout/layout_types.h)
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
