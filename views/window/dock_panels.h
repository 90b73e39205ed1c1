#pragma once
// The main window's docks, made from a table: each holds a panel that follows the document itself
// (the timeline is the window's to drive), placed and tabbed as PassScope lays them out.
#include <vector>

class QAction;
class QMainWindow;

namespace passscope::views {

class MemoryMapPanel;
class ModelDocument;
class NodesPanel;
class PropertiesPanel;
class TimelinePanel;
class WarningsPanel;

struct DockPanels {
    TimelinePanel* timeline = nullptr;
    NodesPanel* nodes = nullptr;
    PropertiesPanel* properties = nullptr;
    WarningsPanel* warnings = nullptr;
    MemoryMapPanel* memory = nullptr;
    // Each dock's show/hide action, in the order of the View menu.
    std::vector<QAction*> toggles;
};

DockPanels addDockPanels(QMainWindow& window, ModelDocument& document);

}  // namespace passscope::views
