// Variables in the GUI (issue 11): a fusion-shaped step (the TransData after a Variable removed,
// the Variable's description changed, as VariableOpPass does) is marked like any other step and
// the memory plan at each side of it has the Variable's key in the right format; the properties of
// a Variable and of a VarRef show the var key, logic address, trans road and fusion decision from a
// VarManager filled by hand; in the main window on the training_step sample at target ge, the
// properties of a Variable come from the plan at the selected step and the run's VarManager, and
// the Variable Memory dock follows the timeline; and the real fusion of dense/weight shows at its
// step like any other step (TransData ghosted, the Variable marked changed).
#include <algorithm>
#include <set>

#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "graph/step_marks.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "ir/op_types.h"
#include "main_window.h"
#include "memory/memory_map_panel.h"
#include "memory/variable_note.h"
#include "panels/properties_panel.h"
#include "pipeline/journal.h"
#include "pipeline/step_changes.h"
#include "runner/pipeline_result.h"
#include "vars/var_manager.h"
#include "vars/var_memory_plan.h"

using namespace passscope;
using passscope::views::MainWindow;
using passscope::views::NodeItem;
using passscope::views::NodeLook;
using passscope::views::NodeNotes;
using passscope::views::PipelineResult;
using passscope::views::PropertiesPanel;

using namespace passscope::guitest;

namespace {

TensorDesc ndDesc() {
    return TensorDesc::tensor(DataType::Float, Shape::fromExtents({16, 2}));
}

// Origin ND [16,2], stored FRACTAL_NZ [1,1,16,16] (docs/ge-formats.md).
TensorDesc nzDesc() {
    TensorDesc d = ndDesc();
    d.storageFormat = Format::FRACTAL_NZ;
    d.storageShape = Shape::fromExtents({1, 1, 16, 16});
    return d;
}

VarFusionDecision fusedWeight(uint32_t graphId) {
    VarFusionDecision d;
    d.variable = "dense/weight";
    d.graphId = graphId;
    d.fused = true;
    d.reason = "every consumer reads it through the same TransData to FRACTAL_NZ";
    d.removedNodes = {"dense/weight_TransData"};
    d.transRoad = {TransNodeInfo{"TransData", ndDesc(), nzDesc()}};
    return d;
}

const VarMemoryEntry* entryOf(const VarMemoryPlan& plan, const std::string& nodeName) {
    for (const VarMemoryEntry& e : plan.entries)
        if (e.nodeName == nodeName) return &e;
    return nullptr;
}

}  // namespace

class TestVariableView : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void fusionStepIsMarkedAndPlanFollowsIt();
    void propertiesShowVariableAndVarRef();
    void propertiesShowRefusalAndOnlyThisGraph();
    void mainWindowVariableProperties();
    void memoryDockFollowsTimeline();
    void fusionStepInTheWindow();

  private:
    void openAtTargetGe(MainWindow& window);
};

void TestVariableView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_variable_view"));
    QSettings().clear();
}

// Variable -> TransData(ND -> FRACTAL_NZ) -> MatMul; the step removes the TransData and gives the
// Variable the storage description, as a fusion does.
void TestVariableView::fusionStepIsMarkedAndPlanFollowsIt() {
    Graph g;
    Node& var = g.addNode(std::string(op::kVariable), std::string(op::kGeDomain), "dense/weight", 1);
    const NodeId varId = var.id();
    g.setOutputDesc(varId, 0, ndDesc());
    Node& td =
        g.addNode(std::string(op::kTransData), std::string(op::kGeDomain), "dense/weight_TransData", 1);
    const NodeId tdId = td.id();
    g.addInput(tdId, ValueRef{varId, 0});
    g.setAttribute(tdId, Attribute::makeString("src_format", "ND"));
    g.setAttribute(tdId, Attribute::makeString("dst_format", "FRACTAL_NZ"));
    g.setOutputDesc(tdId, 0, nzDesc());
    Node& mm = g.addNode("MatMul", "", "dense/MatMul", 1);
    const NodeId mmId = mm.id();
    g.addInput(mmId, ValueRef{tdId, 0});
    g.addInput(mmId, ValueRef{tdId, 0});

    Journal journal;
    journal.begin(g);
    journal.beginStep("VariableOpPass", "FormatOptimize", 0);
    g.replaceAllUses(ValueRef{tdId, 0}, ValueRef{varId, 0});
    g.removeNode(tdId);
    g.setOutputDesc(varId, 0, nzDesc());
    journal.endStep(0, {}, {});
    journal.end();
    QCOMPARE(journal.steps().size(), size_t(1));

    const views::StepMarks marks = views::marksForPosition(journal, 1, ConstantNodes(journal, g));
    QVERIFY(marks.removed.count(tdId));  // the TransData is a ghost marked removed
    QVERIFY(marks.edited.count(varId));  // the Variable is marked changed
    QVERIFY(!marks.removed.count(varId));
    QVERIFY(!marks.added.count(varId));

    JournalCursor cursor(journal, g);
    cursor.moveTo(0);
    VarMemoryPlan before = planVariableMemory(cursor.graph());
    const VarMemoryEntry* e = entryOf(before, "dense/weight");
    QVERIFY(e);
    QCOMPARE(QString::fromStdString(e->varKey), QStringLiteral("dense/weight_ND_DT_FLOAT"));
    cursor.moveTo(1);
    VarMemoryPlan after = planVariableMemory(cursor.graph());
    e = entryOf(after, "dense/weight");
    QVERIFY(e);
    QCOMPARE(QString::fromStdString(e->varKey), QStringLiteral("dense/weight_FRACTAL_NZ_DT_FLOAT"));
    QVERIFY(e->logicAddress >= kVarMemoryLogicBase);
}

void TestVariableView::propertiesShowVariableAndVarRef() {
    Graph g;
    Node& var = g.addNode(std::string(op::kVariable), std::string(op::kGeDomain), "dense/weight", 1);
    const NodeId varId = var.id();
    g.setOutputDesc(varId, 0, nzDesc());
    Node& assign = g.addNode("Assign", std::string(op::kGeDomain), "update/Assign", 1);
    g.addInput(assign.id(), ValueRef{varId, 0});
    g.setOutputDesc(assign.id(), 0, nzDesc());
    Node& ref = g.addNode(std::string(op::kVariable), std::string(op::kGeDomain),
                          "dense/weight_TO_update/Assign_REF_0", 1);
    const NodeId refId = ref.id();
    g.addInput(refId, ValueRef{assign.id(), 0});
    g.setAttribute(refId, Attribute::makeString(std::string(op::attr::kRefVarSrcVarName), "dense/weight"));
    g.setOutputDesc(refId, 0, nzDesc());

    VarManager manager;
    const uint32_t graphId = manager.beginGraph();
    manager.recordFusion(fusedWeight(graphId));
    manager.setTransRoad("dense/weight", fusedWeight(graphId).transRoad);
    const VarMemoryPlan plan = planVariableMemory(g);

    const auto note = views::variableNote(g.node(varId), &plan, &manager, graphId);
    QVERIFY(note);
    QVERIFY(note->planned);
    QVERIFY(!note->isRef);
    QCOMPARE(note->varKey, QStringLiteral("dense/weight_FRACTAL_NZ_DT_FLOAT"));
    QCOMPARE(note->logicAddress, kVarMemoryLogicBase);
    QVERIFY(note->hasDecision && note->fused);
    QCOMPARE(note->transRoad, QStringList{QStringLiteral("TransData ND [16,2] → FRACTAL_NZ [1,1,16,16]")});

    PropertiesPanel panel;
    NodeNotes notes;
    notes.variable = note;
    panel.showNode(g, g.node(varId), notes);
    const QString text = panel.text();
    for (const QString& want :
         {QStringLiteral("Variable"), QStringLiteral("Var key"),
          QStringLiteral("dense/weight_FRACTAL_NZ_DT_FLOAT"), QStringLiteral("Logic address"),
          QStringLiteral("0x2000000000"), QStringLiteral("VARIABLE"), QStringLiteral("HBM"),
          QStringLiteral("Fusion"), QStringLiteral("fused"),
          QStringLiteral("every consumer reads it through the same TransData"),
          QStringLiteral("dense/weight_TransData"), QStringLiteral("Trans road"),
          QStringLiteral("TransData ND [16,2] → FRACTAL_NZ [1,1,16,16]")})
        QVERIFY2(text.contains(want), qPrintable(want + QStringLiteral(" missing from:\n") + text));
    QVERIFY(!text.contains(QStringLiteral("not fused")));
    QVERIFY(!text.contains(QStringLiteral("Decided at")));  // no VariableOpPass step known

    // Where the timeline stands against the step that decided.
    notes.variable->decidedAt = 30;
    notes.variable->shownAt = 10;
    panel.showNode(g, g.node(varId), notes);
    QVERIFY2(panel.text().contains(QStringLiteral("step 30, later than the step shown")),
             qPrintable(panel.text()));
    notes.variable->shownAt = 31;
    panel.showNode(g, g.node(varId), notes);
    QVERIFY(panel.text().contains(QStringLiteral("step 30")));
    QVERIFY(!panel.text().contains(QStringLiteral("later than")));

    // The VarRef takes its source's memory and shows the source's decision.
    const auto refNote = views::variableNote(g.node(refId), &plan, &manager, graphId);
    QVERIFY(refNote);
    QVERIFY(refNote->isRef);
    QCOMPARE(refNote->variable, QStringLiteral("dense/weight"));
    QVERIFY(refNote->planned);
    QCOMPARE(refNote->logicAddress, note->logicAddress);
    QVERIFY(refNote->hasDecision && refNote->fused);
    notes.variable = refNote;
    panel.showNode(g, g.node(refId), notes);
    QVERIFY2(panel.text().contains(QStringLiteral("Refers to")), qPrintable(panel.text()));
    QVERIFY(panel.text().contains(QStringLiteral("TransData ND [16,2] → FRACTAL_NZ [1,1,16,16]")));

    // A computing node has no note.
    QVERIFY(!views::variableNote(g.node(assign.id()), &plan, &manager, graphId));
}

void TestVariableView::propertiesShowRefusalAndOnlyThisGraph() {
    Graph g;
    Node& var = g.addNode(std::string(op::kVariable), std::string(op::kGeDomain), "dense/bias", 1);
    g.setOutputDesc(var.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({2})));
    VarManager manager;
    const uint32_t first = manager.beginGraph();
    const uint32_t second = manager.beginGraph();
    VarFusionDecision refused;
    refused.variable = "dense/bias";
    refused.graphId = second;
    refused.reason = "consumer '/update/bias/Sub' reads the variable directly, not through a trans op";
    manager.recordFusion(refused);
    VarFusionDecision other = refused;
    other.graphId = first;
    other.reason = "a decision of another graph";
    manager.recordFusion(other);

    const auto note = views::variableNote(g.node(var.id()), nullptr, &manager, second);
    QVERIFY(note);
    QVERIFY(!note->planned);
    QVERIFY(note->hasDecision && !note->fused);
    QCOMPARE(note->reason, QString::fromStdString(refused.reason));
    QVERIFY(note->transRoad.isEmpty());
    PropertiesPanel panel;
    NodeNotes notes;
    notes.variable = note;
    panel.showNode(g, g.node(var.id()), notes);
    QVERIFY2(panel.text().contains(QStringLiteral("not fused")), qPrintable(panel.text()));
    QVERIFY(panel.text().contains(QString::fromStdString(refused.reason)));
    QVERIFY(!panel.text().contains(QStringLiteral("another graph")));
    QVERIFY(panel.text().contains(QStringLiteral("not in the memory plan")));
    // No manager: the note still says what the plan says, without a decision.
    const auto bare = views::variableNote(g.node(var.id()), nullptr, nullptr, second);
    QVERIFY(bare && !bare->hasDecision);
}

void TestVariableView::openAtTargetGe(MainWindow& window) {
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    PipelineOptions options;
    options.set("passscope.target", "ge");
    window.setPipelineOptions(options);
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    window.openModel(kTrainingStepSample);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kViewTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(window.pipelineResult());
    QVERIFY(window.pipelineResult()->run.varManager);
}

// The Variable's properties: its key and address from the plan at the selected step, and the
// run's fusion decision (recorded by hand here: the decision of whatever pass ran is replaced by
// one we know).
void TestVariableView::mainWindowVariableProperties() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    QVERIFY(window.selectNodeByName(QStringLiteral("dense/weight")));
    QString text = window.propertiesPanel()->text();
    const VarMemoryPlan* plan = window.memoryPlanShown();
    QVERIFY(plan);
    const VarMemoryEntry* e = entryOf(*plan, "dense/weight");
    QVERIFY(e);
    for (const QString& want : {QStringLiteral("Var key"), QString::fromStdString(e->varKey),
                                QStringLiteral("0x%1").arg(e->logicAddress, 0, 16)})
        QVERIFY2(text.contains(want), qPrintable(want + QStringLiteral(" missing from:\n") + text));

    // With the memory dock out of sight, a constant's properties do not plan memory (planning
    // hashes every weight).
    QVERIFY(window.memoryDock()->visibleRegion().isEmpty());
    QVERIFY(window.selectNodeByName(QStringLiteral("/grad/scale/Mul/folded")));
    QVERIFY2(!window.propertiesPanel()->text().contains(QStringLiteral("Persistent memory")),
             qPrintable(window.propertiesPanel()->text()));

    const PipelineResult& result = *window.pipelineResult();
    VarManager& manager = *result.run.varManager;
    VarFusionDecision mine = fusedWeight(result.run.graphId);
    mine.variable = "dense/weight";
    mine.reason = "recorded by the test";
    manager.recordFusion(mine);
    window.showPosition(0);
    window.showPosition(window.positionCount() - 1);
    QVERIFY(window.selectNodeByName(QStringLiteral("dense/weight")));
    text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("recorded by the test")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("TransData ND [16,2] → FRACTAL_NZ [1,1,16,16]")));
}

// The dock shows the plan of the graph at the selected step: the table has one row per entry of
// that step's plan, and the plan differs between the first and the last position.
void TestVariableView::memoryDockFollowsTimeline() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    window.memoryDock()->show();
    window.memoryDock()->raise();
    QTRY_VERIFY(!window.memoryDock()->visibleRegion().isEmpty());
    auto rows = [&] { return window.memoryMapPanel()->table()->model()->rowCount(); };
    window.showPosition(0);
    const VarMemoryPlan* plan = window.memoryPlanShown();
    QVERIFY(plan);
    const size_t firstEntries = plan->entries.size();
    QTRY_COMPARE(rows(), static_cast<int>(firstEntries));
    window.showPosition(window.positionCount() - 1);
    plan = window.memoryPlanShown();
    const size_t lastEntries = plan->entries.size();
    QTRY_COMPARE(rows(), static_cast<int>(lastEntries));
    QVERIFY2(firstEntries != lastEntries,
             qPrintable(QStringLiteral("%1 entries at both ends: the test cannot tell the steps apart")
                            .arg(firstEntries)));
    // With the dock in sight, a constant's properties give its entry of the plan at this step.
    QVERIFY(window.selectNodeByName(QStringLiteral("/grad/scale/Mul/folded")));
    const VarMemoryEntry* constant = entryOf(*plan, "/grad/scale/Mul/folded");
    QVERIFY(constant);
    const QString text = window.propertiesPanel()->text();
    for (const QString& want : {QStringLiteral("Persistent memory"), QStringLiteral("CONSTANTOP"),
                                QString::fromStdString(constant->varKey),
                                QStringLiteral("0x%1").arg(constant->logicAddress, 0, 16)})
        QVERIFY2(text.contains(want), qPrintable(want + QStringLiteral(" missing from:\n") + text));
    // Back again: the dock follows.
    window.showPosition(0);
    QTRY_COMPARE(rows(), static_cast<int>(firstEntries));

    // A new run (without constant folding) replaces the plan, even at the same position.
    window.showPosition(window.positionCount() - 1);
    const size_t lastPosition = window.position();
    PipelineOptions options = window.pipelineResult()->options;
    options.set("ge.oo.constantFolding", "false");
    QSignalSpy finished(&window, &MainWindow::pipelineFinished);
    window.setPipelineOptions(options);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, kViewTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    window.showPosition(lastPosition);
    plan = window.memoryPlanShown();
    QVERIFY(plan);
    QVERIFY(plan->entries.size() != lastEntries);
    QCOMPARE(plan->entries.size(), planVariableMemory(*window.graphShown()).entries.size());
    QTRY_COMPARE(rows(), static_cast<int>(plan->entries.size()));
}

// The real fusion of sample (c) (VariableOpPass stores dense/weight as FRACTAL_NZ): at its step
// the removed TransData is a ghost marked removed and the Variable is marked changed; the
// Variable's properties give the new key, the decision with its step and the road, and one step
// earlier the old key and that the decision comes later.
void TestVariableView::fusionStepInTheWindow() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    const PipelineResult& result = *window.pipelineResult();
    const auto& steps = result.journal.steps();
    int k = -1;
    for (size_t s = 0; s < steps.size() && k < 0; ++s)
        if (steps[s].pass == "VariableOpPass" && steps[s].graph.empty() && steps[s].changed)
            k = static_cast<int>(s);
    QVERIFY2(k >= 0, "no VariableOpPass step changed sample (c)");
    const auto decisions = result.run.varManager->fusionsOf(result.run.graphId);
    const auto weight = std::find_if(decisions.begin(), decisions.end(),
                                     [](const VarFusionDecision& d) { return d.variable == "dense/weight"; });
    QVERIFY(weight != decisions.end() && weight->fused);
    QVERIFY(!weight->removedNodes.empty());

    window.showPosition(static_cast<size_t>(k) + 1);
    const NodeItem* variable = nullptr;
    std::set<QString> ghosts;
    for (const NodeItem* item : window.graphPanel()->scene()->nodeItems()) {
        if (!item) continue;
        if (item->look().presence == NodeLook::Presence::Ghost) {
            QCOMPARE(item->look().mark, NodeLook::Mark::Removed);
            ghosts.insert(item->name());
        }
        if (item->name() == QStringLiteral("dense/weight")) variable = item;
    }
    for (const std::string& removed : weight->removedNodes)
        QVERIFY2(ghosts.count(QString::fromStdString(removed)), removed.c_str());
    QVERIFY(variable);
    QCOMPARE(variable->look().mark, NodeLook::Mark::Edited);

    QVERIFY(window.selectNodeByName(QStringLiteral("dense/weight")));
    QString text = window.propertiesPanel()->text();
    for (const QString& want :
         {QStringLiteral("changed by this step"), QStringLiteral("dense/weight_FRACTAL_NZ_DT_FLOAT"),
          QStringLiteral("Fusion"), QStringLiteral("Decided at"), QStringLiteral("step %1").arg(k + 1),
          QString::fromStdString(weight->reason),
          QStringLiteral("TransData ND [16,2] → FRACTAL_NZ [1,1,16,16]")})
        QVERIFY2(text.contains(want), qPrintable(want + QStringLiteral(" missing from:\n") + text));
    QVERIFY(!text.contains(QStringLiteral("later than the step shown")));

    window.showPosition(static_cast<size_t>(k));
    QVERIFY(window.selectNodeByName(QStringLiteral("dense/weight")));
    text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("dense/weight_ND_DT_FLOAT")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("later than the step shown")), qPrintable(text));
}

PASSSCOPE_GUI_TEST(TestVariableView)
#include "test_variable_view.moc"
