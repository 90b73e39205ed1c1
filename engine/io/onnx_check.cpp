#include "io/onnx_check.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>

#include <onnx/checker.h>
#include <onnx/defs/data_type_utils.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include "io/inference_guards.h"
#include "io/onnx_export.h"
#include "io/tensor_proto.h"
#include "ir/op_traits.h"

namespace passscope::io {

namespace {

// Constants of the enclosing graphs lent to a subgraph for inference, at most this many bytes
// each: the size up to which PayloadMode::TypesOnly keeps a constant's bytes (shape operands,
// axes, scalars), so what is copied stays small per subgraph.
constexpr std::size_t kLentConstantBytes = 4096;

// What a name means in one graph: an initializer (its tensor) or another value (nullptr), falling
// back to the enclosing graphs. Keys view the GraphProto's own strings, which lending into inner
// graphs leaves in place.
struct ConstantScope {
    std::unordered_map<std::string_view, const onnx::TensorProto*> names;
    const ConstantScope* parent = nullptr;
    const onnx::TensorProto* constant(std::string_view name) const {
        for (const ConstantScope* s = this; s; s = s->parent) {
            auto it = s->names.find(name);
            if (it != s->names.end()) return it->second;
        }
        return nullptr;
    }
};

void collectDomains(const onnx::GraphProto& g, std::set<std::string>& out) {
    for (const auto& n : g.node()) {
        out.insert(n.domain());
        for (const auto& a : n.attribute()) {
            if (a.has_g()) collectDomains(a.g(), out);
            for (const auto& sub : a.graphs()) collectDomains(sub, out);
        }
    }
}

// libonnx stops inferring the whole model at a node of a domain the model does not import ("No
// opset import for domain"), so the nodes after it went unjudged at load; folding later gave them
// types and the optimized model's reload refused one (fuzz finding, pipeline: a com.microsoft
// Unsqueeze not imported, then a Sub of int64 and float). The inference copy imports such a domain
// when libonnx has no schemas for it: its nodes are then skipped like any op without a schema, and
// inference goes on. A domain libonnx knows is left alone (which version was meant is unknown).
void importUnimportedDomains(onnx::ModelProto& proto) {
    std::set<std::string> imported, used;
    for (const auto& o : proto.opset_import()) imported.insert(std::string(op::canonicalDomain(o.domain())));
    collectDomains(proto.graph(), used);
    const auto& known = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
    for (const std::string& d : used) {
        const std::string domain(op::canonicalDomain(d));
        if (imported.count(domain) || known.count(d) || known.count(domain)) continue;
        auto* o = proto.add_opset_import();
        o->set_domain(d);
        o->set_version(1);
        imported.insert(domain);
    }
}

// libonnx infers a subgraph knowing the enclosing graphs' value types but not their constant
// values (its GraphInferenceContext carries types only), so a Reshape in an If branch whose target
// shape is a main-graph initializer gets no shape there, and gets one once CondRemovePass inlines
// the branch. A node reading it was then judged at load without its rank and refused after
// `optimize` (fuzz finding, pipeline: an STFT fed a rank-1 signal through eight nested Ifs loaded,
// and the optimized model's reload refused it). Each subgraph of the inference copy gets, for
// inference only, the small outer constants its own nodes read, so it sees what the main graph
// would see.
void lendOuterConstants(onnx::GraphProto& g, const ConstantScope* outer) {
    if (outer) {
        std::set<std::string> defined, lent;
        for (const auto& vi : g.input()) defined.insert(vi.name());
        for (const auto& t : g.initializer()) defined.insert(t.name());
        for (const auto& n : g.node()) defined.insert(n.output().begin(), n.output().end());
        std::vector<const onnx::TensorProto*> borrowed;
        for (const auto& n : g.node())
            for (const std::string& in : n.input())
                if (!in.empty() && !defined.count(in) && lent.insert(in).second)
                    if (const onnx::TensorProto* t = outer->constant(in);
                        t && t->ByteSizeLong() <= kLentConstantBytes)
                        borrowed.push_back(t);
        for (const onnx::TensorProto* t : borrowed) *g.add_initializer() = *t;
    }
    // A graph without bodies (most main graphs) needs no scope: nothing inside it borrows.
    const bool hasBodies = std::any_of(g.node().begin(), g.node().end(), [](const onnx::NodeProto& n) {
        return std::any_of(n.attribute().begin(), n.attribute().end(),
                           [](const onnx::AttributeProto& a) { return a.has_g() || a.graphs_size() > 0; });
    });
    if (!hasBodies) return;
    ConstantScope scope;
    scope.parent = outer;
    for (const auto& vi : g.input()) scope.names[vi.name()] = nullptr;
    for (const auto& n : g.node())
        for (const std::string& out : n.output()) scope.names[out] = nullptr;
    for (const auto& t : g.initializer()) scope.names[t.name()] = &t;
    for (auto& n : *g.mutable_node())
        for (auto& a : *n.mutable_attribute()) {
            if (a.has_g()) lendOuterConstants(*a.mutable_g(), &scope);
            for (auto& body : *a.mutable_graphs()) lendOuterConstants(body, &scope);
        }
}

}  // namespace

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
    onnx::ModelProto copy = model;  // inference writes what it learns into the model it is given
    return fullCheckModel(std::move(copy), modelDir);
}

std::optional<std::string> fullCheckModel(onnx::ModelProto&& model, const std::filesystem::path& modelDir) {
    if (auto err = checkModel(model, modelDir)) return err;
    if (auto hazard = findModelHazard(model)) return "shape inference refused: " + *hazard;
    lendOuterConstants(*model.mutable_graph(), nullptr);
    installInferenceGuards();
    try {
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(true, 1, false));
    } catch (const std::exception& e) {
        return std::string("shape inference: ") + e.what();
    }
    return std::nullopt;
}

namespace {

// The inferred type and origin shape; a storage shape of its own (a device layout) stays.
void adoptInferred(TensorDesc& desc, const TensorDesc& inferred) {
    const bool storageFollowsOrigin = !desc.hasType() || !desc.storageDiffers();
    desc.kind = inferred.kind;
    desc.dtype = inferred.dtype;
    desc.opaqueType = inferred.opaqueType;
    desc.originShape = inferred.originShape;
    if (storageFollowsOrigin) desc.storageShape = inferred.originShape;
}

void mergeInferred(Graph& g, const ValueRef& ref, const TensorDesc& inferred) {
    const NodeOutput* v = g.value(ref);
    if (!v || !inferred.hasType()) return;
    TensorDesc desc = v->desc;
    adoptInferred(desc, inferred);
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
    // A graph output that returns a graph input or an initializer under its name is that value,
    // whose type is its declaration's: what reconcileOutputs filled in from the output's own
    // declaration must not retype it (fuzz finding, onnx_text).
    std::set<std::string> declaredElsewhere;
    for (const auto& in : gp.input()) declaredElsewhere.insert(in.name());
    for (const auto& init : gp.initializer()) declaredElsewhere.insert(init.name());
    for (const auto& vi : gp.output())
        if (declaredElsewhere.count(vi.name()) == 0) apply(vi);
    // The NetOutput keeps each output as declared, which export writes and CondRemovePass gives
    // the If it inlines: where inference computed another type (reconcileOutputs), the declaration
    // becomes the computed one, as the value did (fuzz finding, pipeline: a branch's int64 Shape
    // declared complex128 loaded with "the computed type is used", and the optimized model's
    // branch declared complex128 again).
    const Node* net = g.findNode(g.netOutput());
    if (!net || net->inputDescs().size() != static_cast<size_t>(gp.output_size())) return;
    std::vector<TensorDesc> descs = net->inputDescs();
    bool changed = false;
    for (int i = 0; i < gp.output_size(); ++i) {
        const onnx::ValueInfoProto& vi = gp.output(i);
        if (declaredElsewhere.count(vi.name()) || typeHazard(vi.type())) continue;
        try {
            const TensorDesc computed = descFromType(vi.type(), "");
            TensorDesc& d = descs[static_cast<size_t>(i)];
            if (!computed.hasType() || (d.kind == computed.kind && d.dtype == computed.dtype)) continue;
            adoptInferred(d, computed);
            changed = true;
        } catch (const std::exception&) {
            continue;
        }
    }
    if (changed) g.setInputDescs(net->id(), std::move(descs));
}

// Graph outputs as the model declares them, taken out of what inference sees: a declaration that
// contradicts the graph (a Flatten's output declared with its input's shape) would otherwise fail
// that node's inference and stand in for the computed shape, and a pass would take it at its
// word (issue 28). The computed shape wins; the declaration fills in only what inference leaves
// unknown. Every kind of declaration, not only tensors: a branch output declared a sequence over
// a Div stood in for the float tensor, the If's branches then disagreed, the If's output stayed
// untyped and the ConstantOfShape reading it went unjudged until CondRemovePass inlined the
// branch (fuzz finding, pipeline: the optimized model's reload refused it).
struct DeclaredOutput {
    int index;
    onnx::TypeProto type;
};

std::vector<DeclaredOutput> undeclareOutputs(onnx::GraphProto& gp) {
    std::vector<DeclaredOutput> declared;
    std::set<std::string> names;
    for (int i = 0; i < gp.output_size(); ++i) {
        onnx::ValueInfoProto& vi = *gp.mutable_output(i);
        if (vi.type().value_case() == onnx::TypeProto::VALUE_NOT_SET) continue;
        declared.push_back({i, vi.type()});
        names.insert(vi.name());
        vi.clear_type();
    }
    for (const auto& vi : gp.input()) names.erase(vi.name());  // an input's type is the input's
    auto* infos = gp.mutable_value_info();
    infos->erase(std::remove_if(infos->begin(), infos->end(),
                                [&](const onnx::ValueInfoProto& vi) { return names.count(vi.name()) > 0; }),
                 infos->end());
    return declared;
}

std::string typeText(const onnx::TypeProto& type) {
    try {
        const TensorDesc d = descFromType(type, "");
        return std::string(dataTypeName(d.dtype)) + " " + d.originShape.toString();
    } catch (const std::exception&) {
        return "?";
    }
}

std::string kindText(const onnx::TypeProto& type) {
    try {
        return *onnx::Utils::DataTypeUtils::ToType(type);
    } catch (const std::exception&) {
        return "a type libonnx cannot name";
    }
}

// The computed type of each output, completed by its declaration where inference knows less; a
// declaration that contradicts the computed type is reported, naming the output.
void reconcileOutputs(onnx::GraphProto& gp, const std::vector<DeclaredOutput>& declared, Diagnostics& diag) {
    for (const DeclaredOutput& d : declared) {
        onnx::ValueInfoProto& vi = *gp.mutable_output(d.index);
        if (vi.type().value_case() == onnx::TypeProto::VALUE_NOT_SET) {
            *vi.mutable_type() = d.type;  // inference left it unknown: the declaration stands
            continue;
        }
        if (vi.type().value_case() != d.type.value_case() || !vi.type().has_tensor_type()) {
            // A sequence declared where a tensor is computed (or the reverse) contradicts it; of two
            // sequences (maps, optionals), the computed one is kept.
            if (vi.type().value_case() != d.type.value_case())
                diag.warn("graph output '" + vi.name() + "' is declared " + kindText(d.type) +
                          " but the graph computes " + kindText(vi.type()) + ": the computed type is used");
            continue;
        }
        const auto& before = d.type.tensor_type();
        auto* now = vi.mutable_type()->mutable_tensor_type();
        bool contradicts = false;
        if (now->elem_type() == onnx::TensorProto::UNDEFINED)
            now->set_elem_type(before.elem_type());
        else if (before.elem_type() != onnx::TensorProto::UNDEFINED && before.elem_type() != now->elem_type())
            contradicts = true;
        if (!now->has_shape()) {
            if (before.has_shape()) *now->mutable_shape() = before.shape();
        } else if (before.has_shape()) {
            if (before.shape().dim_size() != now->shape().dim_size()) {
                contradicts = true;
            } else {
                for (int k = 0; k < now->shape().dim_size(); ++k) {
                    auto* dim = now->mutable_shape()->mutable_dim(k);
                    const auto& was = before.shape().dim(k);
                    if (dim->has_dim_value()) {
                        contradicts |= was.has_dim_value() && was.dim_value() != dim->dim_value();
                    } else if (was.has_dim_value() || was.has_dim_param()) {
                        *dim = was;
                    }
                }
            }
        }
        if (contradicts)
            diag.warn("graph output '" + vi.name() + "' is declared " + typeText(d.type) +
                      " but the graph computes " + typeText(vi.type()) + ": the computed type is used");
    }
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
        // At load: the loader's own check saw only the declared graph inputs, but toProto lists an
        // IR < 4 model's weights as graph inputs too (IR 3 requires it), so a node fed a weight of
        // a type its op does not take is first seen here. Refused, as the same model is when its
        // export is read again; a warning here let `optimize` write a model nobody can load.
        if (onGuard == GuardFinding::Refuse) throw ModelError(*hazard);
        diag.warn("shape inference skipped: " + *hazard);
        return;
    }
    // Every graph's outputs, subgraphs' too: a branch output declared int64 over a float
    // computation stopped libonnx's inference ("Inferred elem type differs"), the declaration
    // stood in for the value, and CondRemovePass carried it onto the If's output (fuzz finding,
    // pipeline: the optimized model's reload refused the Relu reading it).
    std::vector<std::pair<onnx::GraphProto*, std::vector<DeclaredOutput>>> declared;
    for (auto& [graph, gp] : graphMap) declared.emplace_back(gp, undeclareOutputs(*gp));
    lendOuterConstants(*proto.mutable_graph(), nullptr);
    importUnimportedDomains(proto);
    installInferenceGuards();
    takeInferenceGuardFindings();
    try {
        onnx::shape_inference::InferShapes(proto, onnx::OpSchemaRegistry::Instance(),
                                           onnx::ShapeInferenceOptions(false, 0, true));
    } catch (const std::exception& e) {
        diag.warn(std::string("shape inference stopped early: ") + e.what());
    }
    for (auto& [gp, outputs] : declared) reconcileOutputs(*gp, outputs, diag);
    const std::vector<std::string> findings = takeInferenceGuardFindings();
    // The nodes as the engine binds their inputs are judged by every type now known (inferred,
    // declared, initializers'), not only by what libonnx's inference saw, which can differ:
    // inference that stopped early (at an op of a domain the model does not import) never judged
    // the nodes after it, and in a subgraph of an IR < 4 model libonnx typed a name by the
    // enclosing graph's value where the subgraph's own initializer shadows it. Both loaded, and
    // `optimize` then wrote a model its own reload refused (fuzz findings, pipeline: a
    // ConstantOfShape fed a float weight; an If whose condition is a string).
    // This walk also names the node a guard inside libonnx refused (the guard knows the op only).
    if (onGuard == GuardFinding::Refuse) {
        if (auto named = findTypedNodeHazard(proto)) throw ModelError(*named);
        if (!findings.empty()) throw ModelError("shape inference refused a node: " + findings.front());
    }
    for (const std::string& finding : findings) diag.warn("shape inference skipped a node: " + finding);
    for (auto& [graph, gp] : graphMap) applyInferred(*const_cast<Graph*>(graph), *gp, diag);
}

}  // namespace passscope::io
