# views/dialogs: the Pipeline Options dialog (the numeric inputs dialog lives with numeric/).
views_classes(dialogs options_dialog)
