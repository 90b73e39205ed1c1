// The compare view (views/compare/): two small models that differ in one node replaced (Tanh →
// Sigmoid) and one attribute (LeakyRelu alpha), shown side by side. The marks on both sides, the
// difference list and its clicks, selection following across the sides, and a second file that
// does not load. The first tests give the view a hand-built diff (the view's own behaviour); the
// file test takes the diff from engine/diff, as File ▸ Compare With… does.
#include <algorithm>
#include <unordered_set>

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "compare/compare_view.h"
#include "compare/compare_window.h"
#include "compare/comparison.h"
#include "compare/diff_list.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/node_item.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "io/model_loader.h"
#include "main_window.h"
#include "model_builders.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// x[2,3] + w → add → LeakyRelu(alpha) "act" → `last` ("tanh": Tanh, or "sig": Sigmoid) → y.
onnx::ModelProto chainModel(float alpha, const std::string& lastOp, const std::string& lastName) {
    using namespace passscope::test;
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addFloatInitializer(g, "w", {2, 3}, {1, -2, 3, -4, 5, -6});
    addNode(g, "Add", {"x", "w"}, {"s"}, "add");
    onnx::NodeProto* act = addNode(g, "LeakyRelu", {"s"}, {"u"}, "act");
    onnx::AttributeProto* a = act->add_attribute();
    a->set_name("alpha");
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(alpha);
    addNode(g, lastOp, {"u"}, {"y"}, lastName);
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    return m;
}

// x → r0 → r1 → … → r{count-1} → y, Relus named by position; `skip` (if ≥ 0) left out (the next
// one reads the one before it). Long enough that a view at a legible zoom must scroll.
onnx::ModelProto reluChain(int count, int skip) {
    using namespace passscope::test;
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    std::string last = "x";
    for (int i = 0; i < count; ++i) {
        if (i == skip) continue;
        const std::string out = i == count - 1 ? "y" : "v" + std::to_string(i);
        addNode(g, "Relu", {last}, {out}, "r" + std::to_string(i));
        last = out;
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    return m;
}

// x[2,3] + weight → add → Relu "act" → y; the weight an unnamed Constant node (as Paddle2ONNX
// writes weights) or an initializer named "w" (as optimize writes them), with `values`.
onnx::ModelProto weightModel(bool constantNode, const std::vector<float>& values) {
    using namespace passscope::test;
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    std::string weight = "w";
    if (constantNode) {
        weight = "Constant_0_out";
        onnx::NodeProto* c = addNode(g, "Constant", {}, {weight}, "");
        onnx::AttributeProto* a = c->add_attribute();
        a->set_name("value");
        a->set_type(onnx::AttributeProto::TENSOR);
        onnx::TensorProto* t = a->mutable_t();
        t->set_data_type(onnx::TensorProto::FLOAT);
        t->add_dims(2);
        t->add_dims(3);
        for (float v : values) t->add_float_data(v);
    } else {
        addFloatInitializer(g, weight, {2, 3}, values);
    }
    addNode(g, "Add", {"x", weight}, {"s"}, "add");
    addNode(g, "Relu", {"s"}, {"y"}, "act");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    return m;
}

bool inView(const GraphPanel& panel, NodeId id) {
    const QGraphicsItem* item = panel.scene()->itemStandingFor(id);
    const GraphView& view = *panel.view();
    return item && view.mapToScene(view.viewport()->rect())
                       .boundingRect()
                       .contains(item->sceneBoundingRect().center());
}

NodeId idNamed(const Graph& g, const std::string& name) {
    NodeId found = kNoNode;
    g.forEachNode([&](const Node& n) {
        if (n.name() == name) found = n.id();
    });
    return found;
}

std::shared_ptr<LoadedModel> loadForView(const QString& path) {
    io::LoadResult result = io::loadModel(std::filesystem::path(path.toStdString()));
    auto loaded = std::make_shared<LoadedModel>();
    loaded->path = path;
    loaded->model = std::move(result.model);
    loaded->preview = DiagramModel::fromGraph(*loaded->model.graph);
    return loaded;
}

std::unordered_set<NodeId> ids(std::initializer_list<NodeId> list) {
    return {list.begin(), list.end()};
}

NodeLook::Mark markOf(const GraphPanel& panel, NodeId id) {
    const NodeItem* item = panel.scene()->nodeItem(id);
    return item ? item->look().mark : NodeLook::Mark::None;
}

void clickEntry(DiffList& list, QTreeWidgetItem* item) {
    QVERIFY(item);
    list.scrollToItem(item);
    const QRect rect = list.visualItemRect(item);
    QVERIFY(!rect.isEmpty());
    QTest::mouseClick(list.viewport(), Qt::LeftButton, {}, rect.center());
}

}  // namespace

class TestCompareView : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void handBuiltDiffIsMarkedOnBothSides();
    void clickingAnEntrySelectsTheNodeOnBothSides();
    void selectingANodeSelectsItsCounterpart();
    void weightsComeLastInAConstantsGroup();
    void compareWindowDiffsTwoFiles();
    void aRemovedNodeCentresTheOtherSideOnItsNeighbour();
    void badSecondFileIsAnErrorAndNothingCloses();
    void constantsAreComparedByValueAsTheCliDoes();

  private:
    // The hand-built comparison of a (tanh, alpha 0.1) and b (sig, alpha 0.2), shown in `view`.
    void showHandBuilt(CompareView& view);
    QTemporaryDir dir_;
    QString pathA_, pathB_;
    std::shared_ptr<Comparison> handBuilt_;
    NodeId aAdd_ = kNoNode, aAct_ = kNoNode, aTanh_ = kNoNode;
    NodeId bAdd_ = kNoNode, bAct_ = kNoNode, bSig_ = kNoNode;
};

void TestCompareView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_compare_view"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
    pathA_ = dir_.filePath(QStringLiteral("a.onnx"));
    pathB_ = dir_.filePath(QStringLiteral("b.onnx"));
    passscope::test::writeModel(chainModel(0.1f, "Tanh", "tanh"), pathA_.toStdString());
    passscope::test::writeModel(chainModel(0.2f, "Sigmoid", "sig"), pathB_.toStdString());

    handBuilt_ = std::make_shared<Comparison>();
    handBuilt_->a = loadForView(pathA_);
    handBuilt_->b = loadForView(pathB_);
    const Graph& a = *handBuilt_->a->model.graph;
    const Graph& b = *handBuilt_->b->model.graph;
    aAdd_ = idNamed(a, "add"), aAct_ = idNamed(a, "act"), aTanh_ = idNamed(a, "tanh");
    bAdd_ = idNamed(b, "add"), bAct_ = idNamed(b, "act"), bSig_ = idNamed(b, "sig");
    for (NodeId id : {aAdd_, aAct_, aTanh_, bAdd_, bAct_, bSig_}) QVERIFY(id != kNoNode);
    handBuilt_->matching.matched = {{aAdd_, bAdd_}, {aAct_, bAct_}};
    handBuilt_->matching.onlyInA = {aTanh_};
    handBuilt_->matching.onlyInB = {bSig_};
    handBuilt_->diff.removed = {{aTanh_, "tanh", "Tanh"}};
    handBuilt_->diff.added = {{bSig_, "sig", "Sigmoid"}};
    handBuilt_->diff.changed = {{aAct_, bAct_, "act", "LeakyRelu", {{"attr:alpha", "0.1", "0.2"}}, {}, {}}};
}

void TestCompareView::showHandBuilt(CompareView& view) {
    view.resize(1400, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy ready(&view, &CompareView::viewReady);
    view.setComparison(handBuilt_);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0, kTimeoutMs);
    QVERIFY(!view.isLayingOut());
}

void TestCompareView::handBuiltDiffIsMarkedOnBothSides() {
    CompareView view;
    showHandBuilt(view);
    GraphPanel& left = *view.leftPanel();
    GraphPanel& right = *view.rightPanel();
    QVERIFY(left.shownGraph() == handBuilt_->a->model.graph.get());
    QVERIFY(right.shownGraph() == handBuilt_->b->model.graph.get());
    // The sets each side is drawn with...
    QVERIFY(left.shownMarks().removed == ids({aTanh_}));
    QVERIFY(left.shownMarks().edited == ids({aAct_}));
    QVERIFY(left.shownMarks().added.empty());
    QVERIFY(right.shownMarks().added == ids({bSig_}));
    QVERIFY(right.shownMarks().edited == ids({bAct_}));
    QVERIFY(right.shownMarks().removed.empty());
    // ...and the boxes: removed red on the left, added green on the right, changed amber on both,
    // the rest unmarked. The removed node is drawn (it is in a), not a ghost.
    QCOMPARE(markOf(left, aTanh_), NodeLook::Mark::Removed);
    QCOMPARE(left.scene()->nodeItem(aTanh_)->look().presence, NodeLook::Presence::Shown);
    QCOMPARE(markOf(left, aAct_), NodeLook::Mark::Edited);
    QCOMPARE(markOf(left, aAdd_), NodeLook::Mark::None);
    QCOMPARE(markOf(right, bSig_), NodeLook::Mark::Added);
    QCOMPARE(markOf(right, bAct_), NodeLook::Mark::Edited);
    QCOMPARE(markOf(right, bAdd_), NodeLook::Mark::None);
    // The list: three sections, the changed node with its field.
    DiffList& list = *view.diffList();
    QCOMPARE(list.topLevelItemCount(), 3);
    QVERIFY(list.entryOfA(aTanh_) && list.entryOfB(bSig_));
    QCOMPARE(list.entryOfA(aAct_), list.entryOfB(bAct_));
    QCOMPARE(list.entryOfA(aAct_)->childCount(), 1);
    QVERIFY(list.entryOfA(aAct_)->child(0)->text(0).contains(QStringLiteral("attr:alpha: 0.1 → 0.2")));
}

void TestCompareView::clickingAnEntrySelectsTheNodeOnBothSides() {
    CompareView view;
    showHandBuilt(view);
    DiffList& list = *view.diffList();
    clickEntry(list, list.entryOfA(aAct_));
    QTRY_COMPARE(view.selectedNode(CompareSide::Left), aAct_);
    QTRY_COMPARE(view.selectedNode(CompareSide::Right), bAct_);
    // A removed node: selected on the left, nothing on the right (b has no such node).
    clickEntry(list, list.entryOfA(aTanh_));
    QTRY_COMPARE(view.selectedNode(CompareSide::Left), aTanh_);
    QCOMPARE(view.selectedNode(CompareSide::Right), kNoNode);
    // An added node, through one of the changed node's fields first: the field chooses its node.
    clickEntry(list, list.entryOfA(aAct_)->child(0));
    QTRY_COMPARE(view.selectedNode(CompareSide::Right), bAct_);
    clickEntry(list, list.entryOfB(bSig_));
    QTRY_COMPARE(view.selectedNode(CompareSide::Right), bSig_);
    QCOMPARE(view.selectedNode(CompareSide::Left), kNoNode);
}

void TestCompareView::selectingANodeSelectsItsCounterpart() {
    CompareView view;
    showHandBuilt(view);
    view.leftPanel()->scene()->selectNode(aAdd_);  // as a click on the box does
    QTRY_COMPARE(view.selectedNode(CompareSide::Right), bAdd_);
    QCOMPARE(view.selectedNode(CompareSide::Left), aAdd_);
    QVERIFY(!view.diffList()->currentItem());  // unchanged: no entry in the list
    view.rightPanel()->scene()->selectNode(bAct_);
    QTRY_COMPARE(view.selectedNode(CompareSide::Left), aAct_);
    QCOMPARE(view.diffList()->currentItem(), view.diffList()->entryOfB(bAct_));
    view.rightPanel()->scene()->selectNode(bSig_);  // no counterpart: the left selects nothing
    QTRY_COMPARE(view.selectedNode(CompareSide::Left), kNoNode);
    QCOMPARE(view.selectedNode(CompareSide::Right), bSig_);
}

// A changed weight (the initializer w, drawn inside the Add box) is listed after the changed
// nodes that have boxes, in a "Constants" group; choosing it selects the Add that reads it.
void TestCompareView::weightsComeLastInAConstantsGroup() {
    auto comparison = std::make_shared<Comparison>(*handBuilt_);
    const NodeId aW = idNamed(*comparison->a->model.graph, "w");
    const NodeId bW = idNamed(*comparison->b->model.graph, "w");
    QVERIFY(aW != kNoNode && bW != kNoNode);
    comparison->matching.matched.push_back({aW, bW});
    comparison->diff.changed.insert(
        comparison->diff.changed.begin(),
        {aW, bW, "w", "Const", {{"attr:value", "[1 -2 ...]", "[2 -2 ...]"}}, {}, {}});
    CompareView view;
    view.resize(1400, 800);
    view.show();
    QSignalSpy ready(&view, &CompareView::viewReady);
    view.setComparison(comparison);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0, kTimeoutMs);
    DiffList& list = *view.diffList();
    QTreeWidgetItem* changed = list.topLevelItem(2);
    QCOMPARE(changed->childCount(), 2);
    QCOMPARE(changed->child(0), list.entryOfA(aAct_));  // the box first, though the diff lists w first
    QTreeWidgetItem* constants = changed->child(1);
    QVERIFY2(constants->text(0).contains(QStringLiteral("Constants (1)")), qPrintable(constants->text(0)));
    QCOMPARE(list.entryOfB(bW)->parent(), constants);
    constants->setExpanded(true);
    clickEntry(list, list.entryOfB(bW));
    QTRY_COMPARE(view.selectedNode(CompareSide::Left), aAdd_);
    QTRY_COMPARE(view.selectedNode(CompareSide::Right), bAdd_);
}

void TestCompareView::compareWindowDiffsTwoFiles() {
    CompareWindow window;
    window.setInteractive(false);
    window.resize(1400, 860);
    window.show();
    QSignalSpy ready(&window, &CompareWindow::viewReady);
    QSignalSpy failed(&window, &CompareWindow::failed);
    window.compareFiles(pathA_, pathB_);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    const Comparison& c = *window.comparison();
    const Graph& a = *c.a->model.graph;
    const Graph& b = *c.b->model.graph;
    // engine/diff's answer: tanh removed, sig added, act changed in alpha, add unchanged.
    auto named = [](const std::vector<diff::NodeRef>& refs, const std::string& name) {
        for (const diff::NodeRef& r : refs)
            if (r.name == name) return r.id;
        return kNoNode;
    };
    QCOMPARE(named(c.diff.removed, "tanh"), idNamed(a, "tanh"));
    QCOMPARE(named(c.diff.added, "sig"), idNamed(b, "sig"));
    const diff::ChangedNode* act = nullptr;
    for (const diff::ChangedNode& changed : c.diff.changed) {
        if (changed.name == "act") act = &changed;
        QVERIFY(changed.name != "add");
    }
    QVERIFY(act);
    QCOMPARE(act->a, idNamed(a, "act"));
    QCOMPARE(act->b, idNamed(b, "act"));
    QVERIFY(std::any_of(act->fields.begin(), act->fields.end(),
                        [](const diff::FieldChange& f) { return f.field == "attr:alpha"; }));
    // Drawn as the diff says.
    const CompareView& view = *window.view();
    QVERIFY(view.leftPanel()->shownMarks().removed == marksForSide(c.diff, CompareSide::Left).removed);
    QVERIFY(view.rightPanel()->shownMarks().added == marksForSide(c.diff, CompareSide::Right).added);
    QCOMPARE(markOf(*view.leftPanel(), idNamed(a, "tanh")), NodeLook::Mark::Removed);
    QCOMPARE(markOf(*view.rightPanel(), idNamed(b, "sig")), NodeLook::Mark::Added);
    QCOMPARE(markOf(*view.leftPanel(), idNamed(a, "act")), NodeLook::Mark::Edited);
    QCOMPARE(markOf(*view.rightPanel(), idNamed(b, "act")), NodeLook::Mark::Edited);
    QCOMPARE(markOf(*view.rightPanel(), idNamed(b, "add")), NodeLook::Mark::None);
    QVERIFY(window.errorText().isEmpty());
}

// r50 of a 60-Relu chain is removed: choosing it selects it on the left, and the right side (which
// has no r50) scrolls to r49, the matched node next to where r50 was.
void TestCompareView::aRemovedNodeCentresTheOtherSideOnItsNeighbour() {
    const QString longA = dir_.filePath(QStringLiteral("chain.onnx"));
    const QString longB = dir_.filePath(QStringLiteral("chain_without_r50.onnx"));
    passscope::test::writeModel(reluChain(60, -1), longA.toStdString());
    passscope::test::writeModel(reluChain(60, 50), longB.toStdString());
    CompareWindow window;
    window.setInteractive(false);
    window.resize(1400, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &CompareWindow::viewReady);
    window.compareFiles(longA, longB);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0, kTimeoutMs);
    const Comparison& c = *window.comparison();
    const NodeId r50 = idNamed(*c.a->model.graph, "r50");
    const NodeId r49InB = idNamed(*c.b->model.graph, "r49");
    QVERIFY(r50 != kNoNode && r49InB != kNoNode);
    CompareView& view = *window.view();
    QVERIFY2(!inView(*view.rightPanel(), r49InB), "the chain fits the view: nothing to scroll to");
    DiffList& list = *view.diffList();
    QVERIFY(list.entryOfA(r50));
    clickEntry(list, list.entryOfA(r50));
    QTRY_COMPARE(view.selectedNode(CompareSide::Left), r50);
    QVERIFY(inView(*view.leftPanel(), r50));
    QCOMPARE(view.selectedNode(CompareSide::Right), kNoNode);
    QVERIFY(inView(*view.rightPanel(), r49InB));
}

void TestCompareView::badSecondFileIsAnErrorAndNothingCloses() {
    const QString bad = dir_.filePath(QStringLiteral("not_a_model.onnx"));
    writeCorruptModel(bad);
    MainWindow window;
    window.setInteractive(false);
    window.resize(1200, 800);
    window.show();
    QVERIFY(!window.compareWith(pathB_));  // nothing loaded: nothing to compare
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    window.openModel(pathA_);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > 0, kTimeoutMs);

    CompareWindow* compare = window.compareWith(bad);
    QVERIFY(compare);
    QSignalSpy failed(compare, &CompareWindow::failed);
    QSignalSpy compared(compare, &CompareWindow::compared);
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() > 0, kTimeoutMs);
    QCOMPARE(compared.count(), 0);
    QVERIFY2(failed.value(0).value(0).toString().contains(QStringLiteral("not_a_model.onnx")),
             qPrintable(failed.value(0).value(0).toString()));
    QVERIFY(compare->errorText().contains(QStringLiteral("not_a_model.onnx")));
    QVERIFY(compare->isVisible());
    QVERIFY(window.isVisible());
    QVERIFY(window.loadedModel());
    QVERIFY(!compare->comparison());

    // The same window then compares two good files.
    QSignalSpy ready(compare, &CompareWindow::viewReady);
    compare->compareFiles(pathA_, pathB_);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0, kTimeoutMs);
    QVERIFY(compare->errorText().isEmpty());
    QVERIFY(compare->comparison());
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kTimeoutMs);
}

// docs/graph-diff.md §8, as the CLI's `diff`: a weight moved from a Constant node to an initializer
// under another name is no difference (no marks, "compute the same", one constant held
// differently); one value changed is one changed constant whose entry names its reader.
void TestCompareView::constantsAreComparedByValueAsTheCliDoes() {
    const std::vector<float> values{1, -2, 3, -4, 5, -6};
    const QString held = dir_.filePath(QStringLiteral("weights_in_constant.onnx"));
    const QString init = dir_.filePath(QStringLiteral("weights_as_initializer.onnx"));
    const QString edited = dir_.filePath(QStringLiteral("weights_edited.onnx"));
    passscope::test::writeModel(weightModel(true, values), held.toStdString());
    passscope::test::writeModel(weightModel(false, values), init.toStdString());
    std::vector<float> changedValues = values;
    changedValues[4] = 5.5f;
    passscope::test::writeModel(weightModel(false, changedValues), edited.toStdString());

    CompareWindow window;
    window.setInteractive(false);
    window.resize(1400, 860);
    window.show();
    QSignalSpy ready(&window, &CompareWindow::viewReady);
    QSignalSpy failed(&window, &CompareWindow::failed);
    window.compareFiles(held, init);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    {
        const Comparison& c = *window.comparison();
        const diff::GraphDiff cli =
            diff::diffGraphs(*c.a->model.graph, *c.b->model.graph, diff::DiffOptions::byComputation());
        QVERIFY(c.diff.empty());
        QCOMPARE(c.diff.heldDifferently.size(), cli.heldDifferently.size());
        QCOMPARE(c.diff.heldDifferently.size(), size_t(1));
        const CompareView& view = *window.view();
        for (const GraphPanel* side : {view.leftPanel(), view.rightPanel()}) {
            QVERIFY(side->shownMarks().added.empty() && side->shownMarks().removed.empty());
            QVERIFY(side->shownMarks().edited.empty());
        }
        QCOMPARE(markOf(*view.rightPanel(), idNamed(*c.b->model.graph, "add")), NodeLook::Mark::None);
        const QString summary = CompareView::summaryText(c.diff);
        QVERIFY2(summary.contains(QStringLiteral("compute the same")) &&
                     summary.contains(QStringLiteral("1 constant")) &&
                     summary.contains(QStringLiteral("held differently")),
                 qPrintable(summary));
        const DiffList& list = *view.diffList();
        QCOMPARE(list.topLevelItemCount(), 4);  // Removed, Added, Changed (all 0), then held
        QVERIFY2(list.topLevelItem(3)->text(0).contains(QStringLiteral("Constants held differently (1)")),
                 qPrintable(list.topLevelItem(3)->text(0)));
        QVERIFY2(list.topLevelItem(3)->child(0)->text(0).contains(QStringLiteral("(Constant) → w  (Const)")),
                 qPrintable(list.topLevelItem(3)->child(0)->text(0)));
    }

    ready.clear();
    window.compareFiles(held, edited);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    const Comparison& c = *window.comparison();
    QVERIFY(c.diff.added.empty() && c.diff.removed.empty() && c.diff.heldDifferently.empty());
    QCOMPARE(c.diff.changed.size(), size_t(1));
    const diff::ChangedNode& weight = c.diff.changed[0];
    QCOMPARE(weight.name, std::string("w"));
    QCOMPARE(weight.consumers, std::vector<std::string>{"add"});
    QCOMPARE(weight.maxAbsDiff.value_or(0), 0.5);
    const DiffList& list = *window.view()->diffList();
    const QTreeWidgetItem* entry = list.entryOfB(weight.b);
    QVERIFY(entry);
    QStringList children;
    for (int i = 0; i < entry->childCount(); ++i) children << entry->child(i)->text(0);
    QVERIFY2(children.join('\n').contains(QStringLiteral("read by: add")), qPrintable(children.join('\n')));
    QVERIFY2(children.join('\n').contains(QStringLiteral("largest difference: 0.5")),
             qPrintable(children.join('\n')));
    QVERIFY(window.view()->rightPanel()->shownMarks().edited.count(weight.b));
}

PASSSCOPE_GUI_TEST(TestCompareView)
#include "test_compare_view.moc"
