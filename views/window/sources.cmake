# views/window: the parts of the main window shell (main_window.h): its actions, menus and tool bar
# from one table, its docks, status bar, dialogs, search bar, recent models, following the steps
# into bodies, and the view a session keeps (paths relative to views/).
list(APPEND VIEWS_SOURCES
    window/window_actions.cpp window/window_actions.h
    window/action_table.cpp window/action_table.h
    window/dock_panels.cpp window/dock_panels.h
    window/window_status.cpp window/window_status.h
    window/window_dialogs.cpp window/window_dialogs.h
    window/welcome_page.cpp window/welcome_page.h
    window/recent_files.cpp window/recent_files.h
    window/recent_menu.cpp window/recent_menu.h
    window/search_bar.cpp window/search_bar.h
    window/step_follower.cpp window/step_follower.h
    window/view_state.cpp window/view_state.h
)
