#include "numeric/numeric_controller.h"

#include <QThreadPool>
#include <QTimer>

#include "numeric/numeric_session.h"

namespace passscope::views {
namespace {

// One thread for numeric work: jobs take turns on a run's session anyway, and on Qt's global pool
// a long evaluation (and a job queued behind it) would hold the threads model loading and the
// pipeline runner need. Destroyed at exit after the running job, which the controller has
// cancelled, returns.
struct NumericPool : QThreadPool {
    NumericPool() {
        setMaxThreadCount(1);
        setObjectName(QStringLiteral("passscope-numeric"));
    }
};
Q_GLOBAL_STATIC(NumericPool, theNumericPool)

QString differenceText(double v) {
    return QString::number(v, 'g', 4);
}

BisectFinding findingOf(const numeric::BisectResult& r) {
    BisectFinding f;
    f.problem = QString::fromStdString(r.problem);
    if (r.first) {
        f.first = r.first->step;
        f.pass = QString::fromStdString(r.first->pass);
        f.stage = QString::fromStdString(r.first->stage);
        for (const numeric::OutputDivergence& o : r.first->outputs)
            if (!o.equal)
                f.outputs << NumericController::tr("%1: max |diff| %2, max rel. diff %3")
                                 .arg(QString::fromStdString(o.name), differenceText(o.maxAbs),
                                      differenceText(o.maxRel));
    }
    // Bisection keeps a position whose outputs match below one whose outputs differ, so every
    // position it evaluated below the first divergent run matched, and every other one differed
    // (docs/bisect.md §2).
    for (size_t p : r.evaluated)
        if (r.problem.empty()) f.verdicts[p] = f.first && p >= *f.first;
    return f;
}

}  // namespace

NumericController::NumericController(QObject* parent)
    : QObject(parent),
      bisectAt_(std::make_shared<std::atomic<size_t>>(0)),
      progressTimer_(new QTimer(this)),
      numbersJob_(this, theNumericPool()),
      bisectJob_(this, theNumericPool()) {
    progressTimer_->setInterval(100);
    connect(progressTimer_, &QTimer::timeout, this, [this] { emit bisectProgress(bisectAt_->load()); });
}

NumericController::~NumericController() = default;

void NumericController::setResult(std::shared_ptr<const PipelineResult> result) {
    numbersJob_.abandon();
    bisectJob_.abandon();
    progressTimer_->stop();
    result_ = std::move(result);
    session_.reset();
    cache_.clear();
    finding_.reset();
}

void NumericController::setInputFiles(std::map<std::string, std::filesystem::path> files) {
    setResult(result_);  // the same run, measured again on other inputs
    inputFiles_ = std::move(files);
}

std::shared_ptr<NumericSession> NumericController::session() {
    if (!session_ && result_ && result_->source)
        session_ = std::make_shared<NumericSession>(result_, inputFiles_);
    return session_;
}

std::shared_ptr<const StepNumbers> NumericController::numbersAt(size_t position) const {
    const auto it = cache_.find(position);
    return it == cache_.end() ? nullptr : it->second;
}

std::shared_ptr<const StepNumbers> NumericController::request(size_t position) {
    if (auto known = numbersAt(position)) return known;
    if (numbersJob_.isBusy() && computing_ == position) return nullptr;  // under way already
    std::shared_ptr<NumericSession> s = session();
    if (!s) return nullptr;
    computing_ = position;
    numbersJob_.start(
        [s, position](const std::atomic<bool>& cancel) {
            NumbersOutcome out;
            out.error = errorOf([&] { out.numbers = s->measure(position, cancel); },
                                tr("Not enough memory to evaluate the graph."),
                                tr("Unknown error while evaluating the graph."));
            return out;
        },
        [this, position](const NumbersOutcome& outcome, bool) { deliverNumbers(position, outcome); });
    return nullptr;
}

void NumericController::deliverNumbers(size_t position, const NumbersOutcome& outcome) {
    std::shared_ptr<const StepNumbers> numbers = outcome.numbers;
    if (!numbers && !outcome.error.isEmpty()) {  // out of memory: said like any other problem
        auto failed = std::make_shared<StepNumbers>();
        failed->position = position;
        failed->problem = outcome.error;
        numbers = failed;
    }
    if (!numbers) return;  // cancelled: nothing is known of this step
    cache_[position] = numbers;
    emit numbersReady(position);
}

void NumericController::cancelNumbers() {
    numbersJob_.abandon();
}

void NumericController::findFirstDivergent() {
    if (finding_) {
        emit bisectFinished();
        return;
    }
    if (bisectJob_.isBusy()) return;
    std::shared_ptr<NumericSession> s = session();
    if (!s) return;
    auto at = bisectAt_;
    *at = 0;
    bisectJob_.start(
        [s, at](const std::atomic<bool>& cancel) {
            BisectOutcome out;
            out.error = errorOf(
                [&] {
                    const numeric::BisectResult r = s->bisect(cancel, *at);
                    if (!r.cancelled) out.finding = findingOf(r);
                },
                tr("Not enough memory to evaluate the graph."),
                tr("Unknown error while evaluating the graph."));
            return out;
        },
        [this](const BisectOutcome& outcome, bool stopped) { deliverBisect(outcome, stopped); });
    progressTimer_->start();
    emit bisectStarted();
}

void NumericController::cancelBisect() {
    bisectJob_.stop();  // its outcome arrives as cancelled
}

void NumericController::deliverBisect(const BisectOutcome& outcome, bool stopped) {
    progressTimer_->stop();
    if (!outcome.error.isEmpty()) {
        emit bisectFailed(outcome.error);
    } else if (stopped || !outcome.finding) {
        emit bisectCancelled();
    } else if (!outcome.finding->problem.isEmpty()) {
        emit bisectFailed(outcome.finding->problem);
    } else {
        finding_ = outcome.finding;
        emit bisectFinished();
    }
}

}  // namespace passscope::views
