#pragma once
// Values fanned out across a drawing — a position table or mask read by every layer of a
// decoder, an input's shape read all over, a weight shared by all blocks — drawn as a stub at each
// distant reader instead of one edge per reader (issue 35: the 80 layers of a Llama-shaped
// decoder hung under a curtain of 240 parallel edges from their rotary tables and mask).
//
// The rule reads the drawing's own structure, level by level: at the lowest group holding both
// ends of an edge, the edge runs from the box standing for its source (the node, or the child
// group holding it) to the box standing for its target. A target box is far when it lies four or
// more ranks below the source's at that level (long_edges.h's ranks), near otherwise. A source with far
// targets in two or more boxes is a shared value: its edges to near boxes are drawn as usual (when there is
// none, those to the nearest far box), every other edge is a stub. So a residual connection or a
// U-Net skip (one distant reader) stays an edge, and an Inception split (every reader on the next
// rank) stays edges.
//
// A stub is a tag naming the value beside its reader's box, on its left, with a short arrow into
// the box's side (as TensorBoard's graph view draws the inputs it leaves out of the layout as
// annotations). The layout reserves room for the tags on both sides of a box that has any, so a
// box keeps its place on the main path's axis (main_path.h).
#include <vector>

#include "layout/layout_types.h"

namespace passscope::views {

// Sets LayoutEdge::stub on the edges of shared values (above). `request` must be valid.
void markSharedValues(LayoutRequest& request);

// A stub's tag, in points: one line of the view's small font, the value's name elided to fit.
inline constexpr double kStubTagWidth = 72;
inline constexpr double kStubTagHeight = 11;
inline constexpr double kStubArrow = 14;  // from the tag to the box's side (the arrow head: 8)

// The request without its stubs, each box that receives stubs widened on both sides by a tag and
// its arrow (what the layout engine is given); `kept` maps its edges to the request's.
LayoutRequest withoutStubs(const LayoutRequest& request, std::vector<int>& kept);

// The stubs of `request` drawn on a finished layout of withoutStubs(request), whose edges
// `laidOut` holds (edge i of it is the request's edge kept[i]): fills `out`'s splines and arrow
// tips for every edge of `request`, and the stubs' tags.
void placeStubs(const LayoutRequest& request, const std::vector<int>& kept, const LayoutResult& laidOut,
                LayoutResult& out);

}  // namespace passscope::views
