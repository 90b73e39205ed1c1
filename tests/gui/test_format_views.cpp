// Formats in the views, on a model whose tensors carry real origin and storage formats (written
// into the ONNX file's `passscope.tensor_formats` metadata, as PassScope's exporter writes them):
// x[1,3,4,4] (NCHW) → TransData NCHW→NC1HWC0 → Relu (in NC1HWC0) → TransData NC1HWC0→NCHW →
// Sigmoid → y. The properties panel names a TransData's formats and both of its sides; the origin-
// and storage-format overlays colour each box by its output's format and list the formats in the
// legend; the headless renderer (`passscope-cli render --overlay storage-format`) draws the same
// colours. Expected values come from the loaded graph, never from the views under test.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "graph/edge_item.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/headless_render.h"
#include "graph/item_style.h"
#include "graph/legend_widget.h"
#include "graph/node_item.h"
#include "gui_test_registry.h"
#include "gui_test_support.h"
#include "ir/op_types.h"
#include "main_window.h"
#include "model_builders.h"
#include "panels/properties_panel.h"
#include "runner/pipeline_result.h"

using namespace passscope;
using namespace passscope::views;

using namespace passscope::guitest;

namespace {

onnx::ModelProto formatsModel() {
    using namespace passscope::test;
    auto m = emptyModel();
    auto* ge = m.add_opset_import();
    ge->set_domain(std::string(op::kGeDomain));
    ge->set_version(op::kGeDomainVersion);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    auto transData = [&](const std::string& in, const std::string& out, const std::string& name,
                         const char* src, const char* dst) {
        auto* n = addNode(g, "TransData", {in}, {out}, name);
        n->set_domain(std::string(op::kGeDomain));
        for (const auto& [key, value] : {std::pair{"src_format", src}, std::pair{"dst_format", dst}}) {
            auto* a = n->add_attribute();
            a->set_name(key);
            a->set_type(onnx::AttributeProto::STRING);
            a->set_s(value);
        }
    };
    transData("x", "t", "to_5hd", "NCHW", "NC1HWC0");
    addNode(g, "Relu", {"t"}, {"r"}, "relu_5hd");
    transData("r", "u", "to_nchw", "NC1HWC0", "NCHW");
    addNode(g, "Sigmoid", {"u"}, {"y"}, "out");
    for (const char* v : {"t", "r", "u"})
        addTensorValue(g.mutable_value_info(), v, onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    // name, origin format, storage format, storage dims (engine/io/onnx_export.cpp's record)
    auto* formats = m.add_metadata_props();
    formats->set_key("passscope.tensor_formats");
    formats->set_value(
        "x\tNCHW\tNCHW\t1,3,4,4\n"
        "t\tNCHW\tNC1HWC0\t1,1,4,4,16\n"
        "r\tNCHW\tNC1HWC0\t1,1,4,4,16\n"
        "u\tNCHW\tNCHW\t1,3,4,4\n"
        "y\tNCHW\tNCHW\t1,3,4,4\n");
    return m;
}

bool legendHas(const MainWindow& window, const QString& text) {
    const std::vector<LegendEntry>& legend = window.graphPanel()->view()->legend()->entries();
    return std::any_of(legend.begin(), legend.end(), [&](const LegendEntry& e) { return e.text == text; });
}

}  // namespace

class TestFormatViews : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void modelCarriesRealFormats();
    void transDataPropertiesShowBothSides();
    void formatOverlaysColourByTheDescs();
    void headlessRenderColoursStorageFormats();
    void renderedPicturesCarryTheLegend();

  private:
    // Opens the model at position 0 (as loaded: no pass has touched a description yet).
    void openAtStart(MainWindow& window);
    QTemporaryDir dir_;
    QString modelPath_;
};

void TestFormatViews::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PassScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_format_views"));
    QSettings().clear();
    QVERIFY(dir_.isValid());
    modelPath_ = dir_.filePath(QStringLiteral("formats.onnx"));
    passscope::test::writeModel(formatsModel(), modelPath_.toStdString());
    // PASSSCOPE_TEST_MODELS=folder: the fixture is written there too, to open it in the GUI and look.
    if (const QByteArray keep = qgetenv("PASSSCOPE_TEST_MODELS"); !keep.isEmpty())
        passscope::test::writeModel(
            formatsModel(),
            QDir(QString::fromLocal8Bit(keep)).filePath(QStringLiteral("formats.onnx")).toStdString());
}

void TestFormatViews::openAtStart(MainWindow& window) {
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(&window, &MainWindow::viewReady);
    QSignalSpy failed(&window, &MainWindow::pipelineFailed);
    QSignalSpy loadFailed(&window, &MainWindow::loadFailed);
    window.openModel(modelPath_);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() + loadFailed.count() > 0, kViewTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY2(loadFailed.isEmpty(), qPrintable(loadFailed.value(0).value(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), kViewTimeoutMs);
    window.showPosition(0);
    QCOMPARE(window.position(), size_t(0));
}

// The fixture is what the other tests need: non-ND origin formats, and storage formats that
// differ from the origin (else every overlay below could pass on plain ND).
void TestFormatViews::modelCarriesRealFormats() {
    MainWindow window;
    openAtStart(window);
    if (QTest::currentTestFailed()) return;
    const Graph& g = *window.graphShown();
    const Node* relu = nodeNamed(g, "relu_5hd");
    QVERIFY(relu);
    QCOMPARE(relu->output(0).desc.originFormat, Format::NCHW);
    QCOMPARE(relu->output(0).desc.storageFormat, Format::NC1HWC0);
    QCOMPARE(relu->output(0).desc.storageShape.dims().size(), size_t(5));
    const Node* toNchw = nodeNamed(g, "to_nchw");
    QVERIFY(toNchw);
    QCOMPARE(toNchw->output(0).desc.storageFormat, Format::NCHW);
}

// A TransData's properties: the formats it converts between, and origin and storage of its input
// (the producer's output) and of its output.
void TestFormatViews::transDataPropertiesShowBothSides() {
    MainWindow window;
    openAtStart(window);
    if (QTest::currentTestFailed()) return;
    QVERIFY(window.selectNodeByName(QStringLiteral("to_5hd")));
    QString text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("Format conversion")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("NCHW → NC1HWC0")), qPrintable(text));
    // Input side: x, stored as NCHW; output side: NC1HWC0 with the padded 5-D storage shape.
    const qsizetype section = text.indexOf(QStringLiteral("Format conversion"));
    const QString conversion =
        text.mid(section, text.indexOf(QStringLiteral("Attributes"), section) - section);
    QVERIFY2(conversion.contains(QStringLiteral("Input (from x)")), qPrintable(conversion));
    QVERIFY2(conversion.contains(QStringLiteral("NCHW [1,3,4,4]")), qPrintable(conversion));
    QVERIFY2(conversion.contains(QStringLiteral("NC1HWC0 [1,1,4,4,16]")), qPrintable(conversion));
    QVERIFY2(!conversion.contains(QStringLiteral("but the attribute says")), qPrintable(conversion));

    QVERIFY(window.selectNodeByName(QStringLiteral("to_nchw")));
    text = window.propertiesPanel()->text();
    QVERIFY2(text.contains(QStringLiteral("NC1HWC0 → NCHW")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Input (from relu_5hd)")), qPrintable(text));

    // Any other node has no such section.
    QVERIFY(window.selectNodeByName(QStringLiteral("relu_5hd")));
    QVERIFY(!window.propertiesPanel()->text().contains(QStringLiteral("Format conversion")));
}

// Each box is filled with the colour of its first output's origin (or storage) format; the legend
// lists exactly the formats shown; TransData boxes are framed.
void TestFormatViews::formatOverlaysColourByTheDescs() {
    MainWindow window;
    openAtStart(window);
    if (QTest::currentTestFailed()) return;
    const Graph& g = *window.graphShown();
    const GraphScene& scene = *window.graphPanel()->scene();
    for (OverlayMode mode : {OverlayMode::OriginFormat, OverlayMode::StorageFormat}) {
        window.setOverlay(mode);
        std::set<Format> seen;
        int transData = 0;
        for (const NodeItem* item : scene.nodeItems()) {
            if (!item || !item->isVisible()) continue;
            const Node* n = g.findNode(item->nodeId());
            if (!n || n->outputs().empty() || !n->output(0).desc.hasType()) continue;
            const TensorDesc& desc = n->output(0).desc;
            const Format f = mode == OverlayMode::OriginFormat ? desc.originFormat : desc.storageFormat;
            seen.insert(f);
            const QString what = QStringLiteral("%1 in %2").arg(item->name(), overlayKey(mode));
            QCOMPARE(item->look().fill, style::formatColor(f).lighter(150));
            if (n->opType() == op::kTransData) {
                QVERIFY2(item->look().border == style::transDataColor(), qPrintable(what));
                ++transData;
            }
        }
        QCOMPARE(transData, 2);
        // The edge out of the first TransData is labelled with the shape of the overlay's side.
        QString label;
        for (const EdgeItem* edge : scene.edgeItems())
            if (edge->isVisible() && edge->label().count(QChar(0xd7)) == 4) label = edge->label();
        const QString storageShape = QStringLiteral("1×1×4×4×16");
        if (mode == OverlayMode::StorageFormat)
            QCOMPARE(label, storageShape);
        else
            QVERIFY2(label.isEmpty(), qPrintable(label));
        for (Format f : seen)
            QVERIFY2(legendHas(window, QString::fromLatin1(formatName(f))),
                     qPrintable(QStringLiteral("%1 missing from the legend").arg(formatName(f).data())));
        QVERIFY(legendHas(window, QStringLiteral("TransData / ReFormat")));
        if (mode == OverlayMode::OriginFormat) {
            QCOMPARE(seen, (std::set<Format>{Format::NCHW}));
            QVERIFY(!legendHas(window, QStringLiteral("NC1HWC0")));
        } else {
            QCOMPARE(seen, (std::set<Format>{Format::NCHW, Format::NC1HWC0}));
            QVERIFY(legendHas(window, QStringLiteral("NC1HWC0")));
        }
    }
    // The two formats really get different colours.
    QVERIFY(style::formatColor(Format::NCHW) != style::formatColor(Format::NC1HWC0));
}

// `passscope-cli render --overlay storage-format` draws through renderPipelinePicture: the
// NC1HWC0 fill is in the picture with the storage overlay and not with the changes overlay.
void TestFormatViews::headlessRenderColoursStorageFormats() {
    const QString nc1hwc0 = style::formatColor(Format::NC1HWC0).lighter(150).name();
    auto render = [&](OverlayMode mode, const QString& name) -> QString {
        RenderRequest request;
        request.model = modelPath_.toStdString();
        request.output = dir_.filePath(name);
        request.step = 0;
        request.overlay = mode;
        const RenderOutcome outcome = renderPipelinePicture(request);
        if (!outcome.ok) return QStringLiteral("render failed: ") + outcome.error;
        QFile svg(request.output);
        if (!svg.open(QIODevice::ReadOnly)) return QStringLiteral("no picture");
        return QString::fromUtf8(svg.readAll());
    };
    const QString storage = render(OverlayMode::StorageFormat, QStringLiteral("storage.svg"));
    QVERIFY2(storage.startsWith(QStringLiteral("<?xml")), qPrintable(storage.left(200)));
    QVERIFY2(storage.contains(nc1hwc0, Qt::CaseInsensitive), qPrintable(nc1hwc0));
    const QString changes = render(OverlayMode::Changes, QStringLiteral("changes.svg"));
    QVERIFY2(changes.startsWith(QStringLiteral("<?xml")), qPrintable(changes.left(200)));
    QVERIFY(!changes.contains(nc1hwc0, Qt::CaseInsensitive));
}

// The pictures `render` writes with a format overlay start with the legend strip the view shows
// as a widget: the overlay's title and one entry per format drawn (SVG text), on the strip's grey
// (PNG); the changes overlay's pictures have none.
void TestFormatViews::renderedPicturesCarryTheLegend() {
    auto render = [&](OverlayMode mode, const QString& name) -> QString {
        RenderRequest request;
        request.model = modelPath_.toStdString();
        request.output = dir_.filePath(name);
        request.step = 0;
        request.overlay = mode;
        const RenderOutcome outcome = renderPipelinePicture(request);
        return outcome.ok ? request.output : QString();
    };
    auto svgText = [](const QString& path) {
        QFile svg(path);
        return svg.open(QIODevice::ReadOnly) ? QString::fromUtf8(svg.readAll()) : QString();
    };
    const QString storage = svgText(render(OverlayMode::StorageFormat, QStringLiteral("legend.svg")));
    QVERIFY(storage.startsWith(QStringLiteral("<?xml")));
    for (const QString& text : {overlayTitle(OverlayMode::StorageFormat), QStringLiteral("NC1HWC0"),
                                QStringLiteral("NCHW"), QStringLiteral("TransData / ReFormat")})
        QVERIFY2(storage.contains(QStringLiteral(">") + text + QStringLiteral("<")), qPrintable(text));
    const QString origin = svgText(render(OverlayMode::OriginFormat, QStringLiteral("legend_origin.svg")));
    QVERIFY(
        origin.contains(QStringLiteral(">") + overlayTitle(OverlayMode::OriginFormat) + QStringLiteral("<")));
    QVERIFY2(!origin.contains(QStringLiteral(">NC1HWC0<")), "no NC1HWC0 box in the origin overlay");
    const QString changes = svgText(render(OverlayMode::Changes, QStringLiteral("legend_changes.svg")));
    QVERIFY(changes.startsWith(QStringLiteral("<?xml")));
    QVERIFY(!changes.contains(QStringLiteral(">") + overlayTitle(OverlayMode::StorageFormat) +
                              QStringLiteral("<")));

    const QColor strip(0xf4, 0xf6, 0xf8);
    const QImage withLegend(render(OverlayMode::StorageFormat, QStringLiteral("legend.png")));
    const QImage without(render(OverlayMode::Changes, QStringLiteral("legend_changes.png")));
    QVERIFY(!withLegend.isNull() && !without.isNull());
    QCOMPARE(withLegend.pixelColor(withLegend.width() - 3, 2), strip);
    QCOMPARE(without.pixelColor(without.width() - 3, 2), QColor(Qt::white));
    QVERIFY(withLegend.height() > without.height());
}

PASSSCOPE_GUI_TEST(TestFormatViews)
#include "test_format_views.moc"
