#include "text/desc_text.h"

#include <climits>

#include <QCoreApplication>
#include <QStringList>

#include "ir/value_text.h"

namespace passscope::views {
namespace {

QString fromStd(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString elided(const QString& s, int maxChars = 200) {
    return s.size() <= maxChars ? s : s.left(maxChars) + QChar(0x2026);
}

template <typename T, typename Fn>
QString listText(const std::vector<T>& items, int maxItems, Fn toText) {
    QStringList parts;
    const size_t shown = std::min(items.size(), static_cast<size_t>(std::max(maxItems, 0)));
    for (size_t i = 0; i < shown; ++i) parts << toText(items[i]);
    if (shown < items.size()) {
        const int more = static_cast<int>(items.size() - shown);
        parts << QCoreApplication::translate("DescText", "… (%n more)", nullptr, more);
    }
    return QLatin1Char('[') + parts.join(QLatin1String(", ")) + QLatin1Char(']');
}

QString tensorText(const Tensor& t) {
    const int bytes = static_cast<int>(std::min<size_t>(t.byteSize(), INT_MAX));
    QString text = QCoreApplication::translate("DescText", "%1%2, %n byte(s)", nullptr, bytes)
                       .arg(fromStd(dataTypeName(t.dtype())), shapeText(Shape::fromExtents(t.dims())));
    if (t.external())
        text += QLatin1String(", ") + QCoreApplication::translate("DescText", "external data in %1")
                                          .arg(QString::fromStdString(t.external()->location));
    return text;
}

QString graphText(const Graph* g) {
    if (!g) return QCoreApplication::translate("DescText", "empty graph");
    const int nodes = static_cast<int>(g->nodeCount());
    return QCoreApplication::translate("DescText", "graph “%1”, %n node(s)", nullptr, nodes)
        .arg(QString::fromStdString(g->name));
}

}  // namespace

QString dtypeText(const TensorDesc& desc) {
    return desc.hasType() ? QString::fromStdString(passscope::dtypeText(desc)) : QStringLiteral("?");
}

QString shapeText(const Shape& shape) {
    return QString::fromStdString(shape.toString());
}

QString formatText(Format format) {
    return fromStd(formatName(format));
}

QString storageFormatText(const TensorDesc& desc) {
    return QString::fromStdString(desc.storageFormatText());
}

QString descText(const TensorDesc& desc) {
    return desc.hasType() ? QString::fromStdString(passscope::descText(desc)) : QStringLiteral("?");
}

QString valueRangeText(const TensorDesc& desc) {
    if (desc.valueRange.empty()) return {};
    return QString::fromStdString(valueRangeText(desc.valueRange));
}

TensorDesc inputDesc(const Graph& graph, const Node& node, size_t index) {
    if (index < node.inputDescs().size() && node.inputDescs()[index].hasType())
        return node.inputDescs()[index];
    if (index < node.inputs().size())
        if (const NodeOutput* v = graph.value(node.input(index))) return v->desc;
    return {};
}

QString inputName(const Graph& graph, const Node& node, size_t index) {
    if (index >= node.inputs().size() || !node.input(index).valid()) return {};
    const NodeOutput* v = graph.value(node.input(index));
    return v ? QString::fromStdString(v->name) : QString();
}

QString attributeKindText(const Attribute& attr) {
    return fromStd(attrKindName(attr.kind));
}

QString attributeValueText(const Attribute& attr, int maxItems) {
    const AttrValue& v = attr.value;
    if (!attr.refAttrName.empty())
        return QCoreApplication::translate("DescText", "from the caller's attribute “%1”")
            .arg(QString::fromStdString(attr.refAttrName));
    if (const auto* d = std::get_if<double>(&v)) return QString::number(*d, 'g', 7);
    if (const auto* i = std::get_if<int64_t>(&v)) return QString::number(*i);
    if (const auto* s = std::get_if<std::string>(&v))
        return QLatin1Char('"') + elided(QString::fromStdString(*s)) + QLatin1Char('"');
    if (const auto* t = std::get_if<Tensor>(&v)) return tensorText(*t);
    if (const auto* g = std::get_if<GraphPtr>(&v)) return graphText(g->get());
    if (const auto* o = std::get_if<OpaqueProto>(&v)) {
        const int bytes = static_cast<int>(o->bytes.size());
        return QCoreApplication::translate("DescText", "%1, %n byte(s)", nullptr, bytes)
            .arg(attributeKindText(attr));
    }
    if (const auto* ds = std::get_if<std::vector<double>>(&v))
        return listText(*ds, maxItems, [](double x) { return QString::number(x, 'g', 7); });
    if (const auto* is = std::get_if<std::vector<int64_t>>(&v))
        return listText(*is, maxItems, [](int64_t x) { return QString::number(x); });
    if (const auto* ss = std::get_if<std::vector<std::string>>(&v))
        return listText(*ss, maxItems, [](const std::string& x) {
            return QLatin1Char('"') + elided(QString::fromStdString(x), 60) + QLatin1Char('"');
        });
    if (const auto* ts = std::get_if<std::vector<Tensor>>(&v))
        return listText(*ts, std::min(maxItems, 4), tensorText);
    if (const auto* gs = std::get_if<std::vector<GraphPtr>>(&v))
        return listText(*gs, std::min(maxItems, 4), [](const GraphPtr& g) { return graphText(g.get()); });
    if (const auto* os = std::get_if<std::vector<OpaqueProto>>(&v)) {
        const int values = static_cast<int>(os->size());
        return QCoreApplication::translate("DescText", "%n value(s)", nullptr, values);
    }
    return {};
}

}  // namespace passscope::views
