# views/document: what the main window shows, without widgets (paths relative to views/): the
# model and its loading, the pipeline run and its steps (prepared in the background), the search,
# the notes about a node, sessions and exports.
views_classes(document model_loader step_controller search_rule model_document)
list(APPEND VIEWS_SOURCES document/loaded_model.h document/node_notes.h
    document/model_document_files.cpp document/model_document_notes.cpp)
