#pragma once
// Pipeline ▸ Numeric Inputs… (issue 36 item 3, docs/bisect.md §6): which file feeds each graph
// input of the numeric overlay and Find First Divergent Step — a .npy or .pb per input, or all of
// them from an ONNX test data folder (test_data_set_N/input_K.pb, as ONNX's model zoo ships them,
// engine/numeric/input_files.h). An input left empty gets seeded random values. OK closes only when
// every file reads as a tensor for its input; the problem is shown in the dialog otherwise.
#include <map>
#include <string>
#include <vector>

#include <QDialog>
#include <QString>

class QLabel;
class QLineEdit;

namespace passscope {
class Graph;
}

namespace passscope::views {

class NumericInputsDialog : public QDialog {
    Q_OBJECT
  public:
    using Files = std::map<std::string, QString>;  // graph input name -> file
    // `graph`: the loaded model's graph (its inputs are the rows; it must outlive the dialog).
    NumericInputsDialog(const Graph& graph, const Files& current, QWidget* parent = nullptr);

    // The files as the fields say (empty fields left out).
    Files files() const;
    // The line edit of input `name` (tests type into it), or null.
    QLineEdit* fileField(const QString& name) const;
    // Fills the fields from an ONNX test data folder; false with the problem shown when it cannot.
    bool useTestDataFolder(const QString& folder);
    QString problem() const;

  public slots:
    void accept() override;

  private:
    void browse(const QString& input);
    void chooseTestDataFolder();
    void showProblem(const QString& text);

    const Graph& graph_;
    std::vector<std::pair<std::string, QLineEdit*>> fields_;
    QLabel* problem_;
};

}  // namespace passscope::views
