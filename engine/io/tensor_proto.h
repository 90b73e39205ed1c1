#pragma once
// Conversion between onnx::TensorProto / TypeProto and the engine's Tensor / TensorDesc.
#include <onnx/onnx_pb.h>

#include "io/external_data.h"
#include "io/inline_payloads.h"
#include "ir/tensor.h"
#include "ir/tensor_desc.h"

namespace passscope::io {

// Converts and validates (dtype, dims, payload length). raw_data is moved out of `proto`, not
// copied, or, when `inlined` located it in the mapped model file, taken from there and the parsed
// copy freed. External data is mapped through `resolver`. Throws ModelError naming `what`.
Tensor tensorFromProto(onnx::TensorProto& proto, ExternalDataResolver& resolver, const std::string& what,
                       const InlinePayloads* inlined = nullptr);

// Fills `proto` with dtype, dims, name, doc. The payload is written as raw_data unless
// `withPayload` is false (the caller streams it or points to external data).
void tensorToProto(const Tensor& tensor, onnx::TensorProto& proto, bool withPayload = true);

// Throws ModelError on a negative dimension in a declared type.
TensorDesc descFromType(const onnx::TypeProto& type, const std::string& what);
// Writes nothing when the desc has no type.
void descToType(const TensorDesc& desc, onnx::TypeProto& type);

// Largest tensor payload the engine accepts (bytes); shapes beyond it are treated as corrupt.
inline constexpr uint64_t kMaxTensorBytes = uint64_t(1) << 46;  // 64 TiB

}  // namespace passscope::io
