#include "report/format_report.h"

#include "ir/op_types.h"
#include "report/model_info.h"
#include "report/pipeline_report.h"

namespace passscope {

std::vector<TensorFormatRow> tensorFormats(const Graph& graph) {
    std::vector<TensorFormatRow> rows;
    const auto order = graph.topologicalOrder();
    std::vector<NodeId> ids;
    if (order) {
        ids = *order;
    } else {  // a cyclic graph still gets its rows, in id order
        for (const Node* n : graph.nodes()) ids.push_back(n->id());
    }
    for (NodeId id : ids) {
        const Node& n = graph.node(id);
        if (n.opType() == op::kNetOutput && n.domain().empty()) continue;
        for (size_t i = 0; i < n.outputs().size(); ++i) {
            const NodeOutput& out = n.output(i);
            if (!out.desc.hasType() || (out.name.empty() && out.uses.empty())) continue;
            TensorFormatRow row;
            row.name = out.name.empty() ? n.displayName() + ":" + std::to_string(i) : out.name;
            row.producer = n.displayName();
            row.producerType = n.opType();
            row.desc = out.desc;
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

TransDataCounts transDataCounts(const Journal& journal) {
    TransDataCounts c;
    for (const PassSummary& p : summarizePasses(journal)) {
        c.inserted += p.statistics.value("transdata_inserted");
        c.eliminated += p.statistics.value("transdata_eliminated");
        c.folded += p.statistics.value("transdata_folded");
        c.paddingBytes += p.statistics.value("padding_bytes");
    }
    return c;
}

nlohmann::json formatReport(const std::vector<TensorFormatRow>& rows, const TransDataCounts& counts) {
    nlohmann::json tensors = nlohmann::json::array();
    for (const TensorFormatRow& r : rows) {
        tensors.push_back({{"name", r.name},
                           {"producer", r.producer},
                           {"dtype", std::string(dataTypeName(r.desc.dtype))},
                           {"origin_format", std::string(formatName(r.desc.originFormat))},
                           {"origin_shape", shapeJson(r.desc.originShape)},
                           {"storage_format", r.desc.storageFormatText()},
                           {"storage_shape", shapeJson(r.desc.storageShape)}});
    }
    return {{"tensors", std::move(tensors)},
            {"transdata",
             {{"inserted", counts.inserted},
              {"eliminated", counts.eliminated},
              {"folded", counts.folded},
              {"padding_bytes", counts.paddingBytes}}}};
}

}  // namespace passscope
