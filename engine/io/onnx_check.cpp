#include "io/onnx_check.h"

#include <unordered_map>

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include "io/inference_guards.h"
#include "io/onnx_export.h"
#include "io/tensor_proto.h"

namespace passscope::io {

std::optional<std::string> checkModel(const onnx::ModelProto& model, const std::filesystem::path& modelDir) {
    // Mirrors onnx::checker::check_model(ModelProto) but sets the model folder, which that entry
    // point cannot (its path overload would parse the file a second time).
    try {
        if (!model.ir_version()) return std::string("The model does not have an ir_version set properly.");
        if (model.ir_version() > onnx::IR_VERSION)
            return "The model's ir_version " + std::to_string(model.ir_version()) +
                   " is newer than this checker's (" + std::to_string(onnx::IR_VERSION) + ").";
        onnx::checker::CheckerContext ctx;
        ctx.set_ir_version(static_cast<int>(model.ir_version()));
        ctx.set_model_dir(modelDir.string());
        std::unordered_map<std::string, int> opsets;
        for (const auto& o : model.opset_import()) opsets[o.domain()] = static_cast<int>(o.version());
        if (model.ir_version() >= 3) {
            if (opsets.empty())
                return std::string("model with IR version >= 3 must specify opset_import for ONNX");
        } else if (opsets.empty()) {
            opsets[onnx::ONNX_DOMAIN] = 1;
        }
        ctx.set_opset_imports(opsets);
        onnx::checker::LexicalScopeContext lex;
        onnx::checker::check_graph(model.graph(), ctx, lex);
        if (model.ir_version() >= 8) onnx::checker::check_model_local_functions(model, ctx, lex);
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

std::optional<std::string> fullCheckModel(const onnx::ModelProto& model,
                                          const std::filesystem::path& modelDir) {
    if (auto err = checkModel(model, modelDir)) return err;
    if (auto hazard = findModelHazard(model)) return "shape inference refused: " + *hazard;
    installInferenceGuards();
    try {
        onnx::ModelProto copy = model;
        onnx::shape_inference::InferShapes(copy, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(true, 1, false));
    } catch (const std::exception& e) {
        return std::string("shape inference: ") + e.what();
    }
    return std::nullopt;
}

namespace {

void mergeInferred(Graph& g, const ValueRef& ref, const TensorDesc& inferred) {
    const NodeOutput* v = g.value(ref);
    if (!v || !inferred.hasType()) return;
    TensorDesc desc = v->desc;
    const bool storageFollowsOrigin = !desc.hasType() || !desc.storageDiffers();
    desc.kind = inferred.kind;
    desc.dtype = inferred.dtype;
    desc.opaqueType = inferred.opaqueType;
    desc.originShape = inferred.originShape;
    if (storageFollowsOrigin) desc.storageShape = inferred.originShape;
    if (!(desc == v->desc)) g.setOutputDesc(ref.node, ref.output, std::move(desc));
}

void applyInferred(Graph& g, const onnx::GraphProto& gp, Diagnostics& diag) {
    const auto byName = g.valuesByName();
    auto apply = [&](const onnx::ValueInfoProto& vi) {
        auto it = byName.find(vi.name());
        if (it == byName.end()) return;
        // What inference computes must load back: a shape the loader would refuse (a dim past
        // int64, an element count over 2^62) is left unknown instead of written into the model.
        if (auto hazard = typeHazard(vi.type())) {
            diag.warn("shape inference: value '" + vi.name() +
                      "' left without the inferred type: " + *hazard);
            return;
        }
        try {
            mergeInferred(g, it->second, descFromType(vi.type(), "inferred type of '" + vi.name() + "'"));
        } catch (const std::exception& e) {
            diag.warn(std::string("shape inference: ") + e.what());
        }
    };
    for (const auto& vi : gp.value_info()) apply(vi);
    for (const auto& vi : gp.output()) apply(vi);
}

}  // namespace

void inferShapes(Model& model, Diagnostics& diag, GuardFinding onGuard) {
    if (!model.graph) return;
    std::unordered_map<const Graph*, onnx::GraphProto*> graphMap;
    ProtoBuildOptions options;
    options.payload = PayloadMode::TypesOnly;
    options.graphMap = &graphMap;
    onnx::ModelProto proto = toProto(model, options);
    // A model that passed the loader's guards can still reach here with a hazard made by a pass;
    // then the model keeps the descriptions it has (inference_guards.h).
    if (auto hazard = findModelHazard(proto)) {
        diag.warn("shape inference skipped: " + *hazard);
        return;
    }
    installInferenceGuards();
    takeInferenceGuardFindings();
    try {
        onnx::shape_inference::InferShapes(proto, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(false, 0, true));
    } catch (const std::exception& e) {
        diag.warn(std::string("shape inference stopped early: ") + e.what());
    }
    const std::vector<std::string> findings = takeInferenceGuardFindings();
    if (!findings.empty() && onGuard == GuardFinding::Refuse) {
        // The guard inside libonnx knows the op, not the node: the same rules over the types
        // inference wrote down name it.
        if (auto named = findTypedModelHazard(proto)) throw ModelError(*named);
        throw ModelError("shape inference refused a node: " + findings.front());
    }
    for (const std::string& finding : findings) diag.warn("shape inference skipped a node: " + finding);
    for (auto& [graph, gp] : graphMap) applyInferred(*const_cast<Graph*>(graph), *gp, diag);
}

}  // namespace passscope::io
