# views/session: list this folder's files (paths relative to views/).
list(APPEND VIEWS_SOURCES
    session/session_file.cpp session/session_file.h
)
