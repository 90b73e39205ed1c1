// Stepping to a pass shows what it changed (issue 27), driven through MainWindow as a user would:
//  - every step that marks a node brings its changes into view: at least one of them, and all of
//    them when they fit the window at the readable zoom (the census's "changes C in view of T"),
//    on a sample and on a model with an If body (a step run in the body opens it);
//  - a step that changed nothing, and the user's own scrolling on a step, leave the view alone;
//  - F3 / Shift+F3 walk the changes of a CSE step in topological order, selecting each;
//  - the minimap and the vertical scroll bar mark the changes in the overlay's colours.
// What the step changed comes from the engine (the journal, classifyStep), never from the views.
#include <algorithm>
#include <set>

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/item_style.h"
#include "graph/marked_scroll_bar.h"
#include "graph/minimap.h"
#include "graph/node_item.h"
#include "graph/view_census.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "ir/graph_path.h"
#include "main_window.h"
#include "model_builders.h"
#include "pipeline/step_changes.h"
#include "runner/pipeline_result.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

const QString kSamples = QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/");
constexpr int kChain = 36;  // unary ops between the input and the changes: taller than the window

// x[2] -> 36 alternating Sigmoid/Tanh -> t; CSE pairs at two depths, an If whose then-branch
// folds a Sqrt of an outer constant and has a CSE pair of its own:
//   dup_exp_a, dup_exp_b = Exp(t)      -> sum_exp = a + b -> Sigmoid, Tanh, Sigmoid -> u
//   dup_sin_a, dup_sin_b = Sin(u)      -> sum_sin = a + b
//   if(cond): then: then_neg = Neg(u); then_exp_a, then_exp_b = Exp(then_neg);
//                   then_sum = a + b; then_out = then_sum + Sqrt(c)
//             else: else_out = u + c
//   z = sum_sin + y
onnx::ModelProto farChangesModel() {
    using namespace passscope::test;
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addFloatInitializer(g, "c", {2}, {4, 9});
    std::string last = "x";
    for (int i = 0; i < kChain; ++i) {
        const std::string out = "chain_" + std::to_string(i);
        addNode(g, i % 2 ? "Tanh" : "Sigmoid", {last}, {out}, out);
        last = out;
    }
    addNode(g, "Exp", {last}, {"dup_exp_a"}, "dup_exp_a");
    addNode(g, "Exp", {last}, {"dup_exp_b"}, "dup_exp_b");
    addNode(g, "Add", {"dup_exp_a", "dup_exp_b"}, {"sum_exp"}, "sum_exp");
    addNode(g, "Sigmoid", {"sum_exp"}, {"mid_0"}, "mid_0");
    addNode(g, "Tanh", {"mid_0"}, {"mid_1"}, "mid_1");
    addNode(g, "Sigmoid", {"mid_1"}, {"u"}, "mid_2");
    addNode(g, "Sin", {"u"}, {"dup_sin_a"}, "dup_sin_a");
    addNode(g, "Sin", {"u"}, {"dup_sin_b"}, "dup_sin_b");
    addNode(g, "Add", {"dup_sin_a", "dup_sin_b"}, {"sum_sin"}, "sum_sin");
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    auto* then = addBody(*ifNode, "then_branch");
    addNode(*then, "Neg", {"u"}, {"then_negated"}, "then_neg");
    addNode(*then, "Exp", {"then_negated"}, {"then_exp_a"}, "then_exp_a");
    addNode(*then, "Exp", {"then_negated"}, {"then_exp_b"}, "then_exp_b");
    addNode(*then, "Add", {"then_exp_a", "then_exp_b"}, {"then_sum"}, "then_sum");
    addNode(*then, "Sqrt", {"c"}, {"then_root"}, "then_sqrt");
    addNode(*then, "Add", {"then_sum", "then_root"}, {"then_out"}, "then_add");
    addTensorValue(then->mutable_output(), "then_out", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*ifNode, "else_branch");
    addNode(*otherwise, "Add", {"u", "c"}, {"else_out"}, "else_add");
    addTensorValue(otherwise->mutable_output(), "else_out", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Add", {"sum_sin", "y"}, {"z"}, "z");
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2});
    return m;
}

// The nodes a step marks in the graph at `path` (empty: the main graph), by the engine's rule.
std::set<NodeId> engineMarks(const PipelineResult& result, size_t position, const Graph& graphAtPath,
                             const GraphPath& path) {
    const JournalStep& step = result.journal.steps()[position - 1];
    const StepNodeChanges c = classifyStep(step, ConstantNodes(result.journal, graphAtPath, path), path);
    std::set<NodeId> ids(c.added.begin(), c.added.end());
    ids.insert(c.removed.begin(), c.removed.end());
    ids.insert(c.edited.begin(), c.edited.end());
    return ids;
}

// The drawn marks' boxes, united.
QRectF markedArea(const GraphScene& scene) {
    QRectF all;
    for (const GraphScene::MarkedBox& box : scene.markedBoxes())
        if (box.drawn)
            all = all.isNull() ? box.item->sceneBoundingRect() : all.united(box.item->sceneBoundingRect());
    return all;
}

bool fitsAtReadableZoom(const GraphView& view, const QRectF& area) {
    const QSize port = view.viewport()->size();
    return area.width() * GraphView::kReadableZoom <= port.width() &&
           area.height() * GraphView::kReadableZoom <= port.height();
}

QString nameOf(const GraphPanel& panel, NodeId id) {
    const DiagramModel* d = panel.diagram();
    const int index = d ? d->indexOf(id) : -1;
    return index < 0 ? QString() : QString::fromStdString(d->node(index).name);
}

NodeId selectedNode(const GraphPanel& panel) {
    const auto selected = panel.scene()->selectedItems();
    if (selected.isEmpty()) return kNoNode;
    const auto* node = qgraphicsitem_cast<const NodeItem*>(selected.front());
    return node ? node->nodeId() : kNoNode;
}

// Pixels of `image` within a few levels of `color`.
int pixelsOf(const QImage& image, const QColor& color) {
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) <= 6 && std::abs(c.green() - color.green()) <= 6 &&
                std::abs(c.blue() - color.blue()) <= 6)
                ++count;
        }
    return count;
}

struct ViewState {
    double zoom;
    int h, v;
    bool operator==(const ViewState&) const = default;
};
ViewState viewState(const GraphView& view) {
    return {view.zoom(), view.horizontalScrollBar()->value(), view.verticalScrollBar()->value()};
}
QString describe(const ViewState& s) {
    return QStringLiteral("zoom %1, scroll %2,%3").arg(s.zoom).arg(s.h).arg(s.v);
}

}  // namespace

class TestStepFollow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void changesInViewOnEveryStep_data();
    void changesInViewOnEveryStep();
    void nothingChangedKeepsTheView();
    void userScrollingIsKeptOnTheStep();
    void walksTheChangesOfACseStep();
    void overviewsMarkTheChanges();

  private:
    void openModel(MainWindow& window, const QString& path);
    // The main-graph step of `pass` that changed the graph (0 = none).
    static size_t mainStepOf(const MainWindow& window, const std::string& pass);
    QTemporaryDir dir_;
    QString farModel_;
};

void TestStepFollow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_step_follow"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
    farModel_ = dir_.filePath(QStringLiteral("far_changes.onnx"));
    passscope::test::writeModel(farChangesModel(), farModel_.toStdString());
    // PASSSCOPE_TEST_MODELS=folder: the fixture is written there too, to open it in the GUI and look.
    if (const QByteArray keep = qgetenv("PASSSCOPE_TEST_MODELS"); !keep.isEmpty())
        passscope::test::writeModel(
            farChangesModel(),
            QDir(QString::fromLocal8Bit(keep)).filePath(QStringLiteral("far_changes.onnx")).toStdString());
}

void TestStepFollow::openModel(MainWindow& window, const QString& path) {
    window.setInteractive(false);
    window.resize(1400, 860);  // as passscope --screenshot
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(path);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() + loadFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(failed.isEmpty() && loadFailed.isEmpty(), "the model did not load and run");
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
}

size_t TestStepFollow::mainStepOf(const MainWindow& window, const std::string& pass) {
    const auto& steps = window.pipelineResult()->journal.steps();
    for (size_t s = 0; s < steps.size(); ++s)
        if (steps[s].pass == pass && steps[s].changed && steps[s].graph.empty()) return s + 1;
    return 0;
}

void TestStepFollow::changesInViewOnEveryStep_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("bodies");
    QTest::addColumn<int>("marking");  // steps that mark nodes, at least
    QTest::newRow("conv_net") << kSamples + QStringLiteral("conv_net.onnx") << false << 6;
    QTest::newRow("transformer_block") << kSamples + QStringLiteral("transformer_block.onnx") << false << 2;
    QTest::newRow("far_changes (If body)") << QString() << true << 3;
}

// Every step that marks a node, selected in turn from the last to the first (the view stands
// elsewhere each time): the census counts what the engine marks, at least one of them is in view
// at a readable zoom, and all of them when they fit the window there. A step run in the body opens it.
void TestStepFollow::changesInViewOnEveryStep() {
    QFETCH(QString, model);
    QFETCH(bool, bodies);
    QFETCH(int, marking);
    if (model.isEmpty()) model = farModel_;
    MainWindow window;
    openModel(window, model);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const PipelineResult& result = *window.pipelineResult();
    int checked = 0, fitting = 0, bodySteps = 0;
    for (size_t p = window.positionCount() - 1; p >= 1; --p) {
        const JournalStep& step = result.journal.steps()[p - 1];
        window.showPosition(p);
        QCOMPARE(window.position(), p);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
        const bool inBody = step.changed && !step.graph.empty();
        if (inBody) {  // the body the pass ran in is open
            QVERIFY2(panel->inSubgraph(),
                     qPrintable(QStringLiteral("step %1 (%2 in %3) did not open its body")
                                    .arg(p)
                                    .arg(QString::fromStdString(step.pass),
                                         QString::fromStdString(step.graphName))));
            QVERIFY(pathOf(*panel->shownGraph()) == step.graph);
            ++bodySteps;
        } else if (!step.graph.empty()) {
            continue;  // a pass run in a body that changed nothing there: it marks nothing
        }
        const Graph& shown = inBody ? *panel->shownGraph() : *window.graphShown();
        const std::set<NodeId> expected = engineMarks(result, p, shown, step.graph);
        const ViewCensus census = panel->census();
        QVERIFY2(census.changes == static_cast<int>(expected.size()),
                 qPrintable(QStringLiteral("step %1 (%2): the view marks %3 nodes, the engine %4")
                                .arg(p)
                                .arg(QString::fromStdString(step.pass))
                                .arg(census.changes)
                                .arg(expected.size())));
        if (expected.empty()) continue;
        ++checked;
        const QString where =
            QStringLiteral("step %1 (%2%3): changes %4 in view of %5, zoom %6")
                .arg(p)
                .arg(QString::fromStdString(step.pass),
                     inBody ? QStringLiteral(" in ") + QString::fromStdString(step.graphName) : QString())
                .arg(census.changesInView)
                .arg(census.changes)
                .arg(census.zoom);
        QVERIFY2(census.zoom >= GraphView::kReadableZoom - 1e-9, qPrintable(where));
        QVERIFY2(census.changesInView >= 1, qPrintable(where));
        if (fitsAtReadableZoom(*panel->view(), markedArea(*panel->scene()))) {
            ++fitting;
            QVERIFY2(census.changesInView == census.changes, qPrintable(where));
        }
    }
    qInfo("%s: %d marking steps checked, %d fit the window at zoom %.1f, %d in a body", qPrintable(model),
          checked, fitting, GraphView::kReadableZoom, bodySteps);
    QVERIFY2(checked >= marking, "fewer steps mark nodes than the model has");
    if (bodies) QVERIFY2(bodySteps >= 2, "no step ran in the If body");
}

// A step that changed nothing leaves the view where the user put it.
void TestStepFollow::nothingChangedKeepsTheView() {
    MainWindow window;
    openModel(window, farModel_);
    if (QTest::currentTestFailed()) return;
    // A step that marks nodes far from the inputs, then one of the main graph that changed nothing.
    const size_t cse = mainStepOf(window, "CommonSubexpressionEliminationPass");
    QVERIFY(cse > 0);
    const auto& steps = window.pipelineResult()->journal.steps();
    size_t quiet = 0;
    for (size_t s = 0; s < steps.size() && !quiet; ++s)
        if (!steps[s].changed && steps[s].graph.empty() && s + 1 != cse) quiet = s + 1;
    QVERIFY2(quiet > 0, "no quiet step");
    window.showPosition(cse);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    GraphView* view = window.graphPanel()->view();
    view->setZoom(0.9);
    view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum() / 3);
    const ViewState before = viewState(*view);
    window.showPosition(quiet);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QCOMPARE(window.position(), quiet);
    QVERIFY2(viewState(*view) == before, qPrintable(describe(viewState(*view)) + " != " + describe(before)));

    // In a body (opened by a step run there), a step that changed nothing keeps the body open,
    // at the user's zoom and place.
    size_t bodyStep = 0;
    for (size_t s = 0; s < steps.size() && !bodyStep; ++s)
        if (steps[s].changed && !steps[s].graph.empty()) bodyStep = s + 1;
    QVERIFY2(bodyStep > 0, "no step changed the If body");
    GraphPanel* panel = window.graphPanel();
    window.showPosition(bodyStep);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(panel->inSubgraph());
    const GraphPath body = steps[bodyStep - 1].graph;
    view->setZoom(1.7);
    // The box nearest the view's centre, and where the user sees it.
    const GraphPanel::ViewPlace place = panel->viewPlace();
    QVERIFY(place.anchor != kNoNode);
    const QPoint seen = view->mapFromScene(panel->scene()->nodeItem(place.anchor)->pos());
    window.showPosition(quiet);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY2(panel->inSubgraph(), "a step that changed nothing closed the body");
    QVERIFY(pathOf(*panel->shownGraph()) == body);
    QCOMPARE(view->zoom(), 1.7);
    // The body is laid out again (without the ghosts of the body step), its boxes elsewhere: the
    // view follows the box the user looked at, which stays where it was on screen — along each
    // axis where the drawing is larger than the window (along the others Qt centres it).
    NodeItem* anchor = panel->scene()->nodeItem(place.anchor);
    QVERIFY2(anchor, "the box the user looked at is gone");
    const QPoint now = view->mapFromScene(anchor->pos());
    const QSizeF drawing = view->sceneRect().size() * view->zoom();
    const QPoint moved((drawing.width() > view->viewport()->width()) * (now.x() - seen.x()),
                       (drawing.height() > view->viewport()->height()) * (now.y() - seen.y()));
    QVERIFY(drawing.height() > view->viewport()->height());  // what the test is about
    QVERIFY2(
        moved.manhattanLength() < 40,
        qPrintable(QStringLiteral("%1,%2 != %3,%4").arg(now.x()).arg(now.y()).arg(seen.x()).arg(seen.y())));
}

// On the step, the user scrolls and zooms away from the changes; overlays, search and side by
// side do not bring the view back.
void TestStepFollow::userScrollingIsKeptOnTheStep() {
    MainWindow window;
    openModel(window, farModel_);
    if (QTest::currentTestFailed()) return;
    const size_t cse = mainStepOf(window, "CommonSubexpressionEliminationPass");
    QVERIFY(cse > 0);
    window.showPosition(cse);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    GraphView* view = window.graphPanel()->view();
    QVERIFY(window.graphPanel()->census().changesInView >= 1);
    view->setZoom(1.3);
    view->verticalScrollBar()->setValue(0);  // the inputs, far from the changes
    const ViewState mine = viewState(*view);
    QCOMPARE(window.graphPanel()->census().changesInView, 0);
    window.setOverlay(OverlayMode::Constants);
    window.setOverlay(OverlayMode::Changes);
    QVERIFY(window.search(QStringLiteral("Sigmoid")) > 0);
    window.search(QString());
    window.setSideBySide(true);
    QTest::qWait(50);
    QCOMPARE(view->zoom(), mine.zoom);
    window.setSideBySide(false);
    QTest::qWait(50);
    QVERIFY2(viewState(*view) == mine, qPrintable(describe(viewState(*view)) + " != " + describe(mine)));
}

// F3 / Shift+F3 (and the toolbar's actions) walk the changes of the CSE step in the order of the
// data flow: the duplicate Exp it removed, the Add that read it, the duplicate Sin, its Add.
void TestStepFollow::walksTheChangesOfACseStep() {
    MainWindow window;
    openModel(window, farModel_);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const size_t cse = mainStepOf(window, "CommonSubexpressionEliminationPass");
    QVERIFY2(cse > 0, "CSE changed nothing in the main graph");
    const JournalStep& step = window.pipelineResult()->journal.steps()[cse - 1];
    // The engine's word: one Exp and one Sin of each pair removed, the Adds reading them rewired.
    const Graph& optimized = *window.pipelineResult()->optimized.graph;
    std::set<std::string> removed;
    for (NodeId id : step.removedNodes()) {
        for (const Change& c : step.changes)
            if (const auto* r = std::get_if<change::NodeRemoved>(&c); r && r->snapshot->id() == id)
                removed.insert(r->snapshot->name());
    }
    QVERIFY2(removed.size() == 2, qPrintable(QString::number(removed.size())));
    const std::string exp = removed.count("dup_exp_a") ? "dup_exp_a" : "dup_exp_b";
    const std::string sin = removed.count("dup_sin_a") ? "dup_sin_a" : "dup_sin_b";
    QVERIFY(removed.count(exp) && removed.count(sin));
    QVERIFY(nodeNamed(optimized, "sum_exp") && nodeNamed(optimized, "sum_sin"));
    const QStringList order{QString::fromStdString(exp), QStringLiteral("sum_exp"),
                            QString::fromStdString(sin), QStringLiteral("sum_sin")};

    window.showPosition(cse);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QCOMPARE(panel->changedNodes().size(), size_t(4));
    QVERIFY(window.nextChangeAction()->isEnabled());
    auto* status = window.findChild<QLabel*>(QStringLiteral("changeStatus"));
    QVERIFY(status);
    QVERIFY2(status->text().startsWith(QStringLiteral("4 change")), qPrintable(status->text()));

    auto expectSelected = [&](int k) {
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
        const NodeId id = selectedNode(*panel);
        QVERIFY2(id != kNoNode, qPrintable(QStringLiteral("nothing selected at change %1").arg(k + 1)));
        QCOMPARE(nameOf(*panel, id), order[k]);
        QVERIFY2(status->text().startsWith(QStringLiteral("Change %1 of 4: %2").arg(k + 1).arg(order[k])),
                 qPrintable(status->text()));
        // The selected box is in the window.
        const QRectF box = panel->scene()->itemStandingFor(id)->sceneBoundingRect();
        QVERIFY2(panel->view()->visibleSceneRect().contains(box.center()), qPrintable(order[k]));
    };
    // The first by the key, the rest by the action, then back with Shift+F3 and around.
    panel->view()->setFocus();
    QTest::keyClick(panel->view(), Qt::Key_F3);
    expectSelected(0);
    for (int k = 1; k < 4; ++k) {
        QVERIFY(window.showNextChange());
        expectSelected(k);
    }
    QVERIFY(window.showNextChange());  // wraps around
    expectSelected(0);
    QTest::keyClick(panel->view(), Qt::Key_F3, Qt::ShiftModifier);
    expectSelected(3);
    for (int k = 2; k >= 0; --k) {
        window.previousChangeAction()->trigger();
        expectSelected(k);
    }
    // A change the user clicks is where the walk goes on from.
    QVERIFY(panel->scene()->selectNode(nodeNamed(*window.graphShown(), "sum_exp")->id()));
    QVERIFY(window.showNextChange());
    expectSelected(2);

    // A step that marks nothing: the actions are off.
    const auto& steps = window.pipelineResult()->journal.steps();
    size_t quiet = 0;
    for (size_t s = 0; s < steps.size() && !quiet; ++s)
        if (!steps[s].changed && steps[s].graph.empty()) quiet = s + 1;
    QVERIFY(quiet > 0);
    window.showPosition(quiet);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(!window.nextChangeAction()->isEnabled());
    QVERIFY(!window.showNextChange());
}

// The minimap and the vertical scroll bar carry the step's changes in the overlay's colours.
void TestStepFollow::overviewsMarkTheChanges() {
    MainWindow window;
    openModel(window, farModel_);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const size_t cse = mainStepOf(window, "CommonSubexpressionEliminationPass");
    QVERIFY(cse > 0);
    window.showPosition(cse);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    GraphView* view = panel->view();
    QCOMPARE(static_cast<int>(view->marks().size()), panel->census().changes);
    auto* bar = qobject_cast<MarkedScrollBar*>(view->verticalScrollBar());
    QVERIFY(bar);
    QVERIFY2(bar->isVisible(), "the graph fits the window: nothing to scroll");
    QCOMPARE(bar->marks().size(), view->marks().size());
    // The changes sit near the bottom of the long chain: so do their marks on the bar.
    for (const MarkedScrollBar::Mark& mark : bar->marks())
        QVERIFY2(mark.from > 0.5, qPrintable(QString::number(mark.from)));
    const QImage barImage = bar->grab().toImage();
    QVERIFY2(pixelsOf(barImage, style::removedColor()) > 0, "no removed mark on the scroll bar");
    QVERIFY2(pixelsOf(barImage, style::editedColor()) > 0, "no edited mark on the scroll bar");
    QVERIFY(view->minimap()->isVisible());
    // Still in its corner after the view scrolled to the changes (the viewport moves its children).
    const QRect corner = view->minimap()->geometry();
    QVERIFY2(view->viewport()->rect().contains(corner) && corner.bottom() > view->viewport()->height() - 20 &&
                 corner.right() > view->viewport()->width() - 20,
             qPrintable(QStringLiteral("minimap at %1,%2").arg(corner.x()).arg(corner.y())));
    const QImage mapImage = view->minimap()->grab().toImage();
    QVERIFY2(pixelsOf(mapImage, style::removedColor()) >= 9, "no removed mark on the minimap");
    QVERIFY2(pixelsOf(mapImage, style::editedColor()) >= 9, "no edited mark on the minimap");

    // A step that marks nothing leaves the overviews unmarked.
    const auto& steps = window.pipelineResult()->journal.steps();
    size_t quiet = 0;
    for (size_t s = 0; s < steps.size() && !quiet; ++s)
        if (!steps[s].changed && steps[s].graph.empty()) quiet = s + 1;
    window.showPosition(quiet);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(view->marks().empty());
    QVERIFY(bar->marks().empty());
    QCOMPARE(pixelsOf(view->minimap()->grab().toImage(), style::removedColor()), 0);
}

PASSSCOPE_GUI_TEST(TestStepFollow)
#include "test_step_follow.moc"
