#include "window/window_actions.h"

#include <stdexcept>

#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

namespace passscope::views {

WindowActions::WindowActions(QWidget* window) : QObject(window), window_(window) {}

void WindowActions::add(const std::vector<ActionSpec>& table) {
    for (const ActionSpec& spec : table) {
        auto* action = new QAction(spec.icon, spec.text, window_);
        action->setObjectName(spec.name);
        if (!spec.shortcut.isEmpty()) action->setShortcut(spec.shortcut);
        if (!spec.statusTip.isEmpty()) action->setStatusTip(spec.statusTip);
        action->setCheckable(spec.checkable);
        if (spec.checkable) action->setChecked(spec.checked);
        if (spec.data.isValid()) action->setData(spec.data);
        if (spec.role != QAction::NoRole) action->setMenuRole(spec.role);
        if (!spec.group.isEmpty()) {
            QActionGroup*& group = groups_[spec.group];
            if (!group) group = new QActionGroup(window_);
            group->addAction(action);
        }
        if (spec.handler) {
            auto handler = spec.handler;
            if (spec.onToggle)
                connect(action, &QAction::toggled, window_, [action, handler] { handler(*action); });
            else
                connect(action, &QAction::triggered, window_, [action, handler] { handler(*action); });
        }
        if (spec.enabledWhen) enabledWhen_.emplace_back(action, spec.enabledWhen);
        actions_[spec.name] = action;
    }
}

QAction* WindowActions::operator[](const QString& name) const {
    const auto it = actions_.find(name);
    if (it == actions_.end()) throw std::logic_error("no window action " + name.toStdString());
    return it->second;
}

QList<QAction*> WindowActions::groupActions(const QString& group) const {
    const auto it = groups_.find(group);
    return it == groups_.end() ? QList<QAction*>() : it->second->actions();
}

// The actions an Action, Group or External entry stands for (none for the other kinds).
QList<QAction*> WindowActions::actionsOf(const MenuEntry& e) const {
    switch (e.kind) {
        case MenuEntry::Kind::Action:
            return {(*this)[e.name]};
        case MenuEntry::Kind::Group:
            return groupActions(e.name);
        case MenuEntry::Kind::External:
            return {e.action};
        default:
            return {};
    }
}

void WindowActions::fillMenu(QMenu* menu, const std::vector<MenuEntry>& entries) const {
    for (const MenuEntry& e : entries) {
        if (e.kind == MenuEntry::Kind::Separator) {
            menu->addSeparator();
        } else if (e.kind == MenuEntry::Kind::Menu && e.menu) {
            e.menu->setTitle(e.name);
            menu->addMenu(e.menu);
        } else if (e.kind == MenuEntry::Kind::Menu) {
            QMenu* sub = menu->addMenu(e.name);
            if (!e.objectName.isEmpty()) sub->setObjectName(e.objectName);
            fillMenu(sub, e.entries);
        } else {
            menu->addActions(actionsOf(e));  // a widget: tool bars only
        }
    }
}

void WindowActions::fillMenuBar(QMenuBar* bar, const std::vector<MenuEntry>& menus) const {
    for (const MenuEntry& m : menus) {
        QMenu* menu = bar->addMenu(m.name);
        if (!m.objectName.isEmpty()) menu->setObjectName(m.objectName);
        fillMenu(menu, m.entries);
    }
}

void WindowActions::fillToolBar(QToolBar* bar, const std::vector<MenuEntry>& entries) const {
    for (const MenuEntry& e : entries) {
        if (e.kind == MenuEntry::Kind::Separator)
            bar->addSeparator();
        else if (e.kind == MenuEntry::Kind::Widget)
            bar->addWidget(e.widget);
        else
            bar->addActions(actionsOf(e));  // a submenu: menus only
    }
}

void WindowActions::update() {
    for (const auto& [action, enabled] : enabledWhen_) action->setEnabled(enabled(*action));
}

}  // namespace passscope::views
