# The desktop in Chinese (issue 24), included by tests/gui/CMakeLists.txt.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_translations.cpp)
add_test(NAME gui.translations COMMAND gui_tests TestTranslations)
set_tests_properties(gui.translations PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)

# The translation files are complete and current: lupdate over today's sources into copies of the
# .ts files leaves no unfinished (zh_CN) and no vanished or obsolete message (both).
add_test(NAME translations.complete
    COMMAND ${CMAKE_COMMAND} -DLUPDATE=$<TARGET_FILE:Qt6::lupdate>
            -DGENERATOR=${Qt6LinguistTools_DIR}/GenerateLUpdateProject.cmake
            -DPROJECT=${CMAKE_BINARY_DIR}/views/.lupdate/passscope_views_project.cmake
            -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/work/translations
            -P ${CMAKE_CURRENT_LIST_DIR}/translations_complete.cmake)
set_tests_properties(translations.complete PROPERTIES TIMEOUT 120)
