#include "ir/model.h"

#include "ir/op_traits.h"

namespace passscope {

int64_t Model::opsetVersion(const std::string& wanted) const {
    for (const OpsetImport& o : opsets) {
        if (op::canonicalDomain(o.domain) == op::canonicalDomain(wanted)) return o.version;
    }
    return 0;
}

Model Model::clone() const {
    Model copy;
    copy.irVersion = irVersion;
    copy.opsets = opsets;
    copy.producerName = producerName;
    copy.producerVersion = producerVersion;
    copy.domain = domain;
    copy.modelVersion = modelVersion;
    copy.docString = docString;
    copy.metadata = metadata;
    if (graph) copy.graph = std::shared_ptr<Graph>(graph->clone().release());
    copy.opaqueFunctions = opaqueFunctions;
    copy.opaqueTrainingInfo = opaqueTrainingInfo;
    copy.sourcePath = sourcePath;
    return copy;
}

}  // namespace passscope
