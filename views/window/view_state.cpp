#include "window/view_state.h"

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/node_item.h"
#include "main_window.h"
#include "timeline/timeline_panel.h"

namespace passscope::views {

Session captureView(const GraphPanel& graph, const TimelinePanel& timeline) {
    Session session;
    session.overlay = overlayKey(graph.overlay());
    session.expandedGroups = graph.expandedPaths();
    session.zoom = graph.view()->zoom();
    session.center = graph.view()->mapToScene(graph.view()->viewport()->rect().center());
    session.hideUnchanged = timeline.hidesUnchanged();
    session.sideBySide = graph.sideBySide();
    if (const auto selected = graph.scene()->selectedItems(); !selected.isEmpty())
        if (const auto* node = qgraphicsitem_cast<const NodeItem*>(selected.front()))
            session.selectedNode = node->name();
    return session;
}

void applyView(const Session& view, MainWindow& window) {
    if (const auto mode = overlayFromKey(view.overlay)) window.setOverlay(*mode);
    if (window.graphPanel()->sideBySide() != view.sideBySide) window.setSideBySide(view.sideBySide);
    window.timelinePanel()->setHideUnchanged(view.hideUnchanged);
    window.graphPanel()->view()->setZoom(view.zoom);
    window.graphPanel()->view()->centerOn(view.center);
    if (!view.selectedNode.isEmpty()) window.selectNodeByName(view.selectedNode);
}

}  // namespace passscope::views
