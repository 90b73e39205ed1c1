# views/text: what the views write in words: descriptions of values (desc_text.h, over the
# engine's ir/value_text.h), previews and statistics of tensors, and the translations installed.
views_classes(text desc_text tensor_stats localization)
