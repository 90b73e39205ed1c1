#include "window/search_bar.h"

#include <unordered_set>

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

#include "document/model_document.h"
#include "graph/graph_panel.h"

namespace passscope::views {

SearchBar::SearchBar(ModelDocument& document, GraphPanel& graph, QWidget* parent)
    : QWidget(parent),
      document_(document),
      graph_(graph),
      edit_(new QLineEdit(this)),
      count_(new QLabel(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    edit_->setObjectName(QStringLiteral("graphSearch"));
    edit_->setPlaceholderText(tr("Search: name, op type or regex"));
    edit_->setClearButtonEnabled(true);
    edit_->setMaximumWidth(280);
    edit_->setToolTip(
        tr("Matches node names and op types, as the node table's filter does: a pattern with "
           "regex characters is a regular expression; case is ignored unless the pattern has an "
           "upper-case letter. Enter jumps to the next match."));
    connect(edit_, &QLineEdit::textChanged, this, [this](const QString& text) { search(text); });
    connect(edit_, &QLineEdit::returnPressed, this, &SearchBar::jumpToNextHit);
    layout->addWidget(edit_);
    count_->setObjectName(QStringLiteral("searchCount"));
    count_->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(count_);
}

int SearchBar::search(const QString& query) {
    const std::vector<NodeId>& hits = document_.search(query);
    graph_.setSearchHits(std::unordered_set<NodeId>(hits.begin(), hits.end()));
    count_->setText(query.isEmpty() ? QString() : tr("%n match(es)", nullptr, static_cast<int>(hits.size())));
    return static_cast<int>(hits.size());
}

void SearchBar::jumpToNextHit() {
    const auto hit = document_.nextSearchHit();
    if (!hit) return;
    const auto [id, index] = *hit;
    count_->setText(tr("%1 of %2").arg(index + 1).arg(document_.searchHits().size()));
    graph_.revealNode(id);
    emit hitChosen(id);
}

void SearchBar::refresh() {
    if (!edit_->text().isEmpty()) search(edit_->text());
}

}  // namespace passscope::views
