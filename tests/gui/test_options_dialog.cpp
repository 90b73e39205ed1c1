// The Pipeline Options dialog: each widget changes options() as the option keys say, an unchanged
// dialog gives back what it was given, a bad input shape keeps it open with a message, and the
// main window's Pipeline ▸ Options… runs the pipeline again with what the dialog returns.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "compile/run_pipeline.h"
#include "dialogs/options_dialog.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "ir/op_types.h"
#include "main_window.h"
#include "runner/pipeline_result.h"

using passscope::OptLevel;
using passscope::PipelineOptions;
using passscope::Target;
using passscope::views::MainWindow;
using passscope::views::OptionsDialog;

using namespace passscope::guitest;

namespace {

const char* const kCse = "CommonSubexpressionEliminationPass";

template <typename T>
T* child(const QWidget& parent, const char* name) {
    T* w = parent.findChild<T*>(QLatin1String(name));
    if (!w) qWarning("no child %s", name);
    return w;
}

// Everything an options object holds, comparable with QCOMPARE.
QString optionsText(const PipelineOptions& o) {
    QStringList lines;
    for (const auto& [k, v] : o.toKeyValues()) lines << QString::fromStdString(k + "=" + v);
    for (const std::string& n : o.noFold) lines << QString::fromStdString("noFold " + n);
    for (const auto& [name, dims] : o.inputShapes) {
        QStringList d;
        for (int64_t x : dims) d << QString::number(x);
        lines << QString::fromStdString("shape " + name + ":") + d.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n'));
}

// Every field away from its default; the threshold is not a whole number of MiB on purpose.
PipelineOptions unusualOptions() {
    PipelineOptions o;
    o.level = OptLevel::O1;
    o.constantFolding = false;
    o.memoryPriority = true;
    o.foldSizeThreshold = 1000;
    o.iterationCap = 7;
    o.target = Target::Ge;
    o.passSwitches = {{kCse, true}, {"NotAPassOfThisPipeline", false}};
    o.noFold = {"conv1", "reshape_shape"};
    o.inputShapes = {{"input", {1, 3, 224, 224}}};
    o.dataFormat = passscope::Format::ND;
    // A name the model does not have is kept too, and an unchanged table path is not re-checked.
    o.storageFormats = {{"input", passscope::Format::FRACTAL_Z}, {"not_an_output", passscope::Format::NHWC}};
    o.formatTable = "/no/such/folder/table.json";
    return o;
}

QListWidgetItem* passItem(QListWidget* list, const QString& name) {
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->text() == name) return list->item(i);
    return nullptr;
}

int shapeRow(QTableWidget* table, const QString& name) {
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == name) return r;
    return -1;
}

QStringList dataInputs(const passscope::Graph& g) {
    QStringList names;
    for (passscope::NodeId id : g.inputs())
        if (const passscope::Node* n = g.findNode(id); n && n->opType() == passscope::op::kData)
            names << QString::fromStdString(n->name());
    return names;
}

// The passes of the README's pipeline table ("The pass pipeline"), written out: each name once,
// where it first runs, stage by stage; the entries marked "(target ge: ...)" and the target ge
// stages only in the second list.
QStringList readmePasses(Target target) {
    const bool ge = target == Target::Ge;
    QStringList passes;
    auto add = [&](std::initializer_list<const char*> names, bool geOnly = false) {
        if (geOnly && !ge) return;
        for (const char* name : names)
            if (!passes.contains(QLatin1String(name))) passes << QLatin1String(name);
    };
    // Prepare
    add({"VarIsInitializedOpPass"}, true);
    add({"DropOutPass", "IdentityPass", "NoOpCastRemovePass"});
    add({"InferFormatStage1"}, true);
    add({"ReplaceWithEmptyConstPass", "DimensionComputePass", "ConstantClipPass", "ConstantFoldingPass",
         "InferValueRangePass", "PartialShapeFoldingPass", "PotentialConstTakenEffectPass"});
    add({"InferFormatStage2", "PrepareRunningFormatRefiner", "VariablePrepareOpPass",
         "UpdateVariableFormatsPass"},
        true);
    // OptimizeStage1
    add({"ReplaceWithEmptyConstPass", "DimensionComputePass", "ConstantClipPass", "ConstantFoldingPass",
         "PartialShapeFoldingPass", "DimensionAdjustPass", "ReshapeTargetFoldingPass",
         "RedundantSliceRemovePass", "NoOpArithmeticRemovePass", "NoOpPadRemovePass", "NotWhereFusionPass",
         "TransposeRoundTripRemovePass", "DeadCodeEliminationPass", "ConstantFuseSamePass",
         "CommonSubexpressionEliminationPass", "SubgraphOptimizePass"});
    // FormatSelection, FormatOptimize, OptimizeStage1_3 (target ge)
    add({"StorageFormatSelectionPass", "TransDataInsertionPass"}, true);
    add({"TransOpSymmetryEliminationPass", "TransOpBreadthFusionPass", "VariableOpPass",
         "TransOpWithoutReshapeFusionPass", "TransposeTransDataPass", "UnchangedTransposeRemovePass",
         "CastRemovePass", "Dim1TransposeToSqueezePass"},
        true);
    add({"VariableRefUselessControlOutDeletePass", "IdentityPass"}, true);
    // PreRun
    add({"CtrlEdgeTransferPass"});
    // OptimizeStage2
    add({"ConstantFoldingPass", "PartialShapeFoldingPass", "ReshapeRemovePass", "CondRemovePass",
         "ZeroTripLoopRemovePass"});
    add({"AssignRemovePass"}, true);
    add({"DimensionAdjustPass", "ReshapeTargetFoldingPass", "RedundantSliceRemovePass",
         "NoOpArithmeticRemovePass", "NoOpPadRemovePass", "DeadCodeEliminationPass"});
    add({"VariableRefDeleteOpPass"}, true);
    // BeforeAutofuse
    add({"ConstantFoldingPass", "PartialShapeFoldingPass"});
    add({"DecomposeLargeConstPass"}, true);
    add({"DeadCodeEliminationPass"});
    return passes;
}

QStringList shownPasses(const QListWidget& list) {
    QStringList shown;
    for (int i = 0; i < list.count(); ++i) shown << list.item(i)->text();
    return shown;
}

}  // namespace

class TestOptionsDialog : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void listsThePipelinesPasses();
    void unchangedDialogIsIdentity();
    void widgetsChangeOptions();
    void passesFollowTheLevelUntilSwitched();
    void badInputShapeKeepsDialogOpen();
    void mainWindowRunsAgainWithNewOptions();
    void formatOptionsFollowTheTarget();
    void badFormatTableKeepsDialogOpen();
};

void TestOptionsDialog::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_options_dialog"));
    QSettings().clear();
}

// The list is the chosen target's pipeline: at target ge the format and variable passes can be
// switched off too (they were missing when the list was made once, for target onnx).
void TestOptionsDialog::listsThePipelinesPasses() {
    OptionsDialog dialog(PipelineOptions{}, {}, nullptr);
    auto* list = child<QListWidget>(dialog, "passList");
    auto* target = child<QComboBox>(dialog, "targetCombo");
    QVERIFY(list && target);
    QCOMPARE(shownPasses(*list), readmePasses(Target::Onnx));
    QVERIFY(shownPasses(*list).contains(QLatin1String(kCse)));
    // O3 with folding: all of them run, but ConstantClipPass, which waits for ge.is_weight_clip=1.
    for (int i = 0; i < list->count(); ++i)
        QCOMPARE(list->item(i)->checkState(),
                 list->item(i)->text() == QLatin1String("ConstantClipPass") ? Qt::Unchecked : Qt::Checked);

    target->setCurrentIndex(target->findData(int(Target::Ge)));
    QCOMPARE(shownPasses(*list), readmePasses(Target::Ge));
    QCOMPARE(int(readmePasses(Target::Ge).size() - readmePasses(Target::Onnx).size()), 20);
    QListWidgetItem* variableOp = passItem(list, QStringLiteral("VariableOpPass"));
    QListWidgetItem* transData = passItem(list, QStringLiteral("TransDataInsertionPass"));
    QVERIFY(variableOp && transData);
    QCOMPARE(variableOp->checkState(), Qt::Checked);
    variableOp->setCheckState(Qt::Unchecked);
    transData->setCheckState(Qt::Unchecked);
    QCOMPARE(dialog.options().passSwitches.at("VariableOpPass"), false);
    QCOMPARE(dialog.options().passSwitches.at("TransDataInsertionPass"), false);

    // Back to onnx: the ge passes are not listed, their switches are kept for the next run at ge.
    target->setCurrentIndex(target->findData(int(Target::Onnx)));
    QCOMPARE(shownPasses(*list), readmePasses(Target::Onnx));
    QCOMPARE(dialog.options().passSwitches.size(), size_t(2));

    // A dialog opened on target ge lists its passes at once, with the switches it was given.
    PipelineOptions ge;
    ge.target = Target::Ge;
    ge.passSwitches = {{"VariableOpPass", false}};
    OptionsDialog geDialog(ge, {}, nullptr);
    auto* geList = child<QListWidget>(geDialog, "passList");
    QCOMPARE(shownPasses(*geList), readmePasses(Target::Ge));
    QCOMPARE(passItem(geList, QStringLiteral("VariableOpPass"))->checkState(), Qt::Unchecked);
    QCOMPARE(optionsText(geDialog.options()), optionsText(ge));
}

void TestOptionsDialog::unchangedDialogIsIdentity() {
    QCOMPARE(optionsText(OptionsDialog(PipelineOptions{}, {}, nullptr).options()),
             optionsText(PipelineOptions{}));
    const PipelineOptions unusual = unusualOptions();
    OptionsDialog dialog(unusual, {QStringLiteral("input"), QStringLiteral("mask")}, nullptr);
    QCOMPARE(optionsText(dialog.options()), optionsText(unusual));
    // Also after OK.
    dialog.show();
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(optionsText(dialog.options()), optionsText(unusual));

    // PASSSCOPE_OPTIONS_SCREENSHOT=file.png: a picture of the dialog with a bad shape, to look at.
    if (const QByteArray shot = qgetenv("PASSSCOPE_OPTIONS_SCREENSHOT"); !shot.isEmpty()) {
        OptionsDialog shown(unusual, {QStringLiteral("input"), QStringLiteral("mask")}, nullptr);
        shown.show();
        auto* table = child<QTableWidget>(shown, "inputShapeTable");
        table->item(shapeRow(table, QStringLiteral("mask")), 1)->setText(QStringLiteral("1,x,7"));
        QVERIFY(QTest::qWaitForWindowExposed(&shown));
        QVERIFY(shown.grab().save(QString::fromLocal8Bit(shot)));
    }
}

void TestOptionsDialog::widgetsChangeOptions() {
    OptionsDialog dialog(PipelineOptions{}, {QStringLiteral("input")}, nullptr);
    auto* level = child<QComboBox>(dialog, "levelCombo");
    auto* folding = child<QCheckBox>(dialog, "foldingCheck");
    auto* memory = child<QCheckBox>(dialog, "memoryPriorityCheck");
    auto* threshold = child<QSpinBox>(dialog, "foldThresholdSpin");
    auto* cap = child<QSpinBox>(dialog, "iterationCapSpin");
    auto* target = child<QComboBox>(dialog, "targetCombo");
    auto* passes = child<QListWidget>(dialog, "passList");
    auto* shapes = child<QTableWidget>(dialog, "inputShapeTable");
    QVERIFY(level && folding && memory && threshold && cap && target && passes && shapes);

    QCOMPARE(level->currentData().toInt(), int(OptLevel::O3));
    level->setCurrentIndex(level->findData(int(OptLevel::O2)));
    QCOMPARE(dialog.options().level, OptLevel::O2);

    QVERIFY(folding->isChecked());
    folding->setChecked(false);
    QCOMPARE(dialog.options().constantFolding, false);

    QVERIFY(!memory->isChecked());
    memory->setChecked(true);
    QCOMPARE(dialog.options().memoryPriority, true);
    QCOMPARE(dialog.options().toKeyValues().at("ge.exec.memoryOptimizationPolicy"),
             std::string("MemoryPriority"));

    auto* variableAcc = child<QCheckBox>(dialog, "variableAccCheck");
    QVERIFY(variableAcc && variableAcc->isChecked());
    variableAcc->setChecked(false);
    QCOMPARE(dialog.options().variableAcc, false);
    QCOMPARE(dialog.options().toKeyValues().at("ge.exec.variable_acc"), std::string("false"));

    QCOMPARE(threshold->value(), 64);  // the default, 64 MiB
    threshold->setValue(16);
    QCOMPARE(dialog.options().foldSizeThreshold, uint64_t(16) << 20);

    cap->setValue(9);
    QCOMPARE(dialog.options().iterationCap, 9);

    target->setCurrentIndex(target->findData(int(Target::Ge)));
    QCOMPARE(dialog.options().target, Target::Ge);

    QListWidgetItem* cse = passItem(passes, QLatin1String(kCse));
    QVERIFY(cse);
    QCOMPARE(cse->checkState(), Qt::Checked);
    cse->setCheckState(Qt::Unchecked);
    const PipelineOptions o = dialog.options();
    QCOMPARE(o.passSwitches.size(), size_t(1));
    QCOMPARE(o.passSwitches.at(kCse), false);

    const int row = shapeRow(shapes, QStringLiteral("input"));
    QVERIFY(row >= 0);
    shapes->item(row, 1)->setText(QStringLiteral("1, 3, 32, 32"));
    QCOMPARE(dialog.options().inputShapes.at("input"), (std::vector<int64_t>{1, 3, 32, 32}));
    shapes->item(row, 1)->setText(QString());
    QVERIFY(dialog.options().inputShapes.empty());

    // The no-fold names are removable.
    PipelineOptions pinned;
    pinned.noFold = {"a", "b"};
    OptionsDialog second(pinned, {}, nullptr);
    auto* noFold = child<QListWidget>(second, "noFoldList");
    auto* remove = child<QPushButton>(second, "removeNoFoldButton");
    QVERIFY(noFold && remove);
    QVERIFY(!remove->isEnabled());
    noFold->item(0)->setSelected(true);
    QVERIFY(remove->isEnabled());
    remove->click();
    QCOMPARE(second.options().noFold, (std::set<std::string>{"b"}));
}

void TestOptionsDialog::passesFollowTheLevelUntilSwitched() {
    OptionsDialog dialog(PipelineOptions{}, {}, nullptr);
    auto* level = child<QComboBox>(dialog, "levelCombo");
    auto* passes = child<QListWidget>(dialog, "passList");
    QListWidgetItem* cse = passItem(passes, QLatin1String(kCse));
    QVERIFY(level && passes && cse);
    level->setCurrentIndex(level->findData(int(OptLevel::O1)));  // CSE needs O2
    QCOMPARE(cse->checkState(), Qt::Unchecked);
    QVERIFY(dialog.options().passSwitches.empty());  // shown, not switched
    cse->setCheckState(Qt::Checked);
    QCOMPARE(dialog.options().passSwitches.at(kCse), true);
    level->setCurrentIndex(level->findData(int(OptLevel::O0)));
    QCOMPARE(cse->checkState(), Qt::Checked);  // a switch outranks the level (Pass::enabled)
    child<QPushButton>(dialog, "followLevelButton")->click();
    QCOMPARE(cse->checkState(), Qt::Unchecked);
    QVERIFY(dialog.options().passSwitches.empty());
}

void TestOptionsDialog::badInputShapeKeepsDialogOpen() {
    OptionsDialog dialog(PipelineOptions{}, {QStringLiteral("input")}, nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto* shapes = child<QTableWidget>(dialog, "inputShapeTable");
    auto* error = child<QLabel>(dialog, "inputShapeError");
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    QVERIFY(shapes && error && buttons);
    QVERIFY(!error->isVisible());

    shapes->item(0, 1)->setText(QStringLiteral("1,three,224"));
    QVERIFY(error->isVisible());  // as soon as it is typed
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(QStringLiteral("three")), qPrintable(error->text()));
    QVERIFY(!shapes->item(0, 1)->toolTip().isEmpty());
    QCOMPARE(shapes->currentRow(), 0);

    shapes->item(0, 1)->setText(QStringLiteral("1,3,224,224"));
    QVERIFY(!error->isVisible());
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.options().inputShapes.at("input"), (std::vector<int64_t>{1, 3, 224, 224}));
}

void TestOptionsDialog::mainWindowRunsAgainWithNewOptions() {
    MainWindow window;
    window.setInteractive(false);
    QAction* action = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Comma)) action = a;
    QVERIFY(action);
    QVERIFY(!action->isEnabled());  // no model yet

    QSignalSpy finished(&window, &MainWindow::pipelineFinished);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    window.openModel(kConvNetSample);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
    QVERIFY(action->isEnabled());
    QVERIFY(window.pipelineResult());
    QCOMPARE(window.pipelineResult()->options.level, OptLevel::O3);

    PipelineOptions o0 = window.pipelineOptions();
    o0.level = OptLevel::O0;
    window.setPipelineOptions(o0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kTimeoutMs);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(window.pipelineResult()->options.level, OptLevel::O0);
    QCOMPARE(window.pipelineResult()->journal.steps().size(), size_t(0));  // O0 runs nothing

    // Through the menu action: a window-modal dialog over the current options and graph inputs.
    action->trigger();
    auto* dialog = window.findChild<OptionsDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->windowModality(), Qt::WindowModal);
    QCOMPARE(dialog->options().level, OptLevel::O0);
    auto* shapes = child<QTableWidget>(*dialog, "inputShapeTable");
    QStringList rows;
    for (int r = 0; r < shapes->rowCount(); ++r) rows << shapes->item(r, 0)->text();
    QCOMPARE(rows, dataInputs(*window.loadedModel()->model.graph));
    QVERIFY(!rows.isEmpty());
    auto* level = child<QComboBox>(*dialog, "levelCombo");
    level->setCurrentIndex(level->findData(int(OptLevel::O2)));
    dialog->accept();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, kTimeoutMs);
    QCOMPARE(window.pipelineResult()->options.level, OptLevel::O2);
    QCOMPARE(window.pipelineOptions().level, OptLevel::O2);
    QVERIFY(window.pipelineResult()->journal.steps().size() > 0);
}

// The Formats group (target GE): data format, storage formats of the model's graph inputs and
// outputs, the format table; enabled only for target GE, and what it holds reaches options().
void TestOptionsDialog::formatOptionsFollowTheTarget() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString table = dir.filePath(QStringLiteral("formats.json"));
    QFile file(table);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{}");
    file.close();

    OptionsDialog dialog(PipelineOptions{}, {QStringLiteral("input")}, {QStringLiteral("output")}, nullptr);
    auto* target = child<QComboBox>(dialog, "targetCombo");
    auto* group = child<QWidget>(dialog, "formatsGroup");
    auto* dataFormat = child<QComboBox>(dialog, "dataFormatCombo");
    auto* storage = child<QTableWidget>(dialog, "storageFormatTable");
    auto* tableEdit = child<QLineEdit>(dialog, "formatTableEdit");
    QVERIFY(target && group && dataFormat && storage && tableEdit);
    QCOMPARE(target->currentData().toInt(), int(Target::Onnx));
    QVERIFY(!group->isEnabled());
    target->setCurrentIndex(target->findData(int(Target::Ge)));
    QVERIFY(group->isEnabled());

    // One row per graph input and output of the model, nothing set.
    QCOMPARE(storage->rowCount(), 2);
    QCOMPARE(storage->item(0, 0)->text(), QStringLiteral("input"));
    QCOMPARE(storage->item(1, 0)->text(), QStringLiteral("output"));
    QVERIFY(dialog.options().storageFormats.empty());

    QCOMPARE(dataFormat->currentText(), QStringLiteral("NCHW"));
    dataFormat->setCurrentIndex(dataFormat->findText(QStringLiteral("NHWC")));
    auto* inputFormat = qobject_cast<QComboBox*>(storage->cellWidget(0, 1));
    QVERIFY(inputFormat);
    inputFormat->setCurrentIndex(inputFormat->findText(QStringLiteral("NC1HWC0")));
    tableEdit->setText(table);
    const PipelineOptions o = dialog.options();
    QCOMPARE(o.dataFormat, passscope::Format::NHWC);
    QCOMPARE(o.storageFormats.size(), size_t(1));
    QCOMPARE(o.storageFormats.at("input").format, passscope::Format::NC1HWC0);
    QCOMPARE(o.formatTable, table.toStdString());
    // As option keys (what sessions and the CLI read).
    const auto kv = o.toKeyValues();
    QCOMPARE(kv.at("passscope.dataFormat"), std::string("NHWC"));
    QCOMPARE(kv.at("passscope.storageFormats"), std::string("input:NC1HWC0"));
    QCOMPARE(kv.at("passscope.formatTable"), table.toStdString());

    // Back to ONNX: the group is disabled, its values are kept for the next switch to GE.
    target->setCurrentIndex(target->findData(int(Target::Onnx)));
    QVERIFY(!group->isEnabled());
    QCOMPARE(dialog.options().storageFormats.at("input").format, passscope::Format::NC1HWC0);

    // A dialog opened on those options shows them again.
    PipelineOptions ge = o;
    ge.target = Target::Ge;
    OptionsDialog again(ge, {QStringLiteral("input")}, {QStringLiteral("output")}, nullptr);
    QCOMPARE(child<QComboBox>(again, "dataFormatCombo")->currentText(), QStringLiteral("NHWC"));
    auto* shownFormat =
        qobject_cast<QComboBox*>(child<QTableWidget>(again, "storageFormatTable")->cellWidget(0, 1));
    QVERIFY(shownFormat);
    QCOMPARE(shownFormat->currentText(), QStringLiteral("NC1HWC0"));
    QCOMPARE(child<QLineEdit>(again, "formatTableEdit")->text(), table);
    QCOMPARE(optionsText(again.options()), optionsText(ge));
    // A FRACTAL_Z with its conv groups (GE's sub-format, --storage-format input:FRACTAL_Z:16) is
    // shown and kept as it is.
    PipelineOptions grouped = ge;
    grouped.storageFormats["input"] = passscope::FormatWithSub{passscope::Format::FRACTAL_Z, 16};
    OptionsDialog third(grouped, {QStringLiteral("input")}, {QStringLiteral("output")}, nullptr);
    auto* groupedFormat =
        qobject_cast<QComboBox*>(child<QTableWidget>(third, "storageFormatTable")->cellWidget(0, 1));
    QVERIFY(groupedFormat);
    QCOMPARE(groupedFormat->currentText(), QStringLiteral("FRACTAL_Z:16"));
    QVERIFY(third.options().storageFormats.at("input") ==
            (passscope::FormatWithSub{passscope::Format::FRACTAL_Z, 16}));
    QCOMPARE(third.options().toKeyValues().at("passscope.storageFormats"), std::string("input:FRACTAL_Z:16"));
}

// A format table that is not a readable file keeps the dialog open with a message (target GE).
void TestOptionsDialog::badFormatTableKeepsDialogOpen() {
    PipelineOptions ge;
    ge.target = Target::Ge;
    OptionsDialog dialog(ge, {}, nullptr);
    dialog.show();
    auto* tableEdit = child<QLineEdit>(dialog, "formatTableEdit");
    auto* error = child<QLabel>(dialog, "formatTableError");
    QVERIFY(tableEdit && error);
    tableEdit->setText(QStringLiteral("/no/such/table.json"));
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(QStringLiteral("/no/such/table.json")), qPrintable(error->text()));
    dialog.accept();
    QVERIFY(dialog.isVisible());
    tableEdit->clear();  // empty: the bundled table
    QVERIFY(!error->isVisible());
    dialog.accept();
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(dialog.options().formatTable.empty());
}

PASSSCOPE_GUI_TEST(TestOptionsDialog)
#include "test_options_dialog.moc"
