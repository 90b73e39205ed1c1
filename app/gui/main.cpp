// passscope: the desktop application.
//   passscope [--lang LOCALE] [MODEL]
// --version is answered before any Qt application object exists, so it works without a display;
// --help needs only a QCoreApplication. Exit codes: 0 success, 1 failure, 2 wrong usage.
// --screenshot FILE.png loads MODEL (if given), runs its pipeline, grabs the window once the graph
// is laid out (after --step N, --overlay MODE, --side-by-side, --bisect; the numeric overlay's
// numbers and the bisection are waited for) and exits. It prints what the
// picture shows, with how many of the nodes the step marks are in view (", changes C in view of T").
// --inputs FILE|FOLDER (repeatable) feeds the numeric overlay and --bisect from files, as the CLI's.
// --node-data FILE|FOLDER (once or twice) shows other tools' per-node numbers (docs/node-data.md).
// --compare FILE opens a window comparing MODEL with FILE side by side (views/compare/); with
// --screenshot, that window is the picture.
// Hidden: --select NODE selects a node (by name) once loaded.
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTimer>

#include <QSettings>

#include "compare/compare_view.h"
#include "compare/compare_window.h"
#include "document/model_document.h"
#include "graph/column_figure.h"
#include "graph/drawing_fill.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/overlay.h"
#include "graph/view_census.h"
#include "main_window.h"
#include "text/localization.h"

namespace {

enum ExitCode { kOk = 0, kFailure = 1, kUsage = 2 };

bool hasArgument(int argc, char** argv, std::initializer_list<const char*> names) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0) return false;
        for (const char* name : names)
            if (std::strcmp(argv[i], name) == 0) return true;
    }
    return false;
}

// The options, built after the translator is installed so that their help text is translated.
struct CommandLine {
    QCommandLineParser parser;
    QCommandLineOption lang{
        QStringLiteral("lang"),
        QCoreApplication::translate("main", "Use the translation for LOCALE (e.g. zh_CN)."),
        QStringLiteral("LOCALE")};
    QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main",
                                    "Save a picture of the window (with MODEL loaded) to FILE and exit."),
        QStringLiteral("FILE")};
    QCommandLineOption select{QStringLiteral("select"),
                              QCoreApplication::translate("main", "Select the node named NODE once loaded."),
                              QStringLiteral("NODE")};
    QCommandLineOption step{
        QStringLiteral("step"),
        QCoreApplication::translate("main", "Show the graph after pass run N (0 = before the pipeline)."),
        QStringLiteral("N")};
    QCommandLineOption overlay{
        QStringLiteral("overlay"),
        QCoreApplication::translate(
            "main",
            "Colour the graph by MODE: changes, origin-format, storage-format, constants or numeric (how far "
            "each node's outputs are from the original's)."),
        QStringLiteral("MODE")};
    QCommandLineOption bisect{
        QStringLiteral("bisect"),
        QCoreApplication::translate("main",
                                    "Find the first pass run whose graph outputs differ from the original's "
                                    "(Pipeline ▸ Find First Divergent Step) and show it with the numeric "
                                    "overlay.")};
    QCommandLineOption sideBySide{
        QStringLiteral("side-by-side"),
        QCoreApplication::translate("main", "Show the graph before and after the step side by side.")};
    QCommandLineOption openBody{
        QStringLiteral("open-body"),
        QCoreApplication::translate(
            "main",
            "Open the If/Loop/Scan body of node NODE once shown (NODE:ATTRIBUTE picks one, "
            "e.g. if:else_branch; default: the first), as its context menu does."),
        QStringLiteral("NODE[:ATTRIBUTE]")};
    QCommandLineOption option{
        QStringLiteral("option"),
        QCoreApplication::translate("main",
                                    "Pipeline option KEY=VALUE, as passscope-cli --option (e.g. "
                                    "passscope.target=ge runs the format passes); repeatable."),
        QStringLiteral("KEY=VALUE")};
    QCommandLineOption inputs{
        QStringLiteral("inputs"),
        QCoreApplication::translate(
            "main",
            "A .npy or .pb file, or an ONNX test data folder (test_data_set_N), feeding graph inputs of the "
            "numeric overlay and --bisect, as passscope-cli bisect --inputs (Pipeline ▸ Numeric Inputs…); "
            "repeatable."),
        QStringLiteral("FILE|FOLDER")};
    QCommandLineOption nodeData{
        QStringLiteral("node-data"),
        QCoreApplication::translate("main",
                                    "Show other tools' per-node numbers (Model Explorer node data, "
                                    "Polygraphy --save-outputs JSON, tensor "
                                    "files or a folder of them) with the node data overlay, as View ▸ Node "
                                    "Data; twice to colour by the "
                                    "difference of two."),
        QStringLiteral("FILE|FOLDER")};
    QCommandLineOption compare{
        QStringLiteral("compare"),
        QCoreApplication::translate(
            "main", "Open a window showing MODEL and FILE side by side with their differences marked."),
        QStringLiteral("FILE")};
    QString error;  // set by parse() on wrong usage
    qint64 stepValue = -1;
    passscope::PipelineOptions pipelineOptions;  // Pipeline ▸ Options' defaults plus --option

    // The first parse, before QApplication has taken its own options (-platform, -style, ...) out
    // of argv, accepts those too.
    explicit CommandLine(bool acceptQtOptions = false) {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main", "PassScope: step through a graph compiler's optimisation passes on an ONNX model."));
        parser.addHelpOption();
        parser.addVersionOption();
        select.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(lang);
        parser.addOption(screenshot);
        parser.addOption(step);
        parser.addOption(overlay);
        parser.addOption(bisect);
        parser.addOption(sideBySide);
        parser.addOption(openBody);
        parser.addOption(option);
        parser.addOption(inputs);
        parser.addOption(nodeData);
        parser.addOption(compare);
        parser.addOption(select);
        if (acceptQtOptions) addQtOptions();
        parser.addPositionalArgument(
            QStringLiteral("MODEL"),
            QCoreApplication::translate("main",
                                        "ONNX model to open (binary or text), a GE dump file, or a "
                                        "folder of GE graph dumps to step through GE's compile stages."),
            QStringLiteral("[MODEL]"));
    }

    void addQtOptions() {
        parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        static const char* const withValue[] = {"platform",      "platformpluginpath",
                                                "platformtheme", "plugin",
                                                "qmljsdebugger", "qwindowgeometry",
                                                "qwindowicon",   "qwindowtitle",
                                                "session",       "display",
                                                "geometry",      "title",
                                                "name",          "visual",
                                                "ncols",         "im",
                                                "inputstyle",    "style",
                                                "stylesheet",    "icon"};
        static const char* const flags[] = {"reverse", "nograb", "dograb", "sync", "cmap", "widgetcount"};
        for (const char* name : withValue) {
            QCommandLineOption option(QString::fromLatin1(name), QString(), QStringLiteral("value"));
            option.setFlags(QCommandLineOption::HiddenFromHelp);
            parser.addOption(option);
        }
        for (const char* name : flags) {
            QCommandLineOption option(QString::fromLatin1(name));
            option.setFlags(QCommandLineOption::HiddenFromHelp);
            parser.addOption(option);
        }
    }

    bool parse(const QStringList& args) {
        if (!parser.parse(args)) {
            error = parser.errorText();
            return false;
        }
        if (parser.positionalArguments().size() > 1)
            error = QCoreApplication::translate("main", "only one MODEL can be opened");
        if (parser.isSet(compare) && parser.positionalArguments().isEmpty())
            error = QCoreApplication::translate("main", "--compare needs a MODEL to compare FILE with");
        if (parser.isSet(step)) {
            bool ok = false;
            stepValue = parser.value(step).toLongLong(&ok);
            if (!ok || stepValue < 0)
                error = QCoreApplication::translate("main", "--step needs a number of 0 or more, not “%1”")
                            .arg(parser.value(step));
        }
        for (const QString& kv : parser.values(option)) {
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            try {
                if (eq < 0)
                    throw std::invalid_argument("--option expects KEY=VALUE, got '" + kv.toStdString() + "'");
                pipelineOptions.set(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString());
            } catch (const std::invalid_argument& e) {
                error = QString::fromStdString(e.what());
            }
        }
        for (const QString& source : parser.values(inputs) + parser.values(nodeData))
            if (!QFileInfo::exists(source))
                error = QCoreApplication::translate("main", "no file or folder “%1”").arg(source);
        if (parser.isSet(overlay) && !passscope::views::overlayFromKey(parser.value(overlay)))
            error = QCoreApplication::translate(
                        "main",
                        "unknown overlay “%1” (changes, origin-format, storage-format, constants, numeric)")
                        .arg(parser.value(overlay));
        return error.isEmpty();
    }
    bool helpRequested() const {
        return parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"));
    }
    QString model() const { return parser.positionalArguments().value(0); }
};

int usageError(const QString& message) {
    std::fprintf(
        stderr, "passscope: %s\n%s\n", qPrintable(message),
        qPrintable(QCoreApplication::translate("main", "Try 'passscope --help' for more information.")));
    return kUsage;
}

// Grabs the window into `file` once layouts and the first paint have settled, prints what the
// picture shows (one line on stdout, measured on the window saved: scripts and the GUI benchmark
// read it) and quits.
void grabLater(passscope::views::MainWindow& window, const QString& file) {
    QTimer::singleShot(300, &window, [&window, file] {
        const bool saved = window.grab().save(file);
        if (!saved) {
            std::fprintf(stderr, "passscope: %s\n",
                         qPrintable(QCoreApplication::translate("main", "could not write %1").arg(file)));
        } else {
            const passscope::views::GraphPanel& panel = *window.graphPanel();
            const passscope::views::ViewCensus census = panel.census();
            const QString fill =
                passscope::views::describeFill(passscope::views::measureFill(*panel.scene())) +
                passscope::views::describeColumn(passscope::views::measureColumn(*panel.scene()));
            std::printf("screenshot %s: %s%s%s\n", qPrintable(file),
                        qPrintable(passscope::views::describeCensus(census, panel.lastLayoutSeconds())),
                        qPrintable(fill), qPrintable(passscope::views::describeChanges(census)));
            std::fflush(stdout);
        }
        QCoreApplication::exit(saved ? kOk : kFailure);
    });
}

// Opens the body `spec` names ("NODE" or "NODE:ATTRIBUTE"); says so on stderr when there is none.
bool openBodyOf(passscope::views::MainWindow& window, const QString& spec) {
    const qsizetype colon = spec.lastIndexOf(QLatin1Char(':'));
    const bool opened = window.openBody(colon < 0 ? spec : spec.left(colon),
                                        colon < 0 ? QString() : spec.mid(colon + 1)) ||
                        (colon >= 0 && window.openBody(spec));  // a node name with a colon in it
    if (!opened)
        std::fprintf(stderr, "passscope: %s\n",
                     qPrintable(QCoreApplication::translate("main", "no node with a body “%1”").arg(spec)));
    return opened;
}

// Grabs once no layout, bisection or numeric overlay's numbers are under way (a step run in a
// body opens it, as does --open-body; the numeric overlay computes its step in the background).
void grabWhenSettled(passscope::views::MainWindow& window, const QString& file) {
    auto* poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, file] {
        if (window.graphPanel()->isLayingOut() || window.isNumericBusy()) return;
        poll->stop();
        poll->deleteLater();
        grabLater(window, file);
    });
    poll->start(50);
}

// With a model: waits for its pipeline to run and its graph to be laid out, moves to `step` (and
// selects `select`, opens the body `body`, bisects), then grabs. Without: grabs the start page.
void scheduleScreenshot(passscope::views::MainWindow& window, const QString& file, bool withModel,
                        const QString& select, qint64 step, const QString& body, bool bisect) {
    if (!withModel) {
        grabLater(window, file);
        return;
    }
    QObject::connect(
        &window, &passscope::views::MainWindow::viewReady, &window,
        [&window, file, select, step, body, bisect] {
            if (step >= 0) {
                if (static_cast<size_t>(step) >= window.positionCount())
                    std::fprintf(stderr, "passscope: %s\n",
                                 qPrintable(QCoreApplication::translate(
                                                "main", "there are only %1 pass runs; showing the last")
                                                .arg(window.positionCount() - 1)));
                window.showPosition(static_cast<size_t>(step));
            }
            if (!select.isEmpty() && !window.selectNodeByName(select))
                std::fprintf(
                    stderr, "passscope: %s\n",
                    qPrintable(QCoreApplication::translate("main", "no node named “%1”").arg(select)));
            if (!body.isEmpty()) openBodyOf(window, body);
            if (bisect) {
                QObject::connect(
                    &window, &passscope::views::MainWindow::divergentStepFound, &window,
                    [&window, file](bool diverged) {
                        if (!diverged)
                            std::fprintf(stderr, "passscope: %s\n",
                                         qPrintable(QCoreApplication::translate(
                                             "main", "no pass run changed the graph outputs")));
                        window.showFirstDivergentStep();
                        grabWhenSettled(window, file);
                    },
                    Qt::SingleShotConnection);
                window.findFirstDivergentStep();
                return;
            }
            grabWhenSettled(window, file);
        });
    QObject::connect(&window, &passscope::views::MainWindow::pipelineFailed, &window,
                     [](const QString& message) {
                         std::fprintf(stderr, "passscope: %s\n", qPrintable(message));
                         QCoreApplication::exit(kFailure);
                     });
    QObject::connect(&window, &passscope::views::MainWindow::loadFailed, &window, [](const QString& message) {
        std::fprintf(stderr, "passscope: %s\n", qPrintable(message));
        QCoreApplication::exit(kFailure);
    });
}

// --compare with --screenshot: the comparison window alone, grabbed once both sides are laid out
// (and, with --select, once the node is selected and centred on both sides).
void scheduleCompareScreenshot(passscope::views::CompareWindow& window, const QString& file,
                               const QString& select) {
    auto grab = [&window, file] {
        const bool saved = window.grab().save(file);
        if (!saved) {
            std::fprintf(stderr, "passscope: %s\n",
                         qPrintable(QCoreApplication::translate("main", "could not write %1").arg(file)));
        } else if (const passscope::views::Comparison* c = window.comparison()) {
            const passscope::views::CompareView& view = *window.view();
            std::printf(
                "screenshot %s: compare: %zu removed, %zu added, %zu changed; load %.2f s, diff "
                "%.2f s, show %.2f s, layout %.2f s + %.2f s\n",
                qPrintable(file), c->diff.removed.size(), c->diff.added.size(), c->diff.changed.size(),
                c->loadSeconds, c->diffSeconds, window.showSeconds(), view.leftPanel()->lastLayoutSeconds(),
                view.rightPanel()->lastLayoutSeconds());
            std::fflush(stdout);
        }
        QCoreApplication::exit(saved ? kOk : kFailure);
    };
    QObject::connect(&window, &passscope::views::CompareWindow::viewReady, &window, [&window, select, grab] {
        if (!select.isEmpty() && !window.view()->showNodeNamed(select))
            std::fprintf(stderr, "passscope: %s\n",
                         qPrintable(QCoreApplication::translate("main", "no node named “%1”").arg(select)));
        // Selecting may open scopes, which lays a side out again: grab when both have settled.
        auto* poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, grab] {
            if (window.view()->isLayingOut()) return;
            poll->stop();
            poll->deleteLater();
            QTimer::singleShot(300, &window, grab);
        });
        poll->start(50);
    });
    QObject::connect(&window, &passscope::views::CompareWindow::failed, &window, [](const QString& message) {
        std::fprintf(stderr, "passscope: %s\n", qPrintable(message));
        QCoreApplication::exit(kFailure);
    });
}

}  // namespace

int main(int argc, char** argv) {
    if (hasArgument(argc, argv, {"--version", "-v"})) {
        std::printf("passscope %s\n", PASSSCOPE_VERSION);
        return kOk;
    }
    // A first parse, before any application object exists, decides whether a display is needed:
    // help and usage errors are printed without one.
    QStringList args;
    for (int i = 0; i < argc; ++i) args << QString::fromLocal8Bit(argv[i]);
    auto firstPass = std::make_unique<CommandLine>(true);
    const bool usable = firstPass->parse(args);
    const bool needsGui = usable && !firstPass->helpRequested();
    QString language;
    if (usable) language = firstPass->parser.value(firstPass->lang);
    firstPass.reset();

    std::unique_ptr<QCoreApplication> app = needsGui ? std::make_unique<QApplication>(argc, argv)
                                                     : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScope"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("passscope.io"));
    QCoreApplication::setApplicationName(QStringLiteral("passscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PASSSCOPE_VERSION));
    if (needsGui) QGuiApplication::setDesktopFileName(QStringLiteral("passscope"));

    // The language chosen in View ▸ Language, unless --lang says otherwise.
    if (language.isEmpty()) language = QSettings().value(QStringLiteral("language")).toString();
    const passscope::views::LocalizationResult localization =
        passscope::views::installTranslations(*app, language);
    if (!localization.warning.isEmpty())
        std::fprintf(stderr, "passscope: %s\n", qPrintable(localization.warning));

    // Now with translated help. Without QApplication, Qt's own options are still in the arguments.
    CommandLine commandLine(!needsGui);
    if (!commandLine.parse(app->arguments())) return usageError(commandLine.error);
    if (commandLine.helpRequested()) commandLine.parser.showHelp(kOk);
    const QString model = commandLine.model();
    const QString screenshot = commandLine.parser.value(commandLine.screenshot);
    const QString select = commandLine.parser.value(commandLine.select);

    const QString compareFile = commandLine.parser.value(commandLine.compare);
    if (!compareFile.isEmpty() && !screenshot.isEmpty()) {
        passscope::views::CompareWindow compareWindow;
        compareWindow.setInteractive(false);
        compareWindow.resize(1400, 860);
        scheduleCompareScreenshot(compareWindow, QFileInfo(screenshot).absoluteFilePath(), select);
        compareWindow.compareFiles(model, compareFile);
        compareWindow.show();
        return app->exec();
    }

    passscope::views::MainWindow window;
    // Before the screenshot's own handler: the picture shows the node data.
    if (const QStringList nodeData = commandLine.parser.values(commandLine.nodeData); !nodeData.isEmpty())
        QObject::connect(
            &window, &passscope::views::MainWindow::viewReady, &window,
            [&window, nodeData] {
                QString error;
                if (!window.loadNodeData(nodeData, &error))
                    std::fprintf(stderr, "passscope: %s\n", qPrintable(error));
            },
            Qt::SingleShotConnection);
    if (!compareFile.isEmpty())
        QObject::connect(
            &window, &passscope::views::MainWindow::modelLoaded, &window,
            [&window, compareFile] { window.compareWith(compareFile); }, Qt::SingleShotConnection);
    if (screenshot.isEmpty()) {
        window.restoreLayout();
        if (!model.isEmpty() && !select.isEmpty())
            QObject::connect(
                &window, &passscope::views::MainWindow::modelLoaded, &window,
                [&window, select] { window.selectNodeByName(select); }, Qt::SingleShotConnection);
    } else {
        window.setInteractive(false);
        window.resize(1400, 860);
        // No one sees the status bar of a screenshot: what the numeric inputs became goes to stderr.
        QObject::connect(
            window.document(), &passscope::views::ModelDocument::warning, &window,
            [](const QString& message) { std::fprintf(stderr, "passscope: %s\n", qPrintable(message)); });
        QObject::connect(
            window.document(), &passscope::views::ModelDocument::numericInputsChanged, &window, [&window] {
                QStringList names;
                for (const auto& [name, file] : window.document()->numericInputs())
                    names << QString::fromStdString(name);
                if (!names.isEmpty())
                    std::fprintf(
                        stderr, "passscope: %s\n",
                        qPrintable(QCoreApplication::translate("main", "numeric inputs from files: %1")
                                       .arg(names.join(QStringLiteral(", ")))));
            });
        scheduleScreenshot(window, QFileInfo(screenshot).absoluteFilePath(), !model.isEmpty(), select,
                           commandLine.stepValue, commandLine.parser.value(commandLine.openBody),
                           commandLine.parser.isSet(commandLine.bisect));
    }
    if (commandLine.parser.isSet(commandLine.overlay))
        window.setOverlay(*passscope::views::overlayFromKey(commandLine.parser.value(commandLine.overlay)));
    if (commandLine.parser.isSet(commandLine.sideBySide)) window.setSideBySide(true);
    if (screenshot.isEmpty() && commandLine.stepValue >= 0)
        QObject::connect(
            &window, &passscope::views::MainWindow::viewReady, &window,
            [&window, step = commandLine.stepValue] { window.showPosition(static_cast<size_t>(step)); },
            Qt::SingleShotConnection);
    if (screenshot.isEmpty() && commandLine.parser.isSet(commandLine.bisect))  // it offers the jump
        QObject::connect(
            &window, &passscope::views::MainWindow::viewReady, &window,
            [&window] { window.findFirstDivergentStep(); }, Qt::SingleShotConnection);
    if (const QString body = commandLine.parser.value(commandLine.openBody);
        screenshot.isEmpty() && !body.isEmpty())
        QObject::connect(
            &window, &passscope::views::MainWindow::viewReady, &window,
            [&window, body] { openBodyOf(window, body); }, Qt::SingleShotConnection);
    if (commandLine.parser.isSet(commandLine.option)) window.setPipelineOptions(commandLine.pipelineOptions);
    if (commandLine.parser.isSet(commandLine.inputs))
        window.setNumericInputSources(commandLine.parser.values(commandLine.inputs));
    window.show();
    if (!model.isEmpty()) window.openModel(model);
    return app->exec();
}
