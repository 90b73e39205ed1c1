// The variable memory map and its panel on the bundled training_step sample (three GE Variables,
// six Constants of which two share their bytes) and on a made-up plan with every memory type:
// one bar and one row per entry, clicking a bar or a row activates its node, hover text, zoom,
// the log-size scale, the empty-plan message, and a picture of the panel in the temp folder.
#include <QDir>
#include <QHelpEvent>
#include <QImage>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "memory/memory_map_panel.h"
#include "memory/memory_map_view.h"
#include "memory/var_memory_table_model.h"
#include "vars/var_memory_plan.h"

using passscope::Graph;
using passscope::NodeId;
using passscope::VarMemoryPlan;
using passscope::views::MemoryMapPanel;
using passscope::views::MemoryMapView;
using passscope::views::VarMemoryTableModel;

using namespace passscope::guitest;

namespace {

int entryNamed(const VarMemoryPlan& plan, const std::string& name) {
    for (size_t i = 0; i < plan.entries.size(); ++i)
        if (plan.entries[i].nodeName == name) return static_cast<int>(i);
    return -1;
}

int firstReused(const VarMemoryPlan& plan) {
    for (size_t i = 0; i < plan.entries.size(); ++i)
        if (plan.entries[i].reused()) return static_cast<int>(i);
    return -1;
}

// A plan with all three memory types, a large weight beside scalars, and every reuse rule but one.
Graph& syntheticGraph() {
    using namespace passscope;
    static Graph g;
    if (g.nodeCount() > 0) return g;
    auto variable = [](const std::string& name, std::vector<int64_t> dims,
                       std::string_view op = op::kVariable) {
        Node& n = g.addNode(std::string(op), std::string(op::kGeDomain), name, 1);
        g.setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents(dims)));
        return n.id();
    };
    auto constant = [](const std::string& name, std::vector<float> values) {
        Node& n = g.addNode(std::string(op::kConst), "", name, 1);
        const std::vector<int64_t> dims{static_cast<int64_t>(values.size())};
        g.setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents(dims)));
        std::string bytes(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
        g.setAttribute(n.id(), Attribute::makeTensor("value", Tensor(DataType::Float, dims,
                                                                     std::make_shared<StringBuffer>(bytes))));
        return n.id();
    };
    auto fileConstant = [](const std::string& name, int64_t offset) {
        Node& n = g.addNode(std::string(op::kFileConstant), std::string(op::kGeDomain), name, 1);
        g.setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({4096})));
        g.setAttribute(n.id(), Attribute::makeString("location", "weights.bin"));
        g.setAttribute(n.id(), Attribute::makeInt("offset", offset));
        return n.id();
    };
    variable("encoder/embedding", {1024, 256});
    variable("encoder/bias", {256});
    fileConstant("decoder/weight", 0);
    fileConstant("decoder/weight_tied", 0);
    constant("scale", {0.125f});
    constant("scale_copy", {0.125f});
    constant("axes", {1, 2});
    NodeId ref = variable("encoder/bias_ref", {256}, op::kVarRef);
    g.setAttribute(ref, Attribute::makeString(std::string(op::attr::kRefVarSrcVarName), "encoder/bias"));
    NodeId rdma = variable("allreduce/buffer", {64, 64});
    g.setAttribute(rdma, Attribute::makeInt(std::string(varattr::kOutputMemoryType), 1));
    NodeId host = variable("host/step", {});
    g.setAttribute(host, Attribute::makeString(std::string(varattr::kVariablePlacement), "host"));
    variable("placeholder/kv_cache", {128, 64}, op::kConstPlaceHolder);
    return g;
}

bool hasSeveralColours(const QImage& image) {
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != first) return true;
    return false;
}

void grab(QWidget& w, const QString& name) {
    const QString path = QDir::temp().filePath(QStringLiteral("passscope-%1.png").arg(name));
    const QImage image = w.grab().toImage();
    QVERIFY(hasSeveralColours(image));
    QVERIFY2(image.save(path), qPrintable(path));
}

}  // namespace

class TestMemoryMap : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void oneBarAndOneRowPerEntry();
    void clickingABarActivatesItsNode();
    void clickingAReusedBarActivatesItsOwnNode();
    void selectingARowActivatesTheNode();
    void toolTipNamesTheEntry();
    void tinyEntriesStayVisible();
    void wheelZoomsAroundThePointer();
    void logScaleKeepsBlocksApart();
    void everyMemoryTypeHasABand();
    void emptyPlanSaysSo();

  private:
    void showPanel(MemoryMapPanel& panel, const VarMemoryPlan& plan);
    VarMemoryPlan plan_;
};

void TestMemoryMap::initTestCase() {
    passscope::io::LoadResult loaded = passscope::io::loadModel(kTrainingStepSample.toStdString());
    QVERIFY(loaded.model.graph);
    plan_ = passscope::planVariableMemory(*loaded.model.graph);
    QCOMPARE(plan_.entries.size(), size_t(9));  // 3 Variables, 6 Constants
}

void TestMemoryMap::showPanel(MemoryMapPanel& panel, const VarMemoryPlan& plan) {
    panel.resize(900, 520);
    panel.setPlan(plan);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
}

void TestMemoryMap::oneBarAndOneRowPerEntry() {
    MemoryMapPanel panel;
    showPanel(panel, plan_);
    QCOMPARE(panel.mapView()->barCount(), 9);
    QCOMPARE(panel.table()->model()->rowCount(), 9);
    QVERIFY2(panel.headerText().contains(QStringLiteral("entries: 9")), qPrintable(panel.headerText()));
    QVERIFY2(panel.headerText().contains(QStringLiteral("reused entries: 1")),
             qPrintable(panel.headerText()));
    for (int i = 0; i < 9; ++i) QVERIFY(!panel.mapView()->barRect(i).isEmpty());
    QVERIFY(panel.mapView()->barRect(9).isEmpty());
    grab(panel, QStringLiteral("memory-map-training-step"));
}

void TestMemoryMap::clickingABarActivatesItsNode() {
    MemoryMapPanel panel;
    showPanel(panel, plan_);
    const int weight = entryNamed(plan_, "dense/weight");
    QVERIFY(weight >= 0);
    MemoryMapView* map = panel.mapView();
    QSignalSpy fromMap(map, &MemoryMapView::nodeActivated);
    QSignalSpy fromPanel(&panel, &MemoryMapPanel::nodeActivated);
    QTest::mouseClick(map, Qt::LeftButton, {}, map->barRect(weight).center().toPoint());
    QCOMPARE(fromMap.count(), 1);
    QCOMPARE(fromMap.at(0).at(0).value<NodeId>(), plan_.entries[size_t(weight)].node);
    QCOMPARE(fromPanel.count(), 1);
    QCOMPARE(fromPanel.at(0).at(0).value<NodeId>(), plan_.entries[size_t(weight)].node);
    QCOMPARE(map->selectedEntry(), weight);
    grab(panel, QStringLiteral("memory-map-selected"));
    // The table follows, without a second activation.
    const QModelIndex current = panel.table()->currentIndex();
    QCOMPARE(current.data(VarMemoryTableModel::EntryRole).toInt(), weight);
    QCOMPARE(fromPanel.count(), 1);
    // A click between bars activates nothing.
    const QRectF bar = map->barRect(weight);
    QTest::mouseClick(map, Qt::LeftButton, {}, QPoint(int(bar.center().x()), int(bar.bottom()) + 40));
    QCOMPARE(fromMap.count(), 1);
}

void TestMemoryMap::clickingAReusedBarActivatesItsOwnNode() {
    MemoryMapPanel panel;
    showPanel(panel, plan_);
    const int reused = firstReused(plan_);
    QVERIFY(reused >= 0);
    MemoryMapView* map = panel.mapView();
    const int owner = static_cast<int>(*plan_.entries[size_t(reused)].reusedFrom);
    // Drawn under its owner, at the same address.
    QCOMPARE(map->barRect(reused).left(), map->barRect(owner).left());
    QVERIFY(map->barRect(reused).top() > map->barRect(owner).bottom());
    QSignalSpy spy(map, &MemoryMapView::nodeActivated);
    QTest::mouseClick(map, Qt::LeftButton, {}, map->barRect(reused).center().toPoint());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<NodeId>(), plan_.entries[size_t(reused)].node);
}

void TestMemoryMap::selectingARowActivatesTheNode() {
    MemoryMapPanel panel;
    showPanel(panel, plan_);
    QSignalSpy spy(&panel, &MemoryMapPanel::nodeActivated);
    QTableView* table = panel.table();
    // Sort by block size, descending: the first row is then some entry; its node must come out.
    table->sortByColumn(VarMemoryTableModel::BlockColumn, Qt::DescendingOrder);
    const QModelIndex row = table->model()->index(3, 0);
    const int entry = row.data(VarMemoryTableModel::EntryRole).toInt();
    table->setCurrentIndex(row);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<NodeId>(), plan_.entries[size_t(entry)].node);
    QCOMPARE(panel.mapView()->selectedEntry(), entry);
    // Selecting from outside highlights without activating.
    QVERIFY(panel.selectNode(plan_.entries[0].node));
    QCOMPARE(panel.mapView()->selectedEntry(), 0);
    QCOMPARE(spy.count(), 1);
    QVERIFY(!panel.selectNode(passscope::kNoNode));
}

void TestMemoryMap::toolTipNamesTheEntry() {
    MemoryMapPanel panel;
    showPanel(panel, plan_);
    MemoryMapView* map = panel.mapView();
    const int weight = entryNamed(plan_, "dense/weight");
    const QString text = map->toolTipFor(weight);
    QVERIFY2(text.contains(QStringLiteral("dense/weight")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("0x2000000000")), qPrintable(text));  // 128 GiB
    QVERIFY2(text.contains(QStringLiteral("VARIABLE")), qPrintable(text));
    const QString reused = map->toolTipFor(firstReused(plan_));
    QVERIFY2(reused.contains(QStringLiteral("identical weight bytes")), qPrintable(reused));
    // The widget answers a tool-tip event over the bar with that text.
    const QPoint at = map->barRect(weight).center().toPoint();
    QHelpEvent help(QEvent::ToolTip, at, map->mapToGlobal(at));
    QApplication::sendEvent(map, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QStringLiteral("dense/weight")), qPrintable(QToolTip::text()));
    QToolTip::hideText();
}

void TestMemoryMap::tinyEntriesStayVisible() {
    MemoryMapPanel panel;
    panel.resize(900, 600);
    panel.setPlan(passscope::planVariableMemory(syntheticGraph()));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const MemoryMapView* map = panel.mapView();
    for (int i = 0; i < map->barCount(); ++i)
        QVERIFY2(map->barRect(i).width() >= MemoryMapView::kMinBarWidth, qPrintable(QString::number(i)));
}

void TestMemoryMap::wheelZoomsAroundThePointer() {
    MemoryMapPanel panel;
    showPanel(panel, plan_);
    MemoryMapView* map = panel.mapView();
    const int weight = entryNamed(plan_, "dense/weight");
    const QRectF before = map->barRect(weight);
    const QPointF at = before.center();
    QWheelEvent wheel(at, map->mapToGlobal(at), QPoint(), QPoint(0, 360), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(map, &wheel);
    QVERIFY(map->zoom() > 1.5);
    const QRectF after = map->barRect(weight);
    QVERIFY(after.width() > before.width() * 1.5);
    QVERIFY(after.contains(at));  // the point under the pointer stays put
    grab(panel, QStringLiteral("memory-map-zoomed"));
    map->resetZoom();
    QCOMPARE(map->zoom(), 1.0);
}

void TestMemoryMap::logScaleKeepsBlocksApart() {
    MemoryMapPanel panel;
    showPanel(panel, passscope::planVariableMemory(syntheticGraph()));
    MemoryMapView* map = panel.mapView();
    map->setScale(MemoryMapView::Scale::LogSize);
    const VarMemoryPlan& plan = map->plan();
    QRectF previous;
    for (int i = 0; i < map->barCount(); ++i) {
        const auto& e = plan.entries[size_t(i)];
        if (e.reused() || e.memoryType != passscope::MemoryType::HBM) continue;
        const QRectF r = map->barRect(i);
        if (!previous.isNull()) QVERIFY(r.left() >= previous.right());
        previous = r;
    }
    grab(panel, QStringLiteral("memory-map-log"));
}

void TestMemoryMap::everyMemoryTypeHasABand() {
    MemoryMapPanel panel;
    showPanel(panel, passscope::planVariableMemory(syntheticGraph()));
    const VarMemoryPlan& plan = panel.mapView()->plan();
    const QString header = panel.headerText();
    for (const char* type : {"HBM:", "RDMA:", "Host:"})
        QVERIFY2(header.contains(QLatin1String(type)), qPrintable(header));
    // Bands are stacked in HBM, RDMA, Host order.
    auto top = [&](passscope::MemoryType type) {
        for (size_t i = 0; i < plan.entries.size(); ++i)
            if (plan.entries[i].memoryType == type) return panel.mapView()->barRect(int(i)).top();
        return -1.0;
    };
    QVERIFY(top(passscope::MemoryType::HBM) < top(passscope::MemoryType::RDMA));
    QVERIFY(top(passscope::MemoryType::RDMA) < top(passscope::MemoryType::Host));
    grab(panel, QStringLiteral("memory-map-synthetic"));
}

void TestMemoryMap::emptyPlanSaysSo() {
    MemoryMapPanel panel;
    showPanel(panel, VarMemoryPlan{});
    QCOMPARE(panel.mapView()->barCount(), 0);
    QCOMPARE(panel.table()->model()->rowCount(), 0);
    QVERIFY(panel.mapView()->emptyMessage().contains(QStringLiteral("no variables or constants")));
    QVERIFY(panel.headerText().contains(QStringLiteral("No variables or constants")));
    QCOMPARE(panel.mapView()->entryAt(QPointF(200, 60)), -1);
    grab(panel, QStringLiteral("memory-map-empty"));
    // A real model without persistent nodes gives the same.
    Graph g;
    g.addNode("Data", "", "x", 1);
    QVERIFY(passscope::planVariableMemory(g).empty());
}

PASSSCOPE_GUI_TEST(TestMemoryMap)
#include "test_memory_map.moc"
