#include "report/model_info.h"

#include <sstream>

#include "ir/op_types.h"
#include "ir/value_text.h"

namespace passscope {
namespace {

size_t countSubgraphs(const Graph& g) {
    size_t count = 0;
    for (const Node* n : g.nodes())
        for (Graph* sub : n->subgraphs()) count += 1 + countSubgraphs(*sub);
    return count;
}

// The report's dtype: "unknown" for a value without a type.
std::string reportedDtype(const TensorDesc& d) {
    return d.hasType() ? dtypeText(d) : std::string("unknown");
}

}  // namespace

nlohmann::json shapeJson(const Shape& shape) {
    if (!shape.rankKnown()) return nullptr;
    nlohmann::json dims = nlohmann::json::array();
    for (const Dim& d : shape.dims()) {
        if (d.isKnown())
            dims.push_back(d.value);
        else if (!d.symbol.empty())
            dims.push_back(d.symbol);
        else
            dims.push_back(nullptr);
    }
    return dims;
}

ModelInfo summarize(const Model& model) {
    ModelInfo info;
    info.irVersion = model.irVersion;
    info.producer = model.producerName + (model.producerVersion.empty() ? "" : " " + model.producerVersion);
    info.opsets = model.opsets;
    if (!model.graph) return info;
    const Graph& g = *model.graph;
    for (const Node* n : g.nodes()) {
        const bool structural = op::isStructural(n->opType(), n->domain());
        if (!structural) {
            ++info.nodes;
            ++info.ops[n->opType()];
            continue;
        }
        const Tensor* t = n->attrTensor(op::attr::kValue);
        if (t || n->hasAttr(op::attr::kSparseValue)) {
            ++info.initializers;
            if (t) {
                info.initializerBytes += t->byteSize();
                if (t->external()) ++info.externalInitializers;
            }
        }
        if (n->opType() == op::kData && !t) info.inputs.push_back({n->output(0).name, n->output(0).desc});
    }
    if (g.netOutput() != kNoNode) {
        const Node& out = g.node(g.netOutput());
        const std::vector<std::string> names = g.outputNames();
        for (size_t i = 0; i < out.inputs().size(); ++i) {
            const NodeOutput* v = g.value(out.input(i));
            const TensorDesc* declared = i < out.inputDescs().size() ? &out.inputDescs()[i] : nullptr;
            TensorDesc desc = v ? v->desc : TensorDesc{};
            if (!desc.hasType() && declared) desc = *declared;
            info.outputs.push_back({names[i], desc});
        }
    }
    info.subgraphs = countSubgraphs(g);
    return info;
}

nlohmann::json toJson(const ModelInfo& info) {
    auto values = [](const std::vector<ValueSummary>& vs) {
        nlohmann::json arr = nlohmann::json::array();
        for (const ValueSummary& v : vs)
            arr.push_back({{"name", v.name},
                           {"dtype", reportedDtype(v.desc)},
                           {"shape", shapeJson(v.desc.originShape)}});
        return arr;
    };
    nlohmann::json opsets = nlohmann::json::object();
    for (const OpsetImport& o : info.opsets) opsets[o.domain] = o.version;
    nlohmann::json ops = nlohmann::json::object();
    for (const auto& [type, count] : info.ops) ops[type] = count;
    return {
        {"nodes", info.nodes},
        {"inputs", values(info.inputs)},
        {"outputs", values(info.outputs)},
        {"ops", ops},
        {"initializers", info.initializers},
        {"initializer_bytes", info.initializerBytes},
        {"opsets", opsets},
        {"subgraphs", info.subgraphs},
        {"ir_version", info.irVersion},
        {"producer", info.producer},
    };
}

std::string jsonText(const nlohmann::json& j, int indent) {
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string toText(const ModelInfo& info) {
    std::ostringstream out;
    auto values = [&](const char* title, const std::vector<ValueSummary>& vs) {
        out << title << " (" << vs.size() << "):\n";
        for (const ValueSummary& v : vs)
            out << "  " << v.name << "  " << reportedDtype(v.desc) << " " << v.desc.originShape.toString()
                << "\n";
    };
    out << "IR version:    " << info.irVersion << "\n";
    if (!info.producer.empty()) out << "Producer:      " << info.producer << "\n";
    out << "Opsets:        ";
    for (size_t i = 0; i < info.opsets.size(); ++i)
        out << (i ? ", " : "") << op::displayDomain(info.opsets[i].domain) << " " << info.opsets[i].version;
    out << "\nNodes:         " << info.nodes << "\n";
    out << "Initializers:  " << info.initializers << " (" << info.initializerBytes << " bytes";
    if (info.externalInitializers) out << ", " << info.externalInitializers << " in external data";
    out << ")\n";
    out << "Subgraphs:     " << info.subgraphs << "\n";
    values("Inputs", info.inputs);
    values("Outputs", info.outputs);
    out << "Ops:\n";
    std::vector<std::pair<std::string, size_t>> sorted(info.ops.begin(), info.ops.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [type, count] : sorted) out << "  " << count << "\t" << type << "\n";
    return out.str();
}

}  // namespace passscope
