// What the graph view draws, checked on graphs shaped like real exports (issue 8): weights and
// ONNX Constant nodes inside their consumers; groups only from the model's own name scopes; a
// large scopeless level cut along the data flow (few edges between stretches, unique labels,
// identities that survive a rebuild); long edges routed around dot so its dummy nodes stay
// bounded, and drawn clear of the boxes they pass.
#include <algorithm>
#include <map>
#include <set>

#include <QTest>

#include "diagram/diagram_model.h"
#include "diagram/scope_tree.h"
#include "diagram/visible_plan.h"
#include "graph/item_style.h"
#include "gui_test_registry.h"
#include "layout/graphviz_layout.h"
#include "layout/long_edges.h"
#include "layout/shared_values.h"

using namespace passscope;
using namespace passscope::views;

namespace {

Tensor scalarFloat(float v) {
    std::string bytes(reinterpret_cast<const char*>(&v), sizeof v);
    return Tensor(DataType::Float, {}, std::make_shared<StringBuffer>(bytes));
}

// A Paddle2ONNX-shaped graph: no name scopes, `p2o.<Op>.<n>` names, every weight an ONNX Constant
// node, residual skips every few nodes, and the input read again every 25 nodes and at the very
// end (as a mask or a U-Net's skips are). `ops` computing nodes in a chain.
struct ScopelessModel {
    Graph g;
    NodeId input = kNoNode, output = kNoNode;
    std::vector<NodeId> ops, constants;
    explicit ScopelessModel(int count) {
        input = g.addNode("Data", "", "x", 1).id();
        g.setInputs({input});
        NodeId previous = input, blockStart = input;
        for (int i = 0; i < count; ++i) {
            const bool add = i % 5 == 4, mask = i % 25 == 12;
            const std::string type = add ? "Add" : mask ? "Mul" : "Conv";
            const NodeId op = g.addNode(type, "", "p2o." + type + "." + std::to_string(i), 1).id();
            g.addInput(op, {previous, 0, 0});
            if (mask) {
                g.addInput(op, {input, 0, 0});
            } else if (add) {
                g.addInput(op, {blockStart, 0, 0});  // residual skip over the block
                blockStart = op;
            } else {
                const NodeId w = g.addNode("Constant", "", "p2o.Constant." + std::to_string(i), 1).id();
                g.setAttribute(w, Attribute::makeTensor("value", scalarFloat(0.5f)));
                g.addInput(op, {w, 0, 0});
                constants.push_back(w);
            }
            ops.push_back(op);
            previous = op;
        }
        const NodeId last = g.addNode("Mul", "", "p2o.Mul.last", 1).id();
        g.addInput(last, {previous, 0, 0});
        g.addInput(last, {input, 0, 0});  // spans the whole network
        ops.push_back(last);
        output = g.addNode("NetOutput", "", "", 0).id();
        g.addInput(output, {last, 0, 0});
        g.setNetOutput(output);
    }
};

int weightCount(const DiagramModel& d) {
    return static_cast<int>(
        std::count_if(d.nodes().begin(), d.nodes().end(), [](const DiagramNode& n) { return n.weight; }));
}

}  // namespace

class TestDiagram : public QObject {
    Q_OBJECT
  private slots:
    void constantNodesAreWeightsInsideTheirConsumers();
    void scopelessGraphsStayFlat();
    void bodyDiagramIsTheUnionOfBothSides();
    void namedScopesStillGroup();
    void largeFlatLevelsAreCutAlongTheDataFlow();
    void stretchIdentitySurvivesARebuild();
    void longEdgesAreRoutedAroundDot();
    void routedEdgesStayClearOfBoxes();
    void estimatedRanksFollowLongestPaths();
    void kindsOfScopesOpenTogether();
    void nodesNamedAfterTheirInputJoinTheirReaders();
};

void TestDiagram::constantNodesAreWeightsInsideTheirConsumers() {
    ScopelessModel m(20);
    const auto d = DiagramModel::fromGraph(m.g);
    QCOMPARE(weightCount(*d), static_cast<int>(m.constants.size()));
    // Boxes: the input, the ops and the output; no Constant gets one.
    QCOMPARE(static_cast<int>(d->drawnCount()), static_cast<int>(m.ops.size()) + 2);
    for (NodeId c : m.constants) QVERIFY(d->node(d->indexOf(c)).weight);
    // A Conv reads one weight: its box is one line taller than a box that reads none.
    const DiagramNode& conv = d->node(d->indexOf(m.ops[0]));
    const DiagramNode& add = d->node(d->indexOf(m.ops[4]));
    QCOMPARE(conv.weightInputs, 1);
    QCOMPARE(add.weightInputs, 0);
    QVERIFY(style::itemSize(*d, {VisibleItem::Kind::Node, d->indexOf(m.ops[0])}).height() >
            style::itemSize(*d, {VisibleItem::Kind::Node, d->indexOf(m.ops[4])}).height());
    // No edge leaves a weight.
    for (const DiagramEdge& e : d->edges()) QVERIFY(!d->node(e.from).weight);
    for (NodeId c : m.constants) QVERIFY(d->constants().contains(c));
}

void TestDiagram::scopelessGraphsStayFlat() {
    ScopelessModel m(700);  // a 700-node export: one level, no invented groups
    const auto d = DiagramModel::fromGraph(m.g);
    QCOMPARE(static_cast<int>(d->scopes().groups().size()), 1);
    const std::vector<bool> expanded = defaultExpansion(*d, 400);
    const VisiblePlan plan = planVisible(*d, expanded, style::itemSize);
    QCOMPARE(plan.items.size(), d->drawnCount());
    QVERIFY(plan.request.clusters.empty());
}

void TestDiagram::namedScopesStillGroup() {
    const ScopeTree tree =
        ScopeTree::build({"/encoder/a/Conv", "/encoder/a/Relu", "/encoder/b/Conv", "/encoder/b/Relu",
                          "/decoder/Conv", "/decoder/Relu", "out", "p2o.Conv.1", "k/folded"});
    std::set<std::string> paths;
    for (const ScopeGroup& g : tree.groups()) paths.insert(g.path);
    QVERIFY(paths.count("/encoder"));
    QVERIFY(paths.count("/encoder/a"));
    QVERIFY(paths.count("/decoder"));
    // "k/folded" alone is a one-node scope: dissolved, not a group.
    QVERIFY(!paths.count("/k"));
    for (const ScopeGroup& g : tree.groups()) QVERIFY(!g.synthetic);
}

void TestDiagram::largeFlatLevelsAreCutAlongTheDataFlow() {
    ScopelessModel m(3000);
    const auto d = DiagramModel::fromGraph(m.g);
    const ScopeTree& tree = d->scopes();
    const ScopeGroup& root = tree.group(ScopeTree::root());
    QVERIFY(root.childGroups.size() > 1);
    QVERIFY(static_cast<int>(root.members.size() + root.childGroups.size()) <= ScopeTree::kMaxLevelItems);
    std::set<std::string> labels, paths;
    for (int child : root.childGroups) {
        const ScopeGroup& s = tree.group(child);
        QVERIFY(s.synthetic);
        QVERIFY2(s.totalMembers >= ScopeTree::kStretchSize / 2 &&
                     s.totalMembers <= 2 * ScopeTree::kStretchSize + 1,
                 qPrintable(QString::number(s.totalMembers)));
        labels.insert(s.label);
        paths.insert(s.path);
    }
    QCOMPARE(labels.size(), root.childGroups.size());  // unique labels
    QCOMPARE(paths.size(), root.childGroups.size());
    // A stretch is a connected piece of the chain: collapsed, the boxes form a chain too, so few
    // edges join them (the residual skips are cut between blocks; only the global skip is long).
    const VisiblePlan collapsed = planVisible(*d, defaultExpansion(*d, 0), style::itemSize);
    QVERIFY2(collapsed.request.edges.size() <= 2 * root.childGroups.size() + 2,
             qPrintable(QStringLiteral("%1 edges between %2 stretches")
                            .arg(collapsed.request.edges.size())
                            .arg(root.childGroups.size())));
    // File order is not the cut: members of one stretch are consecutive in the chain.
    for (int child : root.childGroups) {
        std::vector<int> positions;
        for (int item : tree.group(child).members) {
            const NodeId id = d->node(d->drawnNodes()[item]).id;
            const auto it = std::find(m.ops.begin(), m.ops.end(), id);
            if (it != m.ops.end()) positions.push_back(static_cast<int>(it - m.ops.begin()));
        }
        std::sort(positions.begin(), positions.end());
        QVERIFY(!positions.empty());
        QCOMPARE(positions.back() - positions.front() + 1, static_cast<int>(positions.size()));
    }
}

void TestDiagram::stretchIdentitySurvivesARebuild() {
    ScopelessModel m(2500);
    const auto a = DiagramModel::fromGraph(m.g);
    const auto b = DiagramModel::fromGraph(m.g);
    std::vector<bool> expanded(a->scopes().groups().size(), false);
    expanded[ScopeTree::root()] = true;
    expanded[a->scopes().group(ScopeTree::root()).childGroups.at(2)] = true;
    const QStringList paths = expandedPaths(*a, expanded);
    QCOMPARE(paths.size(), 1);
    const std::vector<bool> again = expansionFromPaths(*b, paths);
    QCOMPARE(std::count(again.begin(), again.end(), true), 2L);  // the root and the same stretch
    QCOMPARE(expandedPaths(*b, again), paths);
}

void TestDiagram::longEdgesAreRoutedAroundDot() {
    ScopelessModel m(700);
    const auto d = DiagramModel::fromGraph(m.g);
    VisiblePlan plan = planVisible(*d, defaultExpansion(*d, 400), style::itemSize);
    // The input is read by the first op and, far down, by the first block's Add, every 25th op and
    // the last: a shared value (layout/shared_values.h), a stub at each far reader. The edge to
    // the first op is drawn.
    const int inputItem = plan.itemOfNode.at(static_cast<size_t>(d->indexOf(m.input)));
    int readers = 0, stubs = 0;
    for (const LayoutEdge& e : plan.request.edges)
        if (e.from == inputItem) {
            ++readers;
            stubs += e.stub;
        }
    QCOMPARE(readers, 700 / 25 + 3);
    QCOMPARE(stubs, readers - 1);
    QVERIFY(std::none_of(plan.request.edges.begin(), plan.request.edges.end(),
                         [&](const LayoutEdge& e) { return e.stub && e.from != inputItem; }));
    {
        const LayoutResult withStubs = layoutGraph(plan.request);
        QVERIFY2(withStubs.ok, qPrintable(withStubs.error));
        for (size_t e = 0; e < plan.request.edges.size(); ++e)
            if (plan.request.edges[e].stub) {
                const QRectF reader(
                    withStubs.centers[static_cast<size_t>(plan.request.edges[e].to)] -
                        QPointF(plan.request.nodes[static_cast<size_t>(plan.request.edges[e].to)].width / 2,
                                0),
                    QSizeF(1, 1));
                // The tag stands just left of its reader, the arrow ends on the reader's side.
                QVERIFY(withStubs.stubTags[e].right() < reader.left());
                QVERIFY(reader.left() - withStubs.stubTags[e].right() <= kStubArrow + 1);
                QCOMPARE(withStubs.arrowTips[e].x(), reader.left());
            }
    }
    // Without stubs, the long edges are what dot must not route.
    for (LayoutEdge& e : plan.request.edges) e.stub = false;
    const LongEdgePlan longEdges =
        planLongEdges(plan.request, 2 * static_cast<long long>(plan.request.nodes.size()));
    // The input-to-end skip spans ~700 ranks: it alone is over the budget of the short edges.
    QVERIFY(longEdges.dummiesDropped >= 690);
    QVERIFY(longEdges.dummiesKept <= 2 * static_cast<long long>(plan.request.nodes.size()));
    const LayoutResult result = layoutGraph(plan.request);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(result.routedAround >= 1);
    QVERIFY2(result.dummyNodes < 3 * static_cast<long long>(plan.request.nodes.size()),
             qPrintable(QString::number(result.dummyNodes)));
    // Every edge is drawn, routed or not: a spline of 1 + 3k points and an arrow tip.
    for (size_t e = 0; e < plan.request.edges.size(); ++e) {
        QVERIFY(result.edgeSplines[e].size() >= 4);
        QCOMPARE((result.edgeSplines[e].size() - 1) % 3, size_t{0});
    }
    for (const auto& spline : result.edgeSplines)
        for (QPointF p : spline) QVERIFY(result.bounds.adjusted(-1, -1, 1, 1).contains(p));
}

void TestDiagram::routedEdgesStayClearOfBoxes() {
    // A column of boxes with one edge from the first to the last: routed, its lane passes beside
    // the column, not through it.
    LayoutRequest r;
    for (int i = 0; i < 30; ++i) r.nodes.push_back({100, 36, -1});
    for (int i = 0; i + 1 < 30; ++i) r.edges.push_back({i, i + 1});
    r.edges.push_back({0, 29});
    const LongEdgePlan plan = planLongEdges(r, 10);
    QCOMPARE(plan.routedAround.back(), char(1));
    LayoutResult result;
    result.ok = true;
    for (int i = 0; i < 30; ++i) result.centers.push_back({200, 30.0 + i * 60});
    result.edgeSplines.resize(r.edges.size());
    result.arrowTips.resize(r.edges.size());
    result.bounds = QRectF(0, 0, 400, 1800);
    routeAround(r, plan.routedAround, result);
    const auto& spline = result.edgeSplines.back();
    QVERIFY(spline.size() >= 4);
    QCOMPARE(spline.front(), QPointF(200, 30 + 18));                     // leaves the source's bottom
    QCOMPARE(result.arrowTips.back(), QPointF(200, 30 + 29 * 60 - 18));  // enters the target's top
    for (QPointF p : spline) {
        for (int i = 1; i < 29; ++i) {  // the boxes in between
            const QRectF box(150, 30.0 + i * 60 - 18, 100, 36);
            QVERIFY2(!box.contains(p),
                     qPrintable(QStringLiteral("(%1, %2) is inside box %3").arg(p.x()).arg(p.y()).arg(i)));
        }
    }
}

void TestDiagram::estimatedRanksFollowLongestPaths() {
    LayoutRequest r;
    for (int i = 0; i < 5; ++i) r.nodes.push_back({50, 30, -1});
    r.edges = {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {3, 4}, {4, 1}};  // 4 -> 1 closes a cycle
    const std::vector<int> ranks = estimateRanks(r);
    QCOMPARE(ranks[0], 0);
    QCOMPARE(ranks[3], 3);
    QVERIFY(ranks[4] > ranks[3]);
    QCOMPARE(edgeSpan(ranks, r.edges[3]), 2);  // 0 -> 3 crosses ranks 1 and 2
}

// A body at one step (GraphPanel::enterSubgraph): the nodes of the body before and after the
// step, each once, with the positions where it exists (0 = before, 1 = after), and the edges of both.
void TestDiagram::bodyDiagramIsTheUnionOfBothSides() {
    Graph before;
    const NodeId x = before.addNode("Data", "", "x", 1).id();
    const NodeId sqrt = before.addNode("Sqrt", "", "sqrt", 1).id();
    const NodeId add = before.addNode("Add", "", "add", 1).id();
    before.addInput(sqrt, {x, 0, 0});
    before.addInput(add, {x, 0, 0});
    before.addInput(add, {sqrt, 0, 0});
    std::unique_ptr<Graph> after = before.clone();
    after->setInput(add, 1, {x, 0, 0});
    after->removeNode(sqrt);
    const NodeId neg = after->addNode("Neg", "", "neg", 1).id();
    after->addInput(neg, {add, 0, 0});

    const auto d = DiagramModel::fromGraphs(before, *after);
    QCOMPARE(d->nodes().size(), size_t(4));
    QCOMPARE(d->positionCount(), size_t(2));
    auto node = [&](NodeId id) { return d->node(d->indexOf(id)); };
    QVERIFY(node(sqrt).presentAt(0) && !node(sqrt).presentAt(1));  // removed by the step: a ghost
    QVERIFY(!node(neg).presentAt(0) && node(neg).presentAt(1));    // added by it
    QVERIFY(node(add).presentAt(0) && node(add).presentAt(1));
    std::set<std::pair<NodeId, NodeId>> edges;
    for (const DiagramEdge& e : d->edges()) edges.insert({d->node(e.from).id, d->node(e.to).id});
    QCOMPARE(edges, (std::set<std::pair<NodeId, NodeId>>{{x, sqrt}, {sqrt, add}, {x, add}, {add, neg}}));
    QCOMPARE(d->drawnCount(), size_t(4));

    // Without a change, the same nodes as the body alone.
    QCOMPARE(DiagramModel::fromGraphs(*after, *after)->nodes().size(),
             DiagramModel::fromGraph(*after)->nodes().size());
}

// Issue 21: a stack of layers opens whole or not at all, and so does each kind of block inside
// the layers ("/enc/layers.#/attn"), the kinds hiding the most nodes first, within the budget.
void TestDiagram::kindsOfScopesOpenTogether() {
    Graph g;
    const NodeId input = g.addNode("Data", "", "x", 1).id();
    g.setInputs({input});
    NodeId previous = input;
    auto chain = [&](const std::string& op, const std::string& name) {
        const NodeId id = g.addNode(op, "", name, 1).id();
        g.addInput(id, {previous, 0, 0});
        previous = id;
    };
    for (int l = 0; l < 6; ++l) {
        const std::string layer = "/enc/layers." + std::to_string(l);
        chain("MatMul", layer + "/attn/MatMul");
        chain("Softmax", layer + "/attn/Softmax");
        chain("MatMul", layer + "/attn/MatMul_1");
        chain("MatMul", layer + "/mlp/MatMul");
        chain("Relu", layer + "/mlp/Relu");
        chain("Add", layer + "/Add");
    }
    const NodeId output = g.addNode("NetOutput", "", "", 0).id();
    g.addInput(output, {previous, 0, 0});
    g.setNetOutput(output);
    const auto d = DiagramModel::fromGraph(g);
    const ScopeTree& scopes = d->scopes();
    QCOMPARE(groupKind(scopes.group(scopes.findPath("/enc/layers.3/attn"))),
             std::string("/enc/layers.#/attn"));

    auto openOfKind = [&](const std::vector<bool>& expanded, const std::string& kind) {
        int open = 0, all = 0;
        for (size_t i = 1; i < scopes.groups().size(); ++i) {
            if (groupKind(scopes.group(static_cast<int>(i))) != kind) continue;
            ++all;
            open += expanded[i] ? 1 : 0;
        }
        return std::make_pair(open, all);
    };
    // Boxes: x, enc, output = 3; enc open: + 6 layers - 1 = 8; the layers: + 6 x 2 = 20; the mlps
    // (12 nodes): + 6 = 26; the attentions (18 nodes): + 12 = 32, over a budget of 30.
    const std::vector<bool> thirty = defaultExpansion(*d, 30);
    QCOMPARE(openOfKind(thirty, "/enc/layers.#"), std::make_pair(6, 6));
    QCOMPARE(openOfKind(thirty, "/enc/layers.#/attn"), std::make_pair(0, 6));
    QCOMPARE(openOfKind(thirty, "/enc/layers.#/mlp"), std::make_pair(6, 6));
    QVERIFY(static_cast<int>(planVisible(*d, thirty, style::itemSize).items.size()) <= 30);
    // A budget that holds five layers but not six opens none of them.
    const std::vector<bool> nineteen = defaultExpansion(*d, 19);
    QCOMPARE(openOfKind(nineteen, "/enc/layers.#"), std::make_pair(0, 6));
    QVERIFY(nineteen[static_cast<size_t>(scopes.findPath("/enc"))]);
}

// GE's format passes name a TransData after the value it converts ("blocks.0.weight/TransData_…",
// "x/TransData_…"). Grouped by that name it would be a scope of one, dissolved to the top level and
// wired across the drawing to the block reading it (MobileNetV3 at target ge opened on 2 boxes of
// 168). It is grouped with its readers; nodes named by the model are grouped as before.
void TestDiagram::nodesNamedAfterTheirInputJoinTheirReaders() {
    Graph g;
    const NodeId x = g.addNode("Data", "", "x", 1).id();
    g.setInputs({x});
    const NodeId inputTrans = g.addNode("TransData", "ge", "x/TransData_NCHW_to_NC1HWC0", 1).id();
    g.addInput(inputTrans, {x, 0, 0});
    NodeId previous = inputTrans;
    std::vector<NodeId> convs, weightTrans;
    for (int b = 0; b < 3; ++b) {
        const std::string block = "/blocks/" + std::to_string(b);
        const NodeId w = g.addNode("Const", "ge", "blocks." + std::to_string(b) + ".weight", 1).id();
        const NodeId t = g.addNode("TransData", "ge",
                                   "blocks." + std::to_string(b) + ".weight/TransData_NCHW_to_FRACTAL_Z", 1)
                             .id();
        g.addInput(t, {w, 0, 0});
        const NodeId conv = g.addNode("Conv", "", block + "/conv/Conv", 1).id();
        g.addInput(conv, {previous, 0, 0});
        g.addInput(conv, {t, 0, 0});
        const NodeId relu = g.addNode("Relu", "", block + "/act/Relu", 1).id();
        g.addInput(relu, {conv, 0, 0});
        convs.push_back(conv);
        weightTrans.push_back(t);
        previous = relu;
    }
    // A node named by the model ("/head/Relu" reads "/blocks/2/act/Relu") is grouped by its name.
    const NodeId tail = g.addNode("Relu", "", "/head/Relu", 1).id();
    g.addInput(tail, {previous, 0, 0});

    const auto d = DiagramModel::fromGraph(g);
    const ScopeTree& tree = d->scopes();
    auto groupOf = [&](NodeId id) { return d->groupOfNode(d->indexOf(id)); };
    for (size_t b = 0; b < convs.size(); ++b)
        QCOMPARE(groupOf(weightTrans[b]), groupOf(convs[b]));  // beside the Conv, not at the top
    QCOMPARE(groupOf(inputTrans), groupOf(convs[0]));
    QVERIFY(groupOf(convs[0]) != ScopeTree::root());
    QCOMPARE(tree.group(groupOf(convs[1])).path, std::string("/blocks/1/conv"));
    QCOMPARE(groupOf(x), ScopeTree::root());
    QCOMPARE(groupOf(tail), ScopeTree::root());  // a scope of one ("/head") dissolves as before
    QCOMPARE(d->node(d->indexOf(weightTrans[0])).name, "blocks.0.weight/TransData_NCHW_to_FRACTAL_Z");
}

PASSSCOPE_GUI_TEST(TestDiagram)
#include "test_diagram.moc"
