# views/dialogs: the Pipeline Options dialog (the numeric inputs dialog lives with numeric/).
list(APPEND VIEWS_SOURCES
    dialogs/options_dialog.cpp dialogs/options_dialog.h
)
