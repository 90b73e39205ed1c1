#pragma once
// Whether a drawing keeps its chains of blocks in a column (issue 35, "a figure that sees a
// staircase"). At the top level and inside every open group, the boxes of that level — its nodes
// and closed groups, and each open child group as its frame — are joined by the data edges between
// them; along the level's longest data path (the most boxes; of equally long ways into a box, the
// one whose last box stands straightest above it),
// the horizontal spread of the boxes' centres (the widest minus the narrowest x) is divided by the
// widest box on that path. C is the largest over all levels: a straight column is 0, a path whose
// boxes wander one box width sideways 1, a staircase of twenty blocks twenty. Only what the step
// shows counts (boxes a pass removed earlier are hidden, and their frames as drawn).
//
// It is computed from the plan's structure and the scene's items, independently of the layout's own
// main path (layout/main_path.h), so that it measures the result rather than restating the intent.
#include <QString>

namespace passscope::views {

class GraphScene;

struct ColumnFigure {
    double column = 0;  // C
    int levels = 0;     // levels with a path of two boxes or more
};

ColumnFigure measureColumn(const GraphScene& scene);

// ", column 0.42": what `passscope --screenshot` appends to its census line.
QString describeColumn(const ColumnFigure& figure);

}  // namespace passscope::views
