// ModelDocument, part 2: session files and the exports of the model at a step and of the report.
// (The picture of the view is the graph panel's to export.)

#include <QFileInfo>

#include "document/model_document.h"
#include "dump/ge_dump_write.h"
#include "io/onnx_export.h"
#include "io/safe_output.h"
#include "report/model_info.h"
#include "report/pipeline_report.h"
#include "runner/pipeline_result.h"
#include "session/session_file.h"

namespace passscope::views {

// ---- sessions ----

bool ModelDocument::saveSession(const QString& path, Session view, QString* error) const {
    if (!model_) {
        if (error) *error = tr("no model is open");
        return false;
    }
    view.modelPath = QFileInfo(model_->path).absoluteFilePath();
    view.options = options_;
    view.position = position();
    view.numericInputs.clear();
    for (const auto& [name, file] : numericInputs_) view.numericInputs[QString::fromStdString(name)] = file;
    return views::saveSession(view, path, error);
}

bool ModelDocument::openSession(const QString& path, QString* error) {
    std::optional<Session> session = views::loadSession(path, error);
    if (!session) return false;
    for (const QString& ignored : session->warnings) emit warning(ignored);
    openModel(session->modelPath);  // drops the view of an earlier session
    sessionPosition_ = session->position;
    pendingView_ = std::make_unique<Session>(std::move(*session));
    return true;
}

// Only once the session's model is the one loaded: openModel() drops the view of any other.
const Session* ModelDocument::pendingView() const {
    return isLoading() ? nullptr : pendingView_.get();
}

std::unique_ptr<Session> ModelDocument::takePendingView() {
    return isLoading() ? nullptr : std::move(pendingView_);
}

void ModelDocument::dropSession() {
    pendingView_.reset();
    sessionPosition_.reset();
}

// ---- exports ----

bool ModelDocument::exportModel(const QString& path, QString* error) {
    const std::shared_ptr<const PipelineResult> result = pipelineResult();
    if (!result || !graphShown()) {
        if (error) *error = tr("no pipeline run to export");
        return false;
    }
    try {
        Model model = result->optimized;  // metadata, opsets; the graph is the one at this step
        model.graph = std::shared_ptr<Graph>(graphShown()->clone());
        // A file named as GE names its dumps (ge_onnx_*.pbtxt) gets the graph in that form.
        const QString name = QFileInfo(path).fileName();
        if (name.startsWith(QStringLiteral("ge_onnx_")) && name.endsWith(QStringLiteral(".pbtxt"))) {
            dump::writeGeOnnxDump(model, path.toStdString());
            return true;
        }
        Diagnostics diag;
        io::exportModel(model, path.toStdString(), io::ExportOptions{}, diag);
        for (const auto& w : diag.warnings) emit warning(QString::fromStdString(w));
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

bool ModelDocument::exportReport(const QString& path, QString* error) const {
    const std::shared_ptr<const PipelineResult> result = pipelineResult();
    if (!result) {
        if (error) *error = tr("no pipeline run to report");
        return false;
    }
    const nlohmann::json report =
        pipelineReport(result->journal, result->run, summarize(result->source->model),
                       summarize(result->optimized), result->options);
    // As the CLI writes it: invalid UTF-8 in names becomes U+FFFD instead of a JSON exception, and
    // the file is staged beside its destination and renamed, so a failed write leaves nothing.
    try {
        io::StagedFile out(path.toStdString());
        out.write(jsonText(report) + "\n");
        out.finish();
        out.commit();
    } catch (const std::exception& e) {
        if (error)
            *error = tr("could not write %1").arg(path) + QStringLiteral(": ") + QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

}  // namespace passscope::views
