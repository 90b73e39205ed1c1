#pragma once
// Small ONNX models made with the protobuf API for the engine tests.
#include <filesystem>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace passscope::test {

onnx::ModelProto emptyModel(int opset = 13);
onnx::ValueInfoProto* addTensorValue(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
                                     const std::string& name, int elemType, const std::vector<int64_t>& dims);
onnx::TensorProto* addFloatInitializer(onnx::GraphProto& g, const std::string& name,
                                       const std::vector<int64_t>& dims, const std::vector<float>& values);
onnx::NodeProto* addNode(onnx::GraphProto& g, const std::string& op, const std::vector<std::string>& inputs,
                         const std::vector<std::string>& outputs, const std::string& name = {});
// An INT attribute `name` = `value` on `n`.
onnx::AttributeProto* addIntAttribute(onnx::NodeProto& n, const std::string& name, int64_t value);
// A graph attribute `attribute` of `owner` (an If branch, a Loop or Scan body), its graph named
// after the attribute.
onnx::GraphProto* addBody(onnx::NodeProto& owner, const std::string& attribute);
// x[2,3] + w (initializer) -> Relu -> y
onnx::ModelProto addReluModel();
// Bisect's reference scenario (docs/bisect.md): y = float(half(x) + half(w)) with w = [1e6, 2]
// (nodes cast_w, cast_x, add, cast_y). The weight is beyond float16's range, so the original
// computes inf where ge.is_weight_clip=1 (ConstantClipPass) computes 65504.
onnx::ModelProto weightOverflowModel();
// Issue 36's divergence to NaN: y = float(half(Relu(-|x|)) * half(w)) with w = [1e6, 2] (nodes abs,
// neg, relu, cast_r, cast_w, mul, cast_y). Relu(-|x|) is 0 whatever x, so the original computes
// [0 * inf, 0 * 2] = [NaN, 0] and the graph with ge.is_weight_clip=1 [0 * 65504, 0] = [0, 0]: the
// only difference is NaN against a number.
onnx::ModelProto weightClipNanModel();
// Issue 36's weight clip read inside an If body: cast_w = half(w), w = [1e6, 2], in the main
// graph; If "if_pos" on ReduceSum(|x|) > -1 (true whatever x, but computed at run time) whose
// then_branch computes float(half(x) * cast_w) (nodes then_cast_x, then_mul, then_cast_y) and whose
// else_branch -x (else_neg). With ge.is_weight_clip=1 the then_branch's Mul reads 65504 instead
// of inf: the divergence shows inside the body.
onnx::ModelProto weightClipInIfModel();
// A NumPy .npy file's bytes holding float32 `values` of shape `dims` (NumPy's format 1.0: magic,
// header length, a dict literal padded to a multiple of 64 bytes, the little-endian values).
std::string npyBytes(const std::vector<float>& values, const std::vector<int64_t>& dims);
// Standard base64 with padding (Polygraphy's encoding of arrays).
std::string base64(const std::string& bytes);
void writeModel(const onnx::ModelProto& m, const std::filesystem::path& path);
// A fresh empty folder under the test's temporary directory.
std::filesystem::path freshDir(const std::string& name);

}  // namespace passscope::test
