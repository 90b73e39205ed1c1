#pragma once
// What a person sees in a graph view, counted: the boxes of the current step, how many of them are
// in the viewport, and how many of those carry a label large enough to read (≥ kLegiblePixels on
// screen). `passscope --screenshot` prints it for the window it saved, and the GUI benchmark and
// tests use it to hold the first view to "an input and at least 10 labelled boxes, or the whole
// graph" (issue 8), and a step's view to "its changes in view" (issue 27).
#include <QString>

namespace passscope::views {

class GraphScene;
class GraphView;

struct ViewCensus {
    int boxes = 0;         // node and group boxes shown at this step (ghosts included)
    int inView = 0;        // of those, boxes at least half inside the viewport
    int labelled = 0;      // of those, boxes whose op type or group label is legible
    int inputsInView = 0;  // graph inputs (Data boxes) at least half inside the viewport
    double zoom = 0;
    int changes = 0;        // nodes the view marks at this step (added, removed or edited; a node in a
                            // collapsed group counts when its group box carries the mark)
    int changesInView = 0;  // of those, the ones whose box is at least half inside the viewport
};

inline constexpr double kLegiblePixels = 7.0;

ViewCensus takeCensus(const GraphScene& scene, const GraphView& view);

// "layout 0.12 s, 480 boxes, 35 in view (35 labelled), zoom 0.60"
QString describeCensus(const ViewCensus& census, double layoutSeconds);
// ", changes 12 in view of 12" (appended to the census line by `passscope --screenshot`)
QString describeChanges(const ViewCensus& census);

}  // namespace passscope::views
