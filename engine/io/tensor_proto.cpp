#include "io/tensor_proto.h"

#include <cstring>

#include "ir/shape.h"
#include "util/diagnostics.h"

namespace passscope::io {
namespace {

template <typename Dst, typename Field>
std::string packTyped(const Field& values) {
    std::string bytes(values.size() * sizeof(Dst), '\0');
    char* out = bytes.data();
    for (const auto& v : values) {
        Dst d = static_cast<Dst>(v);
        std::memcpy(out, &d, sizeof(Dst));
        out += sizeof(Dst);
    }
    return bytes;
}

// Typed repeated fields (float_data, int32_data, ...) as little-endian bytes; `count` is the
// number of stored scalars (elements, or twice that for complex types).
std::string payloadFromTypedFields(const onnx::TensorProto& p, DataType dtype, size_t& count) {
    switch (dtype) {
        case DataType::Float:
        case DataType::Complex64:
            count = p.float_data_size();
            return packTyped<float>(p.float_data());
        case DataType::Double:
        case DataType::Complex128:
            count = p.double_data_size();
            return packTyped<double>(p.double_data());
        case DataType::Int64:
            count = p.int64_data_size();
            return packTyped<int64_t>(p.int64_data());
        case DataType::UInt32:
            count = p.uint64_data_size();
            return packTyped<uint32_t>(p.uint64_data());
        case DataType::UInt64:
            count = p.uint64_data_size();
            return packTyped<uint64_t>(p.uint64_data());
        case DataType::Int32:
            count = p.int32_data_size();
            return packTyped<int32_t>(p.int32_data());
        case DataType::Int16:
            count = p.int32_data_size();
            return packTyped<int16_t>(p.int32_data());
        case DataType::UInt16:
        case DataType::Float16:
        case DataType::BFloat16:
            count = p.int32_data_size();
            return packTyped<uint16_t>(p.int32_data());
        case DataType::Int8:
            count = p.int32_data_size();
            return packTyped<int8_t>(p.int32_data());
        case DataType::UInt8:
            count = p.int32_data_size();
            return packTyped<uint8_t>(p.int32_data());
        case DataType::Bool:
            count = p.int32_data_size();
            return packTyped<uint8_t>(p.int32_data());
        default:
            count = 0;
            return {};
    }
}

bool isComplex(DataType t) {
    return t == DataType::Complex64 || t == DataType::Complex128;
}

// Raw numbers, negative ones included: these messages describe what the file says.
std::string shapeText(const std::vector<int64_t>& dims) {
    std::string out = "[";
    for (size_t i = 0; i < dims.size(); ++i) out += (i ? "," : "") + std::to_string(dims[i]);
    return out + "]";
}

}  // namespace

Tensor tensorFromProto(onnx::TensorProto& proto, ExternalDataResolver& resolver, const std::string& what,
                       const InlinePayloads* inlined) {
    if (!proto.has_data_type() || !isKnownDataType(proto.data_type()) || proto.data_type() == 0)
        throw ModelError(what + ": unsupported or missing tensor data type " +
                         std::to_string(proto.data_type()));
    const auto dtype = static_cast<DataType>(proto.data_type());
    std::vector<int64_t> dims(proto.dims().begin(), proto.dims().end());
    for (int64_t d : dims)
        if (d < 0) throw ModelError(what + ": negative dimension in tensor shape " + shapeText(dims));
    auto count = checkedElementCount(dims);
    const size_t esize = elementSize(dtype);
    if (!count || (esize && static_cast<uint64_t>(*count) > kMaxTensorBytes / esize))
        throw ModelError(what + ": absurd tensor shape " + shapeText(dims) +
                         ": too large (element count overflows or exceeds " +
                         std::to_string(kMaxTensorBytes) + " bytes)");
    const uint64_t expectedBytes = static_cast<uint64_t>(*count) * esize;
    const std::string typeText = std::string(dataTypeName(dtype));

    if (proto.has_data_location() && proto.data_location() == onnx::TensorProto::EXTERNAL) {
        if (dtype == DataType::String) throw ModelError(what + ": string tensors cannot use external data");
        ExternalLocation ext;
        bool hasLength = false;
        for (const auto& kv : proto.external_data()) {
            try {
                if (kv.key() == "location")
                    ext.location = kv.value();
                else if (kv.key() == "offset")
                    ext.offset = std::stoull(kv.value());
                else if (kv.key() == "length") {
                    ext.length = std::stoull(kv.value());
                    hasLength = true;
                }
            } catch (const std::exception&) {
                throw ModelError(what + ": external data field '" + kv.key() + "' is not a number: '" +
                                 kv.value() + "'");
            }
        }
        if (!hasLength) ext.length = expectedBytes;
        if (ext.length != expectedBytes)
            throw ModelError(what + ": external data length " + std::to_string(ext.length) +
                             " does not match shape " + shapeText(dims) + " of " + typeText + " (" +
                             std::to_string(expectedBytes) + " bytes)");
        Tensor t(dtype, std::move(dims), resolver.resolve(ext, what));
        t.setExternal(ext);
        t.setName(proto.name());
        t.setDocString(proto.doc_string());
        return t;
    }

    if (dtype == DataType::String) {
        if (static_cast<int64_t>(proto.string_data_size()) != *count)
            throw ModelError(what + ": string tensor of shape " + shapeText(dims) + " holds " +
                             std::to_string(proto.string_data_size()) + " strings");
        std::vector<std::string> strings(proto.string_data().begin(), proto.string_data().end());
        Tensor t(std::move(dims), std::move(strings));
        t.setName(proto.name());
        t.setDocString(proto.doc_string());
        return t;
    }

    std::string bytes;
    std::shared_ptr<const Buffer> mapped;
    if (proto.has_raw_data()) {
        if (proto.raw_data().size() != expectedBytes)
            throw ModelError(what + ": raw_data holds " + std::to_string(proto.raw_data().size()) +
                             " bytes but shape " + shapeText(dims) + " of " + typeText + " needs " +
                             std::to_string(expectedBytes) +
                             " bytes (length does not match shape and dtype)");
        if (inlined) mapped = inlined->take(proto);
        if (mapped)
            std::string().swap(*proto.mutable_raw_data());  // the parsed copy is freed, not kept
        else
            bytes = std::move(*proto.mutable_raw_data());
        proto.clear_raw_data();
    } else {
        size_t stored = 0;
        bytes = payloadFromTypedFields(proto, dtype, stored);
        const uint64_t expectedScalars = static_cast<uint64_t>(*count) * (isComplex(dtype) ? 2 : 1);
        if (stored != expectedScalars)
            throw ModelError(what + ": tensor of shape " + shapeText(dims) + " and type " + typeText +
                             " holds " + std::to_string(stored) + " values, expected " +
                             std::to_string(expectedScalars) + " (data does not match shape and dtype)");
    }
    Tensor t(dtype, std::move(dims),
             mapped ? std::move(mapped) : std::make_shared<StringBuffer>(std::move(bytes)));
    t.setName(proto.name());
    t.setDocString(proto.doc_string());
    return t;
}

void tensorToProto(const Tensor& tensor, onnx::TensorProto& proto, bool withPayload) {
    proto.set_data_type(static_cast<int32_t>(tensor.dtype()));
    for (int64_t d : tensor.dims()) proto.add_dims(d);
    if (!tensor.name().empty()) proto.set_name(tensor.name());
    if (!tensor.docString().empty()) proto.set_doc_string(tensor.docString());
    if (!withPayload) return;
    if (tensor.dtype() == DataType::String) {
        for (const std::string& s : tensor.strings()) proto.add_string_data(s);
    } else if (tensor.byteSize() > 0) {
        proto.set_raw_data(tensor.rawData(), tensor.byteSize());
    } else {
        proto.set_raw_data(std::string());
    }
}

TensorDesc descFromType(const onnx::TypeProto& type, const std::string& what) {
    TensorDesc desc;
    auto readShape = [&](const onnx::TensorShapeProto& sp) {
        std::vector<Dim> dims;
        dims.reserve(sp.dim_size());
        for (const auto& d : sp.dim()) {
            if (d.has_dim_value()) {
                if (d.dim_value() < 0)
                    throw ModelError(what + ": negative dimension " + std::to_string(d.dim_value()) +
                                     " in its type");
                dims.push_back(Dim::known(d.dim_value()));
            } else if (d.has_dim_param()) {
                dims.push_back(Dim::symbolic(d.dim_param()));
            } else {
                dims.push_back(Dim{});
            }
        }
        return Shape(std::move(dims));
    };
    auto checkElemType = [&](int32_t t) {
        if (!isKnownDataType(t)) throw ModelError(what + ": unknown element type " + std::to_string(t));
        return static_cast<DataType>(t);
    };
    switch (type.value_case()) {
        case onnx::TypeProto::kTensorType:
            desc.kind = ValueKind::Tensor;
            desc.dtype = checkElemType(type.tensor_type().elem_type());
            if (type.tensor_type().has_shape()) desc.originShape = readShape(type.tensor_type().shape());
            break;
        case onnx::TypeProto::kSparseTensorType:
            desc.kind = ValueKind::SparseTensor;
            desc.dtype = checkElemType(type.sparse_tensor_type().elem_type());
            if (type.sparse_tensor_type().has_shape())
                desc.originShape = readShape(type.sparse_tensor_type().shape());
            desc.opaqueType = type.SerializeAsString();
            break;
        case onnx::TypeProto::kSequenceType:
            desc.kind = ValueKind::Sequence;
            desc.opaqueType = type.SerializeAsString();
            break;
        case onnx::TypeProto::kMapType:
            desc.kind = ValueKind::Map;
            desc.opaqueType = type.SerializeAsString();
            break;
        case onnx::TypeProto::kOptionalType:
            desc.kind = ValueKind::Optional;
            desc.opaqueType = type.SerializeAsString();
            break;
        default:
            return desc;
    }
    desc.storageShape = desc.originShape;
    return desc;
}

void descToType(const TensorDesc& desc, onnx::TypeProto& type) {
    if (desc.kind == ValueKind::Unknown) return;
    if (desc.kind != ValueKind::Tensor) {
        type.ParseFromString(desc.opaqueType);
        return;
    }
    auto* tt = type.mutable_tensor_type();
    tt->set_elem_type(static_cast<int32_t>(desc.dtype));
    if (!desc.originShape.rankKnown()) return;
    auto* shape = tt->mutable_shape();
    for (const Dim& d : desc.originShape.dims()) {
        auto* dim = shape->add_dim();
        if (d.isKnown())
            dim->set_dim_value(d.value);
        else if (!d.symbol.empty())
            dim->set_dim_param(d.symbol);
    }
}

}  // namespace passscope::io
