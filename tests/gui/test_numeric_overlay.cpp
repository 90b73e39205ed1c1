// Numeric debugging in the GUI (issue 23 item 3, docs/bisect.md §6), driven through MainWindow as a
// user would. The model's float32 weight [1e6, 2] overflows float16 through a Cast; with
// ge.is_weight_clip=1, ConstantClipPass inserts a Clip so that the Cast gives 65504 instead of inf:
//  - Find First Divergent Step marks that run in the timeline's "Outputs" column, and only it;
//  - stepping there with the "Numeric difference" overlay colours the clipped weight's path (its
//    Cast, the Add, the final Cast) as a large difference, draws the inserted Clip as new, and leaves
//    the other input's Cast and the inputs unmarked; the step before marks nothing;
//  - the properties panel shows the values' statistics before and after, and how far apart;
//  - numbers are cached per step (coming back computes nothing);
//  - without the option, bisect finds nothing and the overlay marks no node.
// What differs comes from the engine's evaluation (the journal's steps), never from the views.
#include <fstream>

#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/item_style.h"
#include "graph/legend_widget.h"
#include "graph/node_item.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "model_builders.h"
#include "numeric/numeric_controller.h"
#include "numeric/numeric_inputs_dialog.h"
#include "onnx/onnx_pb.h"
#include "panels/properties_panel.h"
#include "runner/pipeline_result.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_panel.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// Bisect's reference model (tests/engine/model_builders.h), written where the window can open it.
QString weightClipModel(const std::string& dirName) {
    const auto path = passscope::test::freshDir(dirName) / "weight_clip.onnx";
    passscope::test::writeModel(passscope::test::weightOverflowModel(), path);
    return QString::fromStdString(path.string());
}

// Loads `path` with `options` and waits until its run is laid out and shown.
bool openAndShow(MainWindow& window, const QString& path, const PipelineOptions& options) {
    window.setInteractive(false);
    window.setPipelineOptions(options);
    QSignalSpy ready(&window, &MainWindow::viewReady);
    window.openModel(path);
    return ready.wait(kTimeoutMs);
}

// The first position whose pass run is `pass` and changed the graph (0: none).
size_t positionOfPass(const PipelineResult& result, const std::string& pass) {
    const auto& steps = result.journal.steps();
    for (size_t i = 0; i < steps.size(); ++i)
        if (steps[i].pass == pass && steps[i].changed) return i + 1;
    return 0;
}

// Shows `position` with the numeric overlay and waits for its numbers.
bool showNumbersAt(MainWindow& window, size_t position) {
    window.setOverlay(OverlayMode::Numeric);
    window.showPosition(position);
    return QTest::qWaitFor(
        [&] {
            return !window.isNumericBusy() && !window.graphPanel()->isLayingOut() &&
                   window.numericController()->numbersAt(position);
        },
        kTimeoutMs);
}

const NodeItem* boxNamed(const GraphScene& scene, const QString& name) {
    for (const NodeItem* item : scene.nodeItems())
        if (item && item->name() == name) return item;
    return nullptr;
}

const NodeItem* boxOfOp(const GraphScene& scene, const QString& op) {
    for (const NodeItem* item : scene.nodeItems())
        if (item && item->isVisible() && item->opType() == op) return item;
    return nullptr;
}

// Boxes shown with a numeric mark (a fill or the "new" border).
QStringList markedBoxes(const GraphScene& scene) {
    QStringList names;
    for (const NodeItem* item : scene.nodeItems())
        if (item && item->isVisible() && (item->look().fill.isValid() || item->look().border.isValid()))
            names << (item->name().isEmpty() ? item->opType() : item->name());
    return names;
}

int firstDivergentRows(const TimelineModel& model) {
    int rows = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        rows +=
            model.index(r, TimelineModel::DivergenceColumn).data(TimelineModel::FirstDivergentRole).toBool();
    return rows;
}

}  // namespace

class TestNumericOverlay : public QObject {
    Q_OBJECT
  private slots:
    void bisectAndOverlayMarkTheClippedPath();
    void withoutTheWeightClipNothingIsMarked();
    void theOverlayColoursNodesInsideAnOpenedBody();
    void numericInputsFromFilesFeedTheOverlay();
    void modelExplorerNodeDataColoursNamedNodes();
};

void TestNumericOverlay::bisectAndOverlayMarkTheClippedPath() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    QVERIFY(openAndShow(window, weightClipModel("numeric_overlay_clip"), options));
    const size_t clip = positionOfPass(*window.pipelineResult(), "ConstantClipPass");
    QVERIFY2(clip > 0, "ConstantClipPass changed nothing");

    // Find First Divergent Step: the ConstantClipPass row, and no other, is the first divergent one.
    QSignalSpy found(&window, &MainWindow::divergentStepFound);
    QVERIFY(window.findDivergentAction()->isEnabled());
    window.findDivergentAction()->trigger();
    QVERIFY(found.wait(kTimeoutMs));
    QCOMPARE(found.front().front().toBool(), true);
    const TimelineModel& timeline = *window.timelinePanel()->timelineModel();
    QVERIFY(!window.timelinePanel()->tableView()->isColumnHidden(TimelineModel::DivergenceColumn));
    QCOMPARE(firstDivergentRows(timeline), 1);
    const QModelIndex marked = timeline.index(timeline.rowForPosition(clip), TimelineModel::DivergenceColumn);
    QVERIFY(marked.data(TimelineModel::FirstDivergentRole).toBool());
    QVERIFY(marked.data().toString().contains(QStringLiteral("≠")));
    QVERIFY(marked.data(Qt::ToolTipRole).toString().contains(QStringLiteral("ConstantClipPass")));
    QCOMPARE(timeline.index(0, TimelineModel::DivergenceColumn).data().toString(), QStringLiteral("="));

    // Jump there: the numeric overlay marks the clipped weight's path and nothing else.
    QVERIFY(window.showFirstDivergentStep());
    QCOMPARE(window.position(), clip);
    QCOMPARE(window.graphPanel()->overlay(), OverlayMode::Numeric);
    QVERIFY(showNumbersAt(window, clip));
    const GraphScene& scene = *window.graphPanel()->scene();
    for (const char* name : {"cast_w", "add", "cast_y"}) {
        const NodeItem* box = boxNamed(scene, QString::fromLatin1(name));
        QVERIFY2(box, name);
        QCOMPARE(box->look().fill, style::numericColor(NumericLevel::Large));  // inf against 65504
    }
    const NodeItem* clipBox = boxOfOp(scene, QStringLiteral("Clip"));
    QVERIFY(clipBox);
    QCOMPARE(clipBox->look().border, style::numericColor(NumericLevel::Unpaired));
    QStringList expected{QStringLiteral("cast_w"), QStringLiteral("add"), QStringLiteral("cast_y"),
                         clipBox->name().isEmpty() ? clipBox->opType() : clipBox->name()};
    QStringList got = markedBoxes(scene);
    expected.sort();
    got.sort();
    QCOMPARE(got, expected);  // cast_x, the input x and NetOutput stay unmarked
    QVERIFY(!boxNamed(scene, QStringLiteral("cast_x"))->look().fill.isValid());
    QVERIFY(window.graphPanel()->view()->legend()->title().contains(QStringLiteral("Numeric difference")));
    QVERIFY(window.graphPanel()->view()->legend()->title().contains(QStringLiteral("differ")));

    // The properties of the Add: statistics of both sides and how far apart (inf before, 65504 after).
    QVERIFY(window.selectNodeByName(QStringLiteral("add")));
    const QString text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("Numeric difference (step %1 against the original)").arg(clip)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Max |diff|")) &&
                 text.contains(QStringLiteral("Original min / max / mean")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("inf")) && text.contains(QStringLiteral("65504")),
             qPrintable(text));

    // The step before the clip marks nothing; coming back to the clip is taken from the cache.
    QVERIFY(showNumbersAt(window, clip - 1));
    QVERIFY2(markedBoxes(scene).isEmpty(), qPrintable(markedBoxes(scene).join(QStringLiteral(", "))));
    QSignalSpy computed(window.numericController(), &NumericController::numbersReady);
    window.showPosition(clip);
    QVERIFY(!window.numericController()->isComputing());
    QCOMPARE(boxNamed(scene, QStringLiteral("add"))->look().fill, style::numericColor(NumericLevel::Large));
    QCOMPARE(computed.size(), 0);
}

void TestNumericOverlay::withoutTheWeightClipNothingIsMarked() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(openAndShow(window, weightClipModel("numeric_overlay_noclip"), PipelineOptions{}));
    QSignalSpy found(&window, &MainWindow::divergentStepFound);
    window.findDivergentAction()->trigger();
    QVERIFY(found.wait(kTimeoutMs));
    QCOMPARE(found.front().front().toBool(), false);
    QCOMPARE(firstDivergentRows(*window.timelinePanel()->timelineModel()), 0);
    QVERIFY(!window.showFirstDivergentStep());

    const size_t last = window.positionCount() - 1;
    QVERIFY(showNumbersAt(window, last));
    QVERIFY2(markedBoxes(*window.graphPanel()->scene()).isEmpty(),
             qPrintable(markedBoxes(*window.graphPanel()->scene()).join(QStringLiteral(", "))));
    QCOMPARE(window.numericController()->numbersAt(last)->differing, size_t(0));
    QVERIFY(window.numericController()->numbersAt(last)->problem.isEmpty());
}

// Issue 36 item 2: bodies are evaluated. The weight clipped in the main graph is read inside the
// If's then_branch (tests/engine/model_builders.h, weightClipInIfModel): at the clip step, the body
// opened shows its Mul as a large difference and its Cast of x unmarked; clicking the Mul shows
// its numbers (the original's infinity named as such, item 1); the else_branch, which did not run, is grey
// and the legend says why.
void TestNumericOverlay::theOverlayColoursNodesInsideAnOpenedBody() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    const auto path = passscope::test::freshDir("numeric_overlay_body") / "clip_in_if.onnx";
    passscope::test::writeModel(passscope::test::weightClipInIfModel(), path);
    QVERIFY(openAndShow(window, QString::fromStdString(path.string()), options));
    const size_t clip = positionOfPass(*window.pipelineResult(), "ConstantClipPass");
    QVERIFY(clip > 0);
    QVERIFY(showNumbersAt(window, clip));
    GraphPanel& panel = *window.graphPanel();
    QCOMPARE(boxNamed(*panel.scene(), QStringLiteral("if_pos"))->look().fill,
             style::numericColor(NumericLevel::Large));

    auto openBody = [&](const char* attribute) {
        return window.openBody(QStringLiteral("if_pos"), QString::fromLatin1(attribute)) &&
               QTest::qWaitFor([&] { return panel.inSubgraph() && !panel.isLayingOut(); }, kTimeoutMs);
    };
    QVERIFY(openBody("then_branch"));
    const NodeItem* mul = boxNamed(*panel.scene(), QStringLiteral("then_mul"));
    const NodeItem* castX = boxNamed(*panel.scene(), QStringLiteral("then_cast_x"));
    QVERIFY(mul && castX);
    QCOMPARE(mul->look().fill, style::numericColor(NumericLevel::Large));  // inf against 65504 x
    QVERIFY(!castX->look().fill.isValid());                                // x, as in the original
    QVERIFY2(panel.view()->legend()->title().contains(QStringLiteral("differ")),
             qPrintable(panel.view()->legend()->title()));

    // Click the Mul: its numbers inside the body.
    GraphView* view = panel.view();
    view->centerOn(mul);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->mapFromScene(mul->sceneBoundingRect().center()));
    QTRY_VERIFY_WITH_TIMEOUT(window.propertiesPanel()->text().contains(QStringLiteral("then_mul")), 5000);
    const QString text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("Numeric difference (step %1 against the original)").arg(clip)) &&
                 text.contains(QStringLiteral("1 infinite")) && text.contains(QStringLiteral("differs")),
             qPrintable(text));  // the original's inf is named, the step's values are finite

    // The else_branch did not run on these inputs: its node is grey, the legend says so.
    panel.leaveSubgraph();
    QVERIFY(openBody("else_branch"));
    const NodeItem* neg = boxNamed(*panel.scene(), QStringLiteral("else_neg"));
    QVERIFY(neg);
    QCOMPARE(neg->look().fill, style::numericColor(NumericLevel::NotEvaluated));
    QVERIFY2(panel.view()->legend()->title().contains(QStringLiteral("did not run")),
             qPrintable(panel.view()->legend()->title()));
}

// Issue 36 item 3: Pipeline ▸ Numeric Inputs… feeds x from a .npy file typed into the dialog, so
// the numbers are known: y = half(x) + half(w) with x = [0.25, 3] and w = [1e6, 2] is [inf, 5] in
// the original and [65504, 5] once the weight is clipped (0.25 + 65504 rounds to 65504 in float16).
// A test data folder fills the dialog's field; a bad file is refused in the dialog.
void TestNumericOverlay::numericInputsFromFilesFeedTheOverlay() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    const auto dir = passscope::test::freshDir("numeric_overlay_inputs");
    std::ofstream(dir / "x.npy", std::ios::binary) << passscope::test::npyBytes({0.25f, 3.0f}, {2});
    std::ofstream(dir / "bad.npy") << "not numpy";
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    QVERIFY(openAndShow(window, weightClipModel("numeric_overlay_inputs_model"), options));
    const size_t clip = positionOfPass(*window.pipelineResult(), "ConstantClipPass");
    QVERIFY(clip > 0);

    // The dialog, as a user reaches it: Pipeline ▸ Numeric Inputs….
    QVERIFY(window.numericInputsAction()->isEnabled());
    window.numericInputsAction()->trigger();
    NumericInputsDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<NumericInputsDialog*>()) != nullptr);
    QLineEdit* field = dialog->fileField(QStringLiteral("x"));
    QVERIFY(field);
    QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    // A file that is no tensor: the dialog stays open and says why.
    QTest::keyClicks(field, QString::fromStdString((dir / "bad.npy").string()));
    QTest::mouseClick(ok, Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QVERIFY2(dialog->problem().contains(QStringLiteral("bad.npy")), qPrintable(dialog->problem()));
    // A test data folder fills the field with its input_0.pb.
    const auto set = dir / "model_zoo" / "test_data_set_0";
    std::filesystem::create_directories(set);
    onnx::TensorProto stored;  // no name: the model's first input to feed, x
    stored.set_data_type(onnx::TensorProto::FLOAT);
    stored.add_dims(2);
    stored.add_float_data(1.0f);
    stored.add_float_data(-1.0f);
    std::ofstream(set / "input_0.pb", std::ios::binary) << stored.SerializeAsString();
    QVERIFY(dialog->useTestDataFolder(QString::fromStdString((dir / "model_zoo").string())));
    QVERIFY2(field->text().endsWith(QStringLiteral("input_0.pb")), qPrintable(field->text()));
    // The .npy after all.
    field->clear();
    QTest::keyClicks(field, QString::fromStdString((dir / "x.npy").string()));
    QTest::mouseClick(ok, Qt::LeftButton);
    QTRY_VERIFY(!window.findChild<NumericInputsDialog*>() ||
                !window.findChild<NumericInputsDialog*>()->isVisible());
    QCOMPARE(window.document()->numericInputs().size(), size_t(1));

    QVERIFY(showNumbersAt(window, clip));
    QVERIFY(window.selectNodeByName(QStringLiteral("add")));
    const QString text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("5 / inf / inf, 1 infinite")), qPrintable(text));  // the original
    QVERIFY2(text.contains(QStringLiteral("5 / 65504 / 32754.5")), qPrintable(text));        // the step
    QCOMPARE(boxNamed(*window.graphPanel()->scene(), QStringLiteral("add"))->look().fill,
             style::numericColor(NumericLevel::Large));
}

// Issue 36 item 4: Model Explorer's node data on the graph. Values keyed by node name (add) and by
// output tensor name (x16, cast_x's output) get the file's threshold colours; a second file is
// compared with the first and coloured as the numeric overlay colours a difference; clicking a
// node shows its number.
void TestNumericOverlay::modelExplorerNodeDataColoursNamedNodes() {
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(openAndShow(window, weightClipModel("node_data_model"), PipelineOptions{}));
    const auto dir = passscope::test::freshDir("node_data_files");
    std::ofstream(dir / "before.json")
        << R"({"overflow": {"results": {"add": {"value": 0.5}, "x16": {"value": 40},
        "cast_y": {"value": 90}, "not_a_node": {"value": 1}},
      "thresholds": [{"value": 1, "bgColor": "#2e7d32"}, {"value": 50, "bgColor": "#f9a825"},
                     {"value": 100, "bgColor": "#c62828"}]}})";
    std::ofstream(dir / "after.json") << R"({"results": {"add": {"value": 0.5}, "x16": {"value": 40.01},
        "cast_y": {"value": 180}}})";
    QVERIFY(window.loadNodeDataAction()->isEnabled());  // View ▸ Node Data ▸ Load Node Data…
    QString error;
    QVERIFY2(window.loadNodeData({QString::fromStdString((dir / "before.json").string())}, &error),
             qPrintable(error));
    GraphPanel& panel = *window.graphPanel();
    QCOMPARE(panel.overlay(), OverlayMode::NodeData);
    const GraphScene& scene = *panel.scene();
    QCOMPARE(boxNamed(scene, QStringLiteral("add"))->look().fill, QColor(QStringLiteral("#2e7d32")));
    QCOMPARE(boxNamed(scene, QStringLiteral("cast_x"))->look().fill, QColor(QStringLiteral("#f9a825")));
    QCOMPARE(boxNamed(scene, QStringLiteral("cast_y"))->look().fill, QColor(QStringLiteral("#c62828")));
    QVERIFY(!boxNamed(scene, QStringLiteral("cast_w"))->look().fill.isValid());
    QVERIFY2(panel.view()->legend()->title().contains(QStringLiteral("before.json, 3 node")),
             qPrintable(panel.view()->legend()->title()));

    // Click cast_y: its number in the properties panel.
    GraphView* view = panel.view();
    const NodeItem* castY = boxNamed(scene, QStringLiteral("cast_y"));
    view->centerOn(castY);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->mapFromScene(castY->sceneBoundingRect().center()));
    QTRY_VERIFY_WITH_TIMEOUT(window.propertiesPanel()->text().contains(QStringLiteral("Node data")), 5000);
    QVERIFY2(window.propertiesPanel()->text().contains(QStringLiteral("90")),
             qPrintable(window.propertiesPanel()->text()));

    // Two files: their difference, as the numeric overlay colours one.
    QVERIFY(window.loadNodeData({QString::fromStdString((dir / "before.json").string()),
                                 QString::fromStdString((dir / "after.json").string())}));
    QVERIFY(!boxNamed(scene, QStringLiteral("add"))->look().fill.isValid());     // equal
    QVERIFY(!boxNamed(scene, QStringLiteral("cast_x"))->look().fill.isValid());  // within rtol 1e-3
    QCOMPARE(boxNamed(scene, QStringLiteral("cast_y"))->look().fill,             // 90 -> 180: 100 %
             style::numericColor(NumericLevel::Moderate));
    QVERIFY2(panel.view()->legend()->title().contains(QStringLiteral("1 node(s) differ")),
             qPrintable(panel.view()->legend()->title()));

    // A malformed file: refused with a message, the data shown stays.
    std::ofstream(dir / "broken.json") << R"({"results": )";
    QVERIFY(!window.loadNodeData({QString::fromStdString((dir / "broken.json").string())}, &error));
    QVERIFY2(error.contains(QStringLiteral("not valid JSON")), qPrintable(error));
    QCOMPARE(boxNamed(scene, QStringLiteral("cast_y"))->look().fill,
             style::numericColor(NumericLevel::Moderate));
}

PASSSCOPE_GUI_TEST(TestNumericOverlay)
#include "test_numeric_overlay.moc"
