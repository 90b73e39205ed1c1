// A folder of GE graph dumps opened in the window (issue 13, docs/ge-dumps.md §6): the timeline's
// rows are GE's stages in compile order, stepping to a stage shows exactly that stage's graph
// (compared with the dump file read on its own, by tests/engine/replay/same_graph.h), the nodes a stage added
// are marked added, and a folder with a broken dump fails to load with the file named, leaving the window
// usable. Expected values come from the dump files and the engine, never from the views.
#include <filesystem>
#include <fstream>
#include <set>

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "document/model_document.h"
#include "dump/ge_dump.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "pipeline/step_changes.h"
#include "replay/same_graph.h"
#include "runner/pipeline_result.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// The conv net dumped through several stages by tools/ge_dump_writer (ge_onnx files).
QString fixtureFolder() {
    return QStringLiteral(PASSSCOPE_SOURCE_DIR "/tests/fixtures/ge_dumps/conv_net");
}

}  // namespace

class TestDumpTimeline : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void folderStepsThroughStages();
    void brokenDumpNamesTheFile();

  private:
    QTemporaryDir dir_;
};

void TestDumpTimeline::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_dump_timeline"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
}

void TestDumpTimeline::folderStepsThroughStages() {
    const dump::GeDumpSet set =
        dump::listGeDumpStages({std::filesystem::path(fixtureFolder().toStdString())});
    QVERIFY2(set.stages.size() >= 4, "the fixture has fewer stages than the test needs");

    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(fixtureFolder());
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + loadFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(loadFailed.isEmpty(),
             qPrintable(loadFailed.isEmpty() ? QString() : loadFailed.first().value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(window.document()->isDumpTimeline());

    // One position per stage; the timeline's rows name the stages in compile order.
    QCOMPARE(window.positionCount(), set.stages.size());
    const TimelineModel& timeline = *window.timelinePanel()->timelineModel();
    const auto& steps = window.pipelineResult()->journal.steps();
    QCOMPARE(steps.size(), set.stages.size() - 1);
    for (size_t k = 1; k < set.stages.size(); ++k) QCOMPARE(steps[k - 1].pass, set.stages[k].name.stage);
    bool firstRowNamed = false;
    for (int r = 0; r < timeline.rowCount(); ++r) {
        const QModelIndex index = timeline.index(r, TimelineModel::PassColumn);
        if (timeline.data(index, TimelineModel::PositionRole).toULongLong() == 0)
            firstRowNamed = timeline.data(index, Qt::DisplayRole)
                                .toString()
                                .contains(QString::fromStdString(set.stages.front().name.stage));
    }
    QVERIFY2(firstRowNamed, "position 0 does not name the first stage");

    // Every position, backwards then forwards, shows that stage's graph exactly.
    for (size_t k : {set.stages.size() - 1, size_t{0}, size_t{2}, size_t{1}, set.stages.size() - 1}) {
        window.showPosition(k);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
        const io::LoadResult stage = dump::loadGeDump(set.stages[k].file, set.stages[k].name.format);
        // Checked by an equality that shares no code with the diff the replay is built on.
        const std::string difference = test::graphDifference(*window.graphShown(), *stage.model.graph);
        QVERIFY2(difference.empty(), qPrintable(QStringLiteral("position %1 (%2): %3")
                                                    .arg(k)
                                                    .arg(QString::fromStdString(set.stages[k].name.stage),
                                                         QString::fromStdString(difference))));
    }

    // The first stage that adds TransData nodes: its boxes are marked added, as the journal says.
    const PipelineResult& result = *window.pipelineResult();
    size_t insertion = 0;
    for (size_t s = 0; s < steps.size() && !insertion; ++s)
        for (NodeId id : steps[s].addedNodes()) {
            window.showPosition(s + 1);
            QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
            const Node* n = window.graphShown()->findNode(id);
            if (n && n->opType() == "TransData") insertion = s + 1;
            if (insertion) break;
        }
    QVERIFY2(insertion > 0, "no stage of the fixture adds a TransData");
    const StepNodeChanges changes =
        classifyStep(steps[insertion - 1], ConstantNodes(result.journal, *result.optimized.graph));
    std::set<NodeId> marked, expected(changes.added.begin(), changes.added.end());
    for (const NodeItem* item : window.graphPanel()->scene()->nodeItems())
        if (item && item->look().mark == NodeLook::Mark::Added) marked.insert(item->nodeId());
    QCOMPARE(marked, expected);

    // A stage's graph exports as ONNX.
    const QString exported = dir_.filePath(QStringLiteral("stage.onnx"));
    QString error;
    QVERIFY2(window.document()->exportModel(exported, &error), qPrintable(error));
    QVERIFY(QFileInfo(exported).size() > 0);
}

void TestDumpTimeline::brokenDumpNamesTheFile() {
    // A copy of the fixture with one stage cut in half.
    const std::filesystem::path folder = dir_.filePath(QStringLiteral("broken")).toStdString();
    std::filesystem::create_directories(folder);
    const dump::GeDumpSet set =
        dump::listGeDumpStages({std::filesystem::path(fixtureFolder().toStdString())});
    for (const dump::GeDumpStage& s : set.stages)
        std::filesystem::copy_file(s.file, folder / s.file.filename());
    const std::filesystem::path cut = folder / set.stages[1].file.filename();
    const auto size = std::filesystem::file_size(cut);
    std::filesystem::resize_file(cut, size / 2);

    MainWindow window;
    window.setInteractive(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(QString::fromStdString(folder.string()));
    QTRY_VERIFY_WITH_TIMEOUT(loadFailed.count() > 0, kViewTimeoutMs);
    const QString message = loadFailed.first().value(0).toString();
    QVERIFY2(message.contains(QString::fromStdString(cut.filename().string())), qPrintable(message));
    QVERIFY(window.isVisible());
    QVERIFY(!window.isBusy());
}

PASSSCOPE_GUI_TEST(TestDumpTimeline)
#include "test_dump_timeline.moc"
