#pragma once
// PassScope's window actions, menus and tool bar: the one place they are written down
// (window/window_actions.h builds them).
#include <vector>

#include "window/window_actions.h"

class QMenu;

namespace passscope::views {

class WindowDialogs;
class MainWindow;
class ModelDocument;
class NodesPanel;
class NumericView;
class StepFollower;
class TimelinePanel;

// What the handlers and conditions of the table act on.
struct WindowParts {
    MainWindow& window;
    ModelDocument& document;
    WindowDialogs& dialogs;
    NumericView& numeric;
    StepFollower& steps;
    NodesPanel& nodes;
};

std::vector<ActionSpec> windowActionTable(const WindowParts& parts);

// Made elsewhere and placed by the tables below.
struct OutsideEntries {
    QMenu* recent = nullptr;               // File ▸ Open Recent
    std::vector<QAction*> dockToggles;     // View: one per dock
    std::vector<QAction*> timelineSteps;   // first, previous, next, last
    std::vector<QWidget*> toolBarWidgets;  // the overlay label's neighbours: the search bar
};

std::vector<MenuEntry> windowMenus(const OutsideEntries& outside);
std::vector<MenuEntry> windowToolBar(const OutsideEntries& outside, QWidget* overlayLabel);

}  // namespace passscope::views
