// ModelDocument without a window (under a QCoreApplication, so no widget could even be made): load
// the conv_net sample and its run, step, keep a node from folding and run again, save and open a
// session, exports, load failures. And the search rule the node table and the graph search share.
#include "document/model_document.h"
// The document must not need a widget: nothing it includes may bring QWidget in.
#ifdef QWIDGET_H
#error "document/model_document.h includes a widget header"
#endif

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "gui_test_registry.h"

#include "document/search_rule.h"
#include "document/step_controller.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "panels/node_filter_proxy_model.h"
#include "panels/node_table_model.h"
#include "pipeline/pass_stats.h"
#include "runner/pipeline_result.h"
#include "session/session_file.h"

using namespace passscope;
using passscope::views::ModelDocument;
using passscope::views::SearchRule;

namespace {

const QString kSample = QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/conv_net.onnx");
// Load + pipeline + preparing the steps; generous for sanitizer builds on shared cores.
constexpr int kTimeoutMs = 120000;

const Node* nodeNamed(const Graph& g, const std::string& name) {
    const Node* found = nullptr;
    g.forEachNode([&](const Node& n) {
        if (n.name() == name) found = &n;
    });
    return found;
}

// Writes bytes that no ONNX parser accepts as a model.
void writeCorruptModel(const QString& path) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("\x08\x07\x12\xff\xff\xff\xff\x0f not a model", 20);
}

// Waits for the run started by something done before (spies made before it).
void waitForSteps(ModelDocument& doc, QSignalSpy& finished) {
    QSignalSpy failed(&doc, &ModelDocument::pipelineFailed);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY(doc.hasSteps());
}

// Opens `path` and waits until the steps of its run are ready.
void openAndWait(ModelDocument& doc, const QString& path) {
    QSignalSpy finished(&doc, &ModelDocument::pipelineFinished);
    QSignalSpy loadFailed(&doc, &ModelDocument::loadFailed);
    doc.openModel(path);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + loadFailed.count() > 0, kTimeoutMs);
    QVERIFY2(loadFailed.isEmpty(), qPrintable(loadFailed.value(0).value(1).toString()));
    QCOMPARE(finished.count(), 1);
}

std::set<NodeId> idsOf(const std::vector<NodeId>& ids) {
    return {ids.begin(), ids.end()};
}

// A run whose journal does not replay on its final graph: the step edits a node that graph lacks,
// so preparing the steps (undoing it) throws std::out_of_range on the worker thread.
std::shared_ptr<const views::PipelineResult> unreplayableResult() {
    auto result = std::make_shared<views::PipelineResult>();
    Graph recorded;
    const NodeId relu = recorded.addNode("Relu", "", "relu", 1).id();
    result->journal.begin(recorded);
    result->journal.beginStep("SomePass", "Prepare", 1);
    recorded.setAttribute(relu, Attribute::makeInt("marked", 1));
    result->journal.endStep(0.0, {}, {});
    result->journal.end();
    result->optimized.graph = std::make_shared<Graph>();  // without the journal's node
    return result;
}

}  // namespace

class TestModelDocument : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void loadRunsPipelineAndSteps();
    void steppingMovesBothCursors();
    void foldingToggleReruns();
    void sessionRoundTrip();
    void sessionWithUnloadableModelChangesNothing();
    void exportsModelAndReport();
    void corruptFileFailsAndKeepsModel();
    void stepsThatCannotBePreparedFail();
    void searchRuleSmartCase();
    void searchRuleRegexAndLiteralDots();
    void searchRuleInvalidRegexIsLiteral();
    void tableFilterAndGraphSearchAgree();

  private:
    // A node of the sample that the default run folds away (a Sqrt or Div of the preprocessing).
    std::string foldedNode(const ModelDocument& doc) const;
    io::LoadResult reference_;
};

void TestModelDocument::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    reference_ = io::loadModel(kSample.toStdString());
    QVERIFY(reference_.model.graph);
}

std::string TestModelDocument::foldedNode(const ModelDocument& doc) const {
    const Graph& finalGraph = *doc.pipelineResult()->optimized.graph;
    for (const Node* n : reference_.model.graph->nodes())
        if (n->name().rfind("/preprocess/", 0) == 0 && (n->opType() == "Sqrt" || n->opType() == "Div") &&
            !nodeNamed(finalGraph, n->name()))
            return n->name();
    return {};
}

void TestModelDocument::loadRunsPipelineAndSteps() {
    ModelDocument doc;
    QStringList order;
    for (const auto& [signal, name] : {std::pair{&ModelDocument::modelAboutToChange, "modelAboutToChange"},
                                       std::pair{&ModelDocument::pipelineStarted, "pipelineStarted"},
                                       std::pair{&ModelDocument::pipelineFinished, "pipelineFinished"}})
        connect(&doc, signal, this, [&order, name = QString::fromLatin1(name)] { order << name; });
    connect(&doc, &ModelDocument::loadStarted, this,
            [&](const QString&) { order << QStringLiteral("loadStarted"); });
    connect(&doc, &ModelDocument::modelLoaded, this, [&](const QString& path) {
        order << QStringLiteral("modelLoaded");
        QCOMPARE(path, QFileInfo(kSample).absoluteFilePath());
        QVERIFY(doc.loadedModel());  // the model is current when the signal arrives
        // The model as loaded is what properties read while the first run is under way.
        QVERIFY(!doc.hasSteps());
        QCOMPARE(doc.currentGraph(), doc.loadedModel()->model.graph.get());
    });
    connect(&doc, &ModelDocument::runFinished, this, [&](int passRuns, double seconds) {
        order << QStringLiteral("runFinished");
        QVERIFY(passRuns > 0);
        QVERIFY(seconds >= 0);
    });
    QVERIFY(!doc.loadedModel());
    QVERIFY(!doc.currentGraph());

    QSignalSpy finished(&doc, &ModelDocument::pipelineFinished);
    QSignalSpy moved(&doc, &ModelDocument::positionChanged);
    doc.openModel(kSample);
    QVERIFY(doc.isLoading());
    waitForSteps(doc, finished);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(order, (QStringList{QStringLiteral("loadStarted"), QStringLiteral("modelAboutToChange"),
                                 QStringLiteral("modelLoaded"), QStringLiteral("pipelineStarted"),
                                 QStringLiteral("runFinished"), QStringLiteral("pipelineFinished")}));
    QVERIFY(!doc.isLoading());
    QVERIFY(!doc.isRunning());
    QCOMPARE(moved.count(), 0);  // pipelineFinished() is the one signal of the first position

    // A load stands at the end of the run, on the optimized graph.
    const auto& steps = doc.pipelineResult()->journal.steps();
    QVERIFY(steps.size() > 3);
    QCOMPARE(doc.positionCount(), steps.size() + 1);
    QCOMPARE(doc.position(), steps.size());
    QCOMPARE(doc.graphShown()->nodeCount(), doc.pipelineResult()->optimized.graph->nodeCount());
    QVERIFY(doc.graphShown()->nodeCount() < reference_.model.graph->nodeCount());  // folding removed some
    QCOMPARE(doc.currentGraph(), doc.graphShown());
    QVERIFY(doc.diagram());
}

void TestModelDocument::steppingMovesBothCursors() {
    ModelDocument doc;
    openAndWait(doc, kSample);
    if (QTest::currentTestFailed()) return;
    QSignalSpy moved(&doc, &ModelDocument::positionChanged);
    doc.showPosition(0);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.first().first().value<size_t>(), size_t{0});
    QCOMPARE(doc.position(), size_t{0});
    QCOMPARE(doc.graphShown()->nodeCount(), reference_.model.graph->nodeCount());
    QCOMPARE(doc.graphBefore()->nodeCount(), reference_.model.graph->nodeCount());
    QVERIFY(doc.marks().empty());
    doc.showPosition(0);  // where it stands already: no signal
    QCOMPARE(moved.count(), 1);

    // Each position's "before" is the previous position's graph, and a step that changed the
    // node count marks what it did.
    size_t previousCount = doc.graphShown()->nodeCount();
    bool sawRemoval = false;
    for (size_t p = 1; p < doc.positionCount(); ++p) {
        doc.showPosition(p);
        QCOMPARE(doc.position(), p);
        QCOMPARE(doc.graphBefore()->nodeCount(), previousCount);
        if (doc.graphShown()->nodeCount() != previousCount)
            QVERIFY2(!doc.marks().empty(), qPrintable(QString::number(p)));
        sawRemoval = sawRemoval || !doc.marks().removed.empty();
        previousCount = doc.graphShown()->nodeCount();
    }
    QVERIFY(sawRemoval);
    QCOMPARE(moved.count(), 1 + static_cast<int>(doc.positionCount() - 1));
    doc.showPosition(doc.positionCount() + 5);  // clamped to the last position
    QCOMPARE(doc.position(), doc.positionCount() - 1);
}

void TestModelDocument::foldingToggleReruns() {
    ModelDocument doc;
    openAndWait(doc, kSample);
    if (QTest::currentTestFailed()) return;
    const std::string name = foldedNode(doc);
    QVERIFY2(!name.empty(), "conv_net folds no Sqrt or Div under /preprocess");
    const QString qname = QString::fromStdString(name);
    QVERIFY(doc.isLoadedNodeName(name));
    QVERIFY(!doc.isNodeFoldingDisabled(name));

    // A name no node of the loaded model has is refused without a run.
    QSignalSpy started(&doc, &ModelDocument::pipelineStarted);
    QVERIFY(!doc.setNodeFoldingDisabled(QStringLiteral("/no/such/node"), true));
    QCOMPARE(started.count(), 0);

    const size_t stoodAt = 2;
    doc.showPosition(stoodAt);
    QSignalSpy finished(&doc, &ModelDocument::pipelineFinished);
    QVERIFY(doc.setNodeFoldingDisabled(qname, true));
    QCOMPARE(started.count(), 1);  // the re-run starts at once
    QVERIFY(doc.isRunning());
    QVERIFY(doc.isNodeFoldingDisabled(name));
    QCOMPARE(doc.pipelineOptions().noFold, std::set<std::string>{name});
    waitForSteps(doc, finished);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(doc.position(), stoodAt);  // a re-run keeps the user's place
    QCOMPARE(doc.pipelineResult()->options.noFold, std::set<std::string>{name});
    const Node* kept = nodeNamed(*doc.pipelineResult()->optimized.graph, name);
    QVERIFY2(kept, "the node switched off for folding was folded anyway");
    QVERIFY(kept->hasAttr(op::attr::kDoNotConstantFolding));
    // The properties' "why not folded": the user's flag, said by a folding pass.
    doc.showPosition(doc.positionCount() - 1);
    const auto note = doc.whyNotFolded(kept->id());
    QVERIFY(note);
    QCOMPARE(note->reason, QString::fromLatin1(reasonName(NotFoldedReason::UserFlag)));
    QVERIFY(!note->pass.isEmpty());
    doc.showPosition(0);  // nothing has run yet at position 0
    QVERIFY(!doc.whyNotFolded(kept->id()));

    QSignalSpy refinished(&doc, &ModelDocument::pipelineFinished);
    QVERIFY(doc.setNodeFoldingDisabled(qname, false));
    waitForSteps(doc, refinished);
    if (QTest::currentTestFailed()) return;
    QVERIFY(doc.pipelineOptions().noFold.empty());
    QVERIFY2(!nodeNamed(*doc.pipelineResult()->optimized.graph, name),
             "folding on again did not fold the node");
}

void TestModelDocument::sessionRoundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("session.passscope.json"));
    std::string name;
    size_t position = 0;
    size_t nodesThere = 0;
    {
        ModelDocument doc;
        QString error;
        QVERIFY(!doc.saveSession(file, {}, &error));  // no model yet
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFileInfo::exists(file));
        openAndWait(doc, kSample);
        if (QTest::currentTestFailed()) return;
        name = foldedNode(doc);
        QVERIFY(!name.empty());
        QSignalSpy finished(&doc, &ModelDocument::pipelineFinished);
        QVERIFY(doc.setNodeFoldingDisabled(QString::fromStdString(name), true));
        waitForSteps(doc, finished);
        if (QTest::currentTestFailed()) return;
        position = doc.positionCount() / 2;
        doc.showPosition(position);
        nodesThere = doc.graphShown()->nodeCount();
        views::Session view;  // what a window adds: where the user looks
        view.overlay = QStringLiteral("constants");
        view.zoom = 2.5;
        view.selectedNode = QString::fromStdString(name);
        QVERIFY2(doc.saveSession(file, view, &error), qPrintable(error));
    }

    ModelDocument restored;
    QSignalSpy finished(&restored, &ModelDocument::pipelineFinished);
    QString error;
    QVERIFY2(restored.openSession(file, &error), qPrintable(error));
    QVERIFY(restored.isLoading());
    QVERIFY(!restored.pendingView());  // not before its model is the one loaded
    waitForSteps(restored, finished);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(QFileInfo(restored.loadedModel()->path).canonicalFilePath(),
             QFileInfo(kSample).canonicalFilePath());
    QCOMPARE(restored.pipelineOptions().noFold, std::set<std::string>{name});
    QCOMPARE(restored.position(), position);
    QCOMPARE(restored.graphShown()->nodeCount(), nodesThere);
    QVERIFY(restored.pendingView());
    QCOMPARE(restored.pendingView()->overlay, QStringLiteral("constants"));
    QCOMPARE(restored.pendingView()->zoom, 2.5);
    const std::unique_ptr<views::Session> view = restored.takePendingView();
    QVERIFY(view);
    QCOMPARE(view->selectedNode, QString::fromStdString(name));
    QVERIFY(!restored.pendingView());

    // A later run stands where the user stands, not where the session stood.
    restored.showPosition(1);
    QSignalSpy rerun(&restored, &ModelDocument::pipelineFinished);
    restored.setPipelineOptions(restored.pipelineOptions());
    waitForSteps(restored, rerun);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(restored.position(), size_t{1});
}

void TestModelDocument::sessionWithUnloadableModelChangesNothing() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString model = dir.filePath(QStringLiteral("copy.onnx"));
    QVERIFY(QFile::copy(kSample, model));
    const QString file = dir.filePath(QStringLiteral("session.passscope.json"));
    {
        ModelDocument doc;
        openAndWait(doc, model);
        if (QTest::currentTestFailed()) return;
        PipelineOptions options = doc.pipelineOptions();
        options.noFold.insert(foldedNode(doc));
        QSignalSpy finished(&doc, &ModelDocument::pipelineFinished);
        doc.setPipelineOptions(options);
        waitForSteps(doc, finished);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(doc.pipelineOptions().noFold.size(), size_t{1});
        QString error;
        QVERIFY2(doc.saveSession(file, {}, &error), qPrintable(error));
    }
    writeCorruptModel(model);
    if (QTest::currentTestFailed()) return;

    ModelDocument doc;
    openAndWait(doc, kSample);
    if (QTest::currentTestFailed()) return;
    const views::LoadedModel* before = doc.loadedModel();
    QSignalSpy failed(&doc, &ModelDocument::loadFailed);
    QSignalSpy started(&doc, &ModelDocument::pipelineStarted);
    QString error;
    QVERIFY2(doc.openSession(file, &error), qPrintable(error));  // the session file itself is fine
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QCOMPARE(failed.first().first().toString(), QFileInfo(model).absoluteFilePath());
    QCOMPARE(doc.loadedModel(), before);
    QVERIFY(doc.pipelineOptions().noFold.empty());  // the session's options went with its model
    QVERIFY(!doc.pendingView());
    QCOMPARE(started.count(), 0);
}

void TestModelDocument::exportsModelAndReport() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ModelDocument doc;
    QString error;
    QVERIFY(!doc.exportModel(dir.filePath(QStringLiteral("none.onnx")), &error));
    QVERIFY(!error.isEmpty());
    error.clear();
    QVERIFY(!doc.exportReport(dir.filePath(QStringLiteral("none.json")), &error));
    QVERIFY(!error.isEmpty());

    openAndWait(doc, kSample);
    if (QTest::currentTestFailed()) return;
    doc.showPosition(0);
    const QString first = dir.filePath(QStringLiteral("first.onnx"));
    QVERIFY2(doc.exportModel(first, &error), qPrintable(error));
    QCOMPARE(io::loadModel(first.toStdString()).model.graph->nodeCount(),
             reference_.model.graph->nodeCount());
    doc.showPosition(doc.positionCount() - 1);
    const QString last = dir.filePath(QStringLiteral("last.onnx"));
    QVERIFY2(doc.exportModel(last, &error), qPrintable(error));
    QCOMPARE(io::loadModel(last.toStdString()).model.graph->nodeCount(), doc.graphShown()->nodeCount());

    const QString report = dir.filePath(QStringLiteral("report.json"));
    QVERIFY2(doc.exportReport(report, &error), qPrintable(error));
    QFile reportFile(report);
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QJsonArray passes =
        QJsonDocument::fromJson(reportFile.readAll()).object().value(QStringLiteral("passes")).toArray();
    QCOMPARE(static_cast<size_t>(passes.size()), doc.pipelineResult()->journal.steps().size());
    QVERIFY(!doc.exportReport(dir.filePath(QStringLiteral("no/such/folder/report.json")), &error));
}

void TestModelDocument::corruptFileFailsAndKeepsModel() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString corrupt = dir.filePath(QStringLiteral("corrupt.onnx"));
    writeCorruptModel(corrupt);
    if (QTest::currentTestFailed()) return;

    ModelDocument doc;
    QSignalSpy failed(&doc, &ModelDocument::loadFailed);
    QSignalSpy loaded(&doc, &ModelDocument::modelLoaded);
    doc.openModel(corrupt);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QCOMPARE(failed.first().at(0).toString(), corrupt);
    QVERIFY(!failed.first().at(1).toString().isEmpty());
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!doc.loadedModel());
    QVERIFY(!doc.isLoading());
    QVERIFY(!doc.hasSteps());

    // With a model shown, a failed load leaves it and its steps as they were.
    openAndWait(doc, kSample);
    if (QTest::currentTestFailed()) return;
    const views::LoadedModel* before = doc.loadedModel();
    const size_t positions = doc.positionCount();
    QSignalSpy aboutToChange(&doc, &ModelDocument::modelAboutToChange);
    doc.openModel(corrupt);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, kTimeoutMs);
    QCOMPARE(aboutToChange.count(), 0);
    QCOMPARE(doc.loadedModel(), before);
    QVERIFY(doc.hasSteps());
    QCOMPARE(doc.positionCount(), positions);
}

// Preparing the steps runs off the UI thread; what it throws there is a failure the document
// reports as pipelineFailed(), and the steps shown before stay (issue 37: it used to terminate).
void TestModelDocument::stepsThatCannotBePreparedFail() {
    views::StepController steps;
    QSignalSpy ready(&steps, &views::StepController::ready);
    QSignalSpy failed(&steps, &views::StepController::failed);
    steps.setResult(unreplayableResult(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QCOMPARE(ready.count(), 0);
    QVERIFY(!steps.isReady());
    const QString message = failed.first().at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("no node with id")), qPrintable(message));

    ModelDocument doc;
    openAndWait(doc, kSample);
    if (QTest::currentTestFailed()) return;
    const size_t positions = doc.positionCount();
    auto* controller = doc.findChild<views::StepController*>();
    QVERIFY(controller);
    QSignalSpy pipelineFailed(&doc, &ModelDocument::pipelineFailed);
    QSignalSpy finished(&doc, &ModelDocument::pipelineFinished);
    controller->setResult(unreplayableResult(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(pipelineFailed.count(), 1, kTimeoutMs);
    QVERIFY(pipelineFailed.first().at(0).toString().contains(QStringLiteral("no node with id")));
    QCOMPARE(finished.count(), 0);
    QVERIFY(doc.hasSteps());
    QCOMPARE(doc.positionCount(), positions);
}

// ---- the search rule ----

void TestModelDocument::searchRuleSmartCase() {
    const SearchRule lower(QStringLiteral("conv"));
    QCOMPARE(lower.caseSensitivity(), Qt::CaseInsensitive);
    QVERIFY(lower.matches(QStringLiteral("Conv")));
    QVERIFY(lower.matches(QStringLiteral("/stem/CONV/x")));
    const SearchRule upper(QStringLiteral("Conv"));
    QCOMPARE(upper.caseSensitivity(), Qt::CaseSensitive);
    QVERIFY(upper.matches(QStringLiteral("/stem/conv/Conv")));
    QVERIFY(!upper.matches(QStringLiteral("stem.conv.weight")));
    // \S is a character class, not an upper-case letter: still case-insensitive.
    const SearchRule escaped(QStringLiteral("\\Sconv"));
    QCOMPARE(escaped.caseSensitivity(), Qt::CaseInsensitive);
    QVERIFY(escaped.matches(QStringLiteral("xCONV")));
    QVERIFY(!escaped.matches(QStringLiteral(" conv")));
    // The empty text hides nothing.
    QVERIFY(SearchRule().matches(QStringLiteral("anything")));
    QVERIFY(SearchRule(QString()).isEmpty());
}

void TestModelDocument::searchRuleRegexAndLiteralDots() {
    const SearchRule anchored(QStringLiteral("^(Relu|Add)$"));
    QVERIFY(anchored.isRegularExpression());
    QVERIFY(anchored.matches(QStringLiteral("Relu")));
    QVERIFY(anchored.matches(QStringLiteral("Add")));
    QVERIFY(!anchored.matches(QStringLiteral("Relu6")));
    QVERIFY(!anchored.matches(QStringLiteral("relu")));  // upper case in it: case-sensitive
    // A dot alone is not syntax: ONNX names are full of them.
    const SearchRule dotted(QStringLiteral("stem.conv"));
    QVERIFY(!dotted.isRegularExpression());
    QVERIFY(dotted.matches(QStringLiteral("stem.conv.weight")));
    QVERIFY(!dotted.matches(QStringLiteral("stemXconv")));
    QVERIFY(!dotted.matches(QStringLiteral("/stem/conv/Conv")));
    // With other syntax it is a regular expression, and the dot any character.
    const SearchRule wild(QStringLiteral("^stem.conv"));
    QVERIFY(wild.isRegularExpression());
    QVERIFY(wild.matches(QStringLiteral("stemXconv")));
    QVERIFY(!wild.matches(QStringLiteral("/stem/conv")));
}

void TestModelDocument::searchRuleInvalidRegexIsLiteral() {
    const SearchRule broken(QStringLiteral("Conv("));
    QVERIFY(!broken.isRegularExpression());
    QVERIFY(!broken.error().isEmpty());
    QVERIFY(broken.matches(QStringLiteral("Conv(1)")));
    QVERIFY(!broken.matches(QStringLiteral("Conv")));
    QVERIFY(!broken.matches(QStringLiteral("conv(1)")));  // still smart case
    QVERIFY(SearchRule(QStringLiteral("Conv")).error().isEmpty());
}

// The node table's filter and the graph search find the same nodes for the same text.
void TestModelDocument::tableFilterAndGraphSearchAgree() {
    const std::shared_ptr<const Graph> graph = reference_.model.graph;
    views::NodeTableModel table;
    table.setGraph(graph);
    views::NodeFilterProxyModel filter;
    filter.setSourceModel(&table);
    for (const QString& text : {QStringLiteral("Relu"), QStringLiteral("conv"), QStringLiteral("Conv"),
                                QStringLiteral("^/stem/.*Conv$"), QStringLiteral("stem.conv"),
                                QStringLiteral("Conv("), QStringLiteral("^(Relu|Add)$")}) {
        filter.setPattern(text);
        std::set<NodeId> shown;
        for (int r = 0; r < filter.rowCount(); ++r)
            shown.insert(filter.index(r, 0).data(views::NodeTableModel::NodeIdRole).toUInt());
        const std::vector<NodeId> found = findNodes(*graph, SearchRule(text));
        QVERIFY2(std::is_sorted(found.begin(), found.end()), qPrintable(text));
        QVERIFY2(shown == idsOf(found), qPrintable(text));
        QCOMPARE(filter.patternError(), SearchRule(text).error());
    }
    // What the existing tests of both expect of conv_net: the three Conv nodes, the four Relus.
    QCOMPARE(findNodes(*graph, SearchRule(QStringLiteral("Conv"))).size(), size_t{3});
    for (NodeId id : findNodes(*graph, SearchRule(QStringLiteral("Relu"))))
        QCOMPARE(graph->node(id).opType(), std::string("Relu"));
    QCOMPARE(findNodes(*graph, SearchRule(QStringLiteral("Relu"))).size(), size_t{4});
    QVERIFY(findNodes(*graph, SearchRule(QStringLiteral("conv"))).size() > 3);
    QVERIFY(findNodes(*graph, SearchRule(QStringLiteral("Conv("))).empty());
}

PASSSCOPE_GUILESS_TEST(TestModelDocument)
#include "test_model_document.moc"
