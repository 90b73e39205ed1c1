// Implementation of model_writer.h.
#include "model_writer.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <fstream>

namespace passscope::samples {

std::string write_model(const onnx::ModelProto& model, const std::filesystem::path& path) {
    std::string bytes;
    {
        // Deterministic mode pins the encoding of map fields; ModelProto has none today,
        // but the checked-in samples must not change if a future schema adds one.
        google::protobuf::io::StringOutputStream raw(&bytes);
        google::protobuf::io::CodedOutputStream coded(&raw);
        coded.SetSerializationDeterministic(true);
        if (!model.SerializeToCodedStream(&coded)) return "cannot serialize model";
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot open " + path.string() + " for writing";
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) return "cannot write " + path.string();
    return {};
}

}  // namespace passscope::samples
