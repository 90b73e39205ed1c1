# views/session: the session file (model, options, pins, step, view, inputs), QtCore alone (paths
# relative to views/).
views_classes(session session_file)
