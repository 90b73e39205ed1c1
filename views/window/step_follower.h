#pragma once
// How the graph view follows the steps (docs/architecture.md §6.1): a step the user selects is
// shown, then what it changed is brought into view — a step run inside an If/Loop/Scan body
// opens that body, a step that changed nothing leaves the user where they were (in the same body,
// at the same place). Also opening bodies (by path, by owner name, from the context menu) and
// walking the changes of the step shown one node at a time (F3 / Shift+F3).
#include <utility>
#include <vector>

#include <QKeySequence>
#include <QObject>
#include <QString>

#include "graph/graph_panel.h"
#include "ir/graph_path.h"

namespace passscope::views {

class ModelDocument;

class StepFollower : public QObject {
    Q_OBJECT
  public:
    StepFollower(ModelDocument& document, GraphPanel& graph, QObject* parent = nullptr);

    // The If/Loop/Scan body the graph panel shows (empty: the main graph).
    const GraphPath& bodyShown() const { return bodyShown_; }
    // The graph panel was cleared (a new model): no body is shown.
    void clear() { bodyShown_.clear(); }
    // Where the user is: the body and the place in the view.
    struct Place {
        GraphPath body;
        GraphPanel::ViewPlace view;
    };
    Place place() const { return {bodyShown_, graph_.viewPlace()}; }

    // MainWindow::showPosition: a position other than the one shown is shown by the document
    // (positionChanged follows); the one shown has its changes brought into view again.
    void showPosition(size_t position);
    // Brings the changes of the step shown into view; `before`: where the user was before the step
    // replaced the graphs.
    void follow(const Place& before);
    // The bodies a node owns (If: then/else branches, Loop/Scan: body), each with its title.
    static std::vector<std::pair<QString, const Graph*>> bodiesOf(const Node& node);
    // MainWindow::openBody.
    bool openBody(const QString& ownerName, const QString& attribute);
    // Shows `body` of the graph shown with the marks of the selected step inside it.
    void enterBody(const Graph& body, const QString& crumb);

    // Next / previous change of the step shown (docs in MainWindow::showNextChange).
    bool walkChanges(int direction);
    // The changes the step shown marks, counted again (a new layout; a new step or body also
    // starts the walk `fromStart`).
    void countChanges(bool fromStart);
    int changeCount() const { return changeCount_; }
    // The key of "next change", named in the status text.
    void setNextChangeKey(const QKeySequence& key) { nextChangeKey_ = key; }

  signals:
    // The body shown changed (entered, or back on the main graph): its numbers are others.
    void bodyChanged();
    // What the status bar says about the changes ("12 changes (F3: next)", "Change 3 of 12: …").
    void changeText(const QString& text);
    void statusMessage(const QString& message, int timeout);

  private:
    // Opens the body at `path` of the graph shown, level by level, as the context menu does.
    bool openBodyPath(const GraphPath& path);

    ModelDocument& document_;
    GraphPanel& graph_;
    GraphPath bodyShown_;
    int changeCursor_ = -1;  // the change last walked to (index into GraphPanel::changedNodes())
    int changeCount_ = 0;
    QKeySequence nextChangeKey_;
};

}  // namespace passscope::views
