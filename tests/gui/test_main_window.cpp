// MainWindow on the bundled conv_net sample: asynchronous load, node table, filter, properties
// panel, error reporting without a modal dialog, drag and drop, recent files.
#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>
#include <QUrl>

#include "document/model_document.h"
#include "document/step_controller.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "io/model_loader.h"
#include "main_window.h"
#include "panels/node_filter_proxy_model.h"
#include "panels/node_table_model.h"
#include "panels/properties_panel.h"
#include "runner/pipeline_result.h"
#include "window/recent_files.h"

using passscope::views::LoadedModel;
using passscope::views::MainWindow;
using passscope::views::NodeTableModel;

using namespace passscope::guitest;

namespace {

constexpr int kLoadTimeoutMs = 30000;

// Op types of the visible rows, in view order.
QStringList visibleOpTypes(const QTableView* table) {
    QStringList ops;
    const QAbstractItemModel* m = table->model();
    for (int r = 0; r < m->rowCount(); ++r)
        ops << m->index(r, NodeTableModel::OpTypeColumn).data().toString();
    return ops;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void init();
    void loadsSampleAsynchronously();
    void filterByOpType();
    void filterByRegularExpression();
    void invalidRegularExpressionIsMatchedLiterally();
    void graphSearchFindsWhatTheFilterShows();
    void selectingRowShowsProperties();
    void missingFileReportsErrorWithoutDialog();
    void interactiveWindowShowsMessageBox();
    void corruptFileReportsError();
    void unpreparableStepsShowAnError();
    void failedLoadKeepsPreviousModel();
    void cancelledLoadKeepsPreviousModel();
    void newerLoadSupersedesOlder();
    void closingWhileLoadingIsSafe();
    void droppedFileIsOpened();
    void successfulLoadIsRemembered();

  private:
    void loadSample(MainWindow& window);
    passscope::io::LoadResult reference_;
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_main_window"));
    reference_ = passscope::io::loadModel(kConvNetSample.toStdString());
    QVERIFY(reference_.model.graph);
}

void TestMainWindow::init() {
    QSettings().clear();
}

void TestMainWindow::loadSample(MainWindow& window) {
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    QSignalSpy piped(&window, &MainWindow::pipelineFinished);
    window.openModel(kConvNetSample);
    QVERIFY(window.isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count() + failed.count(), 1, kLoadTimeoutMs);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(loaded.first().first().toString(), kConvNetSample);
    QVERIFY(!window.isLoading());
    QVERIFY(window.loadedModel());
    // The table follows the timeline; these tests look at the model as loaded (position 0).
    QTRY_COMPARE_WITH_TIMEOUT(piped.count(), 1, kLoadTimeoutMs);
    window.showPosition(0);
}

void TestMainWindow::loadsSampleAsynchronously() {
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy started(&window, &MainWindow::loadStarted);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(started.count(), 1);
    const int nodes = static_cast<int>(reference_.model.graph->nodeCount());
    QCOMPARE(window.nodeTable()->model()->rowCount(), nodes);
    QCOMPARE(window.nodeTableModel()->rowCount(), nodes);
    QCOMPARE(static_cast<int>(window.loadedModel()->model.graph->nodeCount()), nodes);
    QVERIFY(window.windowTitle().contains(QStringLiteral("conv_net.onnx")));
}

void TestMainWindow::filterByOpType() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    int convs = 0;
    for (const passscope::Node* n : reference_.model.graph->nodes()) convs += n->opType() == "Conv";
    QCOMPARE(convs, 3);

    QTest::keyClicks(window.filterEdit(), QStringLiteral("Conv"));
    QCOMPARE(window.filterEdit()->text(), QStringLiteral("Conv"));
    const QStringList ops = visibleOpTypes(window.nodeTable());
    QCOMPARE(ops.size(), convs);
    for (const QString& op : ops) QCOMPARE(op, QStringLiteral("Conv"));

    window.filterEdit()->clear();
    QCOMPARE(window.nodeTable()->model()->rowCount(), static_cast<int>(reference_.model.graph->nodeCount()));
}

void TestMainWindow::filterByRegularExpression() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    window.filterEdit()->setText(QStringLiteral("^(Relu|Add)$"));
    const QStringList ops = visibleOpTypes(window.nodeTable());
    QCOMPARE(ops.count(QStringLiteral("Relu")), 4);
    QCOMPARE(ops.count(QStringLiteral("Add")), 2);
    QCOMPARE(ops.size(), 6);
    // Lower case: case-insensitive, so names match too (/stem/conv/Conv, stem.conv.weight, ...).
    window.filterEdit()->setText(QStringLiteral("conv"));
    QVERIFY(visibleOpTypes(window.nodeTable()).size() > 3);
}

void TestMainWindow::invalidRegularExpressionIsMatchedLiterally() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    window.filterEdit()->setText(QStringLiteral("Conv("));
    QVERIFY(!window.nodeFilter()->patternError().isEmpty());
    QCOMPARE(window.nodeTable()->model()->rowCount(), 0);
    window.filterEdit()->setText(QStringLiteral("Conv"));
    QVERIFY(window.nodeFilter()->patternError().isEmpty());
    QCOMPARE(window.nodeTable()->model()->rowCount(), 3);
}

// One rule for both (search_rule.h): the graph search counts the rows the table filter shows.
void TestMainWindow::graphSearchFindsWhatTheFilterShows() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    QVERIFY(window.document());
    QCOMPARE(window.document()->loadedModel(), window.loadedModel());
    QCOMPARE(window.graphShown(), window.document()->graphShown());
    for (const QString& text : {QStringLiteral("conv"), QStringLiteral("Conv"), QStringLiteral("stem.conv"),
                                QStringLiteral("^(Relu|Add)$"), QStringLiteral("Conv(")}) {
        window.filterEdit()->setText(text);
        QCOMPARE(window.search(text), window.nodeTable()->model()->rowCount());
    }
    // Smart case in the graph search too: "conv" finds names, "Conv" only the three Conv nodes.
    QVERIFY(window.search(QStringLiteral("conv")) > 3);
    QCOMPARE(window.search(QStringLiteral("Conv")), 3);
}

void TestMainWindow::selectingRowShowsProperties() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    window.filterEdit()->setText(QStringLiteral("Conv"));
    QVERIFY(!window.propertiesPanel()->text().contains(QStringLiteral("Conv")));
    window.nodeTable()->selectRow(0);
    const QString name = window.nodeTable()->model()->index(0, NodeTableModel::NameColumn).data().toString();
    const QString text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("Conv")), qPrintable(text));
    QVERIFY2(text.contains(name), qPrintable(text));
    // Conv's attributes and its tensor descriptions (origin and storage format + shape).
    QVERIFY2(text.contains(QStringLiteral("kernel_shape")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("float")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("[1,3,32,32]")) || text.contains(QStringLiteral("[1,8,")),
             qPrintable(text));

    QVERIFY(window.selectNodeByName(QStringLiteral("/head/flatten/Reshape")) ||
            window.selectNodeByName(QStringLiteral("/stem/conv/Conv")));
    QVERIFY(window.propertiesPanel()->text().contains(QStringLiteral("Reshape")) ||
            window.propertiesPanel()->text().contains(QStringLiteral("Conv")));
}

void TestMainWindow::missingFileReportsErrorWithoutDialog() {
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    const QString missing = QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/no_such_model.onnx");
    window.openModel(missing);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    QCOMPARE(loaded.count(), 0);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(QStringLiteral("no_such_model.onnx")), qPrintable(message));
    QVERIFY(!window.isLoading());
    QVERIFY(!window.loadedModel());
    QCOMPARE(QApplication::activeModalWidget(), nullptr);
    QVERIFY(window.findChildren<QDialog*>().isEmpty());
}

void TestMainWindow::interactiveWindowShowsMessageBox() {
    MainWindow window;
    QVERIFY(window.isInteractive());
    window.show();
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(QStringLiteral("/nonexistent/model.onnx"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    // Window-modal and opened without a nested event loop, so the test keeps running.
    QMessageBox* box = window.findChild<QMessageBox*>();
    QVERIFY(box);
    QVERIFY(box->informativeText().contains(QStringLiteral("model.onnx")));
    box->close();
}

// The steps of a run are prepared off the UI thread; when that throws (here: a journal that does
// not replay on its graph), the window says so as for a failed run, in a message box when
// interactive, and keeps the steps it showed (issue 37: the exception used to terminate).
void TestMainWindow::unpreparableStepsShowAnError() {
    MainWindow window;
    window.show();
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    auto result = std::make_shared<passscope::views::PipelineResult>();
    passscope::Graph recorded;
    const passscope::NodeId relu = recorded.addNode("Relu", "", "relu", 1).id();
    result->journal.begin(recorded);
    result->journal.beginStep("SomePass", "Prepare", 1);
    recorded.setAttribute(relu, passscope::Attribute::makeInt("marked", 1));
    result->journal.endStep(0.0, {}, {});
    result->journal.end();
    result->optimized.graph = std::make_shared<passscope::Graph>();  // without the journal's node
    const size_t positions = window.positionCount();

    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    auto* steps = window.document()->findChild<passscope::views::StepController*>();
    QVERIFY(steps);
    steps->setResult(result, 0);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("no node with id")));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("no node with id")));
    QMessageBox* box = window.findChild<QMessageBox*>();
    QVERIFY(box);
    QVERIFY(box->informativeText().contains(QStringLiteral("no node with id")));
    box->close();
    QCOMPARE(window.positionCount(), positions);
}

void TestMainWindow::corruptFileReportsError() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("corrupt.onnx"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("\x08\x07\x12\xff\xff\xff\xff\x0f not a model", 20);
    file.close();

    MainWindow window;
    window.setInteractive(false);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(path);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    QVERIFY(!failed.first().first().toString().isEmpty());
    QVERIFY(window.findChildren<QDialog*>().isEmpty());
}

void TestMainWindow::cancelledLoadKeepsPreviousModel() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    const LoadedModel* before = window.loadedModel();
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/transformer_block.onnx"));
    QVERIFY(window.isLoading());
    auto* button = window.findChild<QToolButton*>(QStringLiteral("cancelLoadButton"));
    QVERIFY(button);
    QVERIFY(button->isVisibleTo(&window));
    QVERIFY(button->defaultAction()->isEnabled());
    button->defaultAction()->trigger();  // what the status bar button and Esc do
    QVERIFY(!window.isLoading());
    QVERIFY(!button->isVisibleTo(&window));
    // The parse itself finishes in the background; its result must be dropped.
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(window.loadedModel(), before);
    QVERIFY(window.windowTitle().contains(QStringLiteral("conv_net.onnx")));
}

void TestMainWindow::failedLoadKeepsPreviousModel() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(QStringLiteral("/nonexistent/model.onnx"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    QVERIFY(window.loadedModel());
    QCOMPARE(window.nodeTable()->model()->rowCount(), static_cast<int>(reference_.model.graph->nodeCount()));
}

void TestMainWindow::newerLoadSupersedesOlder() {
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(QStringLiteral("/nonexistent/first.onnx"));
    window.openModel(kConvNetSample);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, kLoadTimeoutMs);
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(failed.count(), 0);  // the first load's failure arrived after it was superseded
    QCOMPARE(loaded.count(), 1);
}

// Closing the window while its model loads: the window is gone at once, the load ends within a
// bound, its outcome is dropped without reaching the destroyed window (under ASan, a late
// delivery would be a use after free), no main window is left behind, and a new window
// loads normally afterwards.
void TestMainWindow::closingWhileLoadingIsSafe() {
    auto* window = new MainWindow;
    window->setInteractive(false);
    QSignalSpy destroyed(window, &QObject::destroyed);
    int outcomes = 0;
    QObject receiver;
    connect(window, &MainWindow::modelLoaded, &receiver, [&outcomes] { ++outcomes; });
    connect(window, &MainWindow::loadFailed, &receiver, [&outcomes] { ++outcomes; });
    window->openModel(kConvNetSample);
    QVERIFY(window->isLoading());
    delete window;
    QCOMPARE(destroyed.size(), 1);
    QVERIFY(QThreadPool::globalInstance()->waitForDone(kLoadTimeoutMs));
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCOMPARE(outcomes, 0);
    for (QWidget* w : QApplication::topLevelWidgets())
        QVERIFY2(!qobject_cast<MainWindow*>(w), "a main window outlived its deletion");

    MainWindow again;
    again.setInteractive(false);
    loadSample(again);
}

void TestMainWindow::droppedFileIsOpened() {
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(kConvNetSample)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, kLoadTimeoutMs);

    QMimeData text;
    text.setText(QStringLiteral("not a file"));
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.ignore();
    QCoreApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());
}

void TestMainWindow::successfulLoadIsRemembered() {
    MainWindow window;
    window.setInteractive(false);
    loadSample(window);
    if (QTest::currentTestFailed()) return;
    const QStringList recent = passscope::views::RecentFiles().files();
    QCOMPARE(recent.value(0), QFileInfo(kConvNetSample).absoluteFilePath());
}

PASSSCOPE_GUI_TEST(TestMainWindow)
#include "test_main_window.moc"
