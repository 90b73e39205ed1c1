#include "dialogs/options_dialog.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "compile/pipeline_registry.h"
#include "document/model_document.h"
#include "ir/op_types.h"

namespace passscope::views {

namespace {

constexpr uint64_t kMiB = uint64_t(1) << 20;
constexpr int kMaxThresholdMiB = 1 << 20;  // 1 TiB: far beyond any tensor worth folding
constexpr int kNameRole = Qt::UserRole;

enum ShapeColumn { NameColumn = 0, DimsColumn = 1 };

const QColor kErrorText(0xb7, 0x1c, 0x1c);
const QColor kErrorBackground(0xff, 0xeb, 0xee);

QString joinDims(const std::vector<int64_t>& dims) {
    QStringList parts;
    for (int64_t d : dims) parts << QString::number(d);
    return parts.join(QLatin1Char(','));
}

// The option key in a tooltip, so the GUI's words can be matched to the CLI's --option.
QString withKey(const QString& text, const QString& key) {
    return QStringLiteral("%1<br><br><code>%2</code>").arg(text.toHtmlEscaped(), key.toHtmlEscaped());
}

}  // namespace

OptionsDialog::OptionsDialog(const PipelineOptions& current, QStringList graphInputNames, QWidget* parent)
    : OptionsDialog(current, std::move(graphInputNames), QStringList(), parent) {}

OptionsDialog::OptionsDialog(const PipelineOptions& current, QStringList graphInputNames,
                             QStringList graphOutputNames, QWidget* parent)
    : QDialog(parent),
      current_(current),
      graphInputs_(std::move(graphInputNames)),
      graphOutputs_(std::move(graphOutputNames)),
      passes_(pipelinePasses(current.target)),
      passSwitches_(current.passSwitches) {
    setWindowTitle(tr("Pipeline Options"));
    setObjectName(QStringLiteral("optionsDialog"));

    auto* top = new QHBoxLayout;
    top->addWidget(createGeneralGroup(), 1);
    top->addWidget(createPassesGroup(), 1);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(createInputShapesGroup(), 3);
    bottom->addWidget(createNoFoldGroup(), 2);
    QWidget* formats = createFormatsGroup();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("OK and Run Again"));
    connect(buttons, &QDialogButtonBox::accepted, this, &OptionsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &OptionsDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(bottom);
    layout->addWidget(formats);
    layout->addWidget(buttons);

    refreshPassStates();
    updateFormatsEnabled();
    validateInputShapes();
    resize(sizeHint().expandedTo(QSize(760, 560)));
}

OptionsDialog::~OptionsDialog() = default;

void OptionsDialog::openFor(ModelDocument& document, QWidget* parent) {
    if (!document.loadedModel()) return;
    QStringList inputs;  // the graph inputs are its Data nodes (IR < 4 also lists Consts)
    const Graph& graph = *document.loadedModel()->model.graph;
    for (NodeId id : graph.inputs())
        if (const Node* n = graph.findNode(id); n && op::isData(n->opType(), n->domain()))
            inputs << QString::fromStdString(n->name());
    QStringList outputs;  // storage formats are set on graph inputs and outputs by name
    for (const std::string& name : graph.outputNames()) outputs << QString::fromStdString(name);
    auto* dialog = new OptionsDialog(document.pipelineOptions(), inputs, outputs, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, &document,
            [&document, dialog] { document.setPipelineOptions(dialog->options()); });
    dialog->open();  // window-modal; nothing blocks
}

QWidget* OptionsDialog::createGeneralGroup() {
    auto* group = new QGroupBox(tr("Optimization"), this);
    auto* form = new QFormLayout(group);

    level_ = new QComboBox(group);
    level_->setObjectName(QStringLiteral("levelCombo"));
    // GE's ge.oo.level (docs/ge-constant-folding.md §7.1); what each level runs: README's "ge.oo.level".
    const std::pair<OptLevel, QString> levels[] = {
        {OptLevel::O0, tr("O0 — no optimization")},
        {OptLevel::O1, tr("O1 — constant folding, dead code")},
        {OptLevel::O2, tr("O2 — and common subexpressions")},
        {OptLevel::O3, tr("O3 — everything (default)")},
    };
    const QString levelTips[] = {
        tr("O0: no pass runs; the graph stays as loaded."),
        tr("O1: the constant folding family and dead code elimination."),
        tr("O2: O1 plus common subexpression elimination."),
        tr("O3: every pass; GE's default."),
    };
    for (const auto& [level, text] : levels) {
        level_->addItem(text, static_cast<int>(level));
        level_->setItemData(level_->count() - 1, levelTips[level_->count() - 1], Qt::ToolTipRole);
    }
    level_->setCurrentIndex(level_->findData(static_cast<int>(current_.level)));
    level_->setToolTip(withKey(tr("GE's optimization level: O0 runs nothing, O1 folds constants and removes "
                                  "dead code, O2 also merges common subexpressions, O3 runs everything."),
                               QStringLiteral("ge.oo.level")));
    connect(level_, &QComboBox::currentIndexChanged, this, &OptionsDialog::refreshPassStates);
    form->addRow(tr("&Level:"), level_);

    folding_ = new QCheckBox(tr("Constant &folding"), group);
    folding_->setObjectName(QStringLiteral("foldingCheck"));
    folding_->setChecked(current_.constantFolding);
    folding_->setToolTip(
        withKey(tr("Run the constant folding family of passes."), QStringLiteral("ge.oo.constantFolding")));
    connect(folding_, &QCheckBox::toggled, this, &OptionsDialog::refreshPassStates);
    form->addRow(folding_);

    memoryPriority_ = new QCheckBox(tr("&Memory priority"), group);
    memoryPriority_->setObjectName(QStringLiteral("memoryPriorityCheck"));
    memoryPriority_->setChecked(current_.memoryPriority);
    memoryPriority_->setToolTip(withKey(tr("Do not fold constants of more than 8 elements that several "
                                           "consumers share (saves memory, costs run time)."),
                                        QStringLiteral("ge.exec.memoryOptimizationPolicy=MemoryPriority")));
    form->addRow(memoryPriority_);

    variableAcc_ = new QCheckBox(tr("&Variable fusion"), group);
    variableAcc_->setObjectName(QStringLiteral("variableAccCheck"));
    variableAcc_->setChecked(current_.variableAcc);
    variableAcc_->setToolTip(
        withKey(tr("Target GE: store a variable in the format all its readers convert it "
                   "to, and remove the conversions (VariableOpPass)."),
                QStringLiteral("ge.exec.variable_acc")));
    form->addRow(variableAcc_);

    threshold_ = new QSpinBox(group);
    threshold_->setObjectName(QStringLiteral("foldThresholdSpin"));
    threshold_->setRange(0, kMaxThresholdMiB);
    threshold_->setSuffix(tr(" MiB"));
    const double mib = std::round(static_cast<double>(current_.foldSizeThreshold) / kMiB);
    initialThresholdMiB_ = static_cast<int>(std::min<double>(mib, kMaxThresholdMiB));
    threshold_->setValue(initialThresholdMiB_);
    QString thresholdTip = tr("Do not fold a node whose outputs would take more than this.");
    if (current_.foldSizeThreshold % kMiB != 0)
        thresholdTip +=
            QLatin1Char(' ') +
            tr("Currently %1 bytes; kept unless you change the value.").arg(current_.foldSizeThreshold);
    threshold_->setToolTip(withKey(thresholdTip, QStringLiteral("passscope.foldSizeThreshold")));
    auto* thresholdRow = new QHBoxLayout;
    thresholdRow->addWidget(threshold_, 1);
    if (current_.foldSizeThreshold % kMiB != 0) {  // set in bytes (CLI, session): say so while it holds
        auto* exact = new QLabel(tr("now %1 bytes").arg(current_.foldSizeThreshold), group);
        exact->setEnabled(false);
        connect(threshold_, &QSpinBox::valueChanged, exact,
                [this, exact](int mib) { exact->setVisible(mib == initialThresholdMiB_); });
        thresholdRow->addWidget(exact);
    }
    form->addRow(tr("Fold size &threshold:"), thresholdRow);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(thresholdRow))) label->setBuddy(threshold_);

    iterationCap_ = new QSpinBox(group);
    iterationCap_->setObjectName(QStringLiteral("iterationCapSpin"));
    iterationCap_->setRange(1, std::max(1000, current_.iterationCap));
    iterationCap_->setValue(current_.iterationCap);
    iterationCap_->setToolTip(
        withKey(tr("How many times a stage may repeat its passes to reach a fixed point."),
                QStringLiteral("passscope.iterationCap")));
    form->addRow(tr("&Iteration cap:"), iterationCap_);

    target_ = new QComboBox(group);
    target_->setObjectName(QStringLiteral("targetCombo"));
    target_->addItem(tr("ONNX"), static_cast<int>(Target::Onnx));
    target_->addItem(tr("GE"), static_cast<int>(Target::Ge));
    target_->setCurrentIndex(target_->findData(static_cast<int>(current_.target)));
    target_->setToolTip(withKey(tr("The graph the pipeline produces: ONNX operators or GE's."),
                                QStringLiteral("passscope.target")));
    connect(target_, &QComboBox::currentIndexChanged, this, [this] {
        passes_ = pipelinePasses(static_cast<Target>(target_->currentData().toInt()));
        fillPassList();
        refreshPassStates();
        updateFormatsEnabled();
    });
    form->addRow(tr("T&arget:"), target_);
    return group;
}

QWidget* OptionsDialog::createPassesGroup() {
    auto* group = new QGroupBox(tr("Passes"), this);
    auto* layout = new QVBoxLayout(group);
    passList_ = new QListWidget(group);
    passList_->setObjectName(QStringLiteral("passList"));
    fillPassList();
    connect(passList_, &QListWidget::itemChanged, this, &OptionsDialog::onPassItemChanged);
    layout->addWidget(passList_);

    auto* row = new QHBoxLayout;
    auto* hint = new QLabel(tr("Bold: switched by hand."), group);
    hint->setEnabled(false);
    row->addWidget(hint, 1);
    auto* reset = new QPushButton(tr("Follow &Level"), group);
    reset->setObjectName(QStringLiteral("followLevelButton"));
    reset->setToolTip(
        tr("Forget the switches made by hand: every pass runs as the level and constant folding say."));
    connect(reset, &QPushButton::clicked, this, &OptionsDialog::followLevelForAllPasses);
    row->addWidget(reset);
    layout->addLayout(row);
    return group;
}

QWidget* OptionsDialog::createInputShapesGroup() {
    auto* group = new QGroupBox(tr("Input Shapes"), this);
    auto* layout = new QVBoxLayout(group);
    shapes_ = new QTableWidget(0, 2, group);
    shapes_->setObjectName(QStringLiteral("inputShapeTable"));
    shapes_->setHorizontalHeaderLabels({tr("Input"), tr("Dimensions")});
    shapes_->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
    shapes_->horizontalHeader()->setStretchLastSection(true);
    shapes_->verticalHeader()->hide();
    shapes_->setSelectionMode(QAbstractItemView::SingleSelection);
    shapes_->setToolTip(
        tr("Pin an input's shape before the pipeline runs, e.g. 1,3,224,224; leave empty to keep "
           "the model's shape."));
    fillInputShapes();
    connect(shapes_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == DimsColumn) validateInputShapes();
    });
    layout->addWidget(shapes_);

    shapeError_ = new QLabel(group);
    shapeError_->setObjectName(QStringLiteral("inputShapeError"));
    shapeError_->setWordWrap(true);
    QPalette palette = shapeError_->palette();
    palette.setColor(QPalette::WindowText, kErrorText);
    shapeError_->setPalette(palette);
    shapeError_->hide();
    layout->addWidget(shapeError_);
    return group;
}

void OptionsDialog::fillInputShapes() {
    QStringList names = graphInputs_;
    for (const auto& [name, dims] : current_.inputShapes)
        if (!names.contains(QString::fromStdString(name))) names << QString::fromStdString(name);
    shapes_->setRowCount(static_cast<int>(names.size()));
    for (int row = 0; row < shapes_->rowCount(); ++row) {
        auto* name = new QTableWidgetItem(names[row]);
        name->setFlags(Qt::ItemIsEnabled);
        shapes_->setItem(row, NameColumn, name);
        const auto pin = current_.inputShapes.find(names[row].toStdString());
        auto* dims =
            new QTableWidgetItem(pin == current_.inputShapes.end() ? QString() : joinDims(pin->second));
        shapes_->setItem(row, DimsColumn, dims);
    }
    if (names.isEmpty()) shapes_->setToolTip(tr("The model has no graph inputs to pin."));
}

QWidget* OptionsDialog::createNoFoldGroup() {
    auto* group = new QGroupBox(tr("Not Folded"), this);
    group->setToolTip(tr("Nodes marked _do_not_constant_folding (the node context menu adds them)."));
    auto* layout = new QVBoxLayout(group);
    noFold_ = new QListWidget(group);
    noFold_->setObjectName(QStringLiteral("noFoldList"));
    noFold_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    for (const std::string& name : current_.noFold) noFold_->addItem(QString::fromStdString(name));
    layout->addWidget(noFold_);

    removeNoFold_ = new QPushButton(tr("&Remove"), group);
    removeNoFold_->setObjectName(QStringLiteral("removeNoFoldButton"));
    removeNoFold_->setEnabled(false);
    connect(noFold_, &QListWidget::itemSelectionChanged, this,
            [this] { removeNoFold_->setEnabled(!noFold_->selectedItems().isEmpty()); });
    connect(removeNoFold_, &QPushButton::clicked, this, [this] { qDeleteAll(noFold_->selectedItems()); });
    auto* row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(removeNoFold_);
    layout->addLayout(row);
    return group;
}

// ---- formats (target GE) ----

namespace {
// The formats a user may give a graph input or output (PipelineOptions::addStorageFormat's list).
const Format kStorageFormats[] = {Format::ND,      Format::NCHW,      Format::NHWC,
                                  Format::HWCN,    Format::NCDHW,     Format::NDHWC,
                                  Format::NC1HWC0, Format::FRACTAL_Z, Format::FRACTAL_NZ};
}  // namespace

QWidget* OptionsDialog::createFormatsGroup() {
    auto* group = new QGroupBox(tr("Formats (target GE)"), this);
    group->setObjectName(QStringLiteral("formatsGroup"));
    formats_ = group;
    auto* layout = new QHBoxLayout(group);
    auto* form = new QFormLayout;

    dataFormat_ = new QComboBox(group);
    dataFormat_->setObjectName(QStringLiteral("dataFormatCombo"));
    for (Format f : {Format::NCHW, Format::NHWC, Format::ND})
        dataFormat_->addItem(QString::fromLatin1(formatName(f)), static_cast<int>(f));
    dataFormat_->setCurrentIndex(dataFormat_->findData(static_cast<int>(current_.dataFormat)));
    dataFormat_->setToolTip(withKey(tr("The format of graph inputs that no format-defining operator reaches "
                                       "(GE's data_format)."),
                                    QStringLiteral("passscope.dataFormat")));
    form->addRow(tr("&Data format:"), dataFormat_);

    formatTable_ = new QLineEdit(QString::fromStdString(current_.formatTable), group);
    formatTable_->setObjectName(QStringLiteral("formatTableEdit"));
    formatTable_->setPlaceholderText(tr("bundled table"));
    formatTable_->setClearButtonEnabled(true);
    formatTable_->setToolTip(withKey(tr("The op-format capability table (JSON) the storage format selection "
                                        "reads; empty: the bundled default table."),
                                     QStringLiteral("passscope.formatTable")));
    auto* browse = new QPushButton(tr("&Browse…"), group);
    browse->setObjectName(QStringLiteral("formatTableBrowse"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Format Table"), formatTable_->text(),
                                                          tr("Format tables (*.json);;All files (*)"));
        if (!file.isEmpty()) formatTable_->setText(file);
    });
    auto* tableRow = new QHBoxLayout;
    tableRow->addWidget(formatTable_, 1);
    tableRow->addWidget(browse);
    form->addRow(tr("Format &table:"), tableRow);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(tableRow))) label->setBuddy(formatTable_);
    formatTableError_ = new QLabel(group);
    formatTableError_->setObjectName(QStringLiteral("formatTableError"));
    formatTableError_->setWordWrap(true);
    QPalette palette = formatTableError_->palette();
    palette.setColor(QPalette::WindowText, kErrorText);
    formatTableError_->setPalette(palette);
    formatTableError_->hide();
    form->addRow(formatTableError_);
    connect(formatTable_, &QLineEdit::textChanged, this, [this] {
        const QString error = formatTableError();
        formatTableError_->setText(error);
        formatTableError_->setVisible(!error.isEmpty());
    });
    layout->addLayout(form, 1);

    storageFormats_ = new QTableWidget(0, 2, group);
    storageFormats_->setObjectName(QStringLiteral("storageFormatTable"));
    storageFormats_->setHorizontalHeaderLabels({tr("Graph input or output"), tr("Storage format")});
    storageFormats_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    storageFormats_->horizontalHeader()->setStretchLastSection(true);
    storageFormats_->verticalHeader()->hide();
    storageFormats_->setSelectionMode(QAbstractItemView::NoSelection);
    storageFormats_->setToolTip(withKey(tr("The format a graph input or output is stored in on the device; "
                                           "empty: the one the format passes choose."),
                                        QStringLiteral("passscope.storageFormats")));
    storageFormats_->setMinimumHeight(90);
    fillStorageFormats();
    layout->addWidget(storageFormats_, 1);
    return group;
}

void OptionsDialog::fillStorageFormats() {
    QStringList names = graphInputs_;
    for (const QString& n : graphOutputs_)
        if (!names.contains(n)) names << n;
    for (const auto& [name, format] : current_.storageFormats)
        if (!names.contains(QString::fromStdString(name))) names << QString::fromStdString(name);
    storageFormats_->setRowCount(static_cast<int>(names.size()));
    for (int row = 0; row < storageFormats_->rowCount(); ++row) {
        auto* name = new QTableWidgetItem(names[row]);
        name->setFlags(Qt::ItemIsEnabled);
        if (graphInputs_.contains(names[row]))
            name->setToolTip(tr("graph input"));
        else if (graphOutputs_.contains(names[row]))
            name->setToolTip(tr("graph output"));
        else if (!graphInputs_.isEmpty() || !graphOutputs_.isEmpty())
            name->setToolTip(tr("not an input or output of the loaded model"));
        storageFormats_->setItem(row, 0, name);
        // Items carry the format as GE spells it, so that a FRACTAL_Z with its groups (a session's
        // "FRACTAL_Z:16") is kept as it is.
        auto* combo = new QComboBox(storageFormats_);
        combo->addItem(QString(), QString());
        for (Format f : kStorageFormats)
            combo->addItem(QString::fromLatin1(formatName(f)), QString::fromLatin1(formatName(f)));
        const auto set = current_.storageFormats.find(names[row].toStdString());
        if (set != current_.storageFormats.end()) {
            const QString text =
                QString::fromStdString(formatText(set->second.format, set->second.subFormat));
            if (combo->findData(text) < 0) combo->addItem(text, text);
            combo->setCurrentIndex(combo->findData(text));
        }
        storageFormats_->setCellWidget(row, 1, combo);
    }
}

QString OptionsDialog::formatTableError() const {
    const QString path = formatTable_->text().trimmed();
    if (path.isEmpty() || formatTable_->text() == QString::fromStdString(current_.formatTable)) return {};
    const QFileInfo file(path);
    if (!file.isFile() || !file.isReadable()) return tr("%1 is not a readable file.").arg(path);
    return {};
}

void OptionsDialog::updateFormatsEnabled() {
    const bool ge = static_cast<Target>(target_->currentData().toInt()) == Target::Ge;
    formats_->setEnabled(ge);
    formats_->setToolTip(ge ? QString() : tr("The format passes run only for target GE."));
}

// ---- passes ----

PipelineOptions OptionsDialog::generalOptions() const {
    PipelineOptions o = current_;
    o.level = static_cast<OptLevel>(level_->currentData().toInt());
    o.constantFolding = folding_->isChecked();
    o.memoryPriority = memoryPriority_->isChecked();
    o.variableAcc = variableAcc_->isChecked();
    o.foldSizeThreshold = threshold_->value() == initialThresholdMiB_ ? current_.foldSizeThreshold
                                                                      : uint64_t(threshold_->value()) * kMiB;
    o.iterationCap = iterationCap_->value();
    o.target = static_cast<Target>(target_->currentData().toInt());
    o.passSwitches.clear();
    return o;
}

// One row per pass the chosen target's pipeline may run (a pass.<Name> switch of the other
// target's passes is kept, not shown).
void OptionsDialog::fillPassList() {
    const QSignalBlocker blocker(passList_);  // rows being made are not switches
    passList_->clear();
    for (const std::unique_ptr<Pass>& pass : passes_) {
        auto* item = new QListWidgetItem(QString::fromStdString(pass->name()), passList_);
        item->setData(kNameRole, QString::fromStdString(pass->name()));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
    }
}

// A pass with a switch shows it (in bold); the others show what the level and folding decide.
void OptionsDialog::refreshPassStates() {
    const PipelineOptions byLevel = generalOptions();
    refreshingPasses_ = true;
    for (int i = 0; i < passList_->count(); ++i) {
        QListWidgetItem* item = passList_->item(i);
        const std::string name = item->data(kNameRole).toString().toStdString();
        const auto forced = passSwitches_.find(name);
        const bool on = forced != passSwitches_.end() ? forced->second : passes_[i]->enabled(byLevel);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        QFont font = item->font();
        font.setBold(forced != passSwitches_.end());
        item->setFont(font);
        const QString key =
            QStringLiteral("pass.%1=%2")
                .arg(item->data(kNameRole).toString(), on ? QStringLiteral("true") : QStringLiteral("false"));
        item->setToolTip(forced != passSwitches_.end()
                             ? withKey(on ? tr("Switched on by hand.") : tr("Switched off by hand."), key)
                             : tr("Follows the level and constant folding."));
    }
    refreshingPasses_ = false;
}

void OptionsDialog::onPassItemChanged(QListWidgetItem* item) {
    if (refreshingPasses_) return;
    passSwitches_[item->data(kNameRole).toString().toStdString()] = item->checkState() == Qt::Checked;
    refreshPassStates();
}

void OptionsDialog::followLevelForAllPasses() {
    passSwitches_.clear();
    refreshPassStates();
}

// ---- input shapes ----

QString OptionsDialog::inputShapeError(int row, std::pair<std::string, std::vector<int64_t>>* shape) const {
    const QString name = shapes_->item(row, NameColumn)->text();
    QString dims = shapes_->item(row, DimsColumn)->text();
    dims.remove(QLatin1Char(' '));
    if (dims.isEmpty()) return {};
    if (!graphInputs_.isEmpty() && !graphInputs_.contains(name))
        return tr("%1 is not an input of the loaded model; clear its dimensions.").arg(name);
    // PipelineOptions::addInputShape is the parser the CLI's --input-shape uses.
    PipelineOptions probe;
    try {
        probe.addInputShape(name.toStdString() + ':' + dims.toStdString());
    } catch (const std::invalid_argument& e) {
        return QString::fromStdString(e.what());  // names the input and the bad dimension
    }
    if (shape) *shape = *probe.inputShapes.begin();
    return {};
}

int OptionsDialog::validateInputShapes() {
    int firstBad = -1;
    QString message;
    const QSignalBlocker blocker(shapes_);  // colouring cells must not re-enter through itemChanged
    for (int row = 0; row < shapes_->rowCount(); ++row) {
        const QString error = inputShapeError(row, nullptr);
        QTableWidgetItem* dims = shapes_->item(row, DimsColumn);
        dims->setBackground(error.isEmpty() ? QBrush() : QBrush(kErrorBackground));
        dims->setToolTip(error);
        if (!error.isEmpty() && firstBad < 0) {
            firstBad = row;
            message = error;
        }
    }
    shapeError_->setText(message);
    shapeError_->setVisible(firstBad >= 0);
    return firstBad;
}

// ---- result ----

PipelineOptions OptionsDialog::options() const {
    PipelineOptions o = generalOptions();
    o.passSwitches = passSwitches_;
    o.inputShapes.clear();
    for (int row = 0; row < shapes_->rowCount(); ++row) {
        std::pair<std::string, std::vector<int64_t>> shape;
        if (inputShapeError(row, &shape).isEmpty() && !shape.first.empty())
            o.inputShapes.insert(std::move(shape));
    }
    o.noFold.clear();
    for (int i = 0; i < noFold_->count(); ++i) o.noFold.insert(noFold_->item(i)->text().toStdString());
    // The format fields are kept while the target is not GE (they do nothing there, and a switch
    // to ONNX and back must not lose them).
    o.dataFormat = static_cast<Format>(dataFormat_->currentData().toInt());
    const QString table = formatTable_->text();
    o.formatTable = table == QString::fromStdString(current_.formatTable) ? current_.formatTable
                                                                          : table.trimmed().toStdString();
    o.storageFormats.clear();
    for (int row = 0; row < storageFormats_->rowCount(); ++row) {
        const auto* combo = qobject_cast<const QComboBox*>(storageFormats_->cellWidget(row, 1));
        const auto format =
            combo ? parseFormatWithSub(combo->currentData().toString().toStdString()) : std::nullopt;
        if (format) o.storageFormats[storageFormats_->item(row, 0)->text().toStdString()] = *format;
    }
    return o;
}

void OptionsDialog::accept() {
    const int bad = validateInputShapes();
    if (bad >= 0) {
        shapes_->setCurrentCell(bad, DimsColumn);
        shapes_->setFocus();
        return;
    }
    // A table the pipeline could not read would only fail the run: say so here. (Target ONNX
    // ignores the table, so it does not block there.)
    if (const QString error = formatTableError(); !error.isEmpty() && formats_->isEnabled()) {
        formatTableError_->setText(error);
        formatTableError_->show();
        formatTable_->setFocus();
        return;
    }
    QDialog::accept();
}

}  // namespace passscope::views
