# views/compare: two models side by side with their differences marked (File ▸ Compare With…,
# `passscope A --compare B`); the diff itself is engine/diff (paths relative to views/).
views_classes(compare comparison compare_loader diff_list compare_view compare_window)
