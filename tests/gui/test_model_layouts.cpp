// The first view of every model we keep (issue 21): the published exports in resources/models/,
// the PyTorch exports in resources/models/pytorch/ and the samples, each opened in a shown
// MainWindow as a user opens it. Each first view shows an input and at least 10 legible boxes at
// zoom >= 0.6 (or the whole graph), no open group frame covers most of the window without a box
// in it, and the drawing is at least half as dense as the same boxes laid out flat. The 4-layer
// transformer encoder's layers stand in a column, in model order, closed and open.
//
// Issue 35 (ctest gui.real_layouts): the same first view, and chains of groups in a column (the
// column figure C <= 2), for torchvision's models and an 80-layer Llama-shaped decoder exported
// as users export them (resources/models/pytorch/layout_models.tar.gz), at targets onnx and ge;
// the decoder's rotary tables and mask reach its layers as stubs, not as a curtain of edges, and
// clicking a stub goes to the value's producer.
#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

#include "graph/column_figure.h"
#include "graph/drawing_fill.h"
#include "graph/edge_item.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/group_item.h"
#include "graph/node_item.h"
#include "graph/view_census.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "main_window.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

std::vector<QString> modelsKept() {
    std::vector<QString> found;
    for (const char* dir : {"resources/models", "resources/models/pytorch", "resources/samples"}) {
        std::error_code ec;
        std::vector<QString> here;
        for (const auto& entry :
             std::filesystem::directory_iterator(std::filesystem::path(PASSSCOPE_SOURCE_DIR) / dir, ec))
            if (entry.is_regular_file() && entry.path().extension() == ".onnx")
                here.push_back(QString::fromStdString(entry.path().string()));
        std::sort(here.begin(), here.end());
        found.insert(found.end(), here.begin(), here.end());
    }
    return found;
}

// The layout fixtures of issue 35, unpacked by the build (resources/models/pytorch/layout_models.cmake).
std::vector<QString> exportsPeopleMake() {
    std::vector<QString> found;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(PASSSCOPE_LAYOUT_MODELS_DIR, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".onnx")
            found.push_back(QString::fromStdString(entry.path().string()));
    std::sort(found.begin(), found.end());
    return found;
}

void openShown(MainWindow& window, const QString& path) {
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    QSignalSpy runFailed(&window, &MainWindow::pipelineFailed);
    QSignalSpy layoutFailed(window.graphPanel(), &GraphPanel::layoutFailed);
    window.openModel(path);
    QTRY_VERIFY_WITH_TIMEOUT(
        ready.count() + loadFailed.count() + runFailed.count() + layoutFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(loadFailed.isEmpty(), qPrintable(loadFailed.value(0).value(0).toString()));
    QVERIFY2(runFailed.isEmpty(), qPrintable(runFailed.value(0).value(0).toString()));
    QVERIFY2(layoutFailed.isEmpty(), qPrintable(layoutFailed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
}

void relayout(GraphPanel& panel, const QStringList& expanded) {
    QSignalSpy finished(&panel, &GraphPanel::layoutFinished);
    panel.setExpandedPaths(expanded);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, kViewTimeoutMs);
}

// The visible boxes (nodes and closed groups) and frames (open groups) of the scene.
struct Drawn {
    std::vector<QRectF> boxes;
    std::vector<std::pair<int, QRectF>> frames;
};

Drawn drawn(const GraphScene& scene) {
    Drawn d;
    for (QGraphicsItem* item : scene.items()) {
        if (!item->isVisible()) continue;
        if (qgraphicsitem_cast<NodeItem*>(item) || qgraphicsitem_cast<GroupItem*>(item))
            d.boxes.push_back(item->sceneBoundingRect());
        else if (auto* frame = qgraphicsitem_cast<ClusterItem*>(item))
            d.frames.emplace_back(frame->group(), frame->sceneBoundingRect());
    }
    return d;
}

double area(const QRectF& r) {
    return r.isValid() ? r.width() * r.height() : 0.0;
}

// "no open frame that covers most of the view with no box in it"
QString emptyFrameInView(const GraphScene& scene, const QRectF& visible) {
    const Drawn d = drawn(scene);
    for (const auto& [group, frame] : d.frames) {
        const QRectF shown = frame.intersected(visible);
        if (area(shown) < 0.5 * area(visible)) continue;
        const bool holdsABox = std::any_of(d.boxes.begin(), d.boxes.end(), [&](const QRectF& box) {
            return area(box.intersected(shown)) >= 0.5 * area(box);
        });
        if (!holdsABox)
            return QStringLiteral("the frame of %1 covers %2% of the view with no box in it")
                .arg(QString::fromStdString(scene.diagram()->scopes().group(group).path))
                .arg(static_cast<int>(100 * area(shown) / area(visible)));
    }
    return {};
}

// The groups of a stack (".../layers.0", ".../layers.1", ...) in model order, by their index.
std::vector<int> layerGroups(const DiagramModel& diagram, const std::string& stackSegment) {
    const std::regex layer(".*/" + stackSegment + "\\.([0-9]+)$");
    std::vector<std::pair<int, int>> byIndex;
    const auto& groups = diagram.scopes().groups();
    for (size_t g = 0; g < groups.size(); ++g) {
        std::smatch m;
        if (std::regex_match(groups[g].path, m, layer))
            byIndex.emplace_back(std::stoi(m[1]), static_cast<int>(g));
    }
    std::sort(byIndex.begin(), byIndex.end());
    std::vector<int> out;
    for (const auto& [index, g] : byIndex) out.push_back(g);
    return out;
}

// Each layer's frame (or closed box) below the previous one, offset sideways by at most a width.
void checkColumn(const GraphScene& scene, const std::vector<int>& layers) {
    QVERIFY2(layers.size() >= 2, "fewer than two layers");
    QRectF previous;
    for (int g : layers) {
        const QRectF r = scene.groupRect(g);
        const QString name = QString::fromStdString(scene.diagram()->scopes().group(g).path);
        QVERIFY2(!r.isNull(), qPrintable(name + QStringLiteral(" is not drawn")));
        if (!previous.isNull()) {
            QVERIFY2(r.top() >= previous.bottom() - 1,
                     qPrintable(QStringLiteral("%1 (top %2) is not below the layer before (bottom %3)")
                                    .arg(name)
                                    .arg(r.top())
                                    .arg(previous.bottom())));
            const double offset = std::abs(r.center().x() - previous.center().x());
            QVERIFY2(offset <= std::max(r.width(), previous.width()),
                     qPrintable(QStringLiteral("%1 is %2 pt sideways of the layer before (width %3)")
                                    .arg(name)
                                    .arg(offset)
                                    .arg(r.width())));
        }
        previous = r;
    }
}

// What a first view must show (issues 21 and 35). `denseAsFlat`: at least half as dense as the same
// boxes laid out flat (issue 21). Not asked of issue 35's exports at target ge: GE's weight
// TransData stand beside every Conv until folding removes them, and a fan of wide branches (a
// DeepLabV3's ASPP at target ge: F 0.048 against F0 0.110) spreads the drawing's rectangle.
void checkFirstView(GraphPanel& panel, const QString& name, bool denseAsFlat = true) {
    const ViewCensus census = panel.census();
    const DrawingFill fill = measureFill(*panel.scene());
    const ColumnFigure column = measureColumn(*panel.scene());
    qInfo("%s: %s%s%s", qPrintable(name), qPrintable(describeCensus(census, panel.lastLayoutSeconds())),
          qPrintable(describeFill(fill)), qPrintable(describeColumn(column)));
    const bool whole = census.inView == census.boxes;
    QVERIFY2(whole || census.inputsInView >= 1, "no graph input in view");
    QVERIFY2(
        whole || (census.labelled >= 10 && census.zoom >= GraphView::kReadableZoom - 1e-9),
        qPrintable(QStringLiteral("%1 labelled boxes at zoom %2").arg(census.labelled).arg(census.zoom)));
    const QString empty = emptyFrameInView(*panel.scene(), panel.view()->visibleSceneRect());
    QVERIFY2(empty.isEmpty(), qPrintable(empty));
    QVERIFY2(fill.flatFill > 0, "the flat layout failed");
    QVERIFY2(!denseAsFlat || fill.fill >= 0.5 * fill.flatFill,
             qPrintable(
                 QStringLiteral("fill %1 < half of the flat layout's %2").arg(fill.fill).arg(fill.flatFill)));
    QVERIFY2(column.column <= 2, qPrintable(QStringLiteral("column figure %1 > 2").arg(column.column)));
}

}  // namespace

class TestModelLayouts : public QObject {
    Q_OBJECT
  private slots:
    void firstViewIsReadable_data();
    void firstViewIsReadable();
    void exportsPeopleMakeReadAsAColumn_data();
    void exportsPeopleMakeReadAsAColumn();
    void sharedValuesAreStubs();
    void transformerLayersStandInAColumn();
    void closedScopesStayClosedAcrossARerun();
};

// Every kept model at target onnx, and the scoped PyTorch exports at target ge too: GE's format
// passes add TransData named after weights and inputs, which once took the first view of a
// scoped CNN to 2 boxes in an empty frame.
void TestModelLayouts::firstViewIsReadable_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("targetGe");
    for (const QString& path : modelsKept()) {
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << false;
        if (path.contains(QLatin1String("/pytorch/")))
            QTest::newRow(qPrintable(QFileInfo(path).fileName() + QLatin1String(" at target ge")))
                << path << true;
    }
}

void TestModelLayouts::firstViewIsReadable() {
    QFETCH(QString, path);
    QFETCH(bool, targetGe);
    MainWindow window;
    if (targetGe) {
        PipelineOptions options;
        options.target = Target::Ge;
        window.setPipelineOptions(options);
    }
    openShown(window, path);
    if (QTest::currentTestFailed()) return;
    checkFirstView(*window.graphPanel(), QFileInfo(path).fileName());
}

void TestModelLayouts::exportsPeopleMakeReadAsAColumn_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("targetGe");
    const std::vector<QString> models = exportsPeopleMake();
    QVERIFY2(models.size() >= 9, "the layout fixtures were not unpacked");
    for (const QString& path : models) {
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << false;
        QTest::newRow(qPrintable(QFileInfo(path).fileName() + QLatin1String(" at target ge")))
            << path << true;
    }
}

void TestModelLayouts::exportsPeopleMakeReadAsAColumn() {
    QFETCH(QString, path);
    QFETCH(bool, targetGe);
    MainWindow window;
    if (targetGe) {
        PipelineOptions options;
        options.target = Target::Ge;
        window.setPipelineOptions(options);
    }
    QElapsedTimer clock;
    clock.start();
    openShown(window, path);
    if (QTest::currentTestFailed()) return;
    // How long load, pipeline, layout and the first paint took (the sanitizer build: several times
    // a release build's; passscope-bench-gui --real measures that). Only a hang fails here.
    qInfo("%s%s: first view in %.1f s", qPrintable(QFileInfo(path).fileName()), targetGe ? " (ge)" : "",
          clock.elapsed() / 1000.0);
    QVERIFY2(clock.elapsed() < 120000, "over two minutes to a first view");
    checkFirstView(*window.graphPanel(), QFileInfo(path).fileName(), !targetGe);
}

// The 80-layer decoder: its rotary tables and causal mask, read by every layer, reach the layers
// as stubs, not as edges across the picture; clicking a stub's tag goes to the value's producer.
void TestModelLayouts::sharedValuesAreStubs() {
    const QString path = QStringLiteral(PASSSCOPE_LAYOUT_MODELS_DIR "/llama_decoder_80.onnx");
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    MainWindow window;
    openShown(window, path);
    if (QTest::currentTestFailed()) return;
    GraphPanel& panel = *window.graphPanel();
    const std::vector<int> layers = layerGroups(*panel.diagram(), "layers");
    QCOMPARE(layers.size(), size_t(80));
    checkColumn(*panel.scene(), layers);
    if (QTest::currentTestFailed()) return;
    // Every layer box is about as tall as the next: an edge longer than ten of them runs past
    // the column. The cos/sin tables and the mask feed all 80 layers (240 edges before).
    const double layerHeight = panel.scene()->groupRect(layers.front()).height();
    int stubs = 0, curtain = 0;
    EdgeItem* stub = nullptr;
    for (EdgeItem* edge : panel.scene()->edgeItems()) {
        if (!edge->isVisible()) continue;
        if (edge->isStub()) {
            ++stubs;
            if (!stub) stub = edge;
        } else if (edge->boundingRect().height() > 10 * layerHeight) {
            ++curtain;
        }
    }
    qInfo("llama_decoder_80: %d stubs, %d edges longer than ten layers", stubs, curtain);
    QVERIFY2(stubs >= 3 * 70, qPrintable(QStringLiteral("%1 stubs").arg(stubs)));
    QVERIFY2(curtain <= 2, qPrintable(QStringLiteral("%1 edges span more than ten layers").arg(curtain)));

    // A click on a tag selects the value's producer and brings it into view.
    QVERIFY(stub);
    GraphView& view = *panel.view();
    view.centerOn(stub->stubTag().center());
    QSignalSpy selected(&panel, &GraphPanel::nodeSelected);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(stub->stubTag().center()));
    QTRY_VERIFY_WITH_TIMEOUT(!selected.isEmpty(), 10000);
    const NodeId producer = selected.last().value(0).value<NodeId>();
    const VisibleItem& from = panel.scene()->plan().items.at(static_cast<size_t>(stub->fromItem()));
    QCOMPARE(producer, panel.diagram()->node(from.index).id);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    const QGraphicsItem* box = panel.scene()->nodeItem(producer);
    QVERIFY(box && box->isSelected());
    QVERIFY(view.visibleSceneRect().contains(box->sceneBoundingRect().center()));
}

void TestModelLayouts::transformerLayersStandInAColumn() {
    const QString path =
        QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/models/pytorch/transformer_encoder.onnx");
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    MainWindow window;
    openShown(window, path);
    if (QTest::currentTestFailed()) return;
    GraphPanel& panel = *window.graphPanel();
    const std::vector<int> layers = layerGroups(*panel.diagram(), "layers");
    QCOMPARE(layers.size(), size_t(4));
    checkColumn(*panel.scene(), layers);  // the default expansion
    if (QTest::currentTestFailed()) return;
    // The layers open together or not at all.
    const auto& groups = panel.diagram()->scopes().groups();
    const QStringList open = panel.expandedPaths();
    const int opened = static_cast<int>(std::count_if(layers.begin(), layers.end(), [&](int g) {
        return open.contains(QString::fromStdString(groups[static_cast<size_t>(g)].path));
    }));
    QVERIFY2(opened == 0 || opened == 4, qPrintable(QStringLiteral("%1 of 4 layers open").arg(opened)));

    QStringList all;
    for (size_t g = 1; g < groups.size(); ++g) all << QString::fromStdString(groups[g].path);
    relayout(panel, all);
    if (QTest::currentTestFailed()) return;
    checkColumn(*panel.scene(), layers);
}

// Issue 21: "a user's open/close stays as it is across steps and re-runs", also when the user
// closed every scope (an empty list of open scopes is a choice, not "open the defaults").
void TestModelLayouts::closedScopesStayClosedAcrossARerun() {
    const QString path =
        QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/models/pytorch/transformer_encoder.onnx");
    MainWindow window;
    openShown(window, path);
    if (QTest::currentTestFailed()) return;
    GraphPanel& panel = *window.graphPanel();
    QVERIFY(!panel.expandedPaths().isEmpty());  // the default opens some
    relayout(panel, {});
    if (QTest::currentTestFailed()) return;
    QVERIFY(panel.expandedPaths().isEmpty());
    QSignalSpy finished(&window, &MainWindow::pipelineFinished);
    QVERIFY(window.setNodeFoldingDisabled(QStringLiteral("/encoder/layers.0/Add"), true));  // re-runs
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, kViewTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY2(panel.expandedPaths().isEmpty(), qPrintable(panel.expandedPaths().join(QLatin1Char(','))));
}

PASSSCOPE_GUI_TEST(TestModelLayouts)
#include "test_model_layouts.moc"
