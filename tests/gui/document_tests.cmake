# views/document tests (QtTest, no window: a QCoreApplication), included by tests/gui/CMakeLists.txt.
# They also cover views/document/search_rule, the rule the node table and the graph search share.
target_sources(gui_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/test_model_document.cpp)
add_test(NAME gui.document COMMAND gui_tests TestModelDocument)
set_tests_properties(gui.document PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)
# It checks that the document's header brings in no widget header: compiled alone, not in a batch
# with files that do.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/test_model_document.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
