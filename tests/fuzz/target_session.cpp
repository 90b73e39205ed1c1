// Session files (views/session/session_file.h): JSON with a format header, the model, pipeline
// options, pins and the view state. Headless, with QtCore only. A session that loads must save and
// load back as the same session (what the window restores must not change by saving it again).
#include <cstdio>

#include <QString>

#include "fuzz_scratch.h"
#include "session/session_file.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

constexpr std::string_view kSessionTarget = "session_file";

// Exact: a zoom or centre that changes in its last bit changes what the window shows.
std::string exactText(double v) {
    char text[64];
    std::snprintf(text, sizeof text, "%a", v);
    return text;
}

std::string describe(const views::Session& s) {
    std::string text = s.modelPath.toStdString() + "|";
    for (const auto& [key, value] : s.options.toKeyValues()) text += key + "=" + value + ";";
    for (const std::string& n : s.options.noFold) text += "nofold " + n + ";";
    for (const auto& [name, dims] : s.options.inputShapes) {
        text += "shape " + name + ":";
        for (int64_t d : dims) text += std::to_string(d) + ",";
    }
    text += "|" + std::to_string(s.position) + "|" + s.overlay.toStdString() + "|" +
            s.expandedGroups.join(QLatin1Char('\n')).toStdString() + "|" + exactText(s.zoom) + "|" +
            exactText(s.center.x()) + "," + exactText(s.center.y()) + "|" + std::to_string(s.hideUnchanged) +
            std::to_string(s.sideBySide) + "|" + s.selectedNode.toStdString();
    return text;
}

}  // namespace

int fuzzSessionFile(const uint8_t* data, size_t size) {
    const auto file = writeScratch("fuzz.passscope", data, size);
    QString error;
    const std::optional<views::Session> loaded =
        views::loadSession(QString::fromStdString(file.string()), &error);
    if (!loaded) {
        if (error.isEmpty()) finding(kSessionTarget, "a session refused without a message");
        return 0;
    }
    const QString again = QString::fromStdString((scratchDir() / "again.passscope").string());
    if (!views::saveSession(*loaded, again, &error))
        finding(kSessionTarget, "a session that loads cannot be saved: " + error.toStdString());
    const std::optional<views::Session> reloaded = views::loadSession(again, &error);
    if (!reloaded)
        finding(kSessionTarget, "a session that loads, saved again, does not load: " + error.toStdString());
    if (describe(*loaded) != describe(*reloaded))
        finding(kSessionTarget, "a session saved and loaded again differs:\n  " + describe(*loaded) + "\n  " +
                                    describe(*reloaded));
    return 0;
}

}  // namespace passscope::fuzz
