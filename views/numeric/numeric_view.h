#pragma once
// The window's numeric debugging (docs/bisect.md §6) and other tools' numbers (docs/node-data.md):
// the numeric overlay colours each node by how far its outputs are from the original graph's at
// the step shown (inside an If/Loop/Scan body, the body's last run), Find First Divergent Step
// bisects the run and marks what it found in the timeline, Pipeline ▸ Numeric Inputs… chooses
// what feeds the graph inputs, and View ▸ Node Data colours nodes by other tools' numbers. The
// numbers are the document's (its NumericController and NodeDataOverlay); this only shows them.
#include <QObject>
#include <QStringList>

namespace passscope::views {

class MainWindow;
class StepFollower;

class NumericView : public QObject {
    Q_OBJECT
  public:
    NumericView(MainWindow& window, StepFollower& steps);

    // Asks for (or shows) the numbers of the step (or body) shown when the numeric overlay is on,
    // and the node data overlay's colours when that one is.
    void updateOverlays();
    // MainWindow's numeric API (see there).
    void findFirstDivergentStep();
    bool showFirstDivergentStep();
    bool loadNodeData(const QStringList& sources, QString* error);
    bool isBusy() const;
    bool canFindDivergentStep() const;
    bool canChooseInputs() const;

    // View ▸ Node Data and Pipeline ▸ Numeric Inputs… dialogs.
    void chooseNodeDataFiles();
    void chooseNodeDataFolder();
    void clearNodeData();
    void editNumericInputs();

  signals:
    void numericUpdated();  // the numeric overlay shows the numbers of the step shown
    void numbersArrived();  // the selected node's notes may have numbers now
    void divergentStepFound(bool diverged);
    void stateChanged();  // what the numeric actions depend on
    void statusMessage(const QString& message, int timeout);

  private:
    void updateNodeDataOverlay();
    void onNumericInputsChanged();
    void onNumbersReady(size_t position);
    void onBisectFinished();

    MainWindow& window_;
    StepFollower& steps_;
};

}  // namespace passscope::views
