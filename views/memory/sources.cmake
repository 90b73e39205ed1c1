# views/memory: list this folder's files (paths relative to views/).
# The variable memory plan (engine/vars) as a memory map with a table of entries, for a dock.
list(APPEND VIEWS_SOURCES
    memory/memory_labels.cpp memory/memory_labels.h
    memory/memory_map_layout.cpp memory/memory_map_layout.h
    memory/memory_map_view.cpp memory/memory_map_view.h
    memory/memory_map_panel.cpp memory/memory_map_panel.h
    memory/var_memory_table_model.cpp memory/var_memory_table_model.h
    memory/variable_note.cpp memory/variable_note.h)
