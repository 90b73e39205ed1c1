// StepFollower (window/step_follower.h): the graph view following the steps, bodies, the changes walk.
#include "window/step_follower.h"

#include <algorithm>

#include "diagram/diagram_model.h"
#include "document/model_document.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "runner/pipeline_result.h"

namespace passscope::views {

StepFollower::StepFollower(ModelDocument& document, GraphPanel& graph, QObject* parent)
    : QObject(parent), document_(document), graph_(graph) {
    connect(&graph_, &GraphPanel::subgraphChanged, this, [this](const QStringList& breadcrumb) {
        if (breadcrumb.size() <= 1) {  // back on the main graph
            bodyShown_.clear();
            emit bodyChanged();
        }
        countChanges(true);
    });
}

std::vector<std::pair<QString, const Graph*>> StepFollower::bodiesOf(const Node& node) {
    std::vector<std::pair<QString, const Graph*>> bodies;
    for (const Attribute& a : node.attributes()) {
        if (const auto* g = std::get_if<GraphPtr>(&a.value)) {
            if (*g) bodies.emplace_back(QString::fromStdString(a.name), g->get());
        } else if (const auto* gs = std::get_if<std::vector<GraphPtr>>(&a.value)) {
            for (size_t i = 0; i < gs->size(); ++i)
                if ((*gs)[i])
                    bodies.emplace_back(QStringLiteral("%1[%2]").arg(QString::fromStdString(a.name)).arg(i),
                                        (*gs)[i].get());
        }
    }
    return bodies;
}

void StepFollower::showPosition(size_t position) {
    if (!document_.hasSteps()) return;
    position = std::min(position, document_.positionCount() - 1);
    if (position != document_.position()) {
        document_.showPosition(position);  // the window's onPositionSelected() follows
        return;
    }
    follow(place());
}

void StepFollower::follow(const Place& before) {
    const PipelineResult* result = document_.pipelineResult().get();
    const size_t position = document_.position();
    const JournalStep* step = result && position > 0 && position <= result->journal.steps().size()
                                  ? &result->journal.steps()[position - 1]
                                  : nullptr;
    // A pass run in an If/Loop/Scan body: that body, with its changes in view (enterSubgraph).
    if (step && step->changed && !step->graph.empty()) {
        if (graph_.inSubgraph() && bodyShown_ == step->graph) {
            graph_.followChanges();
            return;
        }
        if (openBodyPath(step->graph)) return;
    }
    if (!document_.marks().empty()) {
        if (graph_.inSubgraph()) graph_.leaveSubgraph();  // follows once laid out
        graph_.followChanges();
        return;
    }
    // The step changed nothing the view marks: the user stays where they were, in the body they
    // had open (now the body of the graph at this step), at the same zoom and place.
    if (!before.body.empty() && !graph_.inSubgraph() && openBodyPath(before.body))
        graph_.restoreViewAfterLayout(before.view);
}

bool StepFollower::openBodyPath(const GraphPath& path) {
    const Graph* root = document_.graphShown();
    if (!root || path.empty()) return false;
    std::vector<std::pair<const Graph*, QString>> levels;  // each body on the way, with its crumb
    for (size_t i = 0; i < path.size(); ++i) {
        const Graph* outer = resolvePath(*root, GraphPath(path.begin(), path.begin() + i));
        const Graph* body = resolvePath(*root, GraphPath(path.begin(), path.begin() + i + 1));
        const Node* owner = outer ? outer->findNode(path[i].owner) : nullptr;
        if (!body || !owner) return false;
        const Attribute* attribute = owner->findAttr(path[i].attribute);
        const bool listed = attribute && std::holds_alternative<std::vector<GraphPtr>>(attribute->value);
        QString title = QString::fromStdString(path[i].attribute);
        if (listed) title = QStringLiteral("%1[%2]").arg(title).arg(path[i].index);
        levels.emplace_back(
            body, QStringLiteral("%1 › %2").arg(QString::fromStdString(owner->displayName()), title));
    }
    if (graph_.inSubgraph()) graph_.leaveSubgraph();
    for (const auto& [body, crumb] : levels) enterBody(*body, crumb);
    return true;
}

bool StepFollower::openBody(const QString& ownerName, const QString& attribute) {
    auto find = [&](const Graph* g) {
        const Node* owner = nullptr;
        if (g)
            g->forEachNode([&](const Node& n) {
                if (!owner && n.name() == ownerName.toStdString()) owner = &n;
            });
        return owner;
    };
    // In the body shown, else in the main graph (a body step opened a body already).
    const Node* owner = graph_.inSubgraph() ? find(graph_.shownGraph()) : nullptr;
    const bool fromMain = !owner;
    if (fromMain) owner = find(document_.graphShown());
    if (!owner) return false;
    for (const auto& [title, body] : bodiesOf(*owner))
        if (attribute.isEmpty() || title == attribute) {
            if (fromMain && graph_.inSubgraph()) {
                if (bodyShown_ == pathOf(*body)) return true;  // open already
                graph_.leaveSubgraph();
            }
            enterBody(*body,
                      QStringLiteral("%1 › %2").arg(QString::fromStdString(owner->displayName()), title));
            return true;
        }
    return false;
}

void StepFollower::enterBody(const Graph& body, const QString& crumb) {
    // The body's nested pass runs are steps too: mark what the selected one changed, and show
    // the same body in the graph before that step (resolved by path: ids survive replay).
    const GraphPath path = pathOf(body);
    graph_.enterSubgraph(body, crumb, document_.bodyMarks(body, path), document_.bodyBefore(path));
    bodyShown_ = path;
    emit bodyChanged();  // the body's own numbers
}

bool StepFollower::walkChanges(int direction) {
    const std::vector<NodeId> changes = graph_.changedNodes();
    if (changes.empty()) {
        emit statusMessage(tr("The step shown marks no node"), 4000);
        return false;
    }
    const int count = static_cast<int>(changes.size());
    // A change the user selected is where the walk goes on from.
    int current = changeCursor_ < count ? changeCursor_ : -1;
    if (const auto selected = graph_.scene()->selectedItems(); !selected.isEmpty())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front()))
            if (const auto it = std::find(changes.begin(), changes.end(), node->nodeId());
                it != changes.end())
                current = static_cast<int>(it - changes.begin());
    const int next =
        current < 0 ? (direction > 0 ? 0 : count - 1) : ((current + direction) % count + count) % count;
    changeCursor_ = next;
    const NodeId id = changes[next];
    graph_.revealNode(id);
    const DiagramModel* diagram = graph_.diagram();
    const int index = diagram ? diagram->indexOf(id) : -1;
    const QString name =
        index >= 0 ? QString::fromStdString(diagram->node(index).name.empty() ? diagram->node(index).opType
                                                                              : diagram->node(index).name)
                   : QString::number(id);
    const StepMarks& marks = graph_.shownMarks();
    const QString what = marks.removed.count(id) ? tr("removed")
                         : marks.added.count(id) ? tr("added")
                                                 : tr("changed");
    emit changeText(tr("Change %1 of %2: %3 (%4)").arg(next + 1).arg(count).arg(name, what));
    return true;
}

void StepFollower::countChanges(bool fromStart) {
    if (fromStart) changeCursor_ = -1;
    changeCount_ = document_.hasSteps() ? static_cast<int>(graph_.changedNodes().size()) : 0;
    emit changeText(changeCount_ ? tr("%n change(s) (%1: next)", nullptr, changeCount_)
                                       .arg(nextChangeKey_.toString(QKeySequence::NativeText))
                                 : QString());
}

}  // namespace passscope::views
