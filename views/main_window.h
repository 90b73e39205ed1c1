#pragma once
// The PassScope main window: a node table with a filter in the centre, docks for the model summary,
// the selected node's properties and the load warnings; models load off the UI thread.
//
// Errors are reported through loadFailed(); the message box is shown by a slot that does nothing
// when the window is not interactive (tests, --screenshot), so nothing ever blocks on a dialog.
#include <memory>

#include <QMainWindow>

#include "ir/node.h"
#include "loaded_model.h"

class QAction;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QMimeData;
class QProgressBar;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace passscope::views {

class ModelLoader;
class NodeFilterProxyModel;
class NodeTableModel;
class PropertiesPanel;
class RecentFiles;
class SummaryPanel;
class WarningsPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts loading `path` in the background; modelLoaded() or loadFailed() follows. A model
    // already shown stays until the new one has loaded.
    void openModel(const QString& path);
    bool isLoading() const;
    // The model shown, or null.
    const LoadedModel* loadedModel() const { return model_.get(); }

    // When false, failures are only signalled (no message box). Default: true.
    void setInteractive(bool interactive) { interactive_ = interactive; }
    bool isInteractive() const { return interactive_; }

    // Selects a node's row (clearing the filter if it hides it); false when there is no such node.
    bool selectNode(NodeId id);
    bool selectNodeByName(const QString& name);

    // Window geometry and dock layout from the last session; they are saved on close.
    void restoreLayout();

    QTableView* nodeTable() const { return table_; }
    QLineEdit* filterEdit() const { return filterEdit_; }
    NodeFilterProxyModel* nodeFilter() const { return filter_; }
    NodeTableModel* nodeTableModel() const { return tableModel_; }
    PropertiesPanel* propertiesPanel() const { return properties_; }
    WarningsPanel* warningsPanel() const { return warnings_; }

  signals:
    void loadStarted(const QString& path);
    void modelLoaded(const QString& path);
    void loadFailed(const QString& message);

  public slots:
    void showOpenDialog();
    void showAbout();

  private slots:
    void showLoadError(const QString& message);

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

  private:
    void createActions();
    void createMenus();
    QWidget* createWelcomePage();
    QWidget* createTablePage();
    void createDocks();
    void createStatusBar();
    void rebuildRecentMenu();
    void onLoadStarted(const QString& path);
    void onLoaded(std::shared_ptr<const LoadedModel> model);
    void onLoadFailed(const QString& path, const QString& message);
    void onCurrentRowChanged(const QModelIndex& current);
    void onFilterPatternChanged();
    void updateFilterCount();
    static QString modelFileFrom(const QMimeData* mime);

    std::shared_ptr<const LoadedModel> model_;
    bool interactive_ = true;
    QString failedPath_;

    ModelLoader* loader_;
    RecentFiles* recent_;
    NodeTableModel* tableModel_;
    NodeFilterProxyModel* filter_;

    QStackedWidget* pages_ = nullptr;
    QTableView* table_ = nullptr;
    QLineEdit* filterEdit_ = nullptr;
    QLabel* filterCount_ = nullptr;
    SummaryPanel* summary_ = nullptr;
    PropertiesPanel* properties_ = nullptr;
    WarningsPanel* warnings_ = nullptr;
    QDockWidget* summaryDock_ = nullptr;
    QDockWidget* propertiesDock_ = nullptr;
    QDockWidget* warningsDock_ = nullptr;
    QProgressBar* busy_ = nullptr;
    QLabel* timeLabel_ = nullptr;
    QToolButton* warningsButton_ = nullptr;

    QAction* openAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
    QAction* findAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
};

}  // namespace passscope::views
