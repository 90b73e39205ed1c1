# views/document tests (QtTest, no window: a QCoreApplication), included by tests/gui/CMakeLists.txt.
# They also cover views/document/search_rule, the rule the node table and the graph search share.
add_executable(test_model_document ${CMAKE_CURRENT_LIST_DIR}/test_model_document.cpp)
target_link_libraries(test_model_document PRIVATE passscope_views Qt6::Test)
target_compile_definitions(test_model_document PRIVATE PASSSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME gui.document COMMAND test_model_document)
set_tests_properties(gui.document PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
    LABELS gui
    TIMEOUT 300)
