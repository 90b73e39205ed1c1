// The coverage-guided fuzz targets (README "Fuzzing", issue 38): one function per reader of the
// engine (and the session reader of the views), each taking arbitrary bytes. A target returns 0
// when the reader accepted the bytes or refused them with its message for the user, -1 when the
// bytes are not for it (libFuzzer then keeps them out of the corpus), and calls finding() —
// which aborts, so libFuzzer saves the input — for anything else: an exception of an unexpected
// type, or a property of the result that does not hold (a slice outside the model's folder, a
// session that does not read back as it was saved, a model that does not load back).
//
// Each target is linked into its own libFuzzer program (libfuzzer_main.cpp, clang only) and, all
// together, into passscope-fuzz-replay (replay_main.cpp), which runs files through a target (a
// saved finding, again, under a debugger). Each finding fixed is also a test of engine_tests
// (tests/engine/test_fuzz_findings.cpp), so `make test` runs the reproducers without clang.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace passscope::fuzz {

// Prints "passscope fuzz finding (<target>): <what>" and aborts.
[[noreturn]] void finding(std::string_view target, const std::string& what);

int fuzzOnnxBinary(const uint8_t* data, size_t size);     // loadModel on binary protobuf
int fuzzOnnxText(const uint8_t* data, size_t size);       // loadModel on protobuf text
int fuzzGeOnnx(const uint8_t* data, size_t size);         // GE's ge_onnx_*.pbtxt dumps
int fuzzGeProto(const uint8_t* data, size_t size);        // GE's ge_proto_*.txt dumps
int fuzzFormatTable(const uint8_t* data, size_t size);    // the op-format table (JSON), then target ge
int fuzzNpyInput(const uint8_t* data, size_t size);       // a .npy input file
int fuzzTensorPbInput(const uint8_t* data, size_t size);  // a .pb (TensorProto) input file
int fuzzExternalData(const uint8_t* data, size_t size);   // external_data entries against a folder
int fuzzPipeline(const uint8_t* data, size_t size);       // load, pipeline, journal, export, reload
int fuzzNodeData(const uint8_t* data, size_t size);       // Model Explorer / Polygraphy node data JSON
#ifdef PASSSCOPE_FUZZ_WITH_QT
int fuzzSessionFile(const uint8_t* data, size_t size);  // a session file (views/session, QtCore)
#endif

struct FuzzTarget {
    const char* name;  // the program is passscope-fuzz-<name>
    int (*run)(const uint8_t*, size_t);
};

// Every target linked into this program.
const std::vector<FuzzTarget>& fuzzTargets();

}  // namespace passscope::fuzz
