// Before and after inside an If body, driven through MainWindow as a user would: a model whose
// then-branch folds a Sqrt of an outer constant; the user clicks the body's folding step in the
// timeline, which opens the body (issue 27; the If box's context menu opens it too), and
// compares. The body's nested pass runs are journal steps of their own (engine/pipeline/journal.h);
// the before side shows the body as it was before the step, the after side the folded constant,
// and the folded-away Sqrt is a ghost. A second model has an If inlined by CondRemovePass inside a
// body, one and two bodies deep (issue 21, item 5): the inlined nodes are marked added there, and
// a tall body opens on them. Expected values come from the engine (the run's Journal), never from
// the views.
#include <algorithm>
#include <set>

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDir>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/node_item.h"
#include "graph/view_census.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "ir/graph_path.h"
#include "main_window.h"
#include "model_builders.h"
#include "panels/properties_panel.h"
#include "pipeline/step_changes.h"
#include "runner/pipeline_result.h"
#include "timeline/timeline_filter_proxy.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// cond, x[2], c = [4, 9] (initializer) → If → y. The then-branch computes -x + Sqrt(c): the Sqrt
// reads only an outer constant and folds inside the body; the else-branch is x + c.
onnx::ModelProto foldingBodyModel() {
    using namespace passscope::test;
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    auto* then = addBody(*ifNode, "then_branch");
    addNode(*then, "Neg", {"x"}, {"then_negated"}, "then_neg");
    addNode(*then, "Sqrt", {"c"}, {"then_root"}, "then_sqrt");
    addNode(*then, "Add", {"then_negated", "then_root"}, {"then_out"}, "then_add");
    addTensorValue(then->mutable_output(), "then_out", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*ifNode, "else_branch");
    addNode(*otherwise, "Add", {"x", "c"}, {"else_out"}, "else_add");
    addTensorValue(otherwise->mutable_output(), "else_out", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return m;
}

// cond, x[2], c = [4, 9], k = true (initializers) → If "outer" (cond: run time) → y. Its then-branch
// is a column of `chainLength` Adds (chain_i = chain_{i-1} + x), then two Ifs:
//  - "then_inner" on k: constant, so CondRemovePass in outer/then_branch inlines its then-branch
//    (inner_neg = Neg(chain end), inner_mul = inner_neg * c), one body deep, below the column;
//  - "then_mid" on cond (run time), whose then-branch holds "mid_inner" on k: CondRemovePass in
//    outer/then_branch/then_mid/then_branch inlines deep_neg = Neg(x), deep_add = deep_neg + c,
//    two bodies deep.
// The branch sums both. Like silero_vad v5's If_0/else_branch: the inlined nodes are far below
// the body's first boxes, and the body is too tall to read whole.
onnx::ModelProto inlinedBodyModel(int chainLength) {
    using namespace passscope::test;
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* k = g.add_initializer();
    k->set_name("k");
    k->set_data_type(onnx::TensorProto::BOOL);
    k->set_raw_data(std::string(1, '\1'));
    auto* outer = addNode(g, "If", {"cond"}, {"y"}, "outer");
    auto* then = addBody(*outer, "then_branch");
    std::string last = "x";
    for (int i = 0; i < chainLength; ++i) {
        const std::string out = "chain_" + std::to_string(i) + "_out";
        addNode(*then, "Add", {last, "x"}, {out}, "chain_" + std::to_string(i));
        last = out;
    }
    auto* inner = addNode(*then, "If", {"k"}, {"inner_out"}, "then_inner");
    auto* innerThen = addBody(*inner, "then_branch");
    addNode(*innerThen, "Neg", {last}, {"inner_negated"}, "inner_neg");
    addNode(*innerThen, "Mul", {"inner_negated", "c"}, {"inner_then_out"}, "inner_mul");
    addTensorValue(innerThen->mutable_output(), "inner_then_out", onnx::TensorProto::FLOAT, {2});
    auto* innerElse = addBody(*inner, "else_branch");
    addNode(*innerElse, "Sub", {last, "c"}, {"inner_else_out"}, "inner_sub");
    addTensorValue(innerElse->mutable_output(), "inner_else_out", onnx::TensorProto::FLOAT, {2});
    auto* mid = addNode(*then, "If", {"cond"}, {"mid_out"}, "then_mid");
    auto* midThen = addBody(*mid, "then_branch");
    auto* deep = addNode(*midThen, "If", {"k"}, {"mid_then_out"}, "mid_inner");
    auto* deepThen = addBody(*deep, "then_branch");
    addNode(*deepThen, "Neg", {"x"}, {"deep_negated"}, "deep_neg");
    addNode(*deepThen, "Add", {"deep_negated", "c"}, {"deep_then_out"}, "deep_add");
    addTensorValue(deepThen->mutable_output(), "deep_then_out", onnx::TensorProto::FLOAT, {2});
    auto* deepElse = addBody(*deep, "else_branch");
    addNode(*deepElse, "Sub", {"x", "c"}, {"deep_else_out"}, "deep_sub");
    addTensorValue(deepElse->mutable_output(), "deep_else_out", onnx::TensorProto::FLOAT, {2});
    addTensorValue(midThen->mutable_output(), "mid_then_out", onnx::TensorProto::FLOAT, {2});
    auto* midElse = addBody(*mid, "else_branch");
    addNode(*midElse, "Mul", {"x", "c"}, {"mid_else_out"}, "mid_mul");
    addTensorValue(midElse->mutable_output(), "mid_else_out", onnx::TensorProto::FLOAT, {2});
    addNode(*then, "Add", {"inner_out", "mid_out"}, {"then_out"}, "then_sum");
    addTensorValue(then->mutable_output(), "then_out", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*outer, "else_branch");
    addNode(*otherwise, "Add", {"x", "c"}, {"else_out"}, "else_add");
    addTensorValue(otherwise->mutable_output(), "else_out", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return m;
}

constexpr int kChainLength = 30;

QString describeWithWeights(const NodeItem* item) {
    return QStringLiteral("%1: presence %2, mark %3, weight lines [%4]")
        .arg(item->name())
        .arg(static_cast<int>(item->look().presence))
        .arg(static_cast<int>(item->look().mark))
        .arg(item->look().weightLines.join(QStringLiteral(" | ")));
}

}  // namespace

class TestBodySteps : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void bodyStepShowsBeforeAfterAndGhosts();
    void bodyOfAStepThatLeftItAloneHasNoGhosts();
    void nodesInlinedInABodyAreMarkedAndShown();
    void nodesInlinedTwoBodiesDeepAreMarked();

  private:
    // Opens the model (default: the folding-body one) and waits for its first laid-out view in a
    // shown window.
    void openModel(MainWindow& window, const QString& path = {});
    // Stands on the CondRemovePass run in the body named `graphName` and opens the bodies
    // `owners` (one per level, their then_branch), as a user would; returns the expected marks:
    // the engine's classification of that run's changes in that body.
    StepNodeChanges openInlinedBody(MainWindow& window, const std::string& graphName,
                                    const QStringList& owners);
    // The position after the then-branch's folding step (0 when the run has none).
    size_t bodyFoldPosition(const MainWindow& window) const;
    // Clicks the timeline row of `position`.
    void clickTimelineRow(MainWindow& window, size_t position);
    // Right-clicks the If box and picks "Open Body “then_branch”"; waits for the body's layout.
    void openThenBranchByMenu(MainWindow& window);
    QTemporaryDir dir_;
    QString modelPath_;
    QString inlinedModelPath_;
};

void TestBodySteps::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_body_steps"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
    modelPath_ = dir_.filePath(QStringLiteral("folding_body.onnx"));
    passscope::test::writeModel(foldingBodyModel(), modelPath_.toStdString());
    inlinedModelPath_ = dir_.filePath(QStringLiteral("inlined_body.onnx"));
    passscope::test::writeModel(inlinedBodyModel(kChainLength), inlinedModelPath_.toStdString());
    // PASSSCOPE_TEST_MODELS=folder: the fixtures are written there too, to open them in the GUI and look.
    if (const QByteArray keep = qgetenv("PASSSCOPE_TEST_MODELS"); !keep.isEmpty()) {
        const QDir folder(QString::fromLocal8Bit(keep));
        passscope::test::writeModel(foldingBodyModel(),
                                    folder.filePath(QStringLiteral("folding_body.onnx")).toStdString());
        passscope::test::writeModel(inlinedBodyModel(kChainLength),
                                    folder.filePath(QStringLiteral("inlined_body.onnx")).toStdString());
    }
}

void TestBodySteps::openModel(MainWindow& window, const QString& path) {
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(path.isEmpty() ? modelPath_ : path);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() + loadFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(failed.isEmpty() && loadFailed.isEmpty(), "the model did not load and run");
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
}

size_t TestBodySteps::bodyFoldPosition(const MainWindow& window) const {
    const auto& steps = window.pipelineResult()->journal.steps();
    for (size_t s = 0; s < steps.size(); ++s)
        if (steps[s].pass == "ConstantFoldingPass" && steps[s].graphName == "if/then_branch" &&
            steps[s].changed)
            return s + 1;
    return 0;
}

void TestBodySteps::clickTimelineRow(MainWindow& window, size_t position) {
    QTableView* table = window.timelinePanel()->tableView();
    QAbstractItemModel* rows = table->model();
    QModelIndex row;
    for (int r = 0; r < rows->rowCount() && !row.isValid(); ++r) {
        const QModelIndex index = rows->index(r, 0);
        if (rows->data(index, TimelineModel::PositionRole).toULongLong() == position) row = index;
    }
    QVERIFY2(row.isValid(), "the body step has no timeline row");
    // The row says which body the step ran in (TimelineModel, tested in test_timeline).
    QVERIFY2(rows->data(row, Qt::DisplayRole).toString().contains(QStringLiteral("if/then_branch")) ||
                 rows->data(row, Qt::ToolTipRole).toString().contains(QStringLiteral("if/then_branch")),
             qPrintable(rows->data(row, Qt::DisplayRole).toString()));
    // It counts the body's own nodes: the Sqrt it removed there (not an edit of the If in the main graph).
    QCOMPARE(rows->data(row.siblingAtColumn(TimelineModel::RemovedColumn), Qt::DisplayRole).toString(),
             QStringLiteral("1"));
    table->scrollTo(row);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(row).center());
    QTRY_COMPARE(window.position(), position);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
}

void TestBodySteps::openThenBranchByMenu(MainWindow& window) {
    GraphPanel* panel = window.graphPanel();
    GraphView* view = panel->view();
    const Node* ifNode = nodeNamed(*window.graphShown(), "if");
    QVERIFY(ifNode);
    NodeItem* item = panel->scene()->nodeItem(ifNode->id());
    QVERIFY(item);
    QVERIFY(item->isVisible());
    view->centerOnItem(item);
    const QPoint at = view->mapFromScene(item->sceneBoundingRect().center());
    QVERIFY(view->viewport()->rect().contains(at));

    bool menuShown = false, picked = false;
    QTimer picker;
    picker.setInterval(20);
    connect(&picker, &QTimer::timeout, this, [&] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu) return;
        picker.stop();
        menuShown = true;
        for (QAction* a : menu->actions())
            if (a->text().contains(QStringLiteral("then_branch"))) {
                picked = true;
                QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
                break;
            }
        if (menu->isVisible()) menu->close();  // never leave the menu's event loop running
    });
    QSignalSpy laidOut(panel, &GraphPanel::layoutFinished);
    picker.start();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    picker.stop();
    QVERIFY2(menuShown, "no context menu on the If box");
    QVERIFY2(picked, "the context menu offers no then_branch body");
    QVERIFY(panel->inSubgraph());
    QTRY_VERIFY_WITH_TIMEOUT(laidOut.count() > 0, kViewTimeoutMs);
}

// The user stands on the then-branch's folding step and opens the body: one view shows the
// folded-away Sqrt as a ghost; side by side, the before side shows the body as it was (Sqrt
// present, marked removed), the after side without it, its consumer reading the folded constant.
void TestBodySteps::bodyStepShowsBeforeAfterAndGhosts() {
    MainWindow window;
    openModel(window);
    if (QTest::currentTestFailed()) return;
    const size_t position = bodyFoldPosition(window);
    QVERIFY2(position > 0, "the pipeline folded nothing in the then-branch");
    clickTimelineRow(window, position);
    if (QTest::currentTestFailed()) return;
    // The engine's word: the Sqrt exists before the step and not after it.
    const Graph& thenBefore = *nodeNamed(*window.pipelineResult()->optimized.graph, "if")
                                   ->findAttr("then_branch")
                                   ->graphs()
                                   .front();
    QVERIFY(!nodeNamed(thenBefore, "then_sqrt"));

    // Selecting the step opened the body it ran in, with its change in view (issue 27).
    GraphPanel* shownPanel = window.graphPanel();
    QVERIFY2(shownPanel->inSubgraph(), "selecting a body step did not open the body");
    QVERIFY(shownPanel->shownGraph());
    QCOMPARE(describePath(*window.graphShown(), pathOf(*shownPanel->shownGraph())),
             std::string("if/then_branch"));
    const ViewCensus census = shownPanel->census();
    QVERIFY2(census.changes >= 1 && census.changesInView == census.changes,
             qPrintable(describeChanges(census)));

    // Back on the main graph, the body opens from the If box's context menu as well.
    QSignalSpy back(shownPanel, &GraphPanel::layoutFinished);
    shownPanel->leaveSubgraph();
    QTRY_VERIFY_WITH_TIMEOUT(back.count() > 0, kViewTimeoutMs);
    QVERIFY(!shownPanel->inSubgraph());
    openThenBranchByMenu(window);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    QVERIFY(panel->shownGraph() && panel->shownGraphBefore());
    QVERIFY2(nodeNamed(*panel->shownGraphBefore(), "then_sqrt"),
             "the before side is not the body before the step");
    QVERIFY(!nodeNamed(*panel->shownGraph(), "then_sqrt"));

    // One view: the removed Sqrt is a ghost marked removed; the Add reads the folded constant.
    const GraphScene& scene = *panel->scene();
    NodeItem* sqrt = itemNamed(scene, QStringLiteral("then_sqrt"));
    QVERIFY2(sqrt, "the folded-away node has no box in the body");
    QCOMPARE(sqrt->look().presence, NodeLook::Presence::Ghost);
    QCOMPARE(sqrt->look().mark, NodeLook::Mark::Removed);
    QVERIFY(sqrt->isVisible());
    NodeItem* add = itemNamed(scene, QStringLiteral("then_add"));
    QVERIFY(add);
    QCOMPARE(add->look().presence, NodeLook::Presence::Shown);
    QVERIFY2(add->look().folded, qPrintable(describeWithWeights(add)));
    QCOMPARE(add->look().weightLines.size(), 1);
    NodeItem* neg = itemNamed(scene, QStringLiteral("then_neg"));
    QVERIFY(neg);
    QCOMPARE(neg->look().presence, NodeLook::Presence::Shown);
    QCOMPARE(neg->look().mark, NodeLook::Mark::None);

    // Side by side: the same boxes at the same places, the body before the step on the left.
    window.setSideBySide(true);
    const GraphScene& before = *panel->beforeScene();
    NodeItem* sqrtBefore = itemNamed(before, QStringLiteral("then_sqrt"));
    QVERIFY(sqrtBefore);
    QCOMPARE(sqrtBefore->look().presence, NodeLook::Presence::Shown);
    QCOMPARE(sqrtBefore->look().mark, NodeLook::Mark::Removed);
    QCOMPARE(sqrtBefore->pos(), sqrt->pos());
    NodeItem* addBefore = itemNamed(before, QStringLiteral("then_add"));
    QVERIFY(addBefore);
    QVERIFY2(!addBefore->look().folded, qPrintable(describeWithWeights(addBefore)));
    QVERIFY2(addBefore->look().weightLines.isEmpty(), qPrintable(describeWithWeights(addBefore)));
    NodeItem* sqrtAfter = itemNamed(scene, QStringLiteral("then_sqrt"));
    QVERIFY(sqrtAfter);
    QCOMPARE(sqrtAfter->look().presence, NodeLook::Presence::Hidden);
    QVERIFY(itemNamed(scene, QStringLiteral("then_add"))->look().folded);

    // Clicking the Add in the body says what the step did to it there.
    window.setSideBySide(false);
    QVERIFY(panel->scene()->selectNode(add->nodeId()));
    const QString properties = window.propertiesPanel()->text();
    QVERIFY2(properties.contains(QStringLiteral("then_add")), qPrintable(properties));
    QVERIFY2(properties.contains(QStringLiteral("changed by this step")), qPrintable(properties));

    // Back on the main graph, the sides are the main graph's again.
    QSignalSpy laidOut(panel, &GraphPanel::layoutFinished);
    panel->leaveSubgraph();
    QTRY_VERIFY_WITH_TIMEOUT(laidOut.count() > 0, kViewTimeoutMs);
    QCOMPARE(panel->shownGraph(), window.graphShown());
    QVERIFY(itemNamed(*panel->scene(), QStringLiteral("if")));
}

// At the last position (a later step that did not touch the body), the body opens with both
// sides equal: nothing is ghosted or marked.
void TestBodySteps::bodyOfAStepThatLeftItAloneHasNoGhosts() {
    MainWindow window;
    openModel(window);
    if (QTest::currentTestFailed()) return;
    const size_t last = window.positionCount() - 1;
    QVERIFY(bodyFoldPosition(window) < last);
    QCOMPARE(window.position(), last);
    QVERIFY(window.openBody(QStringLiteral("if"), QStringLiteral("then_branch")));
    GraphPanel* panel = window.graphPanel();
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(panel->inSubgraph());
    QVERIFY(!itemNamed(*panel->scene(), QStringLiteral("then_sqrt")));
    for (NodeItem* item : panel->scene()->nodeItems()) {
        if (!item) continue;
        QCOMPARE(item->look().presence, NodeLook::Presence::Shown);
        QCOMPARE(item->look().mark, NodeLook::Mark::None);
    }
    QVERIFY(!window.openBody(QStringLiteral("no such node")));
}

StepNodeChanges TestBodySteps::openInlinedBody(MainWindow& window, const std::string& graphName,
                                               const QStringList& owners) {
    const PipelineResult& result = *window.pipelineResult();
    const auto& steps = result.journal.steps();
    size_t position = 0;
    for (size_t s = 0; s < steps.size() && !position; ++s)
        if (steps[s].pass == "CondRemovePass" && steps[s].graphName == graphName && steps[s].changed)
            position = s + 1;
    if (!position) {
        QTest::qFail(
            qPrintable(
                QStringLiteral("no CondRemovePass run changed %1").arg(QString::fromStdString(graphName))),
            __FILE__, __LINE__);
        return {};
    }
    const JournalStep& step = steps[position - 1];
    window.showPosition(position);
    if (window.position() != position) {
        QTest::qFail("the window did not move to the step", __FILE__, __LINE__);
        return {};
    }
    GraphPanel* panel = window.graphPanel();
    for (const QString& owner : owners) {
        QSignalSpy laidOut(panel, &GraphPanel::layoutFinished);
        if (!window.openBody(owner, QStringLiteral("then_branch"))) {
            QTest::qFail(qPrintable(QStringLiteral("no body %1:then_branch").arg(owner)), __FILE__, __LINE__);
            return {};
        }
        if (!QTest::qWaitFor([&] { return laidOut.count() > 0; }, kViewTimeoutMs)) {
            QTest::qFail("the body was not laid out", __FILE__, __LINE__);
            return {};
        }
    }
    // The engine's word, on the body at that position (the window's own graph after the step).
    const Graph* body = panel->shownGraph();
    if (!body) return {};
    return classifyStep(step, ConstantNodes(result.journal, *body, step.graph), step.graph);
}

// CondRemovePass run inside a body (issue 21, item 5; silero_vad v5's "CondRemovePass in
// If_0/else_branch"): standing on that run and opening the body, the nodes it inlined there are
// boxes marked added, the If it replaced a ghost marked removed, and the view starts on them, not
// on the body's first boxes screens above (where the body looked unchanged).
void TestBodySteps::nodesInlinedInABodyAreMarkedAndShown() {
    MainWindow window;
    openModel(window, inlinedModelPath_);
    if (QTest::currentTestFailed()) return;
    const StepNodeChanges changes = openInlinedBody(window, "outer/then_branch", {QStringLiteral("outer")});
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    QVERIFY(panel->inSubgraph());
    const Graph& body = *panel->shownGraph();
    std::set<std::string> addedNames;
    for (NodeId id : changes.added)
        if (const Node* n = body.findNode(id)) addedNames.insert(n->name());
    QVERIFY2(addedNames.count("inner_neg") && addedNames.count("inner_mul"),
             "the engine did not inline then_inner's then-branch into outer/then_branch");

    const GraphScene& scene = *panel->scene();
    std::vector<const NodeItem*> added;
    for (NodeId id : changes.added) {
        const NodeItem* item = scene.nodeItem(id);
        QVERIFY2(item, qPrintable(QStringLiteral("added node %1 has no box").arg(id)));
        QVERIFY2(item->look().mark == NodeLook::Mark::Added, qPrintable(describeWithWeights(item)));
        QCOMPARE(item->look().presence, NodeLook::Presence::Shown);
        QVERIFY(item->isVisible());
        added.push_back(item);
    }
    for (NodeItem* item : scene.nodeItems())
        if (item && item->look().mark == NodeLook::Mark::Added)
            QVERIFY2(std::count(changes.added.begin(), changes.added.end(), item->nodeId()) == 1,
                     qPrintable(describeWithWeights(item)));
    NodeItem* ghost = itemNamed(scene, QStringLiteral("then_inner"));
    QVERIFY2(ghost, "the inlined If has no box at the step");
    QCOMPARE(ghost->look().presence, NodeLook::Presence::Ghost);
    QCOMPARE(ghost->look().mark, NodeLook::Mark::Removed);
    NodeItem* first = itemNamed(scene, QStringLiteral("chain_0"));
    QVERIFY(first);
    QCOMPARE(first->look().mark, NodeLook::Mark::None);

    // The body is too tall to read whole, and the view shows what the step did in it.
    const QRectF visible = panel->view()->visibleSceneRect();
    QVERIFY2(!visible.contains(first->sceneBoundingRect()) || !visible.contains(ghost->sceneBoundingRect()),
             "the body fits the view: lengthen the chain");
    const bool changeInView =
        std::any_of(added.begin(), added.end(),
                    [&](const NodeItem* item) { return visible.intersects(item->sceneBoundingRect()); }) ||
        visible.intersects(ghost->sceneBoundingRect());
    QVERIFY2(changeInView, "the body opened on boxes the step did not touch; its marks are out of view");
}

// The same two bodies deep: outer/then_branch/then_mid/then_branch, opened level by level.
void TestBodySteps::nodesInlinedTwoBodiesDeepAreMarked() {
    MainWindow window;
    openModel(window, inlinedModelPath_);
    if (QTest::currentTestFailed()) return;
    const StepNodeChanges changes = openInlinedBody(window, "outer/then_branch/then_mid/then_branch",
                                                    {QStringLiteral("outer"), QStringLiteral("then_mid")});
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const Graph& body = *panel->shownGraph();
    QVERIFY2(nodeNamed(body, "deep_neg") && nodeNamed(body, "deep_add") && !nodeNamed(body, "mid_inner"),
             "the shown body is not then_mid's then_branch after the step");
    std::set<std::string> addedNames;
    for (NodeId id : changes.added)
        if (const Node* n = body.findNode(id)) addedNames.insert(n->name());
    QVERIFY(addedNames.count("deep_neg") && addedNames.count("deep_add"));
    std::set<NodeId> marked;
    for (const NodeItem* item : panel->scene()->nodeItems())
        if (item && item->look().mark == NodeLook::Mark::Added) marked.insert(item->nodeId());
    QCOMPARE(marked, std::set<NodeId>(changes.added.begin(), changes.added.end()));
    NodeItem* ghost = itemNamed(*panel->scene(), QStringLiteral("mid_inner"));
    QVERIFY(ghost);
    QCOMPARE(ghost->look().presence, NodeLook::Presence::Ghost);
    QCOMPARE(ghost->look().mark, NodeLook::Mark::Removed);
}

PASSSCOPE_GUI_TEST(TestBodySteps)
#include "test_body_steps.moc"
