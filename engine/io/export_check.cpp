#include "io/export_check.h"

#include "ir/op_traits.h"

#include "io/model_loader.h"
#include "io/onnx_check.h"
#include "io/onnx_export.h"
#include "io/onnx_import.h"

namespace passscope::io {
namespace {

onnx::ModelProto structureOf(const Model& model) {
    ProtoBuildOptions options;
    options.payload = PayloadMode::TypesOnly;
    return toProto(model, options);
}

// GE's private node attributes (a leading underscore: a user's _do_not_constant_folding pin) are
// not ONNX's, and the checker refuses any attribute an op's schema lacks. That says nothing about
// the shapes the graph computes, so the strict check looks past them.
void dropPrivateAttributes(onnx::GraphProto& g) {
    for (onnx::NodeProto& n : *g.mutable_node()) {
        auto* attrs = n.mutable_attribute();
        for (int i = attrs->size() - 1; i >= 0; --i) {
            onnx::AttributeProto& a = *attrs->Mutable(i);
            if (a.has_g()) dropPrivateAttributes(*a.mutable_g());
            for (onnx::GraphProto& body : *a.mutable_graphs()) dropPrivateAttributes(body);
            const bool onnxDomain = op::isOnnxDomain(n.domain());
            if (onnxDomain && !a.name().empty() && a.name()[0] == '_') attrs->DeleteSubrange(i, 1);
        }
    }
}

}  // namespace

std::optional<std::string> readBackProblem(const Model& model) {
    if (!model.graph) return std::string("the model has no graph");
    onnx::ModelProto proto = structureOf(model);
    try {
        Diagnostics diag;
        importModel(proto, {}, diag);
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

std::optional<std::string> strictInferenceProblem(const Model& model) {
    if (!model.graph) return std::string("the model has no graph");
    onnx::ModelProto proto = structureOf(model);
    dropPrivateAttributes(*proto.mutable_graph());
    return fullCheckModel(std::move(proto), {});
}

}  // namespace passscope::io
