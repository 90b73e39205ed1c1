// The numeric inputs of `bisect` and the GUI's numeric overlay (docs/bisect.md §1): a NumPy .npy
// array or an ONNX TensorProto .pb. A tensor read must hold the bytes its dtype and shape say, and
// every element must be readable: it is compared with itself as a step's values are, which must
// find it equal (the evaluation reads each element by its dtype).
#include "exec/tensor_compare.h"
#include "fuzz_scratch.h"
#include "numeric/input_files.h"
#include "target_support.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

int readInput(std::string_view target, const char* fileName, const uint8_t* data, size_t size) {
    const std::filesystem::path file = writeScratch(fileName, data, size);
    return readerCase(target, [&] {
        auto [name, tensor] = numeric::readInputFile(file);
        if (tensor.dtype() != DataType::String) {
            const auto count = checkedElementCount(tensor.dims());
            const size_t bytes = tensor.buffer() ? tensor.buffer()->size() : 0;
            if (!count || static_cast<uint64_t>(*count) * elementSize(tensor.dtype()) != bytes)
                finding(target, "a tensor of shape " + Shape::fromExtents(tensor.dims()).toString() +
                                    " holds " + std::to_string(bytes) + " bytes");
        }
        const TensorComparison same = compareTensors(tensor, tensor);
        if (!same.equal) finding(target, "the tensor read differs from itself: " + same.detail);
    });
}

}  // namespace

int fuzzNpyInput(const uint8_t* data, size_t size) {
    return readInput("npy_input", "input.npy", data, size);
}

int fuzzTensorPbInput(const uint8_t* data, size_t size) {
    return readInput("tensor_pb_input", "input_0.pb", data, size);
}

}  // namespace passscope::fuzz
