#pragma once
// The one rule by which typed text finds nodes, shared by the node table's filter and the graph
// search: the text matches a node's name or its op type.
// - Plain text is a substring. Text with regular-expression syntax (^ $ * + ? ( ) [ ] { } | \) is
//   a regular expression; a dot alone is not syntax, since ONNX names are full of them
//   ("stem.conv.weight", "p2o.Conv.12"). An invalid expression is matched literally, and error()
//   says why.
// - Smart case: case-insensitive unless the text has an upper-case letter (one escaped by a
//   backslash, as in \S, does not count), so "conv" finds every node with conv in its name and
//   "Conv" the Conv nodes.
#include <optional>
#include <vector>

#include <QRegularExpression>
#include <QString>

#include "ir/node.h"

namespace passscope {
class Graph;
}

namespace passscope::views {

class SearchRule {
  public:
    SearchRule() = default;  // the empty text: every node matches
    explicit SearchRule(const QString& text);

    const QString& text() const { return text_; }
    bool isEmpty() const { return text_.isEmpty(); }
    bool isRegularExpression() const { return regex_.has_value(); }
    Qt::CaseSensitivity caseSensitivity() const { return caseSensitivity_; }
    // Empty unless the text has regular-expression syntax but is not a valid expression.
    const QString& error() const { return error_; }

    bool matches(const QString& text) const;
    bool matches(const Node& node) const;  // its name or its op type

  private:
    QString text_;
    QString error_;
    std::optional<QRegularExpression> regex_;  // unset: a substring
    Qt::CaseSensitivity caseSensitivity_ = Qt::CaseInsensitive;
};

// The nodes of `graph` that `rule` matches, in id order (the order Enter steps through them).
std::vector<NodeId> findNodes(const Graph& graph, const SearchRule& rule);

}  // namespace passscope::views
