#include "session/session_file.h"

#include <cmath>
#include <stdexcept>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace passscope::views {
namespace {

// The context of this file's messages in the translations.
struct SessionFile {
    Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

const QString kFormatName = QStringLiteral("passscope-session");
const QString kFormat = QStringLiteral("format");
const QString kVersion = QStringLiteral("version");
const QString kModel = QStringLiteral("model");
const QString kOptions = QStringLiteral("options");
const QString kNoFold = QStringLiteral("noFold");
const QString kInputShapes = QStringLiteral("inputShapes");
const QString kNumericInputs = QStringLiteral("numericInputs");
const QString kView = QStringLiteral("view");
const QString kPosition = QStringLiteral("position");
const QString kOverlay = QStringLiteral("overlay");
const QString kExpandedGroups = QStringLiteral("expandedGroups");
const QString kZoom = QStringLiteral("zoom");
const QString kCenter = QStringLiteral("center");
const QString kHideUnchanged = QStringLiteral("hideUnchanged");
const QString kSideBySide = QStringLiteral("sideBySide");
const QString kSelectedNode = QStringLiteral("selectedNode");

// Integers above 2^53 do not survive a JSON number (a double).
constexpr double kMaxExactInteger = 9007199254740992.0;

void setError(QString* error, const QString& message) {
    if (error) *error = message;
}

// ---- writing ----

// Relative to the session's folder when the model lies below it, absolute otherwise.
QString storedModelPath(const QString& modelPath, const QDir& sessionDir) {
    const QString absolute = QFileInfo(modelPath).absoluteFilePath();
    const QString relative = sessionDir.relativeFilePath(absolute);
    const bool below = !relative.startsWith(QLatin1String("..")) && !QDir::isAbsolutePath(relative);
    return below ? relative : absolute;
}

QJsonObject optionsJson(const PipelineOptions& options) {
    QJsonObject out;
    for (const auto& [key, value] : options.toKeyValues())
        out.insert(QString::fromStdString(key), QString::fromStdString(value));
    return out;
}

QJsonObject inputShapesJson(const PipelineOptions& options) {
    QJsonObject out;
    for (const auto& [name, dims] : options.inputShapes) {
        QJsonArray array;
        for (int64_t d : dims) array.append(static_cast<qint64>(d));
        out.insert(QString::fromStdString(name), array);
    }
    return out;
}

QJsonObject numericInputsJson(const Session& s, const QDir& sessionDir) {
    QJsonObject out;
    for (auto it = s.numericInputs.begin(); it != s.numericInputs.end(); ++it)
        out.insert(it.key(), storedModelPath(it.value(), sessionDir));
    return out;
}

QJsonObject viewJson(const Session& s) {
    return {
        {kPosition, static_cast<qint64>(s.position)},
        {kOverlay, s.overlay},
        {kExpandedGroups, QJsonArray::fromStringList(s.expandedGroups)},
        {kZoom, s.zoom},
        {kCenter, QJsonArray{s.center.x(), s.center.y()}},
        {kHideUnchanged, s.hideUnchanged},
        {kSideBySide, s.sideBySide},
        {kSelectedNode, s.selectedNode},
    };
}

QJsonObject sessionJson(const Session& s, const QDir& sessionDir) {
    QJsonArray noFold;
    for (const std::string& name : s.options.noFold) noFold.append(QString::fromStdString(name));
    return {
        {kFormat, kFormatName},
        {kVersion, kSessionVersion},
        {kModel, storedModelPath(s.modelPath, sessionDir)},
        {kOptions, optionsJson(s.options)},
        {kNoFold, noFold},
        {kInputShapes, inputShapesJson(s.options)},
        {kNumericInputs, numericInputsJson(s, sessionDir)},
        {kView, viewJson(s)},
    };
}

// ---- reading ----

// Reads typed values out of the JSON tree; the first mistake is kept as the error, naming the
// key by its path ("view.zoom") and what it should have been.
class Reader {
  public:
    explicit Reader(QString fileName) : fileName_(std::move(fileName)) {}

    const QString& error() const { return error_; }
    QStringList takeWarnings() { return std::move(warnings_); }

    bool fail(const QString& message) {
        if (error_.isEmpty()) error_ = message;
        return false;
    }
    bool wrongType(const QString& where, const QString& expected) {
        return fail(SessionFile::tr("In %1, “%2” should be %3.").arg(fileName_, where, expected));
    }

    // Each getter leaves *out alone when the key is absent (the default stays).
    bool string(const QJsonObject& o, const QString& key, const QString& where, QString* out) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined()) return true;
        if (!v.isString()) return wrongType(where, SessionFile::tr("a string"));
        *out = v.toString();
        return true;
    }
    bool boolean(const QJsonObject& o, const QString& key, const QString& where, bool* out) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined()) return true;
        if (!v.isBool()) return wrongType(where, SessionFile::tr("true or false"));
        *out = v.toBool();
        return true;
    }
    bool count(const QJsonValue& v, const QString& where, qint64* out) {
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d > kMaxExactInteger || std::floor(d) != d)
            return wrongType(where, SessionFile::tr("a non-negative integer"));
        *out = static_cast<qint64>(d);
        return true;
    }
    bool stringList(const QJsonValue& v, const QString& where, QStringList* out) {
        if (v.isUndefined()) return true;
        if (!v.isArray()) return wrongType(where, SessionFile::tr("a list of strings"));
        QStringList list;
        for (const QJsonValue& item : v.toArray()) {
            if (!item.isString()) return wrongType(where, SessionFile::tr("a list of strings"));
            list << item.toString();
        }
        *out = list;
        return true;
    }
    bool object(const QJsonValue& v, const QString& where, QJsonObject* out) {
        if (v.isUndefined()) return true;
        if (!v.isObject()) return wrongType(where, SessionFile::tr("an object"));
        *out = v.toObject();
        return true;
    }

    // Keys a newer PassScope may write: ignored, but said so.
    void warnUnknown(const QJsonObject& o, const QStringList& known, const QString& prefix) {
        for (const QString& key : o.keys())
            if (!known.contains(key))
                warnings_
                    << SessionFile::tr("Ignored the unknown key “%1” in %2.").arg(prefix + key, fileName_);
    }

    const QString& fileName() const { return fileName_; }

  private:
    QString fileName_;
    QString error_;
    QStringList warnings_;
};

bool readHeader(Reader& r, const QJsonObject& root) {
    const QJsonValue format = root.value(kFormat);
    if (format.toString() != kFormatName)
        return r.fail(SessionFile::tr("%1 is not a PassScope session file (its “format” is not “%2”).")
                          .arg(r.fileName(), kFormatName));
    const QJsonValue version = root.value(kVersion);
    qint64 v = 0;
    if (version.isUndefined() || !r.count(version, kVersion, &v))
        return r.fail(SessionFile::tr("%1 has no valid session version.").arg(r.fileName()));
    if (v != kSessionVersion)
        return r.fail(SessionFile::tr("%1 is a session of version %2; this PassScope reads version %3.")
                          .arg(r.fileName())
                          .arg(v)
                          .arg(kSessionVersion));
    return true;
}

bool readModelPath(Reader& r, const QJsonObject& root, const QDir& sessionDir, Session& s) {
    QString stored;
    if (!r.string(root, kModel, kModel, &stored)) return false;
    if (stored.isEmpty())
        return r.fail(SessionFile::tr("%1 names no model (“model” is missing or empty).").arg(r.fileName()));
    s.modelPath = QDir::cleanPath(sessionDir.absoluteFilePath(stored));
    return true;
}

// Every value goes through PipelineOptions::set, the same check the CLI's --option gets.
bool readOptions(Reader& r, const QJsonObject& root, PipelineOptions& options) {
    QJsonObject o;
    if (!r.object(root.value(kOptions), kOptions, &o)) return false;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString where = kOptions + QLatin1Char('.') + it.key();
        if (!it.value().isString()) return r.wrongType(where, SessionFile::tr("a string"));
        try {
            options.set(it.key().toStdString(), it.value().toString().toStdString());
        } catch (const std::invalid_argument& e) {
            return r.fail(SessionFile::tr("In %1, %2").arg(r.fileName(), QString::fromUtf8(e.what())));
        }
    }
    return true;
}

bool readPins(Reader& r, const QJsonObject& root, PipelineOptions& options) {
    QStringList noFold;
    if (!r.stringList(root.value(kNoFold), kNoFold, &noFold)) return false;
    for (const QString& name : noFold) options.noFold.insert(name.toStdString());
    QJsonObject shapes;
    if (!r.object(root.value(kInputShapes), kInputShapes, &shapes)) return false;
    for (auto it = shapes.begin(); it != shapes.end(); ++it) {
        const QString where = kInputShapes + QLatin1Char('.') + it.key();
        if (!it.value().isArray())
            return r.wrongType(where, SessionFile::tr("a list of non-negative integers"));
        std::vector<int64_t> dims;
        for (const QJsonValue& d : it.value().toArray()) {
            qint64 n = 0;
            if (!r.count(d, where, &n)) return false;
            dims.push_back(n);
        }
        options.inputShapes[it.key().toStdString()] = std::move(dims);
    }
    return true;
}

// Numeric input files by graph input name, each relative to the session's folder or absolute.
bool readNumericInputs(Reader& r, const QJsonObject& root, const QDir& sessionDir, Session& s) {
    QJsonObject inputs;
    if (!r.object(root.value(kNumericInputs), kNumericInputs, &inputs)) return false;
    for (auto it = inputs.begin(); it != inputs.end(); ++it) {
        if (!it.value().isString() || it.value().toString().isEmpty())
            return r.wrongType(kNumericInputs + QLatin1Char('.') + it.key(), SessionFile::tr("a file name"));
        s.numericInputs.insert(it.key(), QDir::cleanPath(sessionDir.absoluteFilePath(it.value().toString())));
    }
    return true;
}

bool readCenter(Reader& r, const QJsonObject& view, Session& s) {
    const QJsonValue v = view.value(kCenter);
    if (v.isUndefined()) return true;
    const QJsonArray a = v.toArray();
    if (!v.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
        return r.wrongType(kView + QStringLiteral(".center"), SessionFile::tr("a pair of numbers [x, y]"));
    s.center = QPointF(a[0].toDouble(), a[1].toDouble());
    return true;
}

bool readView(Reader& r, const QJsonObject& root, Session& s) {
    QJsonObject view;
    if (!r.object(root.value(kView), kView, &view)) return false;
    const QString p = kView + QLatin1Char('.');
    qint64 position = 0;
    if (view.contains(kPosition)) {
        if (!r.count(view.value(kPosition), p + kPosition, &position)) return false;
        s.position = static_cast<size_t>(position);
    }
    const QJsonValue zoom = view.value(kZoom);
    if (!zoom.isUndefined()) {
        if (!zoom.isDouble() || !(zoom.toDouble() > 0))
            return r.wrongType(p + kZoom, SessionFile::tr("a positive number"));
        s.zoom = zoom.toDouble();
    }
    r.warnUnknown(
        view,
        {kPosition, kOverlay, kExpandedGroups, kZoom, kCenter, kHideUnchanged, kSideBySide, kSelectedNode},
        p);
    return r.string(view, kOverlay, p + kOverlay, &s.overlay) &&
           r.stringList(view.value(kExpandedGroups), p + kExpandedGroups, &s.expandedGroups) &&
           readCenter(r, view, s) && r.boolean(view, kHideUnchanged, p + kHideUnchanged, &s.hideUnchanged) &&
           r.boolean(view, kSideBySide, p + kSideBySide, &s.sideBySide) &&
           r.string(view, kSelectedNode, p + kSelectedNode, &s.selectedNode);
}

std::optional<QJsonObject> parseFile(const QString& path, const QString& fileName, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setError(error, SessionFile::tr("Could not read the session file %1: %2")
                            .arg(QDir::toNativeSeparators(path), file.errorString()));
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        setError(error, SessionFile::tr("%1 is not valid JSON: %2 at offset %3.")
                            .arg(fileName, parse.errorString())
                            .arg(parse.offset));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        setError(
            error,
            SessionFile::tr("%1 is not a PassScope session file (expected a JSON object).").arg(fileName));
        return std::nullopt;
    }
    return doc.object();
}

}  // namespace

bool saveSession(const Session& session, const QString& path, QString* error) {
    if (session.modelPath.isEmpty()) {
        setError(error, SessionFile::tr("There is no model to save in a session."));
        return false;
    }
    const QDir sessionDir = QFileInfo(path).absoluteDir();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        setError(error, SessionFile::tr("Could not write the session file %1: %2")
                            .arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    file.write(QJsonDocument(sessionJson(session, sessionDir)).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        setError(error, SessionFile::tr("Could not write the session file %1: %2")
                            .arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    return true;
}

std::optional<Session> loadSession(const QString& path, QString* error) {
    const QString fileName = QFileInfo(path).fileName();
    const std::optional<QJsonObject> root = parseFile(path, fileName, error);
    if (!root) return std::nullopt;

    Reader r(fileName);
    Session s;
    const bool ok = readHeader(r, *root) && readModelPath(r, *root, QFileInfo(path).absoluteDir(), s) &&
                    readOptions(r, *root, s.options) && readPins(r, *root, s.options) &&
                    readNumericInputs(r, *root, QFileInfo(path).absoluteDir(), s) && readView(r, *root, s);
    if (!ok) {
        setError(error, r.error());
        return std::nullopt;
    }
    r.warnUnknown(*root, {kFormat, kVersion, kModel, kOptions, kNoFold, kInputShapes, kNumericInputs, kView},
                  QString());
    s.warnings = r.takeWarnings();
    return s;
}

}  // namespace passscope::views
