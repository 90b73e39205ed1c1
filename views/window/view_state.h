#pragma once
// Where the user looks, as a session file keeps it (session/session_file.h): the overlay, the
// groups open, zoom and centre, whether unchanged passes are hidden, side by side, the node selected.
#include "session/session_file.h"

namespace passscope::views {

class GraphPanel;
class MainWindow;
class TimelinePanel;

// The view of `graph` and `timeline` (the model, options and position are the document's to add).
Session captureView(const GraphPanel& graph, const TimelinePanel& timeline);
// Shows `view` in `window` once its run is shown.
void applyView(const Session& view, MainWindow& window);

}  // namespace passscope::views
