# views/memory: the variable memory plan (engine/vars) as a memory map with a table of entries, for
# a dock (paths relative to views/).
views_classes(memory memory_labels memory_map_layout memory_map_view memory_map_panel var_memory_table_model
    variable_note)
