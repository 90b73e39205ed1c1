// Stepping through format refinement in the GUI (issue 10's GUI acceptance): sample (a) run at
// target GE. The timeline lists the format passes under their own stages (InferFormatStage1/2 in
// Prepare, "FormatSelection", "FormatOptimize"); at the TransDataInsertionPass step the storage-
// format overlay marks exactly the TransData nodes the journal says the step added, coloured by
// their storage format and framed as TransData; at the OptimizeStage2 folding step the TransData
// nodes folded into constants are ghosts marked removed. Expected sets come from the journal
// (engine/pipeline/step_changes.h classifies a step's changes) and the graphs at the positions
// around the step, never from the views under test.
#include <algorithm>
#include <map>
#include <set>

#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleOptionGraphicsItem>
#include <QTest>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/item_style.h"
#include "graph/node_item.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "ir/op_types.h"
#include "main_window.h"
#include "pipeline/step_changes.h"
#include "runner/pipeline_result.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// The passes of stage FormatOptimize (GE's names, docs/ge-formats.md): seven trans-op passes and
// variable fusion (docs/ge-variables.md §6).
const std::set<QString> kFormatOptimizePasses = {
    QStringLiteral("TransOpSymmetryEliminationPass"),  QStringLiteral("TransOpBreadthFusionPass"),
    QStringLiteral("TransOpWithoutReshapeFusionPass"), QStringLiteral("TransposeTransDataPass"),
    QStringLiteral("UnchangedTransposeRemovePass"),    QStringLiteral("CastRemovePass"),
    QStringLiteral("Dim1TransposeToSqueezePass"),      QStringLiteral("VariableOpPass")};

struct TimelineRow {
    QString stage;
    QString pass;
};

std::vector<TimelineRow> timelineRows(const TimelineModel& model) {
    std::vector<TimelineRow> rows;
    for (int r = 1; r < model.rowCount(); ++r)
        rows.push_back({model.data(model.index(r, TimelineModel::StageColumn)).toString(),
                        model.data(model.index(r, TimelineModel::PassColumn)).toString()});
    return rows;
}

// Ids among `ids` whose node in `g` is a TransData.
std::set<NodeId> transDataAmong(const Graph& g, const std::vector<NodeId>& ids) {
    std::set<NodeId> out;
    for (NodeId id : ids)
        if (const Node* n = g.findNode(id); n && n->opType() == op::kTransData) out.insert(id);
    return out;
}

// Whether the picture of `item` (drawn at scale 1) has a pixel of `color` on the box's left side,
// a few pixels in from the edge, below the header: where the overlay's border ring lies.
bool drawsColorInsideLeftEdge(const NodeItem& item, const QColor& color) {
    const QRectF box = item.boundingRect();
    QImage image(box.size().toSize() + QSize(2, 2), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.translate(-box.topLeft() + QPointF(1, 1));
    QStyleOptionGraphicsItem option;
    const_cast<NodeItem&>(item).paint(&painter, &option, nullptr);
    painter.end();
    const int y = image.height() * 3 / 4;
    for (int x = 0; x < std::min(14, image.width()); ++x) {
        const QColor c = image.pixelColor(x, y);
        if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                std::abs(c.blue() - color.blue()) <
            40)
            return true;
    }
    return false;
}

QString dimsLabel(const Shape& shape) {
    QStringList dims;
    for (const Dim& d : shape.dims()) dims << QString::number(d.value);
    return dims.join(QChar(0xd7));
}

}  // namespace

class TestFormatSteps : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void timelineShowsFormatStages();
    void insertionStepMarksAddedTransData();
    void foldingStepGhostsFoldedTransData();
    void storageOverlayShowsStoredWeightShapes();

  private:
    // Opens sample (a) at target GE and waits for the pipeline and the layout.
    void openAtTargetGe(MainWindow& window);
    // The index of the first journal step of `pass` in `stage` that changed the graph, or -1.
    static int stepOf(const PipelineResult& result, const std::string& stage, const std::string& pass);
};

void TestFormatSteps::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_format_steps"));
    QSettings().clear();
}

void TestFormatSteps::openAtTargetGe(MainWindow& window) {
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    PipelineOptions options;
    options.set("passscope.target", "ge");
    window.setPipelineOptions(options);
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(kConvNetSample);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() + loadFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY2(loadFailed.isEmpty(), qPrintable(loadFailed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    QVERIFY(window.pipelineResult());
    QCOMPARE(window.pipelineResult()->options.target, Target::Ge);
}

int TestFormatSteps::stepOf(const PipelineResult& result, const std::string& stage, const std::string& pass) {
    const auto& steps = result.journal.steps();
    for (size_t k = 0; k < steps.size(); ++k)
        if (steps[k].stage == stage && steps[k].pass == pass && steps[k].changed && steps[k].graph.empty())
            return static_cast<int>(k);
    return -1;
}

// The format passes have rows of their own, under their own stages, in pipeline order:
// InferFormat in Prepare, then FormatSelection, then FormatOptimize, then OptimizeStage2.
void TestFormatSteps::timelineShowsFormatStages() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    const TimelineModel& model = *window.timelinePanel()->timelineModel();
    const std::vector<TimelineRow> rows = timelineRows(model);
    QCOMPARE(rows.size(), window.pipelineResult()->journal.steps().size());

    // The pass manager runs InferShape between stages (GE does too: engine/pipeline/pass_manager.cpp).
    const QString inferShape = QStringLiteral("InferShape");
    std::map<QString, std::set<QString>> passesOfStage;
    std::map<QString, int> firstRowOfStage, lastRowOfStage;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        if (rows[r].pass != inferShape) passesOfStage[rows[r].stage].insert(rows[r].pass);
        if (!firstRowOfStage.count(rows[r].stage)) firstRowOfStage[rows[r].stage] = r;
        lastRowOfStage[rows[r].stage] = r;
    }
    const QString selection = QStringLiteral("FormatSelection"), optimize = QStringLiteral("FormatOptimize");
    auto names = [](const std::set<QString>& passes) {
        return QStringList(passes.begin(), passes.end()).join(QLatin1Char(','));
    };
    const std::set<QString> selectionPasses{QStringLiteral("StorageFormatSelectionPass"),
                                            QStringLiteral("TransDataInsertionPass")};
    QVERIFY2(passesOfStage[selection] == selectionPasses, qPrintable(names(passesOfStage[selection])));
    QVERIFY2(passesOfStage[optimize] == kFormatOptimizePasses, qPrintable(names(passesOfStage[optimize])));
    for (const QString& infer : {QStringLiteral("InferFormatStage1"), QStringLiteral("InferFormatStage2"),
                                 QStringLiteral("PrepareRunningFormatRefiner")}) {
        QVERIFY2(passesOfStage[QStringLiteral("Prepare")].count(infer), qPrintable(infer));
        for (const auto& [stage, passes] : passesOfStage)
            if (stage != QStringLiteral("Prepare"))
                QVERIFY2(!passes.count(infer), qPrintable(infer + QStringLiteral(" in ") + stage));
    }
    // Each format stage is one block of rows, between Prepare and OptimizeStage2.
    for (const QString& stage : {selection, optimize})
        for (int r = firstRowOfStage[stage]; r <= lastRowOfStage[stage]; ++r) QCOMPARE(rows[r].stage, stage);
    QVERIFY(lastRowOfStage[QStringLiteral("Prepare")] < firstRowOfStage[selection]);
    QVERIFY(lastRowOfStage[selection] < firstRowOfStage[optimize]);
    QVERIFY(firstRowOfStage.count(QStringLiteral("OptimizeStage2")));
    QVERIFY(lastRowOfStage[optimize] < firstRowOfStage[QStringLiteral("OptimizeStage2")]);
}

// At the insertion step, with the storage-format overlay: the boxes marked added are exactly the
// nodes the step added, the TransData among them are exactly the ones it counted as inserted, and
// each TransData box is filled with its storage format's colour and framed as TransData.
void TestFormatSteps::insertionStepMarksAddedTransData() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    const PipelineResult& result = *window.pipelineResult();
    const int k = stepOf(result, "FormatSelection", "TransDataInsertionPass");
    QVERIFY2(k >= 0, "TransDataInsertionPass changed nothing on sample (a)");
    const JournalStep& step = result.journal.steps()[k];
    const StepNodeChanges changes =
        classifyStep(step, ConstantNodes(result.journal, *result.optimized.graph));

    window.setOverlay(OverlayMode::StorageFormat);
    window.showPosition(static_cast<size_t>(k) + 1);
    QCOMPARE(window.position(), static_cast<size_t>(k) + 1);
    const Graph& g = *window.graphShown();
    const std::set<NodeId> expectedTransData = transDataAmong(g, changes.added);
    QVERIFY(!expectedTransData.empty());
    QCOMPARE(expectedTransData.size(), static_cast<size_t>(step.stats.value("transdata_inserted")));

    std::set<NodeId> markedAdded, markedTransData;
    int transDataBoxes = 0;
    for (const NodeItem* item : window.graphPanel()->scene()->nodeItems()) {
        if (!item) continue;
        if (item->look().mark == NodeLook::Mark::Added) markedAdded.insert(item->nodeId());
        const Node* n = g.findNode(item->nodeId());
        if (!n || n->opType() != op::kTransData) continue;
        ++transDataBoxes;
        const QString what = item->name();
        QVERIFY2(item->isVisible(), qPrintable(what));
        QCOMPARE(item->look().presence, NodeLook::Presence::Shown);
        if (item->look().mark == NodeLook::Mark::Added) {
            markedTransData.insert(item->nodeId());
            // The added mark's border does not hide the TransData border of the overlay.
            QVERIFY2(drawsColorInsideLeftEdge(*item, style::transDataColor()), qPrintable(what));
        }
        QVERIFY2(item->look().border == style::transDataColor(), qPrintable(what));
        QVERIFY2(item->look().fill == style::formatColor(n->output(0).desc.storageFormat).lighter(150),
                 qPrintable(what));
        // A TransData changes the storage format: its box is not coloured like its input's.
        const Node* producer = n->input(0).depth == 0 ? g.findNode(n->input(0).node) : nullptr;
        if (producer)
            QVERIFY2(
                producer->output(n->input(0).output).desc.storageFormat != n->output(0).desc.storageFormat,
                qPrintable(what));
    }
    QVERIFY2(
        markedTransData == expectedTransData,
        qPrintable(
            QStringLiteral("marked %1, journal %2").arg(idList(markedTransData), idList(expectedTransData))));
    QVERIFY2(
        markedAdded == toSet(changes.added),
        qPrintable(
            QStringLiteral("marked %1, journal %2").arg(idList(markedAdded), idList(toSet(changes.added)))));
    QCOMPARE(transDataBoxes,
             static_cast<int>(transDataAmong(g,
                                             [&] {
                                                 std::vector<NodeId> all;
                                                 g.forEachNode([&](const Node& n) { all.push_back(n.id()); });
                                                 return all;
                                             }())
                                  .size()));
}

// At the OptimizeStage2 folding step that folds TransData on weights: the TransData nodes it
// removed (they were TransData one position earlier) are ghosts marked removed, and every ghost
// is a node the step removed.
void TestFormatSteps::foldingStepGhostsFoldedTransData() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    const PipelineResult& result = *window.pipelineResult();
    const auto& steps = result.journal.steps();
    int k = -1;
    for (size_t s = 0; s < steps.size() && k < 0; ++s)
        if (steps[s].stage == "OptimizeStage2" && steps[s].graph.empty() &&
            steps[s].stats.value("transdata_folded") > 0)
            k = static_cast<int>(s);
    QVERIFY2(k >= 0, "no OptimizeStage2 step folded a TransData on sample (a)");
    const JournalStep& step = steps[k];
    const StepNodeChanges changes =
        classifyStep(step, ConstantNodes(result.journal, *result.optimized.graph));

    window.setOverlay(OverlayMode::StorageFormat);
    window.showPosition(static_cast<size_t>(k));  // before the step: what the removed nodes were
    const std::set<NodeId> foldedTransData = transDataAmong(*window.graphShown(), changes.removed);
    QCOMPARE(foldedTransData.size(), static_cast<size_t>(step.stats.value("transdata_folded")));

    window.showPosition(static_cast<size_t>(k) + 1);
    std::set<NodeId> ghosts, ghostTransData;
    for (const NodeItem* item : window.graphPanel()->scene()->nodeItems()) {
        if (!item || item->look().presence != NodeLook::Presence::Ghost) continue;
        QVERIFY2(item->isVisible(), qPrintable(item->name()));
        QCOMPARE(item->look().mark, NodeLook::Mark::Removed);
        ghosts.insert(item->nodeId());
        if (foldedTransData.count(item->nodeId())) ghostTransData.insert(item->nodeId());
    }
    QVERIFY2(
        ghostTransData == foldedTransData,
        qPrintable(
            QStringLiteral("ghosts %1, folded %2").arg(idList(ghostTransData), idList(foldedTransData))));
    QVERIFY2(
        ghosts == toSet(changes.removed),
        qPrintable(
            QStringLiteral("ghosts %1, removed %2").arg(idList(ghosts), idList(toSet(changes.removed)))));
}

// After the pipeline the convolution weights are constants stored as FRACTAL_Z (folded TransData):
// the weight line inside a Conv box gives the stored dims in the storage-format overlay, and the
// origin dims otherwise, as the edge labels do.
void TestFormatSteps::storageOverlayShowsStoredWeightShapes() {
    MainWindow window;
    openAtTargetGe(window);
    if (QTest::currentTestFailed()) return;
    window.showPosition(window.positionCount() - 1);
    const Graph& g = *window.graphShown();
    int checked = 0;
    for (OverlayMode mode : {OverlayMode::StorageFormat, OverlayMode::Changes}) {
        window.setOverlay(mode);
        for (const NodeItem* item : window.graphPanel()->scene()->nodeItems()) {
            const Node* n = item ? g.findNode(item->nodeId()) : nullptr;
            if (!n || n->opType() != "Conv" || n->inputs().size() < 2) continue;
            const Node* w = g.findNode(n->input(1).node);
            if (!w || !w->output(0).desc.storageDiffers()) continue;
            const TensorDesc& desc = w->output(0).desc;
            const QString expected =
                dimsLabel(mode == OverlayMode::StorageFormat ? desc.storageShape : desc.originShape);
            const QString lines = item->look().weightLines.join(QLatin1Char('|'));
            QVERIFY2(lines.contains(QStringLiteral("⟨") + expected + QStringLiteral("⟩")),
                     qPrintable(item->name() + QStringLiteral(": ") + lines + QStringLiteral(" lacks ") +
                                expected));
            ++checked;
        }
    }
    QVERIFY2(checked >= 2, "no Conv reads a weight stored differently from its origin");
}

PASSSCOPE_GUI_TEST(TestFormatSteps)
#include "test_format_steps.moc"
