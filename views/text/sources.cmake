# views/text: what the views write in words: descriptions of values (desc_text.h, over the
# engine's ir/value_text.h), previews and statistics of tensors, and the translations installed.
list(APPEND VIEWS_SOURCES
    text/desc_text.cpp text/desc_text.h
    text/tensor_stats.cpp text/tensor_stats.h
    text/localization.cpp text/localization.h
)
