#include "timeline/timeline_panel.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include "timeline/pass_chart.h"
#include "timeline/timeline_filter_proxy.h"
#include "timeline/timeline_model.h"

namespace passscope::views {
namespace {

QAction* makeAction(QWidget* owner, const QString& themeIcon, QStyle::StandardPixmap fallback,
                    const QString& text, const QKeySequence& shortcut) {
    auto* action =
        new QAction(QIcon::fromTheme(themeIcon, owner->style()->standardIcon(fallback)), text, owner);
    action->setShortcut(shortcut);
    // The steps are wanted while the eye is on the graph, not only when the table has focus.
    action->setShortcutContext(Qt::WindowShortcut);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(text, shortcut.toString(QKeySequence::NativeText)));
    return action;
}

}  // namespace

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent), model_(new TimelineModel(this)), filter_(new TimelineFilterProxy(this)) {
    filter_->setSourceModel(model_);
    createActions();
    createTable();
    chart_ = new PassChart(this);
    chart_->setObjectName(QStringLiteral("passChart"));
    connect(chart_, &PassChart::positionSelected, this, [this](size_t p) { goTo(p, true); });

    splitter_ = new QSplitter(Qt::Vertical, this);
    splitter_->addWidget(table_);
    splitter_->addWidget(chart_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 2);
    splitter_->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(createToolBar());
    layout->addWidget(createProgressRow());
    layout->addWidget(splitter_, 1);
    updateActions();
    updateSummary();
}

TimelinePanel::~TimelinePanel() = default;

// ---- construction ----

void TimelinePanel::createActions() {
    firstAction_ = makeAction(this, QStringLiteral("go-first"), QStyle::SP_MediaSkipBackward,
                              tr("First Step"), QKeySequence(Qt::ALT | Qt::Key_Home));
    previousAction_ = makeAction(this, QStringLiteral("go-previous"), QStyle::SP_MediaSeekBackward,
                                 tr("Previous Step"), QKeySequence(Qt::ALT | Qt::Key_Left));
    nextAction_ = makeAction(this, QStringLiteral("go-next"), QStyle::SP_MediaSeekForward, tr("Next Step"),
                             QKeySequence(Qt::ALT | Qt::Key_Right));
    lastAction_ = makeAction(this, QStringLiteral("go-last"), QStyle::SP_MediaSkipForward, tr("Last Step"),
                             QKeySequence(Qt::ALT | Qt::Key_End));
    firstAction_->setObjectName(QStringLiteral("timelineFirst"));
    previousAction_->setObjectName(QStringLiteral("timelinePrevious"));
    nextAction_->setObjectName(QStringLiteral("timelineNext"));
    lastAction_->setObjectName(QStringLiteral("timelineLast"));
    connect(firstAction_, &QAction::triggered, this, [this] { goToVisibleRow(0); });
    connect(previousAction_, &QAction::triggered, this, [this] { goToVisibleRow(currentVisibleRow() - 1); });
    connect(nextAction_, &QAction::triggered, this, [this] { goToVisibleRow(currentVisibleRow() + 1); });
    connect(lastAction_, &QAction::triggered, this, [this] { goToVisibleRow(filter_->rowCount() - 1); });
}

QToolBar* TimelinePanel::createToolBar() {
    auto* bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("timelineToolBar"));
    bar->setIconSize(QSize(16, 16));
    bar->addAction(firstAction_);
    bar->addAction(previousAction_);
    bar->addAction(nextAction_);
    bar->addAction(lastAction_);
    bar->addSeparator();
    hideUnchangedBox_ = new QCheckBox(tr("Hide passes that changed nothing"), bar);
    hideUnchangedBox_->setObjectName(QStringLiteral("hideUnchanged"));
    hideUnchangedBox_->setToolTip(
        tr("Show only the pass runs that changed the graph, so that stepping goes "
           "from one change to the next."));
    connect(hideUnchangedBox_, &QCheckBox::toggled, this,
            [this](bool hide) { applyHideUnchanged(hide, true); });
    bar->addWidget(hideUnchangedBox_);
    auto* spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    summary_ = new QLabel(bar);
    summary_->setObjectName(QStringLiteral("timelineSummary"));
    summary_->setForegroundRole(QPalette::PlaceholderText);
    bar->addWidget(summary_);
    return bar;
}

QWidget* TimelinePanel::createProgressRow() {
    progressRow_ = new QWidget(this);
    progressRow_->setObjectName(QStringLiteral("timelineProgress"));
    auto* row = new QHBoxLayout(progressRow_);
    row->setContentsMargins(4, 0, 4, 0);
    progress_ = new QProgressBar(progressRow_);
    progress_->setRange(0, 0);  // the number of pass runs is only known at the end (fixed points)
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(120);
    row->addWidget(progress_);
    progressLabel_ = new QLabel(progressRow_);
    progressLabel_->setTextFormat(Qt::PlainText);
    row->addWidget(progressLabel_, 1);
    cancelButton_ = new QPushButton(tr("Cancel"), progressRow_);
    cancelButton_->setObjectName(QStringLiteral("timelineCancel"));
    cancelButton_->setToolTip(tr("Stop the pipeline; the timeline keeps the last finished run"));
    connect(cancelButton_, &QPushButton::clicked, this, &TimelinePanel::cancelRequested);
    row->addWidget(cancelButton_);
    progressRow_->hide();
    return progressRow_;
}

void TimelinePanel::createTable() {
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("timelineTable"));
    table_->setModel(filter_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(false);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->horizontalHeader()->setSectionResizeMode(TimelineModel::PassColumn, QHeaderView::Stretch);
    table_->setFrameShape(QFrame::NoFrame);
    table_->setColumnHidden(TimelineModel::DivergenceColumn, true);  // until a bisection has run
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &TimelinePanel::onCurrentRowChanged);
}

// ---- result and position ----

void TimelinePanel::setResult(std::shared_ptr<const PipelineResult> result) {
    result_ = std::move(result);
    syncing_ = true;
    model_->setResult(result_);
    syncing_ = false;
    chart_->setResult(result_);
    table_->setColumnHidden(TimelineModel::DivergenceColumn, true);
    for (int c = 0; c < TimelineModel::ColumnCount; ++c)
        if (c != TimelineModel::PassColumn) table_->resizeColumnToContents(c);
    position_ = 0;
    goTo(model_->stepCount(), false);
    updateSummary();
}

void TimelinePanel::setDivergence(DivergenceMarks marks) {
    const std::optional<size_t> first = marks.first;
    model_->setDivergence(std::move(marks));
    table_->setColumnHidden(TimelineModel::DivergenceColumn, false);
    table_->resizeColumnToContents(TimelineModel::DivergenceColumn);
    if (!first) return;
    const QModelIndex row = filter_->mapFromSource(
        model_->index(model_->rowForPosition(*first), TimelineModel::DivergenceColumn));
    if (row.isValid()) table_->scrollTo(row);
}

const PipelineResult* TimelinePanel::result() const {
    return result_.get();
}

void TimelinePanel::setPosition(size_t position) {
    goTo(position, false);
}

int TimelinePanel::visibleRowAtOrBefore(size_t position) const {
    for (int row = model_->rowForPosition(position); row >= 0; --row) {
        const QModelIndex proxy = filter_->mapFromSource(model_->index(row, 0));
        if (proxy.isValid()) return proxy.row();
    }
    return -1;
}

int TimelinePanel::currentVisibleRow() const {
    const QModelIndex current = table_->currentIndex();
    return current.isValid() ? current.row() : visibleRowAtOrBefore(position_);
}

void TimelinePanel::goTo(size_t position, bool notify) {
    const int proxyRow = visibleRowAtOrBefore(position);
    if (proxyRow < 0) {  // nothing shown
        position_ = 0;
        updateActions();
        return;
    }
    const QModelIndex index = filter_->index(proxyRow, TimelineModel::PassColumn);
    const size_t shown = model_->positionForRow(filter_->mapToSource(index).row());
    syncing_ = true;
    table_->setCurrentIndex(index);
    table_->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    syncing_ = false;
    table_->scrollTo(index);
    const bool changed = shown != position_;
    position_ = shown;
    chart_->setPosition(shown);
    updateActions();
    if (notify && changed) emit positionSelected(shown);
}

void TimelinePanel::goToVisibleRow(int proxyRow) {
    if (proxyRow < 0 || proxyRow >= filter_->rowCount()) return;
    goTo(model_->positionForRow(filter_->mapToSource(filter_->index(proxyRow, 0)).row()), true);
}

void TimelinePanel::onCurrentRowChanged(const QModelIndex& current) {
    if (syncing_ || !current.isValid()) return;
    goTo(model_->positionForRow(filter_->mapToSource(current).row()), true);
}

bool TimelinePanel::hidesUnchanged() const {
    return filter_->hidesUnchanged();
}

void TimelinePanel::setHideUnchanged(bool hide) {
    const QSignalBlocker blocker(hideUnchangedBox_);
    hideUnchangedBox_->setChecked(hide);
    applyHideUnchanged(hide, false);
}

void TimelinePanel::applyHideUnchanged(bool hide, bool notify) {
    if (hide == filter_->hidesUnchanged()) return;
    syncing_ = true;  // the filter moves the current row; the position is settled below
    filter_->setHideUnchanged(hide);
    syncing_ = false;
    const size_t before = position_;
    goTo(before, false);
    if (notify && position_ != before) emit positionSelected(position_);
    updateSummary();
    emit hideUnchangedChanged(hide);
}

void TimelinePanel::updateActions() {
    const int row = filter_->rowCount() ? currentVisibleRow() : -1;
    const int last = filter_->rowCount() - 1;
    firstAction_->setEnabled(row > 0);
    previousAction_->setEnabled(row > 0);
    nextAction_->setEnabled(row >= 0 && row < last);
    lastAction_->setEnabled(row >= 0 && row < last);
}

void TimelinePanel::updateSummary() {
    if (!result_) {
        summary_->setText(tr("No pipeline run"));
        return;
    }
    int changed = 0;
    for (const JournalStep& s : result_->journal.steps()) changed += s.changed ? 1 : 0;
    summary_->setText(
        tr("%n pass run(s), %1 changed the graph", nullptr, static_cast<int>(model_->stepCount()))
            .arg(changed));
}

// ---- progress ----

void TimelinePanel::showRunning(int stepsDone, const QString& pass) {
    progressLabel_->setText(
        pass.isEmpty()
            ? tr("Running the pipeline…")
            : tr("Running the pipeline: %n pass run(s) done, last %1", nullptr, stepsDone).arg(pass));
    progressRow_->show();
}

void TimelinePanel::showIdle() {
    progressRow_->hide();
}

bool TimelinePanel::isShowingProgress() const {
    return !progressRow_->isHidden();
}

}  // namespace passscope::views
