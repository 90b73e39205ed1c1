# views/document: the model, its pipeline run and steps, sessions and exports behind the main
# window, without widgets (paths relative to views/).
list(APPEND VIEWS_SOURCES
    document/model_document.cpp document/model_document.h
    document/model_document_files.cpp
)
