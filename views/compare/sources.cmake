# views/compare: two models side by side with their differences marked (File ▸ Compare With…,
# `passscope A --compare B`); the diff itself is engine/diff (paths relative to views/).
list(APPEND VIEWS_SOURCES
    compare/comparison.cpp compare/comparison.h
    compare/compare_loader.cpp compare/compare_loader.h
    compare/diff_list.cpp compare/diff_list.h
    compare/compare_view.cpp compare/compare_view.h
    compare/compare_window.cpp compare/compare_window.h
)
