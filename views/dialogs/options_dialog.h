#pragma once
// "Pipeline Options": edits the PipelineOptions the CLI, the GUI and session files share
// (pipeline/options.h) — O-level, constant folding, memory priority, fold size threshold,
// iteration cap, target, pass.<Name> switches, input shape pins, the --no-fold node names and,
// for target GE, the format options (data format, storage formats of graph inputs/outputs, the
// op-format table; docs/ge-formats.md §4, §5).
// OK closes only when every field validates; a bad field gets its message next to it.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <QDialog>
#include <QStringList>

#include "pipeline/options.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace passscope {
class Pass;
}

namespace passscope::views {

class ModelDocument;

class OptionsDialog : public QDialog {
    Q_OBJECT
  public:
    // `graphInputNames`: the loaded model's graph inputs (Data nodes), the rows of the input
    // shape table; pins in `current` for other names are listed too (and flagged).
    explicit OptionsDialog(const PipelineOptions& current, QStringList graphInputNames,
                           QWidget* parent = nullptr);
    // `graphOutputNames` as well: the storage format table lists inputs and outputs.
    OptionsDialog(const PipelineOptions& current, QStringList graphInputNames, QStringList graphOutputNames,
                  QWidget* parent = nullptr);
    ~OptionsDialog() override;

    // Pipeline ▸ Options…: a window-modal dialog over `document`'s options and its model's graph
    // inputs and outputs; OK sets the options (and the document runs again). Nothing without a model.
    static void openFor(ModelDocument& document, QWidget* parent);

    // The options as the widgets say; fields the user left alone keep `current`'s exact values
    // (an unchanged dialog gives back `current`). Input shape rows that do not validate are left out.
    PipelineOptions options() const;

  public slots:
    void accept() override;

  private:
    QWidget* createGeneralGroup();
    QWidget* createPassesGroup();
    QWidget* createInputShapesGroup();
    QWidget* createNoFoldGroup();
    QWidget* createFormatsGroup();
    void fillStorageFormats();
    // The format widgets apply to target GE only (the format passes run there).
    void updateFormatsEnabled();
    // The message for the format table field ("" = empty, unchanged or a readable file).
    QString formatTableError() const;
    void fillInputShapes();
    // The options from the general widgets only (no pass switches): what decides the passes
    // that follow the level.
    PipelineOptions generalOptions() const;
    void fillPassList();
    void refreshPassStates();
    void onPassItemChanged(QListWidgetItem* item);
    void followLevelForAllPasses();
    // Validates every input shape row, marks bad cells and shows the first message; returns
    // the row of the first bad one or -1.
    int validateInputShapes();
    // The message for one row ("" = valid or not pinned); fills `shape` when valid.
    QString inputShapeError(int row, std::pair<std::string, std::vector<int64_t>>* shape) const;

    const PipelineOptions current_;
    const QStringList graphInputs_;
    const QStringList graphOutputs_;
    // One instance per pass the chosen target's pipeline may run (pipelinePasses, in order):
    // enabled() tells whether a pass without a pass.<Name> switch runs at the chosen level.
    std::vector<std::unique_ptr<Pass>> passes_;
    std::map<std::string, bool> passSwitches_;  // starts as current_.passSwitches
    bool refreshingPasses_ = false;
    int initialThresholdMiB_ = 0;

    QComboBox* level_ = nullptr;
    QCheckBox* folding_ = nullptr;
    QCheckBox* memoryPriority_ = nullptr;
    QCheckBox* variableAcc_ = nullptr;
    QSpinBox* threshold_ = nullptr;
    QSpinBox* iterationCap_ = nullptr;
    QComboBox* target_ = nullptr;
    QListWidget* passList_ = nullptr;
    QTableWidget* shapes_ = nullptr;
    QLabel* shapeError_ = nullptr;
    QListWidget* noFold_ = nullptr;
    QPushButton* removeNoFold_ = nullptr;
    QWidget* formats_ = nullptr;
    QComboBox* dataFormat_ = nullptr;
    QTableWidget* storageFormats_ = nullptr;  // name, format (a combo; empty = the model's own)
    QLineEdit* formatTable_ = nullptr;
    QLabel* formatTableError_ = nullptr;
};

}  // namespace passscope::views
