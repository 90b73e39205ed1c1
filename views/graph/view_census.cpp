#include "view_census.h"

#include <QFontInfo>

#include "graph_scene.h"
#include "graph_view.h"
#include "group_item.h"
#include "ir/op_types.h"
#include "item_style.h"
#include "node_item.h"

namespace passscope::views {

namespace {

bool mostlyInside(const QRectF& box, const QRectF& visible) {
    const QRectF shown = box.intersected(visible);
    return !shown.isEmpty() && shown.width() * shown.height() >= 0.5 * box.width() * box.height();
}

}  // namespace

ViewCensus takeCensus(const GraphScene& scene, const GraphView& view) {
    ViewCensus census;
    census.zoom = view.zoom();
    const QRectF visible = view.visibleSceneRect();
    const std::vector<NodeItem*>& items = scene.nodeItems();
    for (size_t i = 0; i < items.size(); ++i) {
        const NodeItem* node = items[i];
        if (!node || !node->isVisible()) continue;
        ++census.boxes;
        if (!mostlyInside(node->sceneBoundingRect(), visible)) continue;
        ++census.inView;
        if (node->titleScreenPixels(census.zoom) >= kLegiblePixels) ++census.labelled;
        const DiagramNode& drawn = scene.diagram()->node(static_cast<int>(i));
        if (op::isData(drawn.opType, drawn.domain)) ++census.inputsInView;
    }
    const double groupTitlePixels = QFontInfo(style::titleFont()).pixelSize() * census.zoom;
    for (QGraphicsItem* item : scene.items()) {
        const auto* group = qgraphicsitem_cast<const GroupItem*>(item);
        if (!group || !group->isVisible()) continue;
        ++census.boxes;
        if (!mostlyInside(group->sceneBoundingRect(), visible)) continue;
        ++census.inView;
        if (groupTitlePixels >= kLegiblePixels) ++census.labelled;
    }
    for (const GraphScene::MarkedBox& box : scene.markedBoxes()) {
        if (!box.drawn) continue;
        ++census.changes;
        if (mostlyInside(box.item->sceneBoundingRect(), visible)) ++census.changesInView;
    }
    return census;
}

QString describeCensus(const ViewCensus& census, double layoutSeconds) {
    return QStringLiteral("layout %1 s, %2 boxes, %3 in view (%4 labelled), zoom %5")
        .arg(layoutSeconds, 0, 'f', 2)
        .arg(census.boxes)
        .arg(census.inView)
        .arg(census.labelled)
        .arg(census.zoom, 0, 'f', 2);
}

QString describeChanges(const ViewCensus& census) {
    return QStringLiteral(", changes %1 in view of %2").arg(census.changesInView).arg(census.changes);
}

}  // namespace passscope::views
