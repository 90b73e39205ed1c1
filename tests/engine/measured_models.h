#pragma once
// Models the engine tests build that are worth measuring by hand as well: tools/test_models
// (passscope-make-test-models) writes them, for a comparison under ONNX Runtime
// (tools/ort_compare/compare.js ORIGINAL OPTIMIZED) or for timing passscope-cli on them. The tests
// and the tool share these definitions, so what is measured is what is tested.
#include <cstddef>
#include <cstdint>
#include <string>

#include <onnx/onnx_pb.h>

namespace passscope::test {

// ---- control flow with constant conditions (CondRemovePass, ZeroTripLoopRemovePass) ----

// x[2], c = [4, 9]; k (bool initializer, or graph input when `runtimeCond`) -> If -> y; z = Relu(y).
//   then: then_neg = Neg(x); then_sqrt = Sqrt(c); then_add = then_neg + then_sqrt
//   else: else_add = x + c
onnx::ModelProto constantIfModel(bool cond, bool runtimeCond = false);

// x[2], c = [4, 9], k = true, s (bool graph input):
//   If(k) -> y   then: a = x + c (then_a); inner = If(s) -> b
//                                    then: Mul(a, x)  (reads a across one scope, x across two)
//                                    else: Sub(a, x)
//                      then output: b
//                else: Neg(x)
onnx::ModelProto deepReadModel();

// loopModel's trip count and condition: each omitted, a constant or a graph input.
struct LoopSpec {
    std::string trips = "m";  // "" = omitted
    std::string cond;         // "" = omitted
    bool tripsConstant = true;
    int64_t tripValue = 0;
    bool condConstant = true;
    bool condValue = false;
    bool scanStatic = true;  // per-iteration shape of the scan output known
};

// x[2] -> Loop(M, cond, x) -> vf (carried: v + 1), sc (scan: v * 2 per iteration, float[2]; or a
// Reshape of v to a runtime shape `shape` when !scanStatic). Both are graph outputs; `after` =
// Relu(vf) reads the carried output.
onnx::ModelProto loopModel(const LoopSpec& spec);

// ---- size: the pipeline and its journal on long graphs ----

// x + (c0 + c + c + ... + c): `links` Adds of constants that all fold, one at a time.
onnx::ModelProto foldableChain(size_t links);

// y = Relu(x), and a chain of `dead` Neg nodes from x that nothing reads.
onnx::ModelProto deadNodes(size_t dead);

}  // namespace passscope::test
