// The pass timeline on real pipeline runs of the bundled samples: the table model's rows and
// roles, the filter that hides passes that changed nothing, the panel's stepping actions, keys
// and chart clicks, and the chart's series checked against a brute-force recount at every step.
#include <QAction>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "compile/run_pipeline.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "io/model_loader.h"
#include "pipeline/step_changes.h"
#include "timeline/pass_chart.h"
#include "timeline/pipeline_series.h"
#include "timeline/timeline_filter_proxy.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using passscope::classifyStep;
using passscope::ConstantNodes;
using passscope::Graph;
using passscope::JournalCursor;
using passscope::JournalStep;
using passscope::NodeId;
using passscope::PipelineOptions;
using passscope::StepNodeChanges;
using passscope::views::LoadedModel;
using passscope::views::PassChart;
using passscope::views::PipelineResult;
using passscope::views::PipelineSeries;
using passscope::views::TimelineFilterProxy;
using passscope::views::TimelineModel;
using passscope::views::TimelinePanel;

using namespace passscope::guitest;

namespace {

// A run as PipelineRunner builds it, made synchronously; the series is left empty on purpose so
// that the code under test computes it.
std::shared_ptr<const PipelineResult> runPipeline(const QString& path, const PipelineOptions& options = {}) {
    auto source = std::make_shared<LoadedModel>();
    source->path = path;
    source->model = passscope::io::loadModel(path.toStdString()).model;
    auto result = std::make_shared<PipelineResult>();
    result->source = source;
    result->options = options;
    result->optimized = source->model.clone();
    result->run = passscope::runPipeline(result->optimized, options, &result->journal);
    return result;
}

// The slow, obvious way: move a cursor to the position and look at every node.
std::pair<size_t, uint64_t> recount(const Graph& g) {
    size_t nodes = 0;
    uint64_t bytes = 0;
    for (const passscope::Node* n : g.nodes()) {
        ++nodes;
        bytes += passscope::views::constantPayloadBytes(*n);
    }
    return {nodes, bytes};
}

void checkSeriesAgainstRecount(const PipelineResult& result) {
    const PipelineSeries series = passscope::views::computeSeries(result);
    const auto& steps = result.journal.steps();
    QCOMPARE(series.positions(), steps.size() + 1);
    JournalCursor cursor(result.journal, *result.optimized.graph);
    for (size_t k = 0; k <= steps.size(); ++k) {
        cursor.moveTo(k);
        const auto [nodes, bytes] = recount(cursor.graph());
        QCOMPARE(cursor.graph().nodeCount(), nodes);
        QCOMPARE(series.nodeCounts[k], nodes);
        QCOMPARE(series.constantBytes[k], bytes);
    }
}

// Both curves move on the samples, so a series stuck at its first value cannot pass.
void checkSeriesMoves(const PipelineResult& result) {
    const PipelineSeries series = passscope::views::computeSeries(result);
    QVERIFY(series.nodeCounts.front() != series.nodeCounts.back());
    QVERIFY(series.constantBytes.front() != series.constantBytes.back());
}

// Source rows the filter shows, in order.
QList<int> visibleSourceRows(const TimelineFilterProxy& filter) {
    QList<int> rows;
    for (int r = 0; r < filter.rowCount(); ++r) rows << filter.mapToSource(filter.index(r, 0)).row();
    return rows;
}

size_t firstUnchangedPosition(const PipelineResult& result) {
    const auto& steps = result.journal.steps();
    for (size_t i = 0; i < steps.size(); ++i)
        if (!steps[i].changed) return i + 1;
    return 0;
}

}  // namespace

class TestTimeline : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void modelHasOneRowPerPositionPlusOriginal();
    void modelColumnsShowStepCounts();
    void filterHidesExactlyUnchangedSteps();
    void seriesMatchesRecountConvNet();
    void seriesMatchesRecountTransformer();
    void seriesCountsConstantValueEdits();
    void panelStartsAtLastPosition();
    void actionsStepAndEmit();
    void actionsSkipHiddenSteps();
    void setPositionSelectsRowWithoutEmitting();
    void setPositionSnapsToVisibleRow();
    void hidingTheShownRowMovesToVisibleOne();
    void arrowKeysStep();
    void chartClickSelectsPosition();
    void chartToolTipNamesPass();
    void progressRowAndCancel();
    void largeModelSeries();

  private:
    std::shared_ptr<const PipelineResult> result_;
};

void TestTimeline::initTestCase() {
    result_ = runPipeline(sample("conv_net.onnx"));
    QVERIFY(result_->journal.steps().size() > 5);
    QVERIFY2(firstUnchangedPosition(*result_) > 0, "conv_net should have pass runs that change nothing");
}

void TestTimeline::modelHasOneRowPerPositionPlusOriginal() {
    TimelineModel model;
    QCOMPARE(model.rowCount(), 0);
    model.setResult(result_);
    const size_t steps = result_->journal.steps().size();
    QCOMPARE(model.rowCount(), static_cast<int>(steps + 1));
    QCOMPARE(model.index(0, TimelineModel::PassColumn).data().toString(), QStringLiteral("Original model"));
    QVERIFY(model.index(0, 0).data(TimelineModel::ChangedRole).toBool());
    for (int row = 0; row < model.rowCount(); ++row) {
        QCOMPARE(model.positionForRow(row), static_cast<size_t>(row));
        QCOMPARE(model.rowForPosition(static_cast<size_t>(row)), row);
        QCOMPARE(model.index(row, 0).data(TimelineModel::PositionRole).toULongLong(),
                 static_cast<qulonglong>(row));
    }
    QCOMPARE(model.rowForPosition(steps + 10), static_cast<int>(steps));  // clamped
    model.setResult(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestTimeline::modelColumnsShowStepCounts() {
    TimelineModel model;
    model.setResult(result_);
    const auto& steps = result_->journal.steps();
    const ConstantNodes constants(result_->journal, *result_->optimized.graph);
    bool sawRemoval = false, sawConstants = false;
    for (size_t i = 0; i < steps.size(); ++i) {
        const JournalStep& s = steps[i];
        const int row = static_cast<int>(i + 1);
        auto cell = [&](int column) { return model.index(row, column).data(); };
        QCOMPARE(cell(TimelineModel::StepColumn).toInt(), row);
        QCOMPARE(cell(TimelineModel::PassColumn).toString(), QString::fromStdString(s.pass));
        QCOMPARE(cell(TimelineModel::StageColumn).toString(), QString::fromStdString(s.stage));
        QCOMPARE(cell(TimelineModel::IterationColumn).toInt(), s.iteration);
        // Constants are counted apart from the computing nodes (step_changes.h; engine tests cover
        // the sorting itself): every node the journal recorded lands in exactly one column.
        const StepNodeChanges c = classifyStep(s, constants);
        QCOMPARE(cell(TimelineModel::AddedColumn).toInt(), static_cast<int>(c.added.size()));
        QCOMPARE(cell(TimelineModel::RemovedColumn).toInt(), static_cast<int>(c.removed.size()));
        QCOMPARE(cell(TimelineModel::EditedColumn).toInt(), static_cast<int>(c.edited.size()));
        QCOMPARE(cell(TimelineModel::ConstantsColumn).toInt(), static_cast<int>(c.constants.size()));
        QVERIFY(c.added.size() <= s.addedNodes().size());
        QVERIFY(c.removed.size() <= s.removedNodes().size());
        QVERIFY(c.edited.size() <= s.editedNodes().size());
        for (NodeId id : c.constants) QVERIFY(constants.contains(id));
        sawConstants |= !c.constants.empty();
        QCOMPARE(cell(TimelineModel::UnfoldedColumn).toInt(), static_cast<int>(s.unfolded.size()));
        QVERIFY(std::abs(cell(TimelineModel::TimeColumn).toString().toDouble() - s.seconds * 1000) < 0.01);
        QCOMPARE(model.index(row, 0).data(TimelineModel::ChangedRole).toBool(), s.changed);
        const QString tip = model.index(row, 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QString::fromStdString(s.pass)), qPrintable(tip));
        sawRemoval |= !s.removedNodes().empty();
    }
    QVERIFY(sawRemoval);
    QVERIFY(sawConstants);  // the sample's folding makes constants
}

void TestTimeline::filterHidesExactlyUnchangedSteps() {
    TimelineModel model;
    model.setResult(result_);
    TimelineFilterProxy filter;
    filter.setSourceModel(&model);
    QCOMPARE(filter.rowCount(), model.rowCount());
    filter.setHideUnchanged(true);
    QList<int> expected{0};
    const auto& steps = result_->journal.steps();
    for (size_t i = 0; i < steps.size(); ++i)
        if (steps[i].changed) expected << static_cast<int>(i + 1);
    QVERIFY(expected.size() < model.rowCount());
    QCOMPARE(visibleSourceRows(filter), expected);
    filter.setHideUnchanged(false);
    QCOMPARE(filter.rowCount(), model.rowCount());
}

void TestTimeline::seriesMatchesRecountConvNet() {
    checkSeriesAgainstRecount(*result_);
    checkSeriesMoves(*result_);
}

void TestTimeline::seriesMatchesRecountTransformer() {
    const auto result = runPipeline(sample("transformer_block.onnx"));
    checkSeriesAgainstRecount(*result);
    checkSeriesMoves(*result);
}

// A step that rewrites a Const's payload in place (no node added or removed) still moves the
// byte series: the walk re-reads nodes whose "value" changed.
void TestTimeline::seriesCountsConstantValueEdits() {
    auto source = std::make_shared<LoadedModel>();
    source->model = passscope::io::loadModel(sample("conv_net.onnx").toStdString()).model;
    auto result = std::make_shared<PipelineResult>();
    result->source = source;
    result->optimized = source->model.clone();
    Graph& g = *result->optimized.graph;
    const passscope::Node* constant = nullptr;
    for (const passscope::Node* n : g.nodes())
        if (passscope::views::constantPayloadBytes(*n) > 16) constant = n;
    QVERIFY(constant);
    const size_t oldBytes = constant->attrTensor("value")->byteSize();
    const auto bytes = std::make_shared<passscope::StringBuffer>(std::string(oldBytes * 2, '\0'));
    std::vector<int64_t> dims{static_cast<int64_t>(oldBytes * 2)};
    result->journal.begin(g);
    result->journal.beginStep("GrowConstant", "Test", 1);
    g.setAttribute(constant->id(), passscope::Attribute::makeTensor(
                                       "value", passscope::Tensor(passscope::DataType::UInt8, dims, bytes)));
    result->journal.endStep(0, {}, {});
    result->journal.end();
    const PipelineSeries series = passscope::views::computeSeries(*result);
    QCOMPARE(series.positions(), size_t(2));
    QCOMPARE(series.nodeCounts[0], series.nodeCounts[1]);
    QCOMPARE(series.constantBytes[1] - series.constantBytes[0], static_cast<uint64_t>(oldBytes));
    checkSeriesAgainstRecount(*result);
}

void TestTimeline::panelStartsAtLastPosition() {
    TimelinePanel panel;
    QCOMPARE(panel.position(), size_t(0));
    QVERIFY(!panel.nextAction()->isEnabled());
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    panel.setResult(result_);
    const size_t last = result_->journal.steps().size();
    QCOMPARE(panel.position(), last);
    QCOMPARE(panel.tableView()->currentIndex().row(), static_cast<int>(last));
    QCOMPARE(panel.chart()->position(), last);
    QVERIFY(!panel.nextAction()->isEnabled());
    QVERIFY(panel.previousAction()->isEnabled());
    QCOMPARE(selected.size(), 0);
}

void TestTimeline::actionsStepAndEmit() {
    TimelinePanel panel;
    panel.setResult(result_);
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    const size_t last = result_->journal.steps().size();

    panel.firstAction()->trigger();
    QCOMPARE(panel.position(), size_t(0));
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.takeFirst().at(0).value<size_t>(), size_t(0));
    QVERIFY(!panel.previousAction()->isEnabled());

    panel.nextAction()->trigger();
    panel.nextAction()->trigger();
    QCOMPARE(panel.position(), size_t(2));
    QCOMPARE(selected.size(), 2);
    QCOMPARE(selected.at(1).at(0).value<size_t>(), size_t(2));
    QCOMPARE(panel.tableView()->currentIndex().row(), 2);
    QCOMPARE(panel.chart()->position(), size_t(2));

    panel.previousAction()->trigger();
    QCOMPARE(panel.position(), size_t(1));
    panel.lastAction()->trigger();
    QCOMPARE(panel.position(), last);
    QCOMPARE(selected.size(), 4);
    QCOMPARE(selected.last().at(0).value<size_t>(), last);
    panel.nextAction()->trigger();  // at the end: nothing happens
    QCOMPARE(panel.position(), last);
    QCOMPARE(selected.size(), 4);
}

void TestTimeline::actionsSkipHiddenSteps() {
    TimelinePanel panel;
    panel.setResult(result_);
    panel.setHideUnchanged(true);
    QVERIFY(panel.hidesUnchanged());
    QVERIFY(panel.hideUnchangedBox()->isChecked());
    panel.firstAction()->trigger();
    QCOMPARE(panel.position(), size_t(0));
    const auto& steps = result_->journal.steps();
    size_t expected = 0;
    for (int i = 0; i < 3; ++i) {
        do ++expected;
        while (!steps[expected - 1].changed);
        panel.nextAction()->trigger();
        QCOMPARE(panel.position(), expected);
    }
}

void TestTimeline::setPositionSelectsRowWithoutEmitting() {
    TimelinePanel panel;
    panel.setResult(result_);
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    panel.setPosition(3);
    QCOMPARE(panel.position(), size_t(3));
    QCOMPARE(panel.tableView()->currentIndex().row(), 3);
    QVERIFY(panel.tableView()->selectionModel()->isRowSelected(3, {}));
    QCOMPARE(panel.tableView()->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(panel.chart()->position(), size_t(3));
    QCOMPARE(selected.size(), 0);
}

void TestTimeline::setPositionSnapsToVisibleRow() {
    TimelinePanel panel;
    panel.setResult(result_);
    panel.setHideUnchanged(true);
    const size_t hidden = firstUnchangedPosition(*result_);
    size_t expected = hidden - 1;
    while (expected > 0 && !result_->journal.steps()[expected - 1].changed) --expected;
    panel.setPosition(hidden);
    QCOMPARE(panel.position(), expected);
    // Hiding by program does not signal the move off a hidden row (the caller sets the position).
    panel.setHideUnchanged(false);
    panel.setPosition(hidden);
    QCOMPARE(panel.position(), hidden);
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    QSignalSpy hideChanged(&panel, &TimelinePanel::hideUnchangedChanged);
    panel.setHideUnchanged(true);
    QCOMPARE(panel.position(), expected);
    QCOMPARE(selected.size(), 0);
    QCOMPARE(hideChanged.size(), 1);
    const QModelIndex current = panel.tableView()->currentIndex();
    QCOMPARE(panel.timelineFilter()->mapToSource(current).row(), static_cast<int>(expected));
}

void TestTimeline::hidingTheShownRowMovesToVisibleOne() {
    TimelinePanel panel;
    panel.setResult(result_);
    const size_t hidden = firstUnchangedPosition(*result_);
    panel.setPosition(hidden);
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    QSignalSpy hideChanged(&panel, &TimelinePanel::hideUnchangedChanged);
    panel.hideUnchangedBox()->click();
    QVERIFY(panel.hidesUnchanged());
    QCOMPARE(hideChanged.size(), 1);
    QVERIFY(panel.position() < hidden);
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().at(0).value<size_t>(), panel.position());
    QVERIFY(panel.tableView()->currentIndex().isValid());
}

void TestTimeline::arrowKeysStep() {
    TimelinePanel panel;
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setResult(result_);
    panel.setPosition(2);
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    panel.tableView()->setFocus();
    QTest::keyClick(panel.tableView(), Qt::Key_Down);
    QCOMPARE(panel.position(), size_t(3));
    QTest::keyClick(panel.tableView(), Qt::Key_Up);
    QTest::keyClick(panel.tableView(), Qt::Key_Up);
    QCOMPARE(panel.position(), size_t(1));
    QCOMPARE(selected.size(), 3);
    QCOMPARE(selected.last().at(0).value<size_t>(), size_t(1));
}

void TestTimeline::chartClickSelectsPosition() {
    TimelinePanel panel;
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setResult(result_);
    PassChart* chart = panel.chart();
    QCOMPARE(chart->series().positions(), result_->journal.steps().size() + 1);
    QSignalSpy selected(&panel, &TimelinePanel::positionSelected);
    const QPoint at(qRound(chart->xForPosition(4)), qRound(chart->plotRect().center().y()));
    QCOMPARE(chart->positionAt(at), size_t(4));
    QTest::mouseClick(chart, Qt::LeftButton, {}, at);
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().at(0).value<size_t>(), size_t(4));
    QCOMPARE(panel.position(), size_t(4));
    QCOMPARE(panel.tableView()->currentIndex().row(), 4);
    QCOMPARE(chart->position(), size_t(4));
    // Off the plot to the left: the first position.
    QTest::mouseClick(chart, Qt::LeftButton, {}, QPoint(1, at.y()));
    QCOMPARE(panel.position(), size_t(0));
    QVERIFY(!chart->grab().isNull());  // paints without crashing
}

void TestTimeline::chartToolTipNamesPass() {
    PassChart chart;
    chart.setResult(result_);
    const JournalStep& s = result_->journal.steps()[2];
    const QString tip = chart.toolTipFor(3);
    QVERIFY2(tip.contains(QString::fromStdString(s.pass)), qPrintable(tip));
    QVERIFY2(tip.contains(QLocale().toString(static_cast<qulonglong>(chart.series().nodeCounts[3]))),
             qPrintable(tip));
    QVERIFY(chart.toolTipFor(0).contains(QStringLiteral("Original model")));
    PassChart empty;
    QVERIFY(empty.toolTipFor(0).isEmpty());
    QVERIFY(!empty.grab().isNull());
}

void TestTimeline::progressRowAndCancel() {
    TimelinePanel panel;
    QSignalSpy cancel(&panel, &TimelinePanel::cancelRequested);
    QVERIFY(!panel.isShowingProgress());
    panel.showRunning(7, QStringLiteral("Stage1 / ConstantFoldingPass"));
    QVERIFY(panel.isShowingProgress());
    panel.cancelButton()->click();
    QCOMPARE(cancel.size(), 1);
    panel.showIdle();
    QVERIFY(!panel.isShowingProgress());
}

// Opt-in (PASSSCOPE_LARGE_MODEL=path to a model from passscope-make-large-model): prints how long
// the series takes and checks it against the recount. A figure, not a timed assertion.
void TestTimeline::largeModelSeries() {
    const QString path = qEnvironmentVariable("PASSSCOPE_LARGE_MODEL");
    if (path.isEmpty()) QSKIP("set PASSSCOPE_LARGE_MODEL to a large model to measure computeSeries");
    QElapsedTimer clock;
    clock.start();
    const auto result = runPipeline(path);
    const qint64 runMs = clock.restart();
    const PipelineSeries series = passscope::views::computeSeries(*result);
    const qint64 seriesMs = clock.restart();
    qInfo("%zu nodes, %zu steps: pipeline %lld ms, computeSeries %lld ms",
          result->source->model.graph->nodeCount(), result->journal.steps().size(), runMs, seriesMs);
    { JournalCursor copyOnly(result->journal, *result->optimized.graph); }
    qInfo("of which the cursor's copy of the graph: about %lld ms", clock.restart());
    QCOMPARE(series.positions(), result->journal.steps().size() + 1);
    checkSeriesAgainstRecount(*result);
    qInfo("brute-force recount at every position: %lld ms", clock.elapsed());
}

PASSSCOPE_GUI_TEST(TestTimeline)
#include "test_timeline.moc"
