// PipelineRunner on the bundled conv_net sample: the journal it produces is the engine's, the
// source model is never touched, --no-fold pins reach the engine, cancel and supersede drop the
// result, bad pins end in failed() with a message.
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include "background_jobs.h"
#include "compile/run_pipeline.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "runner/pipeline_runner.h"

using passscope::Graph;
using passscope::Journal;
using passscope::JournalStep;
using passscope::Model;
using passscope::PipelineOptions;
using passscope::test::allJobsDelivered;
using passscope::views::LoadedModel;
using passscope::views::PipelineResult;
using passscope::views::PipelineRunner;

using namespace passscope::guitest;

namespace {

constexpr int kRunTimeoutMs = 60000;
// Folded by the default pipeline (README of the samples: input normalisation).
const std::string kFoldedNode = "/preprocess/std/Sqrt";

const passscope::Node* findByName(const Graph& g, const std::string& name) {
    for (const passscope::Node* n : g.nodes())
        if (n->name() == name) return n;
    return nullptr;
}

// The names of a graph's nodes with their op types, to compare two graphs' content.
std::vector<std::string> describe(const Graph& g) {
    std::vector<std::string> out;
    for (const passscope::Node* n : g.nodes()) out.push_back(n->name() + "|" + n->opType());
    return out;
}

std::shared_ptr<const PipelineResult> waitForResult(PipelineRunner& runner, QSignalSpy& finished) {
    if (finished.isEmpty() && !finished.wait(kRunTimeoutMs)) return nullptr;
    return finished.takeFirst().at(0).value<std::shared_ptr<const PipelineResult>>();
}

}  // namespace

class TestPipelineRunner : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void cleanup();
    void journalMatchesEngine();
    void sourceModelIsNotModified();
    void progressIsReportedOnTheUiThread();
    void noFoldKeepsNode();
    void cancelEmitsCancelledNotFinished();
    void cancelAfterCompletionStillCancels();
    void unknownNoFoldNameFails();
    void unknownInputShapeFails();
    void newRunSupersedesOlder();
    void destroyingWhileRunningIsSafe();

  private:
    std::shared_ptr<const LoadedModel> source_;
    std::vector<std::string> sourceNodes_;
};

void TestPipelineRunner::initTestCase() {
    auto loaded = std::make_shared<LoadedModel>();
    loaded->path = kConvNetSample;
    loaded->model = passscope::io::loadModel(kConvNetSample.toStdString()).model;
    QVERIFY(loaded->model.graph);
    sourceNodes_ = describe(*loaded->model.graph);
    source_ = loaded;
}

void TestPipelineRunner::cleanup() {
    QThreadPool::globalInstance()->waitForDone();  // no worker outlives a test
}

void TestPipelineRunner::journalMatchesEngine() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    QSignalSpy started(&runner, &PipelineRunner::started);
    runner.run(source_, PipelineOptions{});
    QCOMPARE(started.size(), 1);  // synchronously
    QVERIFY(runner.isBusy());
    const auto result = waitForResult(runner, finished);
    QVERIFY(result);
    QVERIFY(!runner.isBusy());

    // The engine run directly on a copy, with the same options.
    Model direct = source_->model.clone();
    Journal journal;
    passscope::runPipeline(direct, PipelineOptions{}, &journal);

    const auto& got = result->journal.steps();
    const auto& want = journal.steps();
    QVERIFY(want.size() > 5);
    QCOMPARE(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        QCOMPARE(got[i].pass, want[i].pass);
        QCOMPARE(got[i].stage, want[i].stage);
        QCOMPARE(got[i].iteration, want[i].iteration);
        QCOMPARE(got[i].changed, want[i].changed);
        QCOMPARE(got[i].addedNodes(), want[i].addedNodes());
        QCOMPARE(got[i].removedNodes(), want[i].removedNodes());
        QCOMPARE(got[i].editedNodes(), want[i].editedNodes());
        QCOMPARE(got[i].stats.value("folded_nodes"), want[i].stats.value("folded_nodes"));
    }
    QCOMPARE(describe(*result->optimized.graph), describe(*direct.graph));
    QVERIFY(result->optimized.graph->nodeCount() < source_->model.graph->nodeCount());
    QCOMPARE(result->source, source_);
    QVERIFY(result->wallSeconds > 0);
    // The chart's series comes with the result, one entry per position.
    QCOMPARE(result->series.positions(), got.size() + 1);
    QCOMPARE(result->series.nodeCounts.back(), result->optimized.graph->nodeCount());
    QCOMPARE(result->series.nodeCounts.front(), source_->model.graph->nodeCount());
}

void TestPipelineRunner::sourceModelIsNotModified() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    PipelineOptions options;
    options.noFold.insert(kFoldedNode);  // pins set an attribute: it must land on the copy
    runner.run(source_, options);
    const auto result = waitForResult(runner, finished);
    QVERIFY(result);
    QVERIFY(result->optimized.graph.get() != source_->model.graph.get());
    QCOMPARE(describe(*source_->model.graph), sourceNodes_);
    const passscope::Node* pinned = findByName(*source_->model.graph, kFoldedNode);
    QVERIFY(pinned);
    QVERIFY(!pinned->hasAttr(passscope::op::attr::kDoNotConstantFolding));
    QVERIFY(!source_->model.graph->observer());  // the journal never recorded the source
}

void TestPipelineRunner::progressIsReportedOnTheUiThread() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    QList<int> steps;
    QStringList passes;
    connect(&runner, &PipelineRunner::progress, this, [&](int done, const QString& pass) {
        QCOMPARE(QThread::currentThread(), thread());
        steps << done;
        passes << pass;
    });
    runner.run(source_, PipelineOptions{});
    const auto result = waitForResult(runner, finished);
    QVERIFY(result);
    QVERIFY(!steps.isEmpty());
    // Sampled, so at most one signal per pass run, in increasing order, ending on the total.
    QVERIFY(static_cast<size_t>(steps.size()) <= result->journal.steps().size());
    for (int i = 1; i < steps.size(); ++i) QVERIFY(steps[i] > steps[i - 1]);
    QCOMPARE(static_cast<size_t>(steps.back()), result->journal.steps().size());
    const JournalStep& last = result->journal.steps().back();
    QVERIFY2(passes.back().endsWith(QString::fromStdString(last.pass)), qPrintable(passes.back()));
}

void TestPipelineRunner::noFoldKeepsNode() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    runner.run(source_, PipelineOptions{});
    const auto folded = waitForResult(runner, finished);
    QVERIFY(folded);
    QVERIFY2(!findByName(*folded->optimized.graph, kFoldedNode), "the default pipeline should fold it");

    PipelineOptions options;
    options.noFold.insert(kFoldedNode);
    runner.run(source_, options);
    const auto kept = waitForResult(runner, finished);
    QVERIFY(kept);
    QCOMPARE(kept->options.noFold, options.noFold);
    const passscope::Node* node = findByName(*kept->optimized.graph, kFoldedNode);
    QVERIFY(node);
    QCOMPARE(node->opType(), std::string("Sqrt"));
    QVERIFY(node->hasAttr(passscope::op::attr::kDoNotConstantFolding));
}

void TestPipelineRunner::cancelEmitsCancelledNotFinished() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    QSignalSpy failed(&runner, &PipelineRunner::failed);
    QSignalSpy cancelled(&runner, &PipelineRunner::cancelled);
    runner.run(source_, PipelineOptions{});
    runner.cancel();
    QVERIFY(cancelled.wait(kRunTimeoutMs));
    QCOMPARE(cancelled.size(), 1);
    QVERIFY(!runner.isBusy());
    QVERIFY(allJobsDelivered(runner, kRunTimeoutMs));  // nothing else can follow now
    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(finished.size(), 0);
    QCOMPARE(failed.size(), 0);
}

void TestPipelineRunner::cancelAfterCompletionStillCancels() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    QSignalSpy cancelled(&runner, &PipelineRunner::cancelled);
    runner.run(source_, PipelineOptions{});
    // Let the worker finish without letting the UI thread deliver its result.
    QThreadPool::globalInstance()->waitForDone();
    runner.cancel();
    QVERIFY(cancelled.wait(kRunTimeoutMs));
    QCOMPARE(finished.size(), 0);
    // The runner is usable afterwards.
    runner.run(source_, PipelineOptions{});
    QVERIFY(waitForResult(runner, finished));
    QCOMPARE(cancelled.size(), 1);
}

void TestPipelineRunner::unknownNoFoldNameFails() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    QSignalSpy failed(&runner, &PipelineRunner::failed);
    PipelineOptions options;
    options.noFold.insert("/no/such/node");
    runner.run(source_, options);
    QVERIFY(failed.wait(kRunTimeoutMs));
    const QString message = failed.takeFirst().at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("/no/such/node")), qPrintable(message));
    QCOMPARE(finished.size(), 0);
    QVERIFY(!runner.isBusy());
}

void TestPipelineRunner::unknownInputShapeFails() {
    PipelineRunner runner;
    QSignalSpy failed(&runner, &PipelineRunner::failed);
    PipelineOptions options;
    options.addInputShape("not_an_input:1,3,32,32");
    runner.run(source_, options);
    QVERIFY(failed.wait(kRunTimeoutMs));
    const QString message = failed.takeFirst().at(0).toString();
    // The engine's own message (std::invalid_argument from runPipeline).
    QVERIFY2(message.contains(QStringLiteral("not_an_input")) &&
                 message.contains(QStringLiteral("not a graph input")),
             qPrintable(message));
}

void TestPipelineRunner::newRunSupersedesOlder() {
    PipelineRunner runner;
    QSignalSpy finished(&runner, &PipelineRunner::finished);
    QSignalSpy cancelled(&runner, &PipelineRunner::cancelled);
    QSignalSpy failed(&runner, &PipelineRunner::failed);
    PipelineOptions first;
    first.noFold.insert(kFoldedNode);
    runner.run(source_, first);
    runner.run(source_, PipelineOptions{});
    const auto result = waitForResult(runner, finished);
    QVERIFY(result);
    QVERIFY(allJobsDelivered(runner, kRunTimeoutMs));  // the first run's outcome was delivered and dropped
    QCOMPARE(finished.size(), 0);
    QVERIFY(result->options.noFold.empty());  // the second run's result
    QVERIFY(!findByName(*result->optimized.graph, kFoldedNode));
    QCOMPARE(cancelled.size(), 0);
    QCOMPARE(failed.size(), 0);
}

// Destroying the runner cancels its run: the worker stops, drops its copy of the model and its
// outcome, and nothing is delivered to the destroyed runner (under ASan a late delivery would
// be a use after free). Signals emitted during destruction would reach receivers with a
// half-destroyed sender: there must be none.
void TestPipelineRunner::destroyingWhileRunningIsSafe() {
    const long sourceUsers = source_.use_count();
    auto* runner = new PipelineRunner;
    QSignalSpy destroyed(runner, &QObject::destroyed);
    int outcomes = 0;
    QObject receiver;
    connect(runner, &PipelineRunner::cancelled, &receiver, [&outcomes] { ++outcomes; });
    connect(runner, &PipelineRunner::failed, &receiver, [&outcomes] { ++outcomes; });
    connect(runner, &PipelineRunner::finished, &receiver, [&outcomes] { ++outcomes; });
    runner->run(source_, PipelineOptions{});
    QVERIFY(runner->isBusy());
    QVERIFY(source_.use_count() > sourceUsers);  // the worker holds the model while it runs
    delete runner;
    QCOMPARE(destroyed.size(), 1);
    QCOMPARE(outcomes, 0);
    // The worker ends (it was cancelled) and releases the model: nothing keeps running or leaks.
    QVERIFY(QThreadPool::globalInstance()->waitForDone(kRunTimeoutMs));
    QTRY_COMPARE_WITH_TIMEOUT(source_.use_count(), sourceUsers, kRunTimeoutMs);
    QCOMPARE(outcomes, 0);
    // A new runner works afterwards.
    PipelineRunner again;
    QSignalSpy finished(&again, &PipelineRunner::finished);
    again.run(source_, PipelineOptions{});
    QVERIFY(waitForResult(again, finished));
}

PASSSCOPE_GUI_TEST(TestPipelineRunner)
#include "test_pipeline_runner.moc"
