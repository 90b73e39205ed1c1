# views/window: the parts of the main window shell (main_window.h): its actions, menus and tool bar
# from one table, its docks, status bar, dialogs, search bar, recent models, following the steps
# into bodies, and the view a session keeps (paths relative to views/).
views_classes(window window_actions action_table dock_panels window_status window_dialogs
    welcome_page recent_files recent_menu search_bar step_follower view_state)
