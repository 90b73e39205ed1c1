#pragma once
// The GUI tests are one program (gui_tests) instead of one per QtTest class, so that their files
// compile in unity batches: 60 % of a test file's compile was parsing the headers all of them
// include, and 23 programs spent 432 job-seconds of a cold `make test` (README, "Quick start"),
// one program 207. Each test file registers its class in place of QTEST_MAIN; ctest runs
// `gui_tests ClassName [QtTest arguments]`, one class per process as before.
#include <QObject>
#include <QtTest/QTest>
#include <memory>

namespace passscope::guitest {

// What QTEST_MAIN / QTEST_GUILESS_MAIN would create before the test object.
enum class Application { Widgets, Core };

struct TestClass {
    const char* name;
    Application application;
    void (*initMain)();  // TestObject::initMain() when the class has one
    std::unique_ptr<QObject> (*make)();
};

// Adds a class to the program's list; returns a dummy for a static initializer.
int registerTestClass(const TestClass& test);

template <typename TestObject>
std::unique_ptr<QObject> makeTestObject() {
    return std::make_unique<TestObject>();
}

}  // namespace passscope::guitest

// In place of QTEST_MAIN(TestObject) and QTEST_GUILESS_MAIN(TestObject).
#define PASSSCOPE_GUI_TEST_CLASS(TestObject, kind)                                                 \
    [[maybe_unused]] static const int passscopeGuiTestRegistered_##TestObject =                    \
        passscope::guitest::registerTestClass({#TestObject, passscope::guitest::Application::kind, \
                                               &QTest::Internal::callInitMain<TestObject>,         \
                                               &passscope::guitest::makeTestObject<TestObject>});
#define PASSSCOPE_GUI_TEST(TestObject) PASSSCOPE_GUI_TEST_CLASS(TestObject, Widgets)
#define PASSSCOPE_GUILESS_TEST(TestObject) PASSSCOPE_GUI_TEST_CLASS(TestObject, Core)
