#pragma once
// The window's actions, menus and tool bar, made from tables (action_table.cpp writes PassScope's):
// an action is a row — its name, text, shortcut, what it does and when it is enabled — and a menu
// or a tool bar a list of entries naming actions. update() enables every action as its row says,
// so the window never enables actions one by one.
#include <functional>
#include <map>
#include <vector>

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QObject>
#include <QString>
#include <QVariant>

class QActionGroup;
class QMenu;
class QMenuBar;
class QToolBar;
class QWidget;

namespace passscope::views {

struct ActionSpec {
    QString name;  // the action's object name, and its name in menus and tool bars
    QString text;
    QKeySequence shortcut;                            // none when empty
    std::function<void(QAction&)> handler;            // on triggered (on toggled for `onToggle`)
    std::function<bool(const QAction&)> enabledWhen;  // null: always enabled
    QString statusTip;
    QIcon icon;
    bool checkable = false;
    bool checked = false;
    bool onToggle = false;  // the handler follows the checked state however it changes
    QString group;          // the actions of one group are exclusive (a QActionGroup)
    QVariant data;
    QAction::MenuRole role = QAction::NoRole;
};

// One entry of a menu or tool bar: an action of the table (by name), every action of a group, an
// action made elsewhere (a dock's toggle, the timeline's steps), a widget (tool bars only), a
// separator, or a submenu.
struct MenuEntry {
    enum class Kind { Action, Group, External, Widget, Separator, Menu };
    Kind kind = Kind::Separator;
    QString name;  // Action, Group; the title of a Menu
    QAction* action = nullptr;
    QWidget* widget = nullptr;
    QMenu* menu = nullptr;           // a Menu made elsewhere (filled by someone else), else null
    QString objectName;              // of a Menu
    std::vector<MenuEntry> entries;  // a Menu's own entries

    static MenuEntry of(QString actionName) { return named(Kind::Action, std::move(actionName)); }
    static MenuEntry group(QString groupName) { return named(Kind::Group, std::move(groupName)); }
    static MenuEntry external(QAction* a) {
        MenuEntry e;
        e.kind = Kind::External;
        e.action = a;
        return e;
    }
    static MenuEntry widgetEntry(QWidget* w) {
        MenuEntry e;
        e.kind = Kind::Widget;
        e.widget = w;
        return e;
    }
    static MenuEntry separator() { return {}; }
    static MenuEntry submenu(QString title, std::vector<MenuEntry> entries, QString objectName = {}) {
        MenuEntry e = named(Kind::Menu, std::move(title));
        e.entries = std::move(entries);
        e.objectName = std::move(objectName);
        return e;
    }
    // A menu filled by its owner (the recent models), titled `title` here.
    static MenuEntry ownMenu(QString title, QMenu* m) {
        MenuEntry e = named(Kind::Menu, std::move(title));
        e.menu = m;
        return e;
    }

  private:
    static MenuEntry named(Kind kind, QString name) {
        MenuEntry e;
        e.kind = kind;
        e.name = std::move(name);
        return e;
    }
};

class WindowActions : public QObject {
    Q_OBJECT
  public:
    // The actions are children of `window` (so that its shortcuts work and tests find them there).
    explicit WindowActions(QWidget* window);

    void add(const std::vector<ActionSpec>& table);
    QAction* operator[](const QString& name) const;
    QList<QAction*> groupActions(const QString& group) const;

    // Menus of the menu bar, each a submenu entry; a tool bar's entries.
    void fillMenuBar(QMenuBar* bar, const std::vector<MenuEntry>& menus) const;
    void fillToolBar(QToolBar* bar, const std::vector<MenuEntry>& entries) const;

    // Enables each action as its row's enabledWhen says.
    void update();

  private:
    QList<QAction*> actionsOf(const MenuEntry& entry) const;
    void fillMenu(QMenu* menu, const std::vector<MenuEntry>& entries) const;

    QWidget* window_;
    std::map<QString, QAction*> actions_;
    std::map<QString, QActionGroup*> groups_;
    std::vector<std::pair<QAction*, std::function<bool(const QAction&)>>> enabledWhen_;
};

}  // namespace passscope::views
