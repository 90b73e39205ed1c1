// Session files: a save -> load round trip keeps every field, the model path is stored relative
// to the session's folder when below it, and each kind of bad file ends in a message that names
// what is wrong. Unknown keys are ignored with a warning.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "gui_test_registry.h"
#include "session/session_file.h"

using passscope::PipelineOptions;
using passscope::views::loadSession;
using passscope::views::saveSession;
using passscope::views::Session;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Every field set away from its default, so a field the file forgets cannot pass.
Session fullSession(const QString& modelPath) {
    Session s;
    s.modelPath = modelPath;
    s.options.set("ge.oo.level", "O1");
    s.options.set("ge.oo.constantFolding", "false");
    s.options.set("ge.exec.memoryOptimizationPolicy", "MemoryPriority");
    s.options.set("passscope.foldSizeThreshold", "4096");
    s.options.set("passscope.iterationCap", "9");
    s.options.set("passscope.target", "ge");
    s.options.set("pass.CommonSubexpressionEliminationPass", "false");
    s.options.noFold = {"/preprocess/std/Sqrt", "/head/flatten/Concat"};
    s.options.addInputShape("image:1,3,32,32");
    s.options.addInputShape("mask:16");
    s.options.set("passscope.dataFormat", "NHWC");
    s.options.set("passscope.storageFormats", "image:NC1HWC0,logits:FRACTAL_NZ");
    s.options.set("passscope.formatTable", "tables/my formats.json");
    s.position = 17;
    s.overlay = QStringLiteral("storage-format");
    s.expandedGroups = {QStringLiteral("/stem"), QStringLiteral("/block1/act_a")};
    s.zoom = 1.75;
    s.center = QPointF(120.5, -33.25);
    s.hideUnchanged = true;
    s.sideBySide = true;
    s.selectedNode = QStringLiteral("/stem/conv/Conv");
    // Pipeline ▸ Numeric Inputs… (issue 36): one file below the model's folder, one elsewhere.
    s.numericInputs.insert(QStringLiteral("image"),
                           QFileInfo(modelPath).absolutePath() + QStringLiteral("/data/image.npy"));
    s.numericInputs.insert(QStringLiteral("mask"), QStringLiteral("/elsewhere/test_data_set_0/input_1.pb"));
    return s;
}

void compareSessions(const Session& got, const Session& want) {
    QCOMPARE(got.modelPath, want.modelPath);
    QCOMPARE(got.options.toKeyValues(), want.options.toKeyValues());
    QCOMPARE(got.options.noFold, want.options.noFold);
    QCOMPARE(got.options.inputShapes, want.options.inputShapes);
    QCOMPARE(got.position, want.position);
    QCOMPARE(got.overlay, want.overlay);
    QCOMPARE(got.expandedGroups, want.expandedGroups);
    QCOMPARE(got.zoom, want.zoom);
    QCOMPARE(got.center, want.center);
    QCOMPARE(got.hideUnchanged, want.hideUnchanged);
    QCOMPARE(got.sideBySide, want.sideBySide);
    QCOMPARE(got.selectedNode, want.selectedNode);
    QCOMPARE(got.numericInputs, want.numericInputs);
}

}  // namespace

class TestSessionFile : public QObject {
    Q_OBJECT
  private slots:
    void init();
    void roundTripKeepsEveryField();
    void defaultsRoundTrip();
    void modelBelowSessionIsStoredRelative();
    void modelElsewhereIsStoredAbsolute();
    void movedFolderStillFindsModel();
    void missingOptionalKeysKeepDefaults();
    void unknownKeysAreWarnings();
    void badFilesGiveMessages_data();
    void badFilesGiveMessages();
    void unreadableFileGivesMessage();
    void unwritablePathGivesMessage();
    void emptyModelPathIsRefused();

  private:
    std::unique_ptr<QTemporaryDir> dir_;
    QString path(const QString& relative) const { return dir_->filePath(relative); }
};

void TestSessionFile::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
}

void TestSessionFile::roundTripKeepsEveryField() {
    const Session saved = fullSession(path(QStringLiteral("models/net.onnx")));
    QString error;
    QVERIFY2(saveSession(saved, path(QStringLiteral("s.passscope")), &error), qPrintable(error));
    const std::optional<Session> loaded = loadSession(path(QStringLiteral("s.passscope")), &error);
    QVERIFY2(loaded, qPrintable(error));
    compareSessions(*loaded, saved);
    QVERIFY(loaded->warnings.isEmpty());
    // The format options of target GE (the Options dialog's "Formats" group) come back as set.
    QCOMPARE(loaded->options.dataFormat, passscope::Format::NHWC);
    QCOMPARE(loaded->options.storageFormats,
             (std::map<std::string, passscope::FormatWithSub>{{"image", passscope::Format::NC1HWC0},
                                                              {"logits", passscope::Format::FRACTAL_NZ}}));
    QCOMPARE(loaded->options.formatTable, std::string("tables/my formats.json"));
    // The options really were not the defaults.
    QVERIFY(loaded->options.toKeyValues() != PipelineOptions{}.toKeyValues());
}

void TestSessionFile::defaultsRoundTrip() {
    Session saved;
    saved.modelPath = path(QStringLiteral("m.onnx"));
    QString error;
    QVERIFY2(saveSession(saved, path(QStringLiteral("d.json")), &error), qPrintable(error));
    const auto loaded = loadSession(path(QStringLiteral("d.json")), &error);
    QVERIFY2(loaded, qPrintable(error));
    compareSessions(*loaded, saved);
}

void TestSessionFile::modelBelowSessionIsStoredRelative() {
    QString error;
    QVERIFY(saveSession(fullSession(path(QStringLiteral("models/net.onnx"))), path(QStringLiteral("s.json")),
                        &error));
    const QJsonObject json = readJson(path(QStringLiteral("s.json")));
    QCOMPARE(json.value(QStringLiteral("format")).toString(), QStringLiteral("passscope-session"));
    QCOMPARE(json.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(json.value(QStringLiteral("model")).toString(), QStringLiteral("models/net.onnx"));
    // Numeric input files as the model: relative below the session's folder, absolute elsewhere.
    const QJsonObject inputs = json.value(QStringLiteral("numericInputs")).toObject();
    QCOMPARE(inputs.value(QStringLiteral("image")).toString(), QStringLiteral("models/data/image.npy"));
    QCOMPARE(inputs.value(QStringLiteral("mask")).toString(),
             QStringLiteral("/elsewhere/test_data_set_0/input_1.pb"));
}

void TestSessionFile::modelElsewhereIsStoredAbsolute() {
    QTemporaryDir other;
    QVERIFY(other.isValid());
    const QString model = other.filePath(QStringLiteral("net.onnx"));
    QString error;
    QDir().mkpath(path(QStringLiteral("sub")));
    QVERIFY2(saveSession(fullSession(model), path(QStringLiteral("sub/s.json")), &error), qPrintable(error));
    QCOMPARE(readJson(path(QStringLiteral("sub/s.json"))).value(QStringLiteral("model")).toString(),
             QFileInfo(model).absoluteFilePath());
    // A sibling of the session's folder is not below it either.
    QVERIFY(
        saveSession(fullSession(path(QStringLiteral("m.onnx"))), path(QStringLiteral("sub/t.json")), &error));
    QCOMPARE(readJson(path(QStringLiteral("sub/t.json"))).value(QStringLiteral("model")).toString(),
             QFileInfo(path(QStringLiteral("m.onnx"))).absoluteFilePath());
}

void TestSessionFile::movedFolderStillFindsModel() {
    QString error;
    QDir().mkpath(path(QStringLiteral("a")));
    QVERIFY2(saveSession(fullSession(path(QStringLiteral("a/models/net.onnx"))),
                         path(QStringLiteral("a/s.json")), &error),
             qPrintable(error));
    QVERIFY(QDir().rename(path(QStringLiteral("a")), path(QStringLiteral("b"))));
    const auto loaded = loadSession(path(QStringLiteral("b/s.json")), &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->modelPath, QDir::cleanPath(path(QStringLiteral("b/models/net.onnx"))));
}

void TestSessionFile::missingOptionalKeysKeepDefaults() {
    writeFile(path(QStringLiteral("min.json")),
              R"({"format": "passscope-session", "version": 1, "model": "/models/x.onnx"})");
    QString error;
    const auto loaded = loadSession(path(QStringLiteral("min.json")), &error);
    QVERIFY2(loaded, qPrintable(error));
    Session defaults;
    defaults.modelPath = QStringLiteral("/models/x.onnx");
    compareSessions(*loaded, defaults);
}

void TestSessionFile::unknownKeysAreWarnings() {
    writeFile(path(QStringLiteral("future.json")), R"({"format": "passscope-session", "version": 1,
        "model": "x.onnx", "minimapVisible": true, "view": {"zoom": 2, "theme": "dark"}})");
    QString error;
    const auto loaded = loadSession(path(QStringLiteral("future.json")), &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->zoom, 2.0);
    QCOMPARE(loaded->warnings.size(), 2);
    QVERIFY2(loaded->warnings.join(QLatin1Char('\n')).contains(QStringLiteral("minimapVisible")),
             qPrintable(loaded->warnings.join(QLatin1Char('\n'))));
    QVERIFY(loaded->warnings.join(QLatin1Char('\n')).contains(QStringLiteral("view.theme")));
}

void TestSessionFile::badFilesGiveMessages_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("mentions");
    const QByteArray head = R"({"format": "passscope-session", "version": 1, "model": "m.onnx", )";
    QTest::newRow("truncated JSON") << QByteArray(R"({"format": "passscope-session", )")
                                    << QStringList{QStringLiteral("not valid JSON"),
                                                   QStringLiteral("offset")};
    QTest::newRow("not an object") << QByteArray("[1, 2]") << QStringList{QStringLiteral("JSON object")};
    QTest::newRow("other format") << QByteArray(R"({"format": "netron-session", "version": 1, "model": "m"})")
                                  << QStringList{QStringLiteral("not a PassScope session")};
    QTest::newRow("no format") << QByteArray(R"({"version": 1, "model": "m"})")
                               << QStringList{QStringLiteral("not a PassScope session")};
    QTest::newRow("newer version") << QByteArray(
                                          R"({"format": "passscope-session", "version": 2, "model": "m"})")
                                   << QStringList{QStringLiteral("version 2")};
    QTest::newRow("version as text")
        << QByteArray(R"({"format": "passscope-session", "version": "1", "model": "m"})")
        << QStringList{QStringLiteral("version")};
    QTest::newRow("no model") << QByteArray(R"({"format": "passscope-session", "version": 1})")
                              << QStringList{QStringLiteral("model")};
    QTest::newRow("model not a string")
        << QByteArray(R"({"format": "passscope-session", "version": 1, "model": 3})")
        << QStringList{QStringLiteral("“model”"), QStringLiteral("a string")};
    QTest::newRow("bad level") << head + R"("options": {"ge.oo.level": "O9"}})"
                               << QStringList{QStringLiteral("ge.oo.level"), QStringLiteral("O9")};
    QTest::newRow("bad bool option") << head + R"("options": {"ge.oo.constantFolding": "maybe"}})"
                                     << QStringList{QStringLiteral("ge.oo.constantFolding"),
                                                    QStringLiteral("maybe")};
    QTest::newRow("unknown option") << head + R"("options": {"ge.oo.turbo": "true"}})"
                                    << QStringList{QStringLiteral("ge.oo.turbo")};
    QTest::newRow("option not a string") << head + R"("options": {"passscope.iterationCap": 3}})"
                                         << QStringList{QStringLiteral("options.passscope.iterationCap")};
    QTest::newRow("options not an object")
        << head + R"("options": ["O3"]})" << QStringList{QStringLiteral("“options”")};
    QTest::newRow("noFold not strings")
        << head + R"("noFold": ["a", 2]})" << QStringList{QStringLiteral("noFold")};
    QTest::newRow("negative dim") << head + R"("inputShapes": {"image": [1, -3]}})"
                                  << QStringList{QStringLiteral("inputShapes.image")};
    QTest::newRow("fractional dim") << head + R"("inputShapes": {"image": [1.5]}})"
                                    << QStringList{QStringLiteral("inputShapes.image")};
    QTest::newRow("numeric input not a file")
        << head + R"("numericInputs": {"image": 3}})" << QStringList{QStringLiteral("numericInputs.image")};
    QTest::newRow("numeric inputs not an object")
        << head + R"("numericInputs": ["a.npy"]})" << QStringList{QStringLiteral("numericInputs")};
    QTest::newRow("view not an object") << head + R"("view": 3})" << QStringList{QStringLiteral("“view”")};
    QTest::newRow("zoom as text") << head + R"("view": {"zoom": "big"}})"
                                  << QStringList{QStringLiteral("view.zoom")};
    QTest::newRow("zero zoom") << head + R"("view": {"zoom": 0}})"
                               << QStringList{QStringLiteral("view.zoom")};
    QTest::newRow("negative position")
        << head + R"("view": {"position": -1}})" << QStringList{QStringLiteral("view.position")};
    QTest::newRow("short center") << head + R"("view": {"center": [1]}})"
                                  << QStringList{QStringLiteral("view.center")};
    QTest::newRow("hide as text") << head + R"("view": {"hideUnchanged": "yes"}})"
                                  << QStringList{QStringLiteral("view.hideUnchanged"),
                                                 QStringLiteral("true or false")};
    QTest::newRow("groups not a list") << head + R"("view": {"expandedGroups": "/stem"}})"
                                       << QStringList{QStringLiteral("view.expandedGroups")};
    QTest::newRow("selected node number")
        << head + R"("view": {"selectedNode": 12}})" << QStringList{QStringLiteral("view.selectedNode")};
}

void TestSessionFile::badFilesGiveMessages() {
    QFETCH(QByteArray, json);
    QFETCH(QStringList, mentions);
    const QString file = path(QStringLiteral("bad.passscope"));
    writeFile(file, json);
    QString error;
    const auto loaded = loadSession(file, &error);
    QVERIFY(!loaded);
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(QStringLiteral("bad.passscope")), qPrintable(error));
    for (const QString& m : mentions) QVERIFY2(error.contains(m), qPrintable(error));
}

void TestSessionFile::unreadableFileGivesMessage() {
    QString error;
    QVERIFY(!loadSession(path(QStringLiteral("missing.json")), &error));
    QVERIFY2(
        error.contains(QStringLiteral("missing.json")) && error.contains(QStringLiteral("Could not read")),
        qPrintable(error));
    // A folder is not a file either.
    error.clear();
    QVERIFY(!loadSession(dir_->path(), &error));
    QVERIFY(!error.isEmpty());
}

void TestSessionFile::unwritablePathGivesMessage() {
    QString error;
    const QString target = path(QStringLiteral("no/such/folder/s.json"));
    QVERIFY(!saveSession(fullSession(path(QStringLiteral("m.onnx"))), target, &error));
    QVERIFY2(error.contains(QStringLiteral("s.json")), qPrintable(error));
    QVERIFY(!QFile::exists(target));
}

void TestSessionFile::emptyModelPathIsRefused() {
    QString error;
    QVERIFY(!saveSession(Session{}, path(QStringLiteral("s.json")), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(path(QStringLiteral("s.json"))));
}

PASSSCOPE_GUI_TEST(TestSessionFile)
#include "test_session_file.moc"
