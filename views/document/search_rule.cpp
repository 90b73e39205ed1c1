#include "document/search_rule.h"

#include <algorithm>

#include "ir/graph.h"

namespace passscope::views {
namespace {

bool hasRegexSyntax(const QString& text) {
    static const QString syntax = QStringLiteral("^$*+?()[]{}|\\");
    return std::any_of(text.begin(), text.end(), [](QChar c) { return syntax.contains(c); });
}

// An upper-case letter the user typed as such: \S, \W, \D and the like are classes, not letters.
bool hasUpperCaseLetter(const QString& text) {
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('\\'))
            ++i;
        else if (text[i].isUpper())
            return true;
    }
    return false;
}

}  // namespace

SearchRule::SearchRule(const QString& text)
    : text_(text), caseSensitivity_(hasUpperCaseLetter(text) ? Qt::CaseSensitive : Qt::CaseInsensitive) {
    if (!hasRegexSyntax(text)) return;
    QRegularExpression regex(text, caseSensitivity_ == Qt::CaseSensitive
                                       ? QRegularExpression::NoPatternOption
                                       : QRegularExpression::CaseInsensitiveOption);
    if (regex.isValid())
        regex_ = std::move(regex);
    else
        error_ = regex.errorString();
}

bool SearchRule::matches(const QString& text) const {
    return regex_ ? regex_->match(text).hasMatch() : text.contains(text_, caseSensitivity_);
}

bool SearchRule::matches(const Node& node) const {
    return matches(QString::fromStdString(node.name())) || matches(QString::fromStdString(node.opType()));
}

std::vector<NodeId> findNodes(const Graph& graph, const SearchRule& rule) {
    std::vector<NodeId> found;
    graph.forEachNode([&](const Node& n) {  // in id order
        if (rule.matches(n)) found.push_back(n.id());
    });
    return found;
}

}  // namespace passscope::views
