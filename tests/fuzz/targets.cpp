#include "targets.h"

namespace passscope::fuzz {

const std::vector<FuzzTarget>& fuzzTargets() {
    static const std::vector<FuzzTarget> targets = {
        {"onnx_binary", fuzzOnnxBinary},
        {"onnx_text", fuzzOnnxText},
        {"ge_onnx", fuzzGeOnnx},
        {"ge_proto", fuzzGeProto},
        {"format_table", fuzzFormatTable},
        {"npy_input", fuzzNpyInput},
        {"tensor_pb_input", fuzzTensorPbInput},
        {"external_data", fuzzExternalData},
        {"pipeline", fuzzPipeline},
        {"node_data", fuzzNodeData},
#ifdef PASSSCOPE_FUZZ_WITH_QT
        {"session_file", fuzzSessionFile},
#endif
    };
    return targets;
}

}  // namespace passscope::fuzz
