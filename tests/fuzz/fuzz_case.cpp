#include "fuzz_case.h"

#include <fstream>
#include <functional>
#include <optional>
#include <typeinfo>

#include "compile/run_pipeline.h"
#include "graph_equality.h"
#include "io/model_loader.h"
#include "io/onnx_check.h"
#include "io/onnx_export.h"
#include "io/proto_reader.h"
#include "pipeline/journal.h"
#include "report/model_info.h"
#include "report/pipeline_report.h"

namespace fs = std::filesystem;

namespace passscope::fuzz {
namespace {

// Thrown inside runCase to stop at the first finding.
struct Finding {
    std::string message;
};

// Runs one stage. A ModelError is the expected answer to bad input where `refusalAllowed` (a
// message for the user); any other exception type is a finding.
void stage(CaseResult& r, const char* name, bool refusalAllowed, const std::function<void()>& body) {
    r.stage = name;
    try {
        body();
    } catch (const ModelError& e) {
        if (!refusalAllowed) throw Finding{std::string("ModelError where none is expected: ") + e.what()};
        throw;
    } catch (const Finding&) {
        throw;
    } catch (const std::exception& e) {
        throw Finding{std::string("unexpected ") + typeid(e).name() + ": " + e.what()};
    } catch (...) {
        throw Finding{"an exception of unknown type"};
    }
}

void writeFile(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// A cheap, deterministic choice from the bytes: export options vary with the case.
bool exportExternal(const std::string& bytes) {
    size_t h = std::hash<std::string>{}(bytes);
    return (h % 4) == 0;
}

void pipelineStages(CaseResult& r, const std::string& bytes, const fs::path& workDir) {
    const fs::path input = caseFile(workDir);
    writeFile(input, bytes);

    io::LoadResult loaded;
    bool inputPassesChecker = false;
    stage(r, "load", true, [&] {
        loaded = io::loadModel(input);
        onnx::ModelProto proto;
        io::readModelProto(input, proto);
        inputPassesChecker = !io::checkModel(proto, workDir).has_value();
    });
    Model& model = loaded.model;

    ModelInfo before;
    stage(r, "info", false, [&] {
        before = summarize(model);
        (void)jsonText(toJson(before));
        (void)toText(before);
    });

    const Model original = model.clone();
    Journal journal;
    PipelineRun run;
    // Half the cases (by the parity of their size, so a replayed file takes the same path) also
    // go through format refinement: target ge.
    PipelineOptions options;
    if (bytes.size() % 2) options.target = Target::Ge;
    stage(r, "optimize", true, [&] { run = runPipeline(model, options, &journal); });

    stage(r, "report", false,
          [&] { (void)jsonText(pipelineReport(journal, run, before, summarize(model), options)); });

    // The GUI steps through the journal: every step must replay back to the loaded graph and
    // forward to the optimized one. A mismatch is reported after the later stages have run, so
    // it does not hide what they would find.
    std::optional<Finding> journalFinding;
    try {
        stage(r, "journal", false, [&] {
            JournalCursor cursor(journal, *model.graph);
            cursor.moveTo(0);
            if (std::string d = test::compareGraphs(*original.graph, cursor.graph()); !d.empty())
                throw Finding{"journal cursor at step 0 differs from the loaded graph: " + d};
            cursor.moveTo(journal.steps().size());
            if (std::string d = test::compareGraphs(*model.graph, cursor.graph()); !d.empty())
                throw Finding{"journal cursor at the last step differs from the optimized graph: " + d};
        });
    } catch (const Finding& f) {
        journalFinding = f;
    }

    const fs::path output = workDir / "optimized.onnx";
    stage(r, "export", true, [&] {
        io::ExportOptions exportOptions;
        if (exportExternal(bytes)) {
            exportOptions.externalData = true;
            exportOptions.externalThreshold = 16;
        }
        Diagnostics diag;
        io::exportModel(model, output, exportOptions, diag);
    });

    // What loaded and optimized must be written as a file that the checker accepts (when it
    // accepted the input) and that loads back.
    stage(r, "check", false, [&] {
        onnx::ModelProto exported;
        io::readModelProto(output, exported);
        if (inputPassesChecker)
            if (auto problem = io::checkModel(exported, workDir))
                throw Finding{"the checker accepts the input but not the optimized export: " + *problem};
    });
    stage(r, "reload", false, [&] { (void)io::loadModel(output); });
    r.stage.clear();
    if (journalFinding) {
        r.stage = "journal";
        throw *journalFinding;
    }
}

}  // namespace

fs::path caseFile(const fs::path& workDir) {
    return workDir / "case.onnx";
}

CaseResult runCase(const std::string& bytes, const fs::path& workDir) {
    CaseResult r;
    try {
        pipelineStages(r, bytes, workDir);
    } catch (const ModelError& e) {
        r.verdict = Verdict::Rejected;
        r.message = e.what();
    } catch (const Finding& f) {
        r.verdict = Verdict::Failed;
        r.message = f.message;
    } catch (const std::exception& e) {
        r.verdict = Verdict::Failed;
        r.message = std::string("fuzz harness: ") + e.what();
    }
    // Nothing of this case may influence the next one.
    std::error_code ec;
    fs::remove(workDir / "optimized.onnx", ec);
    fs::remove(workDir / "optimized.onnx.data", ec);
    return r;
}

const char* verdictName(Verdict v) {
    switch (v) {
        case Verdict::Passed:
            return "passed";
        case Verdict::Rejected:
            return "rejected";
        case Verdict::Failed:
            return "FAILED";
    }
    return "?";
}

}  // namespace passscope::fuzz
