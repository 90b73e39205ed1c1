#pragma once
// How densely a drawing uses its area (issue 21, "the census line says how dense the drawing
// is"): the summed area of the boxes shown at this step (nodes and closed groups) over the area
// of the rectangle around everything drawn (boxes and open groups' frames). A layout that leaves
// frames mostly empty or spreads a stack of layers into a staircase scores low. The same boxes
// laid out flat by Graphviz, with no groups and no rank hints of ours, give the reference: a grouped drawing
// should keep at least half of it.
#include <QString>

namespace passscope::views {

class GraphScene;

struct DrawingFill {
    double fill = 0;      // F, of the scene as drawn
    double flatFill = 0;  // F0, of the same boxes laid out flat (0 when that layout failed)
};

// Runs one flat Graphviz layout of the scene's boxes for F0 (well under a second for the
// 1,200 boxes a view shows at most).
DrawingFill measureFill(const GraphScene& scene);

// ", fill 0.41 (flat 0.52)": what `passscope --screenshot` appends to its census line.
QString describeFill(const DrawingFill& fill);

}  // namespace passscope::views
