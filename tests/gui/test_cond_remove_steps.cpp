// CondRemovePass in the GUI (issue 12): a model whose If reads a constant condition. The pass
// replaces the If by its then-branch in one journal step; standing on that step, the boxes marked
// added are exactly the branch's computing nodes, now in the main graph (the step's changes,
// engine/pipeline/step_changes.h), the If is a ghost marked removed, and the timeline row counts
// the added nodes. Expected sets come from the journal and the graphs, never from the views.
#include <set>

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "model_builders.h"
#include "pipeline/step_changes.h"
#include "runner/pipeline_result.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// x[2], c = [4, 9], k = true (initializer) -> If -> y -> Relu -> z.
//   then: then_neg = Neg(x), then_add = then_neg + Sqrt(c)   (taken)
//   else: else_add = x + c
onnx::ModelProto constantIfModel() {
    using namespace passscope::test;
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    auto* k = g.add_initializer();
    k->set_name("k");
    k->set_data_type(onnx::TensorProto::BOOL);
    k->set_raw_data(std::string(1, '\1'));
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* ifNode = addNode(g, "If", {"k"}, {"y"}, "if");
    auto* then = addBody(*ifNode, "then_branch");
    addNode(*then, "Neg", {"x"}, {"then_negated"}, "then_neg");
    addNode(*then, "Sqrt", {"c"}, {"then_root"}, "then_sqrt");
    addNode(*then, "Add", {"then_negated", "then_root"}, {"then_out"}, "then_add");
    addTensorValue(then->mutable_output(), "then_out", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*ifNode, "else_branch");
    addNode(*otherwise, "Add", {"x", "c"}, {"else_out"}, "else_add");
    addTensorValue(otherwise->mutable_output(), "else_out", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"y"}, {"z"}, "relu");
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2});
    return m;
}

}  // namespace

class TestCondRemoveSteps : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void inlinedBranchNodesAreMarkedAdded();

  private:
    QTemporaryDir dir_;
    QString modelPath_;
};

void TestCondRemoveSteps::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_cond_remove_steps"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
    modelPath_ = dir_.filePath(QStringLiteral("constant_if.onnx"));
    passscope::test::writeModel(constantIfModel(), modelPath_.toStdString());
}

void TestCondRemoveSteps::inlinedBranchNodesAreMarkedAdded() {
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(modelPath_);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() + loadFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(failed.isEmpty() && loadFailed.isEmpty(), "the model did not load and run");
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);

    // The one step of CondRemovePass on the main graph.
    const PipelineResult& result = *window.pipelineResult();
    const auto& steps = result.journal.steps();
    int k = -1;
    for (size_t s = 0; s < steps.size(); ++s)
        if (steps[s].pass == "CondRemovePass" && steps[s].changed && steps[s].graph.empty()) {
            QVERIFY2(k < 0, "CondRemovePass changed the main graph in more than one step");
            k = static_cast<int>(s);
        }
    QVERIFY2(k >= 0, "CondRemovePass changed nothing");
    const JournalStep& step = steps[static_cast<size_t>(k)];
    const StepNodeChanges changes =
        classifyStep(step, ConstantNodes(result.journal, *result.optimized.graph));

    window.showPosition(static_cast<size_t>(k) + 1);
    QCOMPARE(window.position(), static_cast<size_t>(k) + 1);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    const Graph& g = *window.graphShown();
    // The engine's word: the branch's computing nodes are in the main graph now, added by the step.
    std::set<std::string> addedNames;
    for (NodeId id : changes.added)
        if (const Node* n = g.findNode(id)) addedNames.insert(n->name());
    QVERIFY(addedNames.count("then_neg") && addedNames.count("then_add"));
    QVERIFY(!addedNames.count("else_add"));

    std::set<NodeId> markedAdded;
    const NodeItem* ifItem = nullptr;
    for (const NodeItem* item : window.graphPanel()->scene()->nodeItems()) {
        if (!item) continue;
        if (item->look().mark == NodeLook::Mark::Added) {
            markedAdded.insert(item->nodeId());
            QVERIFY2(item->isVisible(), qPrintable(item->name()));
            QCOMPARE(item->look().presence, NodeLook::Presence::Shown);
        }
        if (item->name() == QStringLiteral("if")) ifItem = item;
    }
    QVERIFY2(
        markedAdded == toSet(changes.added),
        qPrintable(
            QStringLiteral("marked %1, journal %2").arg(idList(markedAdded), idList(toSet(changes.added)))));
    // The If the step removed is a ghost marked removed.
    QVERIFY2(ifItem, "the removed If has no box at the step");
    QCOMPARE(ifItem->look().presence, NodeLook::Presence::Ghost);
    QCOMPARE(ifItem->look().mark, NodeLook::Mark::Removed);

    // The timeline row of the step counts the added nodes.
    const TimelineModel& timeline = *window.timelinePanel()->timelineModel();
    bool rowFound = false;
    for (int r = 0; r < timeline.rowCount(); ++r) {
        const QModelIndex index = timeline.index(r, 0);
        if (timeline.data(index, TimelineModel::PositionRole).toULongLong() != static_cast<qulonglong>(k) + 1)
            continue;
        rowFound = true;
        QCOMPARE(timeline.data(index.siblingAtColumn(TimelineModel::AddedColumn), Qt::DisplayRole).toInt(),
                 static_cast<int>(changes.added.size()));
    }
    QVERIFY(rowFound);
}

PASSSCOPE_GUI_TEST(TestCondRemoveSteps)
#include "test_cond_remove_steps.moc"
