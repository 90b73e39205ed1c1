#include "numeric/numeric_inputs_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "ir/graph.h"
#include "ir/op_types.h"
#include "numeric/input_files.h"
#include "text/desc_text.h"

namespace passscope::views {

NumericInputsDialog::NumericInputsDialog(const Graph& graph, const Files& current, QWidget* parent)
    : QDialog(parent), graph_(graph), problem_(new QLabel(this)) {
    setWindowTitle(tr("Numeric Inputs"));
    setObjectName(QStringLiteral("numericInputsDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("Files the numeric overlay and Find First Divergent Step feed the graph inputs "
                      "with: a NumPy .npy or an ONNX TensorProto .pb each, or all from an ONNX "
                      "test data folder. An input left empty gets seeded random values."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* grid = new QGridLayout;
    int row = 0;
    for (NodeId id : graph.inputs()) {
        const Node& n = graph.node(id);
        if (!op::isData(n.opType(), n.domain())) continue;
        const QString name = QString::fromStdString(n.output(0).name);
        grid->addWidget(new QLabel(name, this), row, 0);
        grid->addWidget(new QLabel(descText(n.output(0).desc), this), row, 1);
        auto* field = new QLineEdit(this);
        field->setObjectName(QStringLiteral("file:") + name);
        field->setPlaceholderText(n.hasAttr(op::attr::kValue) ? tr("its default") : tr("seeded random"));
        const auto given = current.find(n.output(0).name);
        if (given != current.end()) field->setText(given->second);
        field->setMinimumWidth(320);
        grid->addWidget(field, row, 2);
        auto* browseButton = new QPushButton(tr("Browse…"), this);
        connect(browseButton, &QPushButton::clicked, this, [this, name] { browse(name); });
        grid->addWidget(browseButton, row, 3);
        fields_.emplace_back(n.output(0).name, field);
        ++row;
    }
    layout->addLayout(grid);
    auto* folderRow = new QHBoxLayout;
    auto* folder = new QPushButton(tr("Test Data &Folder…"), this);
    folder->setObjectName(QStringLiteral("testDataFolder"));
    folder->setToolTip(
        tr("An ONNX test data folder (test_data_set_0 with input_0.pb, input_1.pb, …): each file "
           "feeds the input its tensor names, else the input at its position"));
    connect(folder, &QPushButton::clicked, this, &NumericInputsDialog::chooseTestDataFolder);
    auto* clear = new QPushButton(tr("&Clear All"), this);
    clear->setObjectName(QStringLiteral("clearInputs"));
    connect(clear, &QPushButton::clicked, this, [this] {
        for (auto& [name, field] : fields_) field->clear();
    });
    folderRow->addWidget(folder);
    folderRow->addWidget(clear);
    folderRow->addStretch();
    layout->addLayout(folderRow);
    problem_->setObjectName(QStringLiteral("problem"));
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #b00020"));
    problem_->hide();
    layout->addWidget(problem_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &NumericInputsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NumericInputsDialog::reject);
    layout->addWidget(buttons);
}

NumericInputsDialog::Files NumericInputsDialog::files() const {
    Files out;
    for (const auto& [name, field] : fields_)
        if (!field->text().trimmed().isEmpty()) out[name] = field->text().trimmed();
    return out;
}

QLineEdit* NumericInputsDialog::fileField(const QString& name) const {
    for (const auto& [input, field] : fields_)
        if (QString::fromStdString(input) == name) return field;
    return nullptr;
}

QString NumericInputsDialog::problem() const {
    return problem_->isVisible() ? problem_->text() : QString();
}

void NumericInputsDialog::showProblem(const QString& text) {
    problem_->setText(text);
    problem_->setVisible(!text.isEmpty());
}

bool NumericInputsDialog::useTestDataFolder(const QString& folder) {
    try {
        const auto found = numeric::testDataFiles(graph_, folder.toStdString());
        for (auto& [name, field] : fields_) {
            const auto it = found.find(name);
            field->setText(it == found.end() ? QString() : QString::fromStdString(it->second.string()));
        }
    } catch (const std::exception& e) {
        showProblem(QString::fromUtf8(e.what()));
        return false;
    }
    showProblem(QString());
    return true;
}

void NumericInputsDialog::browse(const QString& input) {
    QLineEdit* field = fileField(input);
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Numeric Input “%1”").arg(input), field->text(), tr("Tensors (*.npy *.pb);;All files (*)"));
    if (!file.isEmpty()) field->setText(file);
}

void NumericInputsDialog::chooseTestDataFolder() {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("ONNX Test Data Folder"));
    if (!folder.isEmpty()) useTestDataFolder(folder);
}

void NumericInputsDialog::accept() {
    for (const auto& [name, file] : files()) {
        try {
            numeric::readInputFile(file.toStdString());
        } catch (const std::exception& e) {
            showProblem(tr("Input “%1”: %2").arg(QString::fromStdString(name), QString::fromUtf8(e.what())));
            return;
        }
    }
    QDialog::accept();
}

}  // namespace passscope::views
