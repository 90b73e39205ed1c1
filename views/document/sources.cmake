# views/document: what the main window shows, without widgets (paths relative to views/): the
# model and its loading, the pipeline run and its steps (prepared in the background), the search,
# the notes about a node, sessions and exports.
list(APPEND VIEWS_SOURCES
    document/loaded_model.h
    document/model_loader.cpp document/model_loader.h
    document/step_controller.cpp document/step_controller.h
    document/search_rule.cpp document/search_rule.h
    document/node_notes.h
    document/model_document.cpp document/model_document.h
    document/model_document_files.cpp
    document/model_document_notes.cpp
)
