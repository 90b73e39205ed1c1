// The acceptance test of the GUI workflow, driven through MainWindow as a user would: open sample
// (a) (conv_net.onnx), step through its journal and check what the graph view marks, keep boxes in
// place while stepping, switch folding off for a node (context menu and API), export the model,
// report and picture, compare side by side, search, overlays, sessions, scope groups of a large
// generated model, and the body of an If. Expected values come from the engine (io::loadModel,
// the run's Journal), never from the views under test.
#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <onnx/onnx_pb.h>

#include "dump/ge_dump.h"
#include "graph/edge_item.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/group_item.h"
#include "graph/legend_widget.h"
#include "graph/node_item.h"
#include "graph/view_census.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "main_window.h"
#include "panels/properties_panel.h"
#include "passes/constant_folding/folding.h"
#include "pipeline/step_changes.h"
#include "runner/pipeline_result.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// Load + pipeline + Graphviz layout; generous for sanitizer builds on shared cores.
const QString kNoFoldText = QStringLiteral("Do &Not Fold This Node");

std::vector<NodeItem*> liveItems(const GraphScene& scene) {
    std::vector<NodeItem*> items;
    for (NodeItem* item : scene.nodeItems())
        if (item) items.push_back(item);
    return items;
}

template <typename Ids>
std::unordered_set<NodeId> idSet(const Ids& ids) {
    return std::unordered_set<NodeId>(ids.begin(), ids.end());
}

QString describe(const NodeItem* item) {
    return QStringLiteral("%1 (%2, id %3): presence %4, mark %5")
        .arg(item->name(), item->opType())
        .arg(item->nodeId())
        .arg(static_cast<int>(item->look().presence))
        .arg(static_cast<int>(item->look().mark));
}

// Opens `path` (or runs `open`) and waits for the first laid-out view; fails on any error signal.
void waitForFirstView(MainWindow& window, const std::function<void()>& open) {
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    QSignalSpy runFailed(&window, &MainWindow::pipelineFailed);
    QSignalSpy layoutFailed(window.graphPanel(), &GraphPanel::layoutFailed);
    open();
    QTRY_VERIFY_WITH_TIMEOUT(
        ready.count() + loadFailed.count() + runFailed.count() + layoutFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(loadFailed.isEmpty(), qPrintable(loadFailed.value(0).value(0).toString()));
    QVERIFY2(runFailed.isEmpty(), qPrintable(runFailed.value(0).value(0).toString()));
    QVERIFY2(layoutFailed.isEmpty(), qPrintable(layoutFailed.value(0).value(0).toString()));
    QCOMPARE(ready.count(), 1);
    QVERIFY(window.pipelineResult());
    QVERIFY(window.graphShown());
}

void openAndWait(MainWindow& window, const QString& path) {
    waitForFirstView(window, [&] { window.openModel(path); });
}

// After something that re-runs the pipeline (spy made before it): waits for the run and its layout.
void waitForRerun(MainWindow& window, QSignalSpy& finished) {
    QSignalSpy runFailed(&window, &MainWindow::pipelineFailed);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + runFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(runFailed.isEmpty(), qPrintable(runFailed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
}

// Waits for the layout a panel call started (spy made before the call).
void waitForLayout(QSignalSpy& layoutFinished) {
    QTRY_VERIFY_WITH_TIMEOUT(layoutFinished.count() > 0, kViewTimeoutMs);
}

void showWindow(MainWindow& window) {
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
}

// io::loadModel throws for a model it cannot load: that is the failure reported.
void loadOrFail(const QString& path, io::LoadResult& result) {
    try {
        result = io::loadModel(path.toStdString());
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("%1 does not load: %2").arg(path, QString::fromUtf8(e.what()))));
    }
    QVERIFY(result.model.graph);
}

// A Paddle2ONNX-shaped model (issue 8): no name scopes (`p2o.Mul.12`), every weight an ONNX
// Constant node, residual skips every five nodes and the input read again every 25 nodes (a
// mask), `ops` nodes in all. Its first folding step only turns Constant nodes into Const.
void writeScopelessModel(const QString& path, int ops) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("test_gui_workflow");
    auto* opset = m.add_opset_import();
    opset->set_domain("");
    opset->set_version(13);
    onnx::GraphProto& g = *m.mutable_graph();
    g.set_name("p2o_shaped");
    auto value = [](google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list, const std::string& name) {
        auto* vi = list->Add();
        vi->set_name(name);
        auto* t = vi->mutable_type()->mutable_tensor_type();
        t->set_elem_type(onnx::TensorProto::FLOAT);
        t->mutable_shape()->add_dim()->set_dim_value(1);
        t->mutable_shape()->add_dim()->set_dim_value(8);
    };
    value(g.mutable_input(), "x");
    std::string previous = "x", blockStart = "x";
    for (int i = 0; i < ops; ++i) {
        const bool add = i % 5 == 4, mask = i % 25 == 12;
        const std::string type = add ? "Add" : "Mul";
        const std::string name = "p2o." + type + "." + std::to_string(i), out = name + ".tmp_0";
        auto* n = g.add_node();
        n->set_op_type(type);
        n->set_name(name);
        n->add_input(previous);
        if (add) {
            n->add_input(blockStart);
            blockStart = out;
        } else if (mask) {
            n->add_input("x");
        } else {
            const std::string weight = "p2o.Constant." + std::to_string(i) + ".tmp_0";
            auto* c = g.add_node();
            c->set_op_type("Constant");
            c->set_name("p2o.Constant." + std::to_string(i));
            c->add_output(weight);
            auto* a = c->add_attribute();
            a->set_name("value");
            a->set_type(onnx::AttributeProto::TENSOR);
            onnx::TensorProto* t = a->mutable_t();
            t->set_data_type(onnx::TensorProto::FLOAT);
            t->add_dims(1);
            t->add_float_data(1.0f + static_cast<float>(i % 7 + 1) / 8);  // never 1: x*1 is removed
            n->add_input(weight);
        }
        n->add_output(out);
        previous = out;
    }
    auto* last = g.add_node();
    last->set_op_type("Mul");
    last->set_name("p2o.Mul.last");
    last->add_input(previous);
    last->add_input("x");
    last->add_output("y");
    value(g.mutable_output(), "y");
    std::ofstream file(path.toStdString(), std::ios::binary);
    QVERIFY(m.SerializeToOstream(&file));
}

// Writes a scopeless model of `ops` operations into a temporary folder and opens it.
void openScopelessModel(MainWindow& window, int ops) {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("p2o.onnx"));
    writeScopelessModel(path, ops);
    if (QTest::currentTestFailed()) return;
    window.setInteractive(false);
    openAndWait(window, path);
}

// The first large model of the generator next to the test binary, written into `dir`.
QString makeLargeModel(const QTemporaryDir& dir, int nodes) {
    const QString tool =
        QCoreApplication::applicationDirPath() + QStringLiteral("/passscope-make-large-model");
    const QString model = dir.filePath(QStringLiteral("large.onnx"));
    QProcess make;
    make.start(tool, {model, QStringLiteral("--nodes"), QString::number(nodes), QStringLiteral("--weight-mb"),
                      QStringLiteral("1")});
    if (!make.waitForFinished(kViewTimeoutMs) || make.exitStatus() != QProcess::NormalExit ||
        make.exitCode() != 0)
        return {};
    return model;
}

QAction* noFoldAction(MainWindow& window) {
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == kNoFoldText) return a;
    return nullptr;
}

// A small model whose If reads an outer value in both branches: cond, x[2] → If → y.
void writeIfModel(const QString& path) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("test_gui_workflow");
    auto* opset = m.add_opset_import();
    opset->set_domain("");
    opset->set_version(13);
    onnx::GraphProto& g = *m.mutable_graph();
    g.set_name("if_model");
    auto value = [](google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list, const std::string& name,
                    int elemType, std::vector<int64_t> dims) {
        auto* vi = list->Add();
        vi->set_name(name);
        auto* t = vi->mutable_type()->mutable_tensor_type();
        t->set_elem_type(elemType);
        auto* shape = t->mutable_shape();
        for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
    };
    auto node = [](onnx::GraphProto& graph, const std::string& op, std::vector<std::string> in,
                   std::vector<std::string> out, const std::string& name) {
        auto* n = graph.add_node();
        n->set_op_type(op);
        n->set_name(name);
        for (auto& i : in) n->add_input(i);
        for (auto& o : out) n->add_output(o);
        return n;
    };
    value(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    value(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    node(g, "Neg", {"x"}, {"nx"}, "/main/Neg");
    auto* ifNode = node(g, "If", {"cond"}, {"y"}, "/main/If");
    struct Branch {
        const char* attr;
        std::vector<std::pair<std::string, std::string>> ops;
    };
    for (const Branch& b : {Branch{"then_branch", {{"Relu", "/then/Relu"}, {"Abs", "/then/Abs"}}},
                            Branch{"else_branch", {{"Sigmoid", "/else/Sigmoid"}}}}) {
        auto* a = ifNode->add_attribute();
        a->set_name(b.attr);
        a->set_type(onnx::AttributeProto::GRAPH);
        onnx::GraphProto& body = *a->mutable_g();
        body.set_name(b.attr);
        std::string in = "nx";
        for (size_t i = 0; i < b.ops.size(); ++i) {
            const std::string out = std::string(b.attr) + "_" + std::to_string(i);
            node(body, b.ops[i].first, {in}, {out}, b.ops[i].second);
            in = out;
        }
        value(body.mutable_output(), in, onnx::TensorProto::FLOAT, {2});
    }
    value(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    std::ofstream out(path.toStdString(), std::ios::binary);
    QVERIFY(m.SerializeToOstream(&out));
}

}  // namespace

class TestGuiWorkflow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void init();
    void opensSampleAtLastPosition();
    void steppingMarksWhatEachStepChanged();
    void timelineActionsAndKeysStep();
    void boxesKeepTheirPlaceWhileStepping();
    void foldingToggleRerunsAndKeepsNode();
    void exportsModelReportAndPicture();
    void sideBySideShowsBothSidesInSync();
    void searchHighlightsAndJumps();
    void overlaysColourNodesAndFillLegend();
    void sessionRoundTrip();
    void largeModelOpensWithCollapsedGroups();
    void ifBodyCanBeEnteredAndLeft();
    void selectedEdgeShowsItsValue();
    void smallModelOpensEveryScope();
    void scopelessModelOpensOnItsInput();
    void constantIntoConstStepMarksNothing();
    void expansionSurvivesTheRerunsLayout();

  private:
    // A folded-away node of /preprocess (Sqrt or Div) of sample (a), by name.
    std::string foldedPreprocessNode(const MainWindow& window) const;
    io::LoadResult reference_;
};

void TestGuiWorkflow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // recent files and layout go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_gui_workflow"));
    reference_ = io::loadModel(kConvNetSample.toStdString());
    QVERIFY(reference_.model.graph);
}

void TestGuiWorkflow::init() {
    QSettings().clear();
}

std::string TestGuiWorkflow::foldedPreprocessNode(const MainWindow& window) const {
    const Graph& finalGraph = *window.pipelineResult()->optimized.graph;
    std::string div;
    for (const Node* n : reference_.model.graph->nodes()) {
        if (n->name().rfind("/preprocess/", 0) != 0 || n->opType() == "Constant") continue;
        if (nodeNamed(finalGraph, n->name())) continue;
        if (n->opType() == "Sqrt") return n->name();
        if (n->opType() == "Div") div = n->name();
    }
    return div;
}

// 1. Opening sample (a): a laid-out view, one position per pass run plus the start, node boxes,
// and the view standing on the optimised model.
void TestGuiWorkflow::opensSampleAtLastPosition() {
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    QSignalSpy finished(&window, &MainWindow::pipelineFinished);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(finished.count(), 1);
    const size_t steps = window.pipelineResult()->journal.steps().size();
    QVERIFY(steps > 0);
    QCOMPARE(window.positionCount(), steps + 1);
    QCOMPARE(window.position(), steps);
    QCOMPARE(window.timelinePanel()->position(), steps);
    QVERIFY(!liveItems(*window.graphPanel()->scene()).empty());
    QVERIFY(!window.graphPanel()->scene()->edgeItems().empty());
    // The graph shown is the optimised one: fewer nodes than loaded (folding, DCE, CSE ran).
    QCOMPARE(window.graphShown()->nodeCount(), window.pipelineResult()->optimized.graph->nodeCount());
    QVERIFY(window.graphShown()->nodeCount() < reference_.model.graph->nodeCount());
}

// 2. At every position whose step changed something, the boxes carry exactly that step's marks.
void TestGuiWorkflow::steppingMarksWhatEachStepChanged() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    window.setOverlay(OverlayMode::Changes);
    const Journal& journal = window.pipelineResult()->journal;
    const GraphScene& scene = *window.graphPanel()->scene();
    // What counts as a change of computation (constants apart) is the engine's classifyStep,
    // tested on its own in engine_tests (StepChanges.*).
    const ConstantNodes constants(journal, *window.pipelineResult()->optimized.graph);
    int changedSteps = 0, removedSeen = 0, editedSeen = 0, constantSteps = 0;
    for (size_t k = 1; k < window.positionCount(); ++k) {
        const JournalStep& step = journal.steps()[k - 1];
        if (!step.changed) continue;
        ++changedSteps;
        window.showPosition(k);
        QCOMPARE(window.position(), k);
        const StepNodeChanges changes = classifyStep(step, constants);
        const auto added = idSet(changes.added);
        const auto removed = idSet(changes.removed);
        const auto edited = idSet(changes.edited);
        constantSteps += !changes.constants.empty();
        int unrelated = 0;
        for (const NodeItem* item : liveItems(scene)) {
            const NodeId id = item->nodeId();
            const NodeLook& look = item->look();
            const QString what =
                QStringLiteral("position %1 (%2): ").arg(k).arg(QString::fromStdString(step.pass)) +
                describe(item);
            const bool present = window.graphShown()->findNode(id) != nullptr;
            if (removed.count(id)) {
                QVERIFY2(look.presence == NodeLook::Presence::Ghost, qPrintable(what));
                QVERIFY2(look.mark == NodeLook::Mark::Removed, qPrintable(what));
                ++removedSeen;
            } else if (added.count(id)) {
                QVERIFY2(look.presence == NodeLook::Presence::Shown, qPrintable(what));
                QVERIFY2(look.mark == NodeLook::Mark::Added, qPrintable(what));
            } else if (edited.count(id)) {
                QVERIFY2(look.mark == NodeLook::Mark::Edited, qPrintable(what));
                ++editedSeen;
            } else {
                QVERIFY2(look.mark == NodeLook::Mark::None, qPrintable(what));
                QVERIFY2(look.presence == (present ? NodeLook::Presence::Shown : NodeLook::Presence::Hidden),
                         qPrintable(what));
                if (present) ++unrelated;
            }
        }
        QVERIFY2(unrelated > 0, qPrintable(QStringLiteral("position %1: no unmarked node shown").arg(k)));
    }
    // Sample (a) folds constants (weights now: drawn inside their consumers, counted apart),
    // removes a dead branch and merges a Relu.
    QVERIFY(changedSteps >= 3);
    QVERIFY(constantSteps > 0);
    QVERIFY(removedSeen > 0);
    QVERIFY(editedSeen > 0);
}

// 2b. The timeline's Next/Previous actions and the Up/Down keys in its table move by one position.
void TestGuiWorkflow::timelineActionsAndKeysStep() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    showWindow(window);
    if (QTest::currentTestFailed()) return;
    QVERIFY(window.positionCount() >= 4);
    TimelinePanel* timeline = window.timelinePanel();
    timeline->setHideUnchanged(false);
    window.showPosition(1);
    QCOMPARE(window.position(), size_t(1));

    QSignalSpy moved(&window, &MainWindow::positionChanged);
    timeline->nextAction()->trigger();
    QCOMPARE(window.position(), size_t(2));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.last().at(0).value<size_t>(), size_t(2));
    timeline->nextAction()->trigger();
    QCOMPARE(window.position(), size_t(3));
    timeline->previousAction()->trigger();
    QCOMPARE(window.position(), size_t(2));
    QCOMPARE(moved.count(), 3);
    QCOMPARE(moved.last().at(0).value<size_t>(), size_t(2));

    timeline->tableView()->setFocus();
    QTest::keyClick(timeline->tableView(), Qt::Key_Down);
    QCOMPARE(window.position(), size_t(3));
    QTest::keyClick(timeline->tableView(), Qt::Key_Up);
    QTest::keyClick(timeline->tableView(), Qt::Key_Up);
    QCOMPARE(window.position(), size_t(1));
    QCOMPARE(moved.count(), 6);
    QCOMPARE(moved.last().at(0).value<size_t>(), size_t(1));
    QCOMPARE(timeline->position(), size_t(1));

    timeline->lastAction()->trigger();
    QCOMPARE(window.position(), window.positionCount() - 1);
    timeline->firstAction()->trigger();
    QCOMPARE(window.position(), size_t(0));
}

// 3. Stepping never moves a box: a node present at positions k and k+1 is at the same place.
void TestGuiWorkflow::boxesKeepTheirPlaceWhileStepping() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    const GraphScene& scene = *window.graphPanel()->scene();
    QSignalSpy relayouts(window.graphPanel(), &GraphPanel::layoutStarted);
    auto placesNow = [&] {
        std::map<NodeId, QPointF> places;
        for (const NodeItem* item : liveItems(scene))
            if (window.graphShown()->findNode(item->nodeId())) places[item->nodeId()] = item->scenePos();
        return places;
    };
    window.showPosition(0);
    std::map<NodeId, QPointF> before = placesNow();
    QVERIFY(!before.empty());
    int compared = 0;
    for (size_t k = 1; k < window.positionCount(); ++k) {
        window.showPosition(k);
        const std::map<NodeId, QPointF> after = placesNow();
        for (const auto& [id, pos] : after) {
            const auto it = before.find(id);
            if (it == before.end()) continue;
            QVERIFY2(it->second == pos,
                     qPrintable(QStringLiteral("node %1 moved from (%2, %3) to (%4, %5) at position %6")
                                    .arg(id)
                                    .arg(it->second.x())
                                    .arg(it->second.y())
                                    .arg(pos.x())
                                    .arg(pos.y())
                                    .arg(k)));
            ++compared;
        }
        before = after;
    }
    QVERIFY(compared > 0);
    QCOMPARE(relayouts.count(), 0);  // stepping only changes looks
}

// 4. "Do not fold" on a node folded by default keeps it (context menu once, then the API), and
// switching it back folds it again.
void TestGuiWorkflow::foldingToggleRerunsAndKeepsNode() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    showWindow(window);
    if (QTest::currentTestFailed()) return;
    const std::string name = foldedPreprocessNode(window);
    QVERIFY2(!name.empty(), "sample (a) folds no Sqrt or Div under /preprocess");
    QVERIFY(nodeNamed(*reference_.model.graph, name));
    QAction* noFold = noFoldAction(window);
    QVERIFY(noFold);

    // The context menu of the node's box, at position 0 where the node still exists.
    window.showPosition(0);
    const Node* node = nodeNamed(*window.graphShown(), name);
    QVERIFY(node);
    GraphView* view = window.graphPanel()->view();
    NodeItem* item = window.graphPanel()->scene()->nodeItem(node->id());
    QVERIFY(item);
    QVERIFY(item->isVisible());
    view->centerOnItem(item);
    const QPoint at = view->mapFromScene(item->sceneBoundingRect().center());
    QVERIFY(view->viewport()->rect().contains(at));

    bool menuShown = false, actionInMenu = false, actionEnabled = false;
    QTimer picker;
    picker.setInterval(20);
    connect(&picker, &QTimer::timeout, this, [&] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu) return;
        picker.stop();
        menuShown = true;
        actionInMenu = menu->actions().contains(noFold);
        actionEnabled = noFold->isEnabled();
        if (actionInMenu && actionEnabled)
            QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(noFold).center());
        if (menu->isVisible()) menu->close();  // never leave the menu's event loop running
    });
    QSignalSpy finished(&window, &MainWindow::pipelineFinished);
    picker.start();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    picker.stop();
    QVERIFY2(menuShown, "no context menu on the node's box");
    QVERIFY(actionInMenu);
    QVERIFY(actionEnabled);
    waitForRerun(window, finished);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(finished.count(), 1);
    QVERIFY(window.pipelineOptions().noFold.count(name));

    window.showPosition(window.positionCount() - 1);
    const Node* kept = nodeNamed(*window.graphShown(), name);
    QVERIFY2(kept, "the node switched off for folding was folded anyway");
    QVERIFY(kept->hasAttr(op::attr::kDoNotConstantFolding));
    NodeItem* keptItem = window.graphPanel()->scene()->nodeItem(kept->id());
    QVERIFY(keptItem);
    QVERIFY(keptItem->look().noFold);
    QCOMPARE(keptItem->look().presence, NodeLook::Presence::Shown);

    // The API, back: folding on again.
    QSignalSpy refinished(&window, &MainWindow::pipelineFinished);
    QVERIFY(window.setNodeFoldingDisabled(QString::fromStdString(name), false));
    waitForRerun(window, refinished);
    if (QTest::currentTestFailed()) return;
    QVERIFY(window.pipelineOptions().noFold.empty());
    window.showPosition(window.positionCount() - 1);
    QVERIFY2(!nodeNamed(*window.graphShown(), name), "folding switched on again did not fold the node");
    if (NodeItem* again = itemNamed(*window.graphPanel()->scene(), QString::fromStdString(name)))
        QVERIFY(again->look().presence != NodeLook::Presence::Shown);
    // A name no node of the loaded model has is refused without a run.
    QVERIFY(!window.setNodeFoldingDisabled(QStringLiteral("/no/such/node"), true));
}

// 5. Exports: the model at a position (reloadable, same node count), the report (one entry per pass
// run) and the picture (.svg, .png; other extensions refused with a message).
void TestGuiWorkflow::exportsModelReportAndPicture() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;

    const QString last = dir.filePath(QStringLiteral("last.onnx"));
    QVERIFY2(window.exportModel(last, &error), qPrintable(error));
    io::LoadResult reloaded;
    loadOrFail(last, reloaded);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(reloaded.model.graph->nodeCount(), window.graphShown()->nodeCount());

    window.showPosition(0);
    const QString first = dir.filePath(QStringLiteral("first.onnx"));
    QVERIFY2(window.exportModel(first, &error), qPrintable(error));
    io::LoadResult original;
    loadOrFail(first, original);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(original.model.graph->nodeCount(), reference_.model.graph->nodeCount());
    window.showPosition(window.positionCount() - 1);

    // A file named as GE names its dumps gets the graph as a GE dump, which loads back as a dump.
    const QString geDump = dir.filePath(QStringLiteral("ge_onnx_00000001_graph_1_PassScope.pbtxt"));
    QVERIFY2(window.exportModel(geDump, &error), qPrintable(error));
    QCOMPARE(dump::detectGeDump(geDump.toStdString()), std::optional(dump::GeDumpFormat::OnnxText));
    io::LoadResult dumped;
    loadOrFail(geDump, dumped);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(dumped.model.graph->nodeCount(), window.graphShown()->nodeCount());

    const QString report = dir.filePath(QStringLiteral("report.json"));
    QVERIFY2(window.exportReport(report, &error), qPrintable(error));
    QFile reportFile(report);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(reportFile.readAll(), &parseError);
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
    const QJsonArray passes = json.object().value(QStringLiteral("passes")).toArray();
    const auto& steps = window.pipelineResult()->journal.steps();
    QCOMPARE(static_cast<size_t>(passes.size()), steps.size());
    for (size_t i = 0; i < steps.size(); ++i)
        QCOMPARE(passes[static_cast<int>(i)].toObject().value(QStringLiteral("name")).toString(),
                 QString::fromStdString(steps[i].pass));

    const QString svg = dir.filePath(QStringLiteral("graph.svg"));
    QVERIFY2(window.exportPicture(svg, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(!svgText.isEmpty());
    QVERIFY(svgText.startsWith("<?xml") || svgText.contains("<svg"));

    const QString png = dir.filePath(QStringLiteral("graph.png"));
    QVERIFY2(window.exportPicture(png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 10 && image.height() > 10);

    const QString bmp = dir.filePath(QStringLiteral("graph.bmp"));
    error.clear();
    QVERIFY(!window.exportPicture(bmp, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFileInfo::exists(bmp));
}

// 6. Side by side: the before view shows what the step removes (still there, marked) and not what
// it adds; zoom and scroll of either view carry over to the other.
void TestGuiWorkflow::sideBySideShowsBothSidesInSync() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    showWindow(window);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    QVERIFY(!panel->beforeView()->isVisible());
    window.setSideBySide(true);
    QVERIFY(panel->sideBySide());
    QVERIFY(panel->beforeView()->isVisible());

    // A step that removes boxes (a constant fold: the constant it makes is drawn inside its
    // consumer, so it adds no box).
    const Journal& journal = window.pipelineResult()->journal;
    size_t k = 0;
    for (size_t p = 1; p < window.positionCount() && k == 0; ++p) {
        const JournalStep& step = journal.steps()[p - 1];
        const auto added = idSet(step.addedNodes());
        const auto removedIds = step.removedNodes();
        const bool removesBox = std::any_of(removedIds.begin(), removedIds.end(), [&](NodeId id) {
            return panel->scene()->nodeItem(id) && !added.count(id);
        });
        if (removesBox) k = p;
    }
    QVERIFY2(k > 0, "no step of sample (a) removes a box");
    window.showPosition(k);
    const JournalStep& step = journal.steps()[k - 1];
    const auto added = idSet(step.addedNodes());
    for (NodeId id : step.removedNodes()) {
        if (added.count(id)) continue;
        const NodeItem* before = panel->beforeScene()->nodeItem(id);
        const NodeItem* after = panel->scene()->nodeItem(id);
        if (!before) continue;
        QVERIFY2(before->look().presence == NodeLook::Presence::Shown, qPrintable(describe(before)));
        QVERIFY2(before->look().mark == NodeLook::Mark::Removed, qPrintable(describe(before)));
        QVERIFY2(after->look().presence == NodeLook::Presence::Hidden, qPrintable(describe(after)));
    }
    for (NodeId id : added) {
        const NodeItem* before = panel->beforeScene()->nodeItem(id);
        const NodeItem* after = panel->scene()->nodeItem(id);
        if (!before) continue;
        QVERIFY2(before->look().presence == NodeLook::Presence::Hidden, qPrintable(describe(before)));
        QVERIFY2(after->look().presence == NodeLook::Presence::Shown, qPrintable(describe(after)));
        QVERIFY2(after->look().mark == NodeLook::Mark::Added, qPrintable(describe(after)));
    }

    panel->view()->setZoom(2.0);
    QCOMPARE(panel->beforeView()->transform(), panel->view()->transform());
    panel->beforeView()->setZoom(1.5);
    QCOMPARE(panel->view()->transform(), panel->beforeView()->transform());
    QCOMPARE(panel->view()->zoom(), 1.5);
    QScrollBar* afterBar = panel->view()->verticalScrollBar();
    QScrollBar* beforeBar = panel->beforeView()->verticalScrollBar();
    const int target = std::min(afterBar->maximum(), beforeBar->maximum()) / 2;
    QVERIFY2(target > 0, "the zoomed graph does not scroll");
    afterBar->setValue(target);
    QCOMPARE(beforeBar->value(), target);
    beforeBar->setValue(target / 2);
    QCOMPARE(afterBar->value(), target / 2);

    window.setSideBySide(false);
    QVERIFY(!panel->beforeView()->isVisible());
    // Back in one view, removed nodes are ghosts again.
    for (NodeId id : step.removedNodes())
        if (const NodeItem* item = panel->scene()->nodeItem(id); item && !added.count(id))
            QVERIFY2(item->look().presence == NodeLook::Presence::Ghost, qPrintable(describe(item)));
}

// 7. Search by op type or regular expression marks the matches; Enter's jump selects one.
void TestGuiWorkflow::searchHighlightsAndJumps() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    const Graph& g = *window.graphShown();
    const GraphScene& scene = *window.graphPanel()->scene();
    auto expectHits = [&](const QString& query, const std::function<bool(const Node&)>& matches) {
        std::unordered_set<NodeId> expected;
        g.forEachNode([&](const Node& n) {
            if (matches(n)) expected.insert(n.id());
        });
        QVERIFY2(!expected.empty(), qPrintable(query));
        QCOMPARE(window.search(query), static_cast<int>(expected.size()));
        for (const NodeItem* item : liveItems(scene))
            QVERIFY2(item->look().searchHit == (expected.count(item->nodeId()) > 0),
                     qPrintable(query + QStringLiteral(": ") + describe(item)));
    };
    expectHits(QStringLiteral("Relu"), [](const Node& n) { return n.opType() == "Relu"; });
    if (QTest::currentTestFailed()) return;
    const QRegularExpression stemConv(QStringLiteral("^/stem/.*Conv$"));
    expectHits(stemConv.pattern(),
               [&](const Node& n) { return stemConv.match(QString::fromStdString(n.name())).hasMatch(); });
    if (QTest::currentTestFailed()) return;

    window.search(QStringLiteral("Relu"));
    window.graphPanel()->scene()->clearSelection();
    window.jumpToNextSearchHit();
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    const QList<QGraphicsItem*> selected = window.graphPanel()->scene()->selectedItems();
    QCOMPARE(selected.size(), 1);
    const auto* hit = qgraphicsitem_cast<NodeItem*>(selected.front());
    QVERIFY(hit);
    QCOMPARE(hit->opType(), QStringLiteral("Relu"));
    QVERIFY(hit->look().searchHit);

    QCOMPARE(window.search(QString()), 0);
    for (const NodeItem* item : liveItems(scene)) QVERIFY(!item->look().searchHit);
}

// 8. Overlays: origin formats fill the boxes and the legend names each format shown; the constants
// overlay fills the constants made by folding.
void TestGuiWorkflow::overlaysColourNodesAndFillLegend() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    const Graph& g = *window.graphShown();
    const GraphScene& scene = *window.graphPanel()->scene();

    window.setOverlay(OverlayMode::OriginFormat);
    QCOMPARE(window.graphPanel()->overlay(), OverlayMode::OriginFormat);
    std::set<Format> formats;
    int filled = 0;
    for (const NodeItem* item : liveItems(scene)) {
        const Node* n = g.findNode(item->nodeId());
        if (!n || n->outputs().empty() || !n->output(0).desc.hasType()) continue;
        formats.insert(n->output(0).desc.originFormat);
        QVERIFY2(item->look().fill.isValid(), qPrintable(describe(item)));
        ++filled;
    }
    QVERIFY(filled > 0);
    const std::vector<LegendEntry>& legend = window.graphPanel()->view()->legend()->entries();
    QVERIFY(legend.size() >= formats.size());
    for (Format f : formats) {
        const QString fname = QString::fromLatin1(formatName(f));
        QVERIFY2(
            std::any_of(legend.begin(), legend.end(), [&](const LegendEntry& e) { return e.text == fname; }),
            qPrintable(QStringLiteral("format %1 is not in the legend").arg(fname)));
    }

    // Folded constants are weights drawn inside their consumers: the box that reads one is marked.
    window.setOverlay(OverlayMode::Constants);
    int foldedConstants = 0;
    auto isFolded = [](const Node& n) {
        return n.hasAttr(op::attr::kFoldedFrom) || n.hasAttr(op::attr::kIsFromConstantFolding);
    };
    for (const NodeItem* item : liveItems(scene)) {
        const Node* n = g.findNode(item->nodeId());
        if (!n) continue;
        bool folded = isFolded(*n);
        for (const ValueRef& ref : n->inputs())
            if (const Node* p = ref.valid() && ref.depth == 0 ? g.findNode(ref.node) : nullptr)
                folded |= op::holdsConstant(p->opType(), p->domain()) && isFolded(*p);
        QVERIFY2(item->look().folded == folded,
                 qPrintable(describe(item) +
                            (folded ? QStringLiteral(": should") : QStringLiteral(": should not")) +
                            QStringLiteral(" be marked as reading a folded constant")));
        if (folded) {
            QVERIFY2(item->look().fill.isValid(), qPrintable(describe(item)));
            ++foldedConstants;
        } else if (!item->look().potentialConst) {
            QVERIFY2(!item->look().fill.isValid(), qPrintable(describe(item)));
        }
    }
    QVERIFY(foldedConstants > 0);

    window.setOverlay(OverlayMode::Changes);
    for (const NodeItem* item : liveItems(scene)) QVERIFY(!item->look().fill.isValid());
}

// 9. A session saved at some position with an overlay and a "do not fold" node reopens in a new
// window with the same model, options, position and overlay.
void TestGuiWorkflow::sessionRoundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("session.passscope.json"));
    std::string name;
    size_t position = 0;
    size_t nodesThere = 0;
    {
        MainWindow window;
        window.setInteractive(false);
        openAndWait(window, kConvNetSample);
        if (QTest::currentTestFailed()) return;
        name = foldedPreprocessNode(window);
        QVERIFY(!name.empty());
        QSignalSpy finished(&window, &MainWindow::pipelineFinished);
        QVERIFY(window.setNodeFoldingDisabled(QString::fromStdString(name), true));
        waitForRerun(window, finished);
        if (QTest::currentTestFailed()) return;
        QVERIFY(window.positionCount() > 3);
        position = window.positionCount() / 2;
        window.showPosition(position);
        window.setOverlay(OverlayMode::Constants);
        nodesThere = window.graphShown()->nodeCount();
        QString error;
        QVERIFY2(window.saveSession(file, &error), qPrintable(error));
    }

    MainWindow restored;
    restored.setInteractive(false);
    QString error;
    waitForFirstView(restored, [&] { QVERIFY2(restored.openSession(file, &error), qPrintable(error)); });
    if (QTest::currentTestFailed()) return;
    QVERIFY(restored.loadedModel());
    QCOMPARE(QFileInfo(restored.loadedModel()->path).canonicalFilePath(),
             QFileInfo(kConvNetSample).canonicalFilePath());
    QCOMPARE(restored.pipelineOptions().noFold, std::set<std::string>{name});
    QCOMPARE(restored.position(), position);
    QCOMPARE(restored.timelinePanel()->position(), position);
    QCOMPARE(restored.graphShown()->nodeCount(), nodesThere);
    QCOMPARE(restored.graphPanel()->overlay(), OverlayMode::Constants);
    // The re-run honours the option: the node is still there at the end, flagged.
    restored.showPosition(restored.positionCount() - 1);
    const Node* kept = nodeNamed(*restored.graphShown(), name);
    QVERIFY(kept);
    QVERIFY(kept->hasAttr(op::attr::kDoNotConstantFolding));
    NodeItem* item = restored.graphPanel()->scene()->nodeItem(kept->id());
    QVERIFY(item);
    QVERIFY(item->look().noFold);
}

// 10. A large generated model opens with collapsed scope groups; opening one lays its members out
// as boxes, and revealing a node inside a collapsed group gives it a box of its own.
void TestGuiWorkflow::largeModelOpensWithCollapsedGroups() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString model = makeLargeModel(dir, 3000);
    QVERIFY2(!model.isEmpty(), "passscope-make-large-model failed");

    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, model);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const GraphScene& scene = *panel->scene();
    const DiagramModel& diagram = *panel->diagram();
    auto collapsedGroups = [&] {
        std::vector<const GroupItem*> groups;
        for (QGraphicsItem* item : scene.items())
            if (const auto* group = qgraphicsitem_cast<GroupItem*>(item)) groups.push_back(group);
        return groups;
    };
    const std::vector<const GroupItem*> collapsed = collapsedGroups();
    QVERIFY2(!collapsed.empty(), "a 3000-node model opened with every group expanded");
    QVERIFY(liveItems(scene).size() <= static_cast<size_t>(GraphPanel::kDefaultBoxBudget));

    // Open a collapsed group with nodes directly inside it.
    int opened = -1;
    for (const GroupItem* g : collapsed)
        if (!diagram.scopes().group(g->group()).members.empty()) {
            opened = g->group();
            break;
        }
    QVERIFY2(opened >= 0, "no collapsed group has nodes of its own");
    std::vector<NodeId> members;
    for (int m : diagram.scopes().group(opened).members)
        members.push_back(diagram.node(diagram.drawnNodes()[m]).id);
    for (NodeId id : members) QVERIFY(!scene.nodeItem(id));
    QSignalSpy laidOut(panel, &GraphPanel::layoutFinished);
    panel->toggleGroup(opened);
    waitForLayout(laidOut);
    if (QTest::currentTestFailed()) return;
    QVERIFY(!scene.groupItem(opened));
    for (NodeId id : members) {
        QVERIFY2(scene.nodeItem(id), qPrintable(QStringLiteral("member %1 has no box").arg(id)));
        QCOMPARE(scene.itemStandingFor(id), static_cast<QGraphicsItem*>(scene.nodeItem(id)));
    }
    QVERIFY(panel->expandedPaths().contains(QString::fromStdString(diagram.scopes().group(opened).path)));

    // Reveal a node still hidden in a collapsed group.
    NodeId hidden = kNoNode;
    for (const DiagramNode& n : diagram.nodes()) {
        if (n.weight || scene.nodeItem(n.id)) continue;
        if (qgraphicsitem_cast<GroupItem*>(scene.itemStandingFor(n.id))) {
            hidden = n.id;
            break;
        }
    }
    QVERIFY2(hidden != kNoNode, "no node is left inside a collapsed group");
    laidOut.clear();
    panel->revealNode(hidden);
    waitForLayout(laidOut);
    if (QTest::currentTestFailed()) return;
    NodeItem* revealed = scene.nodeItem(hidden);
    QVERIFY(revealed);
    QVERIFY(revealed->isSelected());
}

// 11. The body of an If opens in the graph view (its nodes, not the main graph's) and the view
// goes back to the main graph.
void TestGuiWorkflow::ifBodyCanBeEnteredAndLeft() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("if.onnx"));
    writeIfModel(path);
    if (QTest::currentTestFailed()) return;
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, path);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const Node* ifNode = nodeNamed(*window.graphShown(), "/main/If");
    QVERIFY(ifNode);
    QVERIFY(itemNamed(*panel->scene(), QStringLiteral("/main/If")));
    const std::vector<Graph*> bodies = ifNode->subgraphs();
    QCOMPARE(bodies.size(), size_t(2));
    const Graph& thenBody = *bodies[0];
    QSignalSpy crumbs(panel, &GraphPanel::subgraphChanged);

    QSignalSpy laidOut(panel, &GraphPanel::layoutFinished);
    panel->enterSubgraph(thenBody, QStringLiteral("/main/If › then_branch"));
    QVERIFY(panel->inSubgraph());
    waitForLayout(laidOut);
    if (QTest::currentTestFailed()) return;
    QSet<QString> shown;
    for (const NodeItem* item : liveItems(*panel->scene()))
        if (item->opType() != QStringLiteral("NetOutput") && item->opType() != QStringLiteral("Data"))
            shown << item->name();  // a body's structural nodes are drawn too
    QCOMPARE(shown, (QSet<QString>{QStringLiteral("/then/Relu"), QStringLiteral("/then/Abs")}));
    for (const Node* n : thenBody.nodes()) {
        const NodeItem* item = panel->scene()->nodeItem(n->id());
        QVERIFY(item);
        QCOMPARE(item->look().presence, NodeLook::Presence::Shown);
    }
    QVERIFY(!crumbs.isEmpty());
    QVERIFY(crumbs.last().at(0).toStringList().contains(QStringLiteral("/main/If › then_branch")));

    laidOut.clear();
    panel->leaveSubgraph();
    QVERIFY(!panel->inSubgraph());
    waitForLayout(laidOut);
    if (QTest::currentTestFailed()) return;
    const NodeItem* back = itemNamed(*panel->scene(), QStringLiteral("/main/If"));
    QVERIFY(back);
    QCOMPARE(back->look().presence, NodeLook::Presence::Shown);
    QVERIFY(!itemNamed(*panel->scene(), QStringLiteral("/then/Relu")));
}

// 13. Selecting an edge between two node boxes shows the value it carries in the properties.
void TestGuiWorkflow::selectedEdgeShowsItsValue() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    GraphScene* scene = window.graphPanel()->scene();
    const VisiblePlan& plan = scene->plan();
    for (EdgeItem* edge : scene->edgeItems()) {
        if (!edge->isVisible()) continue;
        const VisibleItem& from = plan.items[edge->fromItem()];
        const VisibleItem& to = plan.items[edge->toItem()];
        if (from.kind != VisibleItem::Kind::Node || to.kind != VisibleItem::Kind::Node) continue;
        const Node* producer = window.graphShown()->findNode(scene->diagram()->node(from.index).id);
        if (!producer || producer->outputs().empty() || producer->output(0).name.empty()) continue;
        scene->clearSelection();
        edge->setSelected(true);
        const QString text = window.propertiesPanel()->text();
        QVERIFY2(text.contains(QString::fromStdString(producer->displayName())), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Consumers")), qPrintable(text));
        return;
    }
    QFAIL("no visible edge between two node boxes");
}

// 14. A small model opens with every scope open, including scopes that only the pipeline's
// diagram has (a node and the constant folded from it), which the preview of the loaded model
// did not: no group box is left collapsed.
void TestGuiWorkflow::smallModelOpensEveryScope() {
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, kConvNetSample);
    if (QTest::currentTestFailed()) return;
    const GraphScene* scene = window.graphPanel()->scene();
    for (size_t g = 0; g < scene->diagram()->scopes().groups().size(); ++g)
        QVERIFY2(
            !scene->groupItem(static_cast<int>(g)),
            qPrintable(QString::fromStdString(scene->diagram()->scopes().group(static_cast<int>(g)).path)));
}

// 15. A 700-node export without name scopes (Paddle2ONNX's shape) opens flat, on its input, at a
// zoom where labels are legible, with its weights inside their consumers and dot's work bounded.
void TestGuiWorkflow::scopelessModelOpensOnItsInput() {
    MainWindow window;
    openScopelessModel(window, 700);
    if (QTest::currentTestFailed()) return;
    showWindow(window);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    const DiagramModel& diagram = *panel->diagram();
    QCOMPARE(static_cast<int>(diagram.scopes().groups().size()), 1);  // no invented groups
    for (const DiagramNode& n : diagram.nodes())
        if (n.opType == "Constant" || n.opType == "Const") QVERIFY2(n.weight, n.name.c_str());
    const ViewCensus census = panel->census();
    QVERIFY2(census.zoom >= GraphView::kReadableZoom - 1e-9, qPrintable(QString::number(census.zoom)));
    QVERIFY2(census.inputsInView >= 1, "the graph input is not in view");
    QVERIFY2(census.labelled >= 10, qPrintable(QStringLiteral("%1 labelled boxes").arg(census.labelled)));
    QCOMPARE(census.boxes, 703);  // x, 701 operations, the output: no Constant box
    // The legend sits above the drawing: no box is under it.
    QVERIFY(panel->view()->legend()->isVisible());
    QVERIFY(panel->view()->legend()->geometry().bottom() < panel->view()->viewport()->geometry().top());
}

// 16. At the step that folds ONNX Constant nodes into Const (and merges equal constants), no box is
// marked and the timeline counts no added or removed node; the constants column counts them.
void TestGuiWorkflow::constantIntoConstStepMarksNothing() {
    MainWindow window;
    openScopelessModel(window, 200);
    if (QTest::currentTestFailed()) return;
    const Journal& journal = window.pipelineResult()->journal;
    // The steps that only replace Constant nodes, from the raw journal: every node they add or
    // remove holds a constant.
    auto holdsConstant = [](const std::string& type) { return type == "Constant" || type == "Const"; };
    int checked = 0;
    for (size_t k = 1; k < window.positionCount(); ++k) {
        const JournalStep& step = journal.steps()[k - 1];
        if (step.addedNodes().empty() && step.removedNodes().empty()) continue;
        bool onlyConstants = true;
        for (const Change& c : step.changes) {
            if (const auto* a = std::get_if<change::NodeAdded>(&c)) onlyConstants &= holdsConstant(a->opType);
            if (const auto* r = std::get_if<change::NodeRemoved>(&c))
                onlyConstants &= holdsConstant(r->snapshot->opType());
        }
        if (!onlyConstants) continue;
        ++checked;
        window.showPosition(k);
        for (const NodeItem* item : liveItems(*window.graphPanel()->scene()))
            QVERIFY2(item->look().mark == NodeLook::Mark::None, qPrintable(describe(item)));
        const QAbstractItemModel* timeline = window.timelinePanel()->timelineModel();
        const int row = static_cast<int>(k);
        QVERIFY(!timeline->index(row, TimelineModel::AddedColumn).data().isValid());
        QVERIFY(!timeline->index(row, TimelineModel::RemovedColumn).data().isValid());
        QVERIFY(!timeline->index(row, TimelineModel::EditedColumn).data().isValid());
        QVERIFY(timeline->index(row, TimelineModel::ConstantsColumn).data().toInt() > 0);
    }
    QVERIFY2(checked > 0, "no step only replaced constants");
}

// 17. A group the user opened stays open when a re-run of the pipeline lays the graph out again,
// and the view does not keep the old scene position (it shows the selected node).
void TestGuiWorkflow::expansionSurvivesTheRerunsLayout() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString model = makeLargeModel(dir, 3000);
    QVERIFY2(!model.isEmpty(), "passscope-make-large-model failed");
    MainWindow window;
    window.setInteractive(false);
    openAndWait(window, model);
    if (QTest::currentTestFailed()) return;
    showWindow(window);
    if (QTest::currentTestFailed()) return;
    GraphPanel* panel = window.graphPanel();
    int opened = -1;
    for (QGraphicsItem* item : panel->scene()->items())
        if (const auto* group = qgraphicsitem_cast<GroupItem*>(item)) {
            opened = group->group();
            break;
        }
    QVERIFY2(opened >= 0, "no collapsed group");
    const QString path = QString::fromStdString(panel->diagram()->scopes().group(opened).path);
    QSignalSpy laidOut(panel, &GraphPanel::layoutFinished);
    panel->toggleGroup(opened);
    waitForLayout(laidOut);
    if (QTest::currentTestFailed()) return;
    QVERIFY(panel->expandedPaths().contains(path));
    // Select a node inside it, then re-run the pipeline (a folding toggle does).
    const ScopeGroup& group = panel->diagram()->scopes().group(opened);
    int member = group.members.empty() ? -1 : group.members.front();
    QVERIFY2(member >= 0, "the opened group has no node of its own");
    const DiagramNode node = panel->diagram()->node(
        panel->diagram()->drawnNodes()[member]);  // a copy: the re-run replaces the diagram
    QVERIFY(window.selectNodeByName(QString::fromStdString(node.name)));
    QSignalSpy finished(&window, &MainWindow::pipelineFinished);
    QVERIFY(window.setNodeFoldingDisabled(QString::fromStdString(node.name), true));
    waitForRerun(window, finished);
    if (QTest::currentTestFailed()) return;
    QVERIFY2(panel->expandedPaths().contains(path),
             qPrintable(panel->expandedPaths().join(QLatin1Char(','))));
    const int again = panel->diagram()->scopes().findPath(path.toStdString());
    QVERIFY(again > 0);
    QVERIFY(!panel->scene()->groupItem(again));  // still open: no collapsed box for it
    NodeItem* item = panel->scene()->nodeItem(node.id);
    QVERIFY(item);
    QVERIFY2(panel->view()->visibleSceneRect().intersects(item->sceneBoundingRect()),
             "the selected node is out of view after the re-layout");
}

PASSSCOPE_GUI_TEST(TestGuiWorkflow)
#include "test_gui_workflow.moc"
