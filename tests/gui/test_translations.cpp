// The desktop in Chinese (issue 24): with the zh_CN translation installed, no visible text of the
// main window (every overlay and its legend, the timeline, the docks, the menus), the options
// dialog, the compare window or a GE dump timeline equals an English source string that
// translations/passscope_zh_CN.ts translates. Such a text means the translation exists and is not
// shown: a context that differs at run time, a string built outside tr(), a widget filled before
// the translator was installed. The expected set comes from the .ts file, never from the views.
#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>
#include <QTextDocument>
#include <QXmlStreamReader>

#include "compare/compare_window.h"
#include "dialogs/options_dialog.h"
#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/graph_view.h"
#include "graph/legend_widget.h"
#include "graph/overlay.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "text/localization.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

// "&Open…" and "Open…" are the same visible text; rich text is compared as the user reads it.
QString plain(const QString& text) {
    QString t = text;
    if (Qt::mightBeRichText(t)) {
        QTextDocument doc;
        doc.setHtml(t);
        t = doc.toPlainText();
    }
    t.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    t.remove(QLatin1Char('&'));
    t.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return t.trimmed();
}

// Source strings the zh_CN file gives a translation different from the source (a placeholder-only
// message such as "%1 (%2)" cannot be told apart from its English and is left out).
QSet<QString> translatedSources() {
    QSet<QString> sources;
    QFile file(QStringLiteral(PASSSCOPE_SOURCE_DIR "/translations/passscope_zh_CN.ts"));
    if (!file.open(QIODevice::ReadOnly)) return sources;
    QXmlStreamReader xml(&file);
    QString source, translation;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("message")) {
            source.clear();
            translation.clear();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation") || xml.name() == QLatin1String("numerusform")) {
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (translation.isEmpty()) translation = text;
            const QString key = plain(source);
            if (!translation.isEmpty() && translation != source &&
                key.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2}"))))
                sources.insert(key);
        }
    }
    return sources;
}

// Every text a person can read on `root` and its visible children: titles, labels, buttons and
// their tool tips, tabs, combo items, placeholders, header sections, legends, menus and actions.
QStringList visibleTexts(QWidget* root) {
    QStringList texts;
    auto add = [&texts](const QString& text) {
        const QString t = plain(text);
        if (t.isEmpty()) return;
        texts << t;
        if (t.contains(QLatin1Char('\n')))
            for (const QString& line : t.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                texts << line.trimmed();
    };
    std::function<void(QMenu*)> addMenu = [&](QMenu* menu) {
        add(menu->title());
        for (QAction* action : menu->actions()) {
            add(action->text());
            if (action->menu()) addMenu(action->menu());
        }
    };
    add(root->windowTitle());
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : widgets) {
        if (w != root && !w->isVisibleTo(root)) continue;
        add(w->toolTip());
        if (auto* label = qobject_cast<QLabel*>(w)) add(label->text());
        if (auto* button = qobject_cast<QAbstractButton*>(w)) add(button->text());
        if (auto* group = qobject_cast<QGroupBox*>(w)) add(group->title());
        if (auto* dock = qobject_cast<QDockWidget*>(w)) add(dock->windowTitle());
        if (auto* edit = qobject_cast<QLineEdit*>(w)) add(edit->placeholderText());
        if (auto* tabs = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < tabs->count(); ++i) add(tabs->tabText(i)), add(tabs->tabToolTip(i));
        if (auto* combo = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < combo->count(); ++i) add(combo->itemText(i));
        if (auto* header = qobject_cast<QHeaderView*>(w); header && header->model())
            for (int i = 0; i < header->count(); ++i)
                for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                    add(header->model()->headerData(i, header->orientation(), role).toString());
        if (auto* legend = qobject_cast<LegendWidget*>(w)) {
            add(legend->title());
            for (const LegendEntry& entry : legend->entries()) add(entry.text);
        }
        if (auto* bar = qobject_cast<QMenuBar*>(w))
            for (QAction* action : bar->actions())
                if (action->menu()) addMenu(action->menu());
        for (QAction* action : w->actions()) {
            add(action->text());
            add(action->toolTip());
            if (action->menu()) addMenu(action->menu());
        }
    }
    return texts;
}

// The texts of `root` that are English source strings with a translation, one line each.
QString untranslated(QWidget* root, const QSet<QString>& sources) {
    QStringList found;
    for (const QString& text : visibleTexts(root))
        if (sources.contains(text) && !found.contains(text)) found << text;
    return found.join(QLatin1Char('\n'));
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void mainWindowIsChinese();
    void optionsDialogIsChinese();
    void compareWindowIsChinese();
    void dumpTimelineIsChinese();

  private:
    QSet<QString> sources_;
};

void TestTranslations::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_translations"));
    QSettings().clear();
    // As main() does: the translator is installed before any widget exists.
    const LocalizationResult result =
        installTranslations(*QCoreApplication::instance(), QStringLiteral("zh_CN"));
    QCOMPARE(result.locale, QStringLiteral("zh_CN"));
    sources_ = translatedSources();
    QVERIFY2(sources_.size() > 300, "translations/passscope_zh_CN.ts holds fewer translations than expected");
}

void TestTranslations::mainWindowIsChinese() {
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    PipelineOptions options;
    options.target = Target::Ge;  // the format overlays have something to show
    window.setPipelineOptions(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(sample("conv_net.onnx"));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kTimeoutMs);
    QVERIFY(window.positionCount() > 2);
    window.showPosition(1);
    QVERIFY(window.selectNodeByName(QStringLiteral("conv1")) || window.selectNode(NodeId(0)));
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) dock->show();  // every panel

    for (OverlayMode mode : allOverlays()) {
        window.setOverlay(mode);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kTimeoutMs);
        const QString left = untranslated(&window, sources_);
        QVERIFY2(left.isEmpty(),
                 qPrintable(QStringLiteral("overlay %1 shows English:\n%2").arg(overlayKey(mode), left)));
    }
}

void TestTranslations::optionsDialogIsChinese() {
    PipelineOptions options;
    options.target = Target::Ge;
    OptionsDialog dialog(options, {QStringLiteral("x")}, {QStringLiteral("y")});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString left = untranslated(&dialog, sources_);
    QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("the options dialog shows English:\n") + left));
}

void TestTranslations::compareWindowIsChinese() {
    CompareWindow window;
    window.setInteractive(false);
    window.resize(1400, 860);
    window.show();
    QSignalSpy ready(&window, &CompareWindow::viewReady);
    QSignalSpy failed(&window, &CompareWindow::failed);
    window.compareFiles(sample("conv_net.onnx"), sample("transformer_block.onnx"));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    const QString left = untranslated(&window, sources_);
    QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("the compare window shows English:\n") + left));
}

void TestTranslations::dumpTimelineIsChinese() {
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(QStringLiteral(PASSSCOPE_SOURCE_DIR "/tests/fixtures/ge_dumps/conv_net"));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kTimeoutMs);
    QVERIFY(window.document()->isDumpTimeline());
    window.showPosition(1);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kTimeoutMs);
    const QString left = untranslated(&window, sources_);
    QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("the dump timeline shows English:\n") + left));
}

PASSSCOPE_GUI_TEST(TestTranslations)
#include "test_translations.moc"
