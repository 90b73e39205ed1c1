#include "window/dock_panels.h"

#include <map>

#include <QDockWidget>
#include <QMainWindow>

#include "main_window.h"
#include "memory/memory_map_panel.h"
#include "panels/nodes_panel.h"
#include "panels/properties_panel.h"
#include "panels/summary_panel.h"
#include "panels/warnings_panel.h"
#include "timeline/timeline_panel.h"

namespace passscope::views {
namespace {

struct DockSpec {
    QWidget* panel;
    const char* panelName;  // "" keeps the panel's own
    QString title;
    const char* dockName;
    Qt::DockWidgetArea area;
};

}  // namespace

DockPanels addDockPanels(QMainWindow& window, ModelDocument& document) {
    DockPanels panels;
    panels.timeline = new TimelinePanel(&window);
    panels.nodes = new NodesPanel(document, &window);
    auto* summary = new SummaryPanel(&window);
    summary->attach(document);
    panels.properties = new PropertiesPanel(&window);
    panels.warnings = new WarningsPanel(&window);
    panels.warnings->attach(document);
    panels.memory = new MemoryMapPanel(&window);
    panels.memory->attach(document);
    const DockSpec specs[] = {
        {panels.timeline, "timelinePanel", MainWindow::tr("Pass Timeline"), "timelineDock",
         Qt::BottomDockWidgetArea},
        {summary, "summaryPanel", MainWindow::tr("Model"), "modelDock", Qt::LeftDockWidgetArea},
        {panels.nodes, "", MainWindow::tr("Nodes"), "nodesDock", Qt::LeftDockWidgetArea},
        {panels.properties, "propertiesPanel", MainWindow::tr("Properties"), "propertiesDock",
         Qt::RightDockWidgetArea},
        {panels.warnings, "warningsPanel", MainWindow::tr("Warnings"), "warningsDock",
         Qt::BottomDockWidgetArea},
        {panels.memory, "memoryMapPanel", MainWindow::tr("Variable Memory"), "memoryDock",
         Qt::BottomDockWidgetArea},
    };
    std::map<QString, QDockWidget*> docks;
    for (const DockSpec& spec : specs) {
        if (*spec.panelName) spec.panel->setObjectName(QLatin1String(spec.panelName));
        auto* dock = new QDockWidget(spec.title, &window);
        dock->setObjectName(QLatin1String(spec.dockName));
        dock->setWidget(spec.panel);
        window.addDockWidget(spec.area, dock);
        docks[QLatin1String(spec.dockName)] = dock;
    }
    auto dock = [&docks](const char* name) { return docks.at(QLatin1String(name)); };
    window.tabifyDockWidget(dock("modelDock"), dock("nodesDock"));
    dock("modelDock")->raise();
    QDockWidget* warnings = dock("warningsDock");
    warnings->hide();  // shown when a model brings warnings
    QObject::connect(panels.warnings, &WarningsPanel::warningsShown, warnings, [warnings](int count) {
        warnings->setWindowTitle(count ? MainWindow::tr("Warnings (%1)").arg(count)
                                       : MainWindow::tr("Warnings"));
        if (count) warnings->show();
    });
    window.tabifyDockWidget(dock("timelineDock"), dock("memoryDock"));
    window.tabifyDockWidget(dock("timelineDock"), warnings);
    dock("timelineDock")->raise();
    window.resizeDocks({dock("modelDock"), dock("propertiesDock")}, {250, 330}, Qt::Horizontal);
    window.resizeDocks({dock("timelineDock")}, {230}, Qt::Vertical);
    for (const char* name :
         {"timelineDock", "nodesDock", "modelDock", "propertiesDock", "warningsDock", "memoryDock"})
        panels.toggles.push_back(dock(name)->toggleViewAction());
    return panels;
}

}  // namespace passscope::views
