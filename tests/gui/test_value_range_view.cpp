// The properties panel shows a value's range (InferValueRangePass): x [N,3,224,224] -> Shape ->
// Gather(0) after the pipeline; the Shape's output row says "Value range [0..∞, 3, 224, 224]",
// the Gather's reads "[0..∞]" for its output and the Shape's range for its input; a value
// without a range (the float input) shows no such row. Expected texts come from the engine's
// descriptions, checked here against the known model.
#include <QTest>

#include "compile/run_pipeline.h"
#include "gui_test_registry.h"
#include "io/model_loader.h"
#include "model_builders.h"
#include "panels/properties_panel.h"

using namespace passscope;
using namespace passscope::views;

namespace {

Model shapeModel() {
    using namespace passscope::test;
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    auto* x = g.add_input();
    x->set_name("x");
    auto* tt = x->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    tt->mutable_shape()->add_dim()->set_dim_param("N");
    for (int64_t d : {3, 224, 224}) tt->mutable_shape()->add_dim()->set_dim_value(d);
    addNode(g, "Shape", {"x"}, {"s"}, "shape");
    auto* zero = g.add_initializer();
    zero->set_name("zero");
    zero->set_data_type(onnx::TensorProto::INT64);
    const int64_t v = 0;
    zero->set_raw_data(std::string(reinterpret_cast<const char*>(&v), sizeof v));
    addNode(g, "Gather", {"s", "zero"}, {"n"}, "gather_n");
    auto* out = g.add_output();
    out->set_name("n");
    out->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::INT64);
    const auto dir = freshDir("value_range_view");
    writeModel(m, dir / "m.onnx");
    return io::loadModel(dir / "m.onnx").model;
}

const Node* named(const Graph& g, const std::string& name) {
    for (const Node* n : g.nodes())
        if (n->name() == name) return n;
    return nullptr;
}

}  // namespace

class TestValueRangeView : public QObject {
    Q_OBJECT
  private slots:
    void propertiesShowTheValueRange();
};

void TestValueRangeView::propertiesShowTheValueRange() {
    Model model = shapeModel();
    runPipeline(model, PipelineOptions{}, nullptr);
    const Graph& g = *model.graph;
    const Node* shape = named(g, "shape");
    const Node* gather = named(g, "gather_n");
    QVERIFY(shape && gather);
    QVERIFY(!shape->output(0).desc.valueRange.empty());

    PropertiesPanel panel;
    panel.showNode(g, *shape);
    QString text = panel.text();
    // Input x (float, no range) then output s with its range: exactly one range row.
    QCOMPARE(text.count(QStringLiteral("Value range")), 1);
    QVERIFY2(text.contains(QString::fromUtf8("[0..∞, 3, 224, 224]")), qPrintable(text));

    panel.showNode(g, *gather);
    text = panel.text();
    QCOMPARE(text.count(QStringLiteral("Value range")), 2);  // input s and output n
    QVERIFY2(text.contains(QString::fromUtf8("[0..∞]")), qPrintable(text));
}

PASSSCOPE_GUI_TEST(TestValueRangeView)
#include "test_value_range_view.moc"
