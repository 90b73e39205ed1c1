#pragma once
// The "Variable memory" dock: a header with the totals per memory type and the number of reused
// entries, the memory map (zoom and scale controls beside the header) and a sortable table of the
// entries below it. Clicking a bar or a row selects the other and activates the node.
#include <QWidget>
#include <vector>

#include "vars/var_memory_plan.h"

class QCheckBox;
class QLabel;
class QModelIndex;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace passscope::views {

class MemoryMapView;
class ModelDocument;
class VarMemoryTableModel;

class MemoryMapPanel : public QWidget {
    Q_OBJECT
  public:
    explicit MemoryMapPanel(QWidget* parent = nullptr);

    void setPlan(VarMemoryPlan plan);
    void clear();
    // Follows the plan of the graph at `document`'s selected step while the panel can be seen
    // (planning hashes every weight).
    void attach(const ModelDocument& document);
    // Highlights the node's entry in map and table without emitting nodeActivated; false when the
    // node has no entry.
    bool selectNode(NodeId id);

    MemoryMapView* mapView() const { return map_; }
    QTableView* table() const { return table_; }
    QString headerText() const;

  signals:
    void nodeActivated(passscope::NodeId id);

  protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

  private:
    QWidget* makeHeader();
    void fitMapHeight();
    QString summary(const VarMemoryPlan& plan) const;
    void onMapEntryActivated(int entry);
    void onCurrentRowChanged(const QModelIndex& current);
    void selectRow(int entry);
    void showPlanOf(const ModelDocument& document);

    QLabel* header_ = nullptr;
    QCheckBox* logScale_ = nullptr;
    std::vector<QWidget*> controls_;  // scale and zoom: hidden while the plan is empty
    MemoryMapView* map_ = nullptr;
    QSplitter* split_ = nullptr;
    QTableView* table_ = nullptr;
    VarMemoryTableModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    const ModelDocument* document_ = nullptr;
    bool syncing_ = false;    // selecting programmatically: do not re-emit
    bool userSplit_ = false;  // the user moved the splitter: keep their heights
};

}  // namespace passscope::views
