// The main window's actions (name, text, shortcut, handler, enabled-when), its menus and its tool
// bar, in the order a user finds them (README "GUI").
#include "window/action_table.h"

#include <QApplication>
#include <QStyle>

#include "dialogs/options_dialog.h"
#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/graph_view.h"
#include "main_window.h"
#include "numeric/numeric_view.h"
#include "panels/nodes_panel.h"
#include "window/step_follower.h"
#include "window/window_dialogs.h"

// A row names only what it sets (designated initializers); GCC before 14 warns about every member
// left to its default member initializer.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace passscope::views {
namespace {

using Entry = MenuEntry;

std::vector<ActionSpec> fileActions(const WindowParts& p) {
    MainWindow& w = p.window;
    ModelDocument& d = p.document;
    WindowDialogs& dialogs = p.dialogs;
    auto loaded = [&d](const QAction&) { return d.loadedModel() != nullptr; };
    auto steps = [&d](const QAction&) { return d.hasSteps(); };
    return {
        {.name = QStringLiteral("open"),
         .text = MainWindow::tr("&Open…"),
         .shortcut = QKeySequence::Open,
         .handler = [&dialogs](QAction&) { dialogs.openModel(); },
         .statusTip = MainWindow::tr("Open an ONNX model"),
         .icon = QIcon::fromTheme(QStringLiteral("document-open"),
                                  w.style()->standardIcon(QStyle::SP_DialogOpenButton))},
        {.name = QStringLiteral("openDumpFolder"),
         .text = MainWindow::tr("Open GE &Dump Folder…"),
         .handler = [&dialogs](QAction&) { dialogs.openDumpFolder(); },
         .statusTip = MainWindow::tr(
             "Open a folder of GE graph dumps (DUMP_GE_GRAPH) and step through GE's compile stages")},
        {.name = QStringLiteral("compare"),
         .text = MainWindow::tr("Compare &With…"),
         .handler = [&dialogs](QAction&) { dialogs.compareWith(); },
         .enabledWhen = loaded,
         .statusTip = MainWindow::tr("Show the model beside another one with the differences marked")},
        {.name = QStringLiteral("cancelLoad"),
         .text = MainWindow::tr("&Cancel Loading"),
         .shortcut = QKeySequence(Qt::Key_Escape),
         .handler = [&w](QAction&) { w.cancelLoading(); },
         .enabledWhen = [&d](const QAction&) { return d.isLoading(); }},
        {.name = QStringLiteral("openSession"),
         .text = MainWindow::tr("Open &Session…"),
         .handler = [&dialogs](QAction&) { dialogs.openSession(); }},
        {.name = QStringLiteral("saveSession"),
         .text = MainWindow::tr("Sa&ve Session…"),
         .shortcut = QKeySequence::Save,
         .handler = [&dialogs](QAction&) { dialogs.saveSession(); },
         .enabledWhen = steps},
        {.name = QStringLiteral("exportModel"),
         .text = MainWindow::tr("Optimized &Model at This Step…"),
         .shortcut = QKeySequence(Qt::CTRL | Qt::Key_E),
         .handler = [&dialogs](QAction&) { dialogs.exportModel(); },
         .enabledWhen = steps},
        {.name = QStringLiteral("exportReport"),
         .text = MainWindow::tr("Pipeline &Report (JSON)…"),
         .handler = [&dialogs](QAction&) { dialogs.exportReport(); },
         .enabledWhen = steps},
        {.name = QStringLiteral("exportPicture"),
         .text = MainWindow::tr("&Picture of the View (SVG, PNG)…"),
         .handler = [&dialogs](QAction&) { dialogs.exportPicture(); },
         .enabledWhen = steps},
        {.name = QStringLiteral("quit"),
         .text = MainWindow::tr("&Quit"),
         .shortcut = QKeySequence::Quit,
         .handler = [&w](QAction&) { w.close(); },
         .icon = QIcon::fromTheme(QStringLiteral("application-exit")),
         .role = QAction::QuitRole},
        {.name = QStringLiteral("find"),
         .text = MainWindow::tr("&Filter Nodes"),
         .shortcut = QKeySequence::Find,
         .handler =
             [&d, &nodes = p.nodes](QAction&) {
                 if (d.loadedModel()) nodes.focusFilter();
             }},
    };
}

std::vector<ActionSpec> viewActions(const WindowParts& p) {
    MainWindow& w = p.window;
    NumericView& numeric = p.numeric;
    WindowDialogs& dialogs = p.dialogs;
    std::vector<ActionSpec> table;
    for (OverlayMode mode : allOverlays())
        table.push_back({.name = QStringLiteral("overlay.") + overlayKey(mode),
                         .text = overlayTitle(mode),
                         .handler = [&w, mode](QAction&) { w.setOverlay(mode); },
                         .checkable = true,
                         .checked = mode == OverlayMode::Changes,
                         .group = QStringLiteral("overlay"),
                         .data = overlayKey(mode)});
    std::vector<ActionSpec> rest = {
        {.name = QStringLiteral("sideBySide"),
         .text = MainWindow::tr("&Side by Side"),
         .shortcut = QKeySequence(Qt::CTRL | Qt::Key_B),
         .handler = [&w](QAction& a) { w.setSideBySide(a.isChecked()); },
         .statusTip =
             MainWindow::tr("Show the graph before and after the selected step in two synchronized views"),
         .checkable = true,
         .onToggle = true},
        {.name = QStringLiteral("minimap"),
         .text = MainWindow::tr("&Minimap"),
         .handler =
             [&w](QAction& a) {
                 w.graphPanel()->view()->setMinimapVisible(a.isChecked());
                 w.graphPanel()->beforeView()->setMinimapVisible(a.isChecked());
             },
         .checkable = true,
         .checked = true,
         .onToggle = true},
        {.name = QStringLiteral("fit"),
         .text = MainWindow::tr("&Fit to Window"),
         .shortcut = QKeySequence(Qt::CTRL | Qt::Key_0),
         .handler = [&w](QAction&) { w.graphPanel()->view()->fitAll(); }},
        {.name = QStringLiteral("zoomIn"),
         .text = MainWindow::tr("Zoom &In"),
         .shortcut = QKeySequence::ZoomIn,
         .handler = [&w](QAction&) { w.graphPanel()->view()->zoomBy(1.25); }},
        {.name = QStringLiteral("zoomOut"),
         .text = MainWindow::tr("Zoom &Out"),
         .shortcut = QKeySequence::ZoomOut,
         .handler = [&w](QAction&) { w.graphPanel()->view()->zoomBy(0.8); }},
        {.name = QStringLiteral("loadNodeData"),
         .text = MainWindow::tr("&Load Node Data…"),
         .handler = [&numeric](QAction&) { numeric.chooseNodeDataFiles(); },
         .statusTip = MainWindow::tr(
             "Show other tools' per-node numbers on the graph: Model Explorer node data, Polygraphy's saved "
             "outputs (JSON) or tensor files; two files are coloured by their difference")},
        {.name = QStringLiteral("loadNodeDataFolder"),
         .text = MainWindow::tr("Load Node Data &Folder…"),
         .handler = [&numeric](QAction&) { numeric.chooseNodeDataFolder(); },
         .statusTip = MainWindow::tr(
             "A folder of per-tensor files (ONNX Runtime's .tensorproto dumps, .pb, .npy); shown with those "
             "loaded already, to compare two runs")},
        {.name = QStringLiteral("clearNodeData"),
         .text = MainWindow::tr("&Clear Node Data"),
         .handler = [&numeric](QAction&) { numeric.clearNodeData(); }},
        {.name = QStringLiteral("language.system"),
         .text = MainWindow::tr("System default"),
         .handler = [&dialogs](QAction&) { dialogs.chooseLanguage(QString()); }},
        {.name = QStringLiteral("language.en"),
         .text = QStringLiteral("English"),
         .handler = [&dialogs](QAction&) { dialogs.chooseLanguage(QStringLiteral("en")); }},
        {.name = QStringLiteral("language.zh_CN"),
         .text = QStringLiteral("简体中文"),
         .handler = [&dialogs](QAction&) { dialogs.chooseLanguage(QStringLiteral("zh_CN")); }},
    };
    table.insert(table.end(), rest.begin(), rest.end());
    return table;
}

std::vector<ActionSpec> pipelineActions(const WindowParts& p) {
    MainWindow& w = p.window;
    ModelDocument& d = p.document;
    NumericView& numeric = p.numeric;
    StepFollower& steps = p.steps;
    auto changes = [&steps](const QAction&) { return steps.changeCount() > 0; };
    return {
        {.name = QStringLiteral("rerun"),
         .text = MainWindow::tr("&Run Again"),
         .shortcut = QKeySequence(Qt::Key_F5),
         .handler = [&d](QAction&) { d.runPipeline(); },
         .enabledWhen = [&d](const QAction&) { return d.loadedModel() && !d.isRunning(); }},
        {.name = QStringLiteral("options"),
         .text = MainWindow::tr("&Options…"),
         .shortcut = QKeySequence(Qt::CTRL | Qt::Key_Comma),
         .handler = [&d, &w](QAction&) { OptionsDialog::openFor(d, &w); },
         .enabledWhen = [&d](const QAction&) { return d.loadedModel() != nullptr; },
         .statusTip = MainWindow::tr(
             "Choose the optimization level, passes, input shapes and folding exceptions, then run again")},
        {.name = QStringLiteral("cancelRun"),
         .text = MainWindow::tr("&Cancel Run"),
         .handler = [&d](QAction&) { d.cancelPipeline(); },
         .enabledWhen = [&d](const QAction&) { return d.isRunning(); }},
        // F3 / Shift+F3 as "find next / previous" in editors: here the next node the step changed.
        {.name = QStringLiteral("nextChange"),
         .text = MainWindow::tr("Next C&hange"),
         .shortcut = QKeySequence(Qt::Key_F3),
         .handler = [&w](QAction&) { w.showNextChange(); },
         .enabledWhen = changes,
         .statusTip = MainWindow::tr("Select the next node the step changed, in the order of the data flow"),
         .icon = QIcon::fromTheme(QStringLiteral("go-down"), w.style()->standardIcon(QStyle::SP_ArrowDown))},
        {.name = QStringLiteral("previousChange"),
         .text = MainWindow::tr("Previous Chan&ge"),
         .shortcut = QKeySequence(Qt::SHIFT | Qt::Key_F3),
         .handler = [&w](QAction&) { w.showPreviousChange(); },
         .enabledWhen = changes,
         .statusTip =
             MainWindow::tr("Select the previous node the step changed, in the order of the data flow"),
         .icon = QIcon::fromTheme(QStringLiteral("go-up"), w.style()->standardIcon(QStyle::SP_ArrowUp))},
        {.name = QStringLiteral("numericInputs"),
         .text = MainWindow::tr("Numeric &Inputs…"),
         .handler = [&numeric](QAction&) { numeric.editNumericInputs(); },
         .enabledWhen = [&numeric](const QAction&) { return numeric.canChooseInputs(); },
         .statusTip = MainWindow::tr(
             "Choose the .npy or .pb files, or an ONNX test data folder, that feed the graph inputs of the "
             "numeric overlay and Find First Divergent Step (seeded random values otherwise)")},
        {.name = QStringLiteral("findDivergent"),
         .text = MainWindow::tr("Find First &Divergent Step"),
         .handler = [&w](QAction&) { w.findFirstDivergentStep(); },
         .enabledWhen = [&numeric](const QAction&) { return numeric.canFindDivergentStep(); },
         .statusTip = MainWindow::tr(
             "Evaluate the graph at steps of the run on the numeric inputs and find the first pass run "
             "whose outputs differ from the original's")},
        // Its data is the name of the node shown in the properties (MainWindow::showNodeProperties).
        {.name = QStringLiteral("noFold"),
         .text = MainWindow::tr("Do &Not Fold This Node"),
         .handler =
             [&w](QAction& a) {
                 if (!a.data().toString().isEmpty())
                     w.setNodeFoldingDisabled(a.data().toString(), a.isChecked());
             },
         .enabledWhen =
             [&d](const QAction& a) {
                 return d.hasSteps() && d.isLoadedNodeName(a.data().toString().toStdString()) &&
                        !d.isRunning();
             },
         .statusTip =
             MainWindow::tr("Set _do_not_constant_folding on the selected node and run the pipeline again"),
         .checkable = true},
        {.name = QStringLiteral("about"),
         .text = MainWindow::tr("&About PassScope"),
         .handler = [&w](QAction&) { w.showAbout(); },
         .role = QAction::AboutRole},
        {.name = QStringLiteral("aboutQt"),
         .text = MainWindow::tr("About &Qt"),
         .handler = [](QAction&) { QApplication::aboutQt(); },
         .role = QAction::AboutQtRole},
    };
}

}  // namespace

std::vector<ActionSpec> windowActionTable(const WindowParts& parts) {
    std::vector<ActionSpec> table = fileActions(parts);
    for (auto part : {viewActions, pipelineActions}) {
        std::vector<ActionSpec> more = part(parts);
        table.insert(table.end(), more.begin(), more.end());
    }
    return table;
}

std::vector<MenuEntry> windowMenus(const OutsideEntries& outside) {
    std::vector<Entry> view = {
        Entry::submenu(MainWindow::tr("&Overlay"), {Entry::group(QStringLiteral("overlay"))}),
        Entry::submenu(MainWindow::tr("&Node Data"), {Entry::of(QStringLiteral("loadNodeData")),
                                                      Entry::of(QStringLiteral("loadNodeDataFolder")),
                                                      Entry::of(QStringLiteral("clearNodeData"))}),
        Entry::of(QStringLiteral("sideBySide")),
        Entry::of(QStringLiteral("minimap")),
        Entry::separator(),
        Entry::of(QStringLiteral("zoomIn")),
        Entry::of(QStringLiteral("zoomOut")),
        Entry::of(QStringLiteral("fit")),
        Entry::separator(),
    };
    for (QAction* toggle : outside.dockToggles) view.push_back(Entry::external(toggle));
    view.push_back(Entry::separator());
    view.push_back(Entry::submenu(
        MainWindow::tr("&Language"),
        {Entry::of(QStringLiteral("language.system")), Entry::of(QStringLiteral("language.en")),
         Entry::of(QStringLiteral("language.zh_CN"))}));
    std::vector<Entry> pipeline = {Entry::of(QStringLiteral("rerun")), Entry::of(QStringLiteral("options")),
                                   Entry::of(QStringLiteral("cancelRun")), Entry::separator()};
    for (QAction* step : outside.timelineSteps) pipeline.push_back(Entry::external(step));
    for (const char* name :
         {"previousChange", "nextChange", "", "numericInputs", "findDivergent", "", "noFold"})
        pipeline.push_back(*name ? Entry::of(QLatin1String(name)) : Entry::separator());
    return {
        Entry::submenu(
            MainWindow::tr("&File"),
            {Entry::of(QStringLiteral("open")), Entry::of(QStringLiteral("openDumpFolder")),
             Entry::ownMenu(MainWindow::tr("Open &Recent"), outside.recent),
             Entry::of(QStringLiteral("compare")), Entry::of(QStringLiteral("cancelLoad")),
             Entry::separator(), Entry::of(QStringLiteral("openSession")),
             Entry::of(QStringLiteral("saveSession")), Entry::separator(),
             Entry::submenu(MainWindow::tr("&Export"), {Entry::of(QStringLiteral("exportModel")),
                                                        Entry::of(QStringLiteral("exportReport")),
                                                        Entry::of(QStringLiteral("exportPicture"))}),
             Entry::separator(), Entry::of(QStringLiteral("quit"))}),
        Entry::submenu(MainWindow::tr("&Edit"), {Entry::of(QStringLiteral("find"))}),
        Entry::submenu(MainWindow::tr("&View"), std::move(view)),
        Entry::submenu(MainWindow::tr("&Pipeline"), std::move(pipeline)),
        Entry::submenu(MainWindow::tr("&Help"),
                       {Entry::of(QStringLiteral("about")), Entry::of(QStringLiteral("aboutQt"))}),
    };
}

std::vector<MenuEntry> windowToolBar(const OutsideEntries& outside, QWidget* overlayLabel) {
    std::vector<Entry> bar = {Entry::of(QStringLiteral("open")), Entry::separator()};
    for (QAction* step : outside.timelineSteps) bar.push_back(Entry::external(step));
    for (Entry e : {Entry::of(QStringLiteral("previousChange")), Entry::of(QStringLiteral("nextChange")),
                    Entry::separator(), Entry::widgetEntry(overlayLabel),
                    Entry::group(QStringLiteral("overlay")), Entry::of(QStringLiteral("sideBySide")),
                    Entry::of(QStringLiteral("findDivergent")), Entry::separator()})
        bar.push_back(std::move(e));
    for (QWidget* w : outside.toolBarWidgets) bar.push_back(Entry::widgetEntry(w));
    return bar;
}

}  // namespace passscope::views

#pragma GCC diagnostic pop
