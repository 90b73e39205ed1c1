// Writing an export: external data, binary streaming, text.
#include "io/export_stream.h"

#include <algorithm>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/text_format.h>

namespace passscope::io {
namespace {

constexpr uint64_t kExternalAlignment = 64;

size_t varintSize(uint64_t v) {
    return google::protobuf::io::CodedOutputStream::VarintSize64(v);
}

// Field numbers from onnx.proto: ModelProto.graph = 7, GraphProto.initializer = 5,
// TensorProto.raw_data = 9; all length-delimited (wire type 2).
constexpr uint32_t kGraphTag = (7 << 3) | 2;
constexpr uint32_t kInitializerTag = (5 << 3) | 2;
constexpr uint32_t kRawDataTag = (9 << 3) | 2;

uint64_t initializerBodySize(const DeferredInitializer& d) {
    uint64_t body = d.header.ByteSizeLong();
    if (d.streamPayload) body += 1 + varintSize(d.tensor->byteSize()) + d.tensor->byteSize();
    return body;
}

// A weight mapped from a file is written once: its pages are given back as soon as they are out,
// so writing a model does not make every mapped weight resident at once (issue 38).
void dropWritten(const Tensor& t) {
    if (t.buffer()) t.buffer()->dropResidentPages();
}

}  // namespace

uint64_t totalPayload(const std::vector<DeferredInitializer>& deferred) {
    uint64_t total = 0;
    for (const DeferredInitializer& d : deferred) total += d.tensor->byteSize();
    return total;
}

void writeExternalData(std::vector<DeferredInitializer>& deferred, StagedFile& out,
                       const std::string& location, uint64_t threshold) {
    uint64_t offset = 0;
    const std::string zeros(kExternalAlignment, '\0');
    for (DeferredInitializer& d : deferred) {
        const Tensor& t = *d.tensor;
        if (t.dtype() == DataType::String || t.byteSize() < threshold) {
            d.streamPayload = t.dtype() != DataType::String;
            continue;
        }
        const uint64_t pad = (kExternalAlignment - offset % kExternalAlignment) % kExternalAlignment;
        out.write(zeros.data(), static_cast<size_t>(pad));
        offset += pad;
        out.write(t.rawData(), static_cast<size_t>(t.byteSize()));
        dropWritten(t);
        d.header.set_data_location(onnx::TensorProto::EXTERNAL);
        auto add = [&](const char* k, const std::string& v) {
            auto* kv = d.header.add_external_data();
            kv->set_key(k);
            kv->set_value(v);
        };
        add("location", location);
        add("offset", std::to_string(offset));
        add("length", std::to_string(t.byteSize()));
        offset += t.byteSize();
        d.streamPayload = false;
    }
    out.finish();
}

// The graph's initializers are appended to the graph message field by field, payloads straight
// from their buffers: protobuf allows fields in any order.
void streamBinary(onnx::ModelProto& mp, const std::vector<DeferredInitializer>& deferred, StagedFile& file) {
    onnx::GraphProto graph;
    graph.Swap(mp.mutable_graph());
    mp.clear_graph();
    uint64_t graphSize = graph.ByteSizeLong();
    for (const DeferredInitializer& d : deferred) {
        uint64_t body = initializerBodySize(d);
        graphSize += 1 + varintSize(body) + body;
    }
    google::protobuf::io::FileOutputStream zos(file.fd());
    {
        google::protobuf::io::CodedOutputStream out(&zos);
        mp.SerializeToCodedStream(&out);
        out.WriteTag(kGraphTag);
        out.WriteVarint64(graphSize);
        graph.SerializeToCodedStream(&out);
        for (const DeferredInitializer& d : deferred) {
            out.WriteTag(kInitializerTag);
            out.WriteVarint64(initializerBodySize(d));
            d.header.SerializeToCodedStream(&out);
            if (d.streamPayload) {
                out.WriteTag(kRawDataTag);
                out.WriteVarint64(d.tensor->byteSize());
                // WriteRaw takes an int; write large payloads in chunks.
                const uint8_t* p = d.tensor->rawData();
                uint64_t left = d.tensor->byteSize();
                while (left > 0) {
                    int chunk = static_cast<int>(std::min<uint64_t>(left, 1 << 30));
                    out.WriteRaw(p, chunk);
                    p += chunk;
                    left -= static_cast<uint64_t>(chunk);
                }
                dropWritten(*d.tensor);
            }
        }
    }
    graph.Swap(mp.mutable_graph());
    if (!zos.Flush())
        throw ModelError("writing '" + file.destination().string() +
                         "' failed: " + writeErrorText(zos.GetErrno()));
}

void writeText(onnx::ModelProto& mp, const std::vector<DeferredInitializer>& deferred, StagedFile& file) {
    for (const DeferredInitializer& d : deferred) {
        onnx::TensorProto* tp = mp.mutable_graph()->add_initializer();
        *tp = d.header;
        if (d.streamPayload) tp->set_raw_data(d.tensor->rawData(), d.tensor->byteSize());
    }
    std::string text;
    if (!google::protobuf::TextFormat::PrintToString(mp, &text))
        throw ModelError("cannot print the model as text");
    file.write(text);
}

}  // namespace passscope::io
