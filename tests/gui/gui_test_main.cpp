// main() of gui_tests: `gui_tests ClassName [QtTest arguments]` runs one registered QtTest class
// as its own QTEST_MAIN would (the same application object and attributes); `gui_tests` alone
// lists the classes.
#include <QApplication>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gui_test_registry.h"

namespace passscope::guitest {
namespace {

std::map<std::string, TestClass>& registry() {
    static std::map<std::string, TestClass> classes;
    return classes;
}

}  // namespace

int registerTestClass(const TestClass& test) {
    registry().emplace(test.name, test);
    return 0;
}

}  // namespace passscope::guitest

int main(int argc, char* argv[]) {
    using namespace passscope::guitest;
    const auto found = argc > 1 ? registry().find(argv[1]) : registry().end();
    if (found == registry().end()) {
        std::fprintf(stderr, "usage: %s CLASS [QtTest arguments]\nclasses:\n", argv[0]);
        for (const auto& [name, test] : registry()) std::fprintf(stderr, "  %s\n", name.c_str());
        return argc > 1 ? 2 : 0;
    }
    const TestClass& test = found->second;
    // QtTest sees the program name and the arguments after the class name.
    std::vector<char*> args{argv[0]};
    for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
    args.push_back(nullptr);
    int qtArgc = argc - 1;
    test.initMain();
    std::unique_ptr<QCoreApplication> app;
    if (test.application == Application::Widgets)
        app = std::make_unique<QApplication>(qtArgc, args.data());
    else
        app = std::make_unique<QCoreApplication>(qtArgc, args.data());
    app->setAttribute(Qt::AA_Use96Dpi, true);
    std::unique_ptr<QObject> object = test.make();
    return QTest::qExec(object.get(), qtArgc, args.data());
}
