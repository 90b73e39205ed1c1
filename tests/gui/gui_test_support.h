#pragma once
// What several GUI test files share: the samples they open, how long they wait for a load and a
// layout under the sanitizers, and small lookups. gui_tests compiles its files in unity batches
// (CMakeLists.txt), where two files' anonymous namespaces meet: a helper more than one file needs
// lives here once. (test_model_document.cpp compiles alone and includes no widget header.)
#include <QFile>
#include <QStringList>
#include <QTest>
#include <set>
#include <string>
#include <vector>

#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "ir/graph.h"

namespace passscope::guitest {

inline const QString kConvNetSample = QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/conv_net.onnx");
inline const QString kTrainingStepSample =
    QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/training_step.onnx");

// Load + pipeline + Graphviz layout (+ evaluations), generous for sanitizer builds on shared cores.
constexpr int kTimeoutMs = 180000;
constexpr int kViewTimeoutMs = 240000;

inline QString sample(const char* name) {
    return QStringLiteral(PASSSCOPE_SOURCE_DIR "/resources/samples/") + QLatin1String(name);
}

inline const Node* nodeNamed(const Graph& g, const std::string& name) {
    const Node* found = nullptr;
    g.forEachNode([&](const Node& n) {
        if (n.name() == name) found = &n;
    });
    return found;
}

inline views::NodeItem* itemNamed(const views::GraphScene& scene, const QString& name) {
    for (views::NodeItem* item : scene.nodeItems())
        if (item && item->name() == name) return item;
    return nullptr;
}

inline std::set<NodeId> toSet(const std::vector<NodeId>& ids) {
    return {ids.begin(), ids.end()};
}

inline QString idList(const std::set<NodeId>& ids) {
    QStringList parts;
    for (NodeId id : ids) parts << QString::number(static_cast<qulonglong>(id));
    return parts.join(QLatin1Char(','));
}

// Bytes that start like a model and are not one.
inline void writeCorruptModel(const QString& path) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("\x08\x07\x12\xff\xff\xff\xff\x0f not a model", 20);
}

}  // namespace passscope::guitest
