#include "ir/model.h"

namespace passscope {

int64_t Model::opsetVersion(const std::string& wanted) const {
    for (const OpsetImport& o : opsets) {
        if (o.domain == wanted || (wanted.empty() && o.domain == "ai.onnx") ||
            (wanted == "ai.onnx" && o.domain.empty()))
            return o.version;
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
