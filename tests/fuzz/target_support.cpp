#include "target_support.h"

#include <cstdio>
#include <cstdlib>
#include <typeinfo>

#include "fuzz_scratch.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "report/model_info.h"
#include "targets.h"
#include "util/diagnostics.h"

namespace passscope::fuzz {

void finding(std::string_view target, const std::string& what) {
    std::fprintf(stderr, "passscope fuzz finding (%.*s): %s\n", static_cast<int>(target.size()),
                 target.data(), what.c_str());
    std::fflush(stderr);
    std::abort();  // libFuzzer saves the input as crash-<sha1>
}

int readerCase(std::string_view target, const std::function<void()>& body) {
    try {
        body();
    } catch (const ModelError&) {
        // A refusal with a message for the user: the expected answer to bad input.
    } catch (const std::exception& e) {
        finding(target, std::string("unexpected ") + typeid(e).name() + ": " + e.what());
    } catch (...) {
        finding(target, "an exception of unknown type");
    }
    return 0;
}

void checkLoadedModel(std::string_view target, const Model& model) {
    const ModelInfo info = summarize(model);
    (void)jsonText(toJson(info));
    (void)toText(info);
    // `convert`: the export may be refused with a message (a GE dump without weights has nothing
    // to write); what it writes must load.
    const std::filesystem::path converted = scratchDir() / "converted.onnx";
    try {
        Diagnostics diag;
        io::exportModel(model, converted, io::ExportOptions{}, diag);
    } catch (const ModelError&) {
        return;
    }
    try {
        (void)io::loadModel(converted);
    } catch (const ModelError& e) {
        finding(target, std::string("the model loads but its ONNX export does not: ") + e.what());
    }
}

Model loadGeneratedSeed(std::string_view target, const std::function<bool(const SeedModel&)>& pick,
                        const std::string& file) {
    for (const SeedModel& seed : generatedSeeds()) {
        if (!pick(seed)) continue;
        const std::string bytes = seed.proto.SerializeAsString();
        const auto path = writeScratch(file, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
        return io::loadModel(path).model;
    }
    finding(target, "fuzz harness: no generated seed model for " + file);
}

}  // namespace passscope::fuzz
