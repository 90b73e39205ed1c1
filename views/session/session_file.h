#pragma once
// A PassScope session: which model, the pipeline options it ran with (the same PipelineOptions
// the CLI takes) and where the user was looking (timeline position, overlay, expanded groups,
// zoom and centre, selected node). Stored as JSON with a "format"/"version" header so that a
// stray JSON file is refused with a clear message rather than half-read.
#include <cstddef>
#include <optional>

#include <QMap>
#include <QPointF>
#include <QString>
#include <QStringList>

#include "pipeline/options.h"

namespace passscope::views {

inline constexpr int kSessionVersion = 1;

struct Session {
    // Absolute in memory; written relative to the session file's folder when the model lies
    // below it, so a folder holding both can be moved or shared as a whole.
    QString modelPath;
    PipelineOptions options;  // key/values of toKeyValues(), plus noFold and inputShapes
    // Pipeline ▸ Numeric Inputs…: graph input name -> file (absolute in memory; stored relative to
    // the session's folder when below it, as the model is).
    QMap<QString, QString> numericInputs;

    // View state.
    size_t position = 0;  // timeline position (0 = before the first pass)
    QString overlay;
    QStringList expandedGroups;
    double zoom = 1.0;
    QPointF center;
    bool hideUnchanged = false;
    bool sideBySide = false;
    QString selectedNode;

    // Filled by loadSession: keys it did not know and ignored (e.g. from a newer PassScope).
    QStringList warnings;
};

// Writes atomically (a failed save leaves the old file). False with *error set on failure.
bool saveSession(const Session& session, const QString& path, QString* error);
// nullopt with *error set when the file cannot be read, is not JSON, is not a version-1
// PassScope session, or holds a value of the wrong type or an option PipelineOptions refuses.
std::optional<Session> loadSession(const QString& path, QString* error);

}  // namespace passscope::views
