#include "panels/properties_panel.h"

#include <QFontDatabase>
#include <QPalette>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "text/desc_text.h"
#include "text/tensor_stats.h"

namespace passscope::views {
namespace {

QString esc(const QString& s) {
    return s.toHtmlEscaped();
}
QString esc(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString row(const QString& key, const QString& value, const QString& valueStyle = {}) {
    return QStringLiteral("<tr><td class=\"key\">%1</td><td style=\"%3\">%2</td></tr>")
        .arg(key, value, valueStyle);
}

}  // namespace

PropertiesPanel::PropertiesPanel(QWidget* parent) : QWidget(parent), browser_(new QTextBrowser(this)) {
    browser_->setObjectName(QStringLiteral("propertiesBrowser"));
    browser_->setOpenLinks(false);
    browser_->setFrameShape(QFrame::NoFrame);
    const QPalette pal = palette();
    // Secondary text (keys, kinds, op types of producers): between the text and the background.
    const QColor text = pal.color(QPalette::Text), base = pal.color(QPalette::Base);
    const QColor secondary((text.red() * 55 + base.red() * 45) / 100,
                           (text.green() * 55 + base.green() * 45) / 100,
                           (text.blue() * 55 + base.blue() * 45) / 100);
    const QString mono = QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
    browser_->document()->setDefaultStyleSheet(
        QStringLiteral("h3 { margin-top: 4px; margin-bottom: 0px; }"
                       "h4 { margin-top: 12px; margin-bottom: 4px; }"
                       "td.key { color: %1; padding-right: 12px; }"
                       "td.tensor { font-family: '%2'; font-weight: bold; padding-top: 6px; }"
                       ".mono { font-family: '%2'; }"
                       "td.sub { padding-left: 8px; }"
                       ".sub { color: %1; }"
                       ".differs { color: %3; font-weight: bold; }")
            .arg(secondary.name(), mono, pal.color(QPalette::Link).name()));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(browser_);
    clear();
}

void PropertiesPanel::clear() {
    browser_->setHtml(
        QStringLiteral("<p class=\"sub\">%1</p>")
            .arg(esc(tr("Select a node in the table to see its attributes and tensor descriptions."))));
}

QString PropertiesPanel::text() const {
    return browser_->toPlainText();
}

QString PropertiesPanel::sectionHeader(const QString& title) const {
    return QStringLiteral("<h4>%1</h4>").arg(esc(title));
}

QString PropertiesPanel::tensorRows(const QString& title, const QString& name, const TensorDesc& desc,
                                    const QString& linkKey, const QString& linkValue) const {
    QString html = QStringLiteral("<tr><td class=\"tensor\" colspan=\"2\">%1 %2</td></tr>")
                       .arg(esc(title), name.isEmpty() ? esc(tr("(omitted)")) : esc(name));
    if (!linkValue.isEmpty()) html += row(linkKey, linkValue);
    if (!desc.hasType()) return html + row(tr("Data type"), esc(tr("unknown")));
    html += row(tr("Data type"), esc(views::dtypeText(desc)), {});
    html += row(tr("Origin"), QStringLiteral("<span class=\"mono\">%1 %2</span>")
                                  .arg(esc(formatText(desc.originFormat)), esc(shapeText(desc.originShape))));
    const bool differs = desc.storageDiffers();
    html += row(tr("Storage"), QStringLiteral("<span class=\"mono%3\">%1 %2</span>")
                                   .arg(esc(storageFormatText(desc)), esc(shapeText(desc.storageShape)),
                                        differs ? QStringLiteral(" differs") : QString()));
    // What InferValueRangePass knows of the elements (docs/ge-constant-folding.md §12.1).
    if (const QString range = views::valueRangeText(desc); !range.isEmpty())
        html += row(tr("Value range"), QStringLiteral("<span class=\"mono\">%1</span>").arg(esc(range)));
    return html;
}

// Provenance, folding marks and why a folding pass left the node alone.
QString PropertiesPanel::pipelineSection(const Node& node, const NodeNotes& notes) const {
    QString rows;
    if (!notes.change.isEmpty()) rows += row(tr("This step"), esc(notes.change));
    if (const Attribute* from = node.findAttr(op::attr::kFoldedFrom))
        if (const auto* names = std::get_if<std::vector<std::string>>(&from->value)) {
            QStringList list;
            for (const std::string& n : *names) list << QString::fromStdString(n);
            rows += row(tr("Folded from"), esc(list.join(QStringLiteral(", "))));
        }
    if (op::isPotentialConst(node))
        rows += row(tr("Potential constant"),
                    esc(tr("marked by %1").arg(QString::fromStdString(op::potentialConstSource(node)))));
    if (op::doNotFold(node)) rows += row(tr("Folding"), esc(tr("switched off (_do_not_constant_folding)")));
    if (!notes.whyNotFolded.isEmpty()) {
        QString why = notes.whyNotFolded;
        if (!notes.whyNotFoldedDetail.isEmpty()) why += QStringLiteral(": ") + notes.whyNotFoldedDetail;
        rows += row(tr("Not folded"), esc(tr("%1 (%2)").arg(why, notes.whyNotFoldedPass)));
    }
    if (rows.isEmpty()) return {};
    return sectionHeader(tr("Pipeline")) + QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">") +
           rows + QStringLiteral("</table>");
}

// docs/ge-variables.md §3-§4 (key, logic address, reuse) and §6 (fusion, trans road).
QString PropertiesPanel::variableSection(const VariableNote& note) const {
    QString rows;
    if (note.isRef) rows += row(tr("Refers to"), esc(note.variable));
    if (note.planned) {
        rows += row(tr("Var key"), QStringLiteral("<span class=\"mono\">%1</span>").arg(esc(note.varKey)));
        rows += row(tr("Kind"), esc(note.kind));
        rows += row(tr("Memory"), esc(note.memoryType));
        rows += row(tr("Logic address"),
                    QStringLiteral("<span class=\"mono\">0x%1</span>").arg(note.logicAddress, 0, 16));
        rows += row(tr("Size"), esc(tr("%1 bytes").arg(note.size)));
        rows += row(tr("Reuses"), esc(note.reuse.isEmpty() ? tr("no (memory of its own)") : note.reuse));
    } else {
        rows += row(tr("Logic address"), esc(tr("not in the memory plan at this step")));
    }
    if (note.hasDecision) {
        rows += row(tr("Fusion"),
                    note.fused ? QStringLiteral("<b>%1</b>").arg(esc(tr("fused"))) : esc(tr("not fused")));
        if (note.decidedAt > 0)
            rows +=
                row(tr("Decided at"), esc(note.shownAt < note.decidedAt
                                              ? tr("step %1, later than the step shown").arg(note.decidedAt)
                                              : tr("step %1").arg(note.decidedAt)));
        rows += row(tr("Reason"), esc(note.reason));
        if (!note.removedNodes.isEmpty())
            rows += row(tr("Removed"), esc(note.removedNodes.join(QStringLiteral(", "))));
    }
    if (!note.transRoad.isEmpty()) {
        QStringList steps;
        for (const QString& s : note.transRoad) steps << esc(s);
        rows +=
            row(tr("Trans road"),
                QStringLiteral("<span class=\"mono\">%1</span>").arg(steps.join(QStringLiteral("<br/>"))));
    }
    const bool variable = note.kind == QStringLiteral("VARIABLE") || note.isRef || note.hasDecision;
    return sectionHeader(variable ? tr("Variable") : tr("Persistent memory")) +
           QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">") + rows + QStringLiteral("</table>");
}

// A constant's values: statistics and the first values.
QString PropertiesPanel::valueSection(const Node& node) const {
    const Attribute* value = node.findAttr(op::attr::kValue);
    const auto* tensor = value ? std::get_if<Tensor>(&value->value) : nullptr;
    if (!tensor) return {};
    QString rows = row(tr("Elements"), QString::number(tensor->elementCount()));
    rows += row(tr("Bytes"), QString::number(tensor->byteSize()));
    if (const auto stats = tensorStats(*tensor); stats && stats->examined > 0) {
        if (stats->examined < stats->elements)
            rows += row(tr("Sampled"), esc(tr("statistics of the first %1 values").arg(stats->examined)));
        rows += row(tr("Min / max"),
                    QStringLiteral("<span class=\"mono\">%1 / %2</span>")
                        .arg(QString::number(stats->min, 'g', 6), QString::number(stats->max, 'g', 6)));
        rows +=
            row(tr("Mean"),
                QStringLiteral("<span class=\"mono\">%1</span>").arg(QString::number(stats->mean, 'g', 6)));
        rows += row(tr("Zeros"), QString::number(stats->zeros));
        if (stats->nans) rows += row(tr("NaNs"), QString::number(stats->nans));
        rows += row(tr("Values"), QStringLiteral("<span class=\"mono\">%1</span>").arg(esc(stats->preview)));
    }
    return sectionHeader(tr("Value")) + QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">") + rows +
           QStringLiteral("</table>");
}

// docs/bisect.md §6: the values of the node's outputs at this step against the original's.
QString PropertiesPanel::numericSection(const NumericNote& note) const {
    const QString header =
        sectionHeader(tr("Numeric difference (step %1 against the original)").arg(note.position));
    if (note.computing) return header + QStringLiteral("<p class=\"sub\">%1</p>").arg(esc(tr("Computing…")));
    // NaNs and infinities are named: a value of NaNs has no min, max or mean, and showing zeros
    // would hide exactly the divergence the comparison found (exec/tensor_compare.h).
    auto stats = [this](const std::optional<TensorStats>& s) {
        if (!s || s->examined == 0) return QStringLiteral("—");
        QString text = s->hasNumbers()
                           ? QStringLiteral("%1 / %2 / %3")
                                 .arg(QString::number(s->min, 'g', 6), QString::number(s->max, 'g', 6),
                                      QString::number(s->mean, 'g', 6))
                           : tr("no numbers");
        if (s->nans) text += tr(", %n NaN(s)", nullptr, static_cast<int>(s->nans));
        if (s->infs) text += tr(", %n infinite", nullptr, static_cast<int>(s->infs));
        return text;
    };
    QString rows;
    for (const ValueNumbers& v : note.outputs) {
        rows += QStringLiteral("<tr><td class=\"tensor\" colspan=\"2\">#%1 %2</td></tr>")
                    .arg(v.output)
                    .arg(esc(v.name));
        if (!v.paired) {
            rows += row(QString(), esc(tr("a value the original does not have: nothing to compare")));
            continue;
        }
        if (!v.compared) {
            rows += row(QString(), esc(tr("not evaluated")));
            continue;
        }
        rows += row(tr("Original min / max / mean"),
                    QStringLiteral("<span class=\"mono\">%1</span>").arg(stats(v.original)));
        rows += row(tr("This step min / max / mean"),
                    QStringLiteral("<span class=\"mono\">%1</span>").arg(stats(v.shown)));
        const QString mono = v.equal ? QStringLiteral("mono") : QStringLiteral("mono differs");
        rows +=
            row(tr("Max |diff|"),
                QStringLiteral("<span class=\"%1\">%2</span>").arg(mono, QString::number(v.maxAbs, 'g', 6)));
        rows +=
            row(tr("Max rel. diff"),
                QStringLiteral("<span class=\"%1\">%2</span>").arg(mono, QString::number(v.maxRel, 'g', 6)));
        rows += row(tr("Verdict"), esc(v.equal              ? tr("within tolerance")
                                       : v.detail.isEmpty() ? tr("differs")
                                                            : tr("differs: %1").arg(v.detail)));
    }
    if (!note.problem.isEmpty()) rows += row(tr("Problem"), esc(note.problem));
    return header + QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">") + rows +
           QStringLiteral("</table>");
}

// GE's TransData (docs/ge-formats.md §6) converts the layout of one tensor: src_format and
// dst_format name the storage formats on its two sides, and the origin (what the user's graph
// means) stays the same. Its input side is the producer's output description, its output side
// its own output description.
QString PropertiesPanel::transDataSection(const Graph& graph, const Node& node) const {
    if (!op::isTransData(node.opType(), node.domain())) return {};
    auto text = [&](std::string_view name) {
        const Attribute* a = node.findAttr(name);
        if (const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr)
            return QString::fromStdString(*s);
        return a ? attributeValueText(*a) : tr("(not set)");
    };
    const QString src = text(op::attr::kSrcFormat), dst = text(op::attr::kDstFormat);
    QString rows =
        row(tr("Converts"), QStringLiteral("<span class=\"mono\">%1 → %2</span>").arg(esc(src), esc(dst)));
    if (const Attribute* groups = node.findAttr("groups");
        groups && attributeValueText(*groups) != QStringLiteral("1"))
        rows += row(tr("Groups"), esc(attributeValueText(*groups)));
    auto side = [&](const QString& title, const TensorDesc& desc, const QString& expected) {
        QString html = QStringLiteral("<tr><td class=\"tensor\" colspan=\"2\">%1</td></tr>").arg(esc(title));
        if (!desc.hasType()) return html + row(tr("Data type"), esc(tr("unknown")));
        html +=
            row(tr("Origin"), QStringLiteral("<span class=\"mono\">%1 %2</span>")
                                  .arg(esc(formatText(desc.originFormat)), esc(shapeText(desc.originShape))));
        const std::optional<Format> said = parseFormat(expected.toStdString());
        const bool mismatch = said && *said != desc.storageFormat;
        html += row(tr("Storage"), QStringLiteral("<span class=\"mono%3\">%1 %2</span>")
                                       .arg(esc(storageFormatText(desc)), esc(shapeText(desc.storageShape)),
                                            mismatch ? QStringLiteral(" differs") : QString()));
        if (mismatch)
            html += row(
                QString(),
                esc(tr("stored as %1, but the attribute says %2").arg(storageFormatText(desc), expected)));
        return html;
    };
    const NodeOutput* in =
        !node.inputs().empty() && node.input(0).valid() ? graph.value(node.input(0)) : nullptr;
    const Node* producer = in ? graph.producer(node.input(0)) : nullptr;
    rows += side(
        producer ? tr("Input (from %1)").arg(QString::fromStdString(producer->displayName())) : tr("Input"),
        in ? in->desc : TensorDesc{}, src);
    rows += side(tr("Output"), node.outputs().empty() ? TensorDesc{} : node.output(0).desc, dst);
    return sectionHeader(tr("Format conversion")) +
           QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">") + rows + QStringLiteral("</table>");
}

void PropertiesPanel::showNode(const Graph& graph, const Node& node, const NodeNotes& notes) {
    QString html;
    html += QStringLiteral("<h3>%1</h3>").arg(esc(node.displayName()));
    const QString domain = QString::fromStdString(op::displayDomain(node.domain()));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    html += row(tr("Op type"), QStringLiteral("<b>%1</b>").arg(esc(node.opType())));
    html += row(tr("Domain"), esc(domain));
    html += row(tr("Id"), QString::number(node.id()));
    if (!node.docString().empty()) html += row(tr("Description"), esc(node.docString()));
    if (!node.controlInputs().empty() || !node.controlOutputs().empty())
        html +=
            row(tr("Control edges"),
                esc(tr("%1 in, %2 out").arg(node.controlInputs().size()).arg(node.controlOutputs().size())));
    html += QStringLiteral("</table>");
    html += pipelineSection(node, notes);
    if (notes.variable) html += variableSection(*notes.variable);
    html += transDataSection(graph, node);
    if (notes.numeric) html += numericSection(*notes.numeric);
    if (!notes.nodeData.isEmpty())
        html += sectionHeader(tr("Node data")) +
                QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">") +
                row(tr("Value"), QStringLiteral("<span class=\"mono\">%1</span>").arg(esc(notes.nodeData))) +
                row(tr("From"), esc(notes.nodeDataSource)) + QStringLiteral("</table>");
    html += valueSection(node);

    html += sectionHeader(tr("Attributes (%1)").arg(node.attributes().size()));
    if (node.attributes().empty()) {
        html += QStringLiteral("<p class=\"sub\">%1</p>").arg(esc(tr("No attributes.")));
    } else {
        html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
        for (const Attribute& a : node.attributes())
            html += QStringLiteral(
                        "<tr><td class=\"key\">%1</td><td class=\"mono\">%2</td>"
                        "<td class=\"sub\">%3</td></tr>")
                        .arg(esc(a.name), esc(attributeValueText(a)), esc(attributeKindText(a)));
        html += QStringLiteral("</table>");
    }

    html += sectionHeader(tr("Inputs (%1)").arg(node.inputs().size()));
    if (node.inputs().empty()) html += QStringLiteral("<p class=\"sub\">%1</p>").arg(esc(tr("No inputs.")));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    for (size_t i = 0; i < node.inputs().size(); ++i) {
        const Node* producer = node.input(i).valid() ? graph.producer(node.input(i)) : nullptr;
        const QString from = producer ? QStringLiteral("%1 <span class=\"sub\">%2</span>")
                                            .arg(esc(producer->displayName()), esc(producer->opType()))
                                      : QString();
        html += tensorRows(QStringLiteral("#%1").arg(i), inputName(graph, node, i), inputDesc(graph, node, i),
                           tr("Producer"), from);
    }
    html += QStringLiteral("</table>");

    html += sectionHeader(tr("Outputs (%1)").arg(node.outputs().size()));
    if (node.outputs().empty()) html += QStringLiteral("<p class=\"sub\">%1</p>").arg(esc(tr("No outputs.")));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    for (size_t i = 0; i < node.outputs().size(); ++i) {
        const NodeOutput& out = node.output(i);
        html += tensorRows(QStringLiteral("#%1").arg(i), QString::fromStdString(out.name), out.desc,
                           tr("Consumers"), QString::number(out.uses.size()));
    }
    html += QStringLiteral("</table>");
    browser_->setHtml(html);
}

void PropertiesPanel::showEdge(const Graph& graph, const Node& producer, const Node& consumer) {
    QString html = QStringLiteral("<h3>%1</h3>")
                       .arg(esc(tr("%1 → %2").arg(QString::fromStdString(producer.displayName()),
                                                  QString::fromStdString(consumer.displayName()))));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    for (size_t o = 0; o < producer.outputs().size(); ++o) {
        const NodeOutput& out = producer.output(o);
        QStringList inputs;  // where the consumer reads this output
        for (size_t i = 0; i < consumer.inputs().size(); ++i)
            if (consumer.input(i).node == producer.id() && consumer.input(i).output == o &&
                consumer.input(i).depth == 0)
                inputs << QStringLiteral("#%1").arg(i);
        if (inputs.isEmpty()) continue;
        QStringList readers;
        for (const Use& u : out.uses)
            if (const Node* c = graph.findNode(u.node)) readers << QString::fromStdString(c->displayName());
        html += tensorRows(tr("Output #%1").arg(o), QString::fromStdString(out.name), out.desc,
                           tr("Consumers"), esc(readers.join(QStringLiteral(", "))));
        html += row(tr("Read as"), esc(tr("input %1 of %2")
                                           .arg(inputs.join(QStringLiteral(", ")),
                                                QString::fromStdString(consumer.displayName()))));
    }
    html += QStringLiteral("</table>");
    browser_->setHtml(html);
}

}  // namespace passscope::views
