#include "drawing_fill.h"

#include <vector>

#include <QGraphicsItem>

#include "graph_scene.h"
#include "group_item.h"
#include "layout/graphviz_layout.h"

namespace passscope::views {
namespace {

QRectF boxAt(QPointF centre, const LayoutNode& node) {
    return {centre.x() - node.width / 2, centre.y() - node.height / 2, node.width, node.height};
}

double area(const QRectF& r) {
    return r.isValid() ? r.width() * r.height() : 0.0;
}

}  // namespace

DrawingFill measureFill(const GraphScene& scene) {
    DrawingFill out;
    const LayoutResult* layout = scene.layout();
    const VisiblePlan& plan = scene.plan();
    if (!layout || layout->centers.size() != plan.request.nodes.size()) return out;

    std::vector<bool> shown(plan.request.nodes.size(), false);
    double boxes = 0;
    QRectF drawing;
    for (size_t i = 0; i < shown.size(); ++i) {
        const QGraphicsItem* item = scene.planItem(i);
        if (!item || !item->isVisible()) continue;
        shown[i] = true;
        const QRectF box = boxAt(layout->centers[i], plan.request.nodes[i]);
        boxes += area(box);
        drawing = drawing.united(box);
    }
    for (const QGraphicsItem* item : scene.items())  // the open groups' frames as drawn at this step
        if (const auto* frame = qgraphicsitem_cast<const ClusterItem*>(item); frame && frame->isVisible())
            drawing = drawing.united(frame->rect());
    if (area(drawing) > 0) out.fill = boxes / area(drawing);

    LayoutRequest flat = plan.request;
    flat.clusters.clear();
    flat.cacheKey.clear();
    for (LayoutNode& n : flat.nodes) n.cluster = -1;
    for (LayoutEdge& e : flat.edges) {  // Graphviz's own flat drawing, no hints of ours
        e.minLength = 1;
        e.constraint = true;
        e.stub = false;
    }
    const LayoutResult flatLayout = layoutGraph(flat);
    if (!flatLayout.ok) return out;
    QRectF flatDrawing;
    for (size_t i = 0; i < shown.size(); ++i)
        if (shown[i]) flatDrawing = flatDrawing.united(boxAt(flatLayout.centers[i], flat.nodes[i]));
    if (area(flatDrawing) > 0) out.flatFill = boxes / area(flatDrawing);
    return out;
}

QString describeFill(const DrawingFill& fill) {
    return QStringLiteral(", fill %1 (flat %2)").arg(fill.fill, 0, 'f', 2).arg(fill.flatFill, 0, 'f', 2);
}

}  // namespace passscope::views
