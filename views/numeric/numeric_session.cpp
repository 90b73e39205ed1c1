#include "numeric/numeric_session.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include "exec/verify.h"
#include "numeric/input_files.h"
#include "numeric/value_compare.h"
#include "util/diagnostics.h"

namespace passscope::views {
namespace {

struct NumericSessionText {
    Q_DECLARE_TR_FUNCTIONS(NumericSession)
};

QString failureText(const EvalFailure& f) {
    return NumericSessionText::tr("node “%1” (%2): %3")
        .arg(QString::fromStdString(f.nodeName), QString::fromStdString(f.opType),
             QString::fromStdString(f.reason));
}

const Tensor* sessionValueIn(const NodeValues* values, const ValueRef& r) {
    if (!values || !r.valid()) return nullptr;
    const auto it = values->find(r.node);
    return it == values->end() || r.output >= it->second.size() ? nullptr : &it->second[r.output];
}

ValueNumbers numbersOf(const numeric::ValueDistance& d, const NodeValues* original, const NodeValues* shown) {
    ValueNumbers v;
    v.output = d.value.output;
    v.name = QString::fromStdString(d.name);
    v.paired = d.original.valid();
    v.compared = d.compared;
    v.equal = d.comparison.equal;
    v.maxAbs = d.comparison.maxAbsDiff;
    v.maxRel = d.comparison.maxRelDiff;
    v.detail = QString::fromStdString(d.comparison.detail);
    v.level = numericLevel(v.paired, v.compared, v.equal, v.maxRel);
    // Statistics without a preview: the panel shows min, max and mean of both sides.
    if (const Tensor* t = v.paired ? sessionValueIn(original, d.original) : nullptr)
        v.original = tensorStats(*t, 0);
    if (const Tensor* t = sessionValueIn(shown, d.value)) v.shown = tensorStats(*t, 0);
    return v;
}

// Each row's numbers by node, each node's worst level, and the counts, into `values`/`levels`.
template <typename Numbers>
void collectNumbers(const std::vector<numeric::ValueDistance>& rows, const NodeValues* original,
                    const NodeValues* shown, Numbers& into) {
    auto levels = std::make_shared<NumericLevels>();
    for (const numeric::ValueDistance& d : rows) {
        ValueNumbers v = numbersOf(d, original, shown);
        into.compared += v.compared ? 1 : 0;
        into.differing += v.compared && !v.equal ? 1 : 0;
        auto [level, fresh] = levels->emplace(d.value.node, v.level);
        if (!fresh) level->second = worstLevel(level->second, v.level);
        into.values[d.value.node].push_back(std::move(v));
    }
    into.levels = std::move(levels);
    into.count = rows.size();
}

}  // namespace

NumericSession::NumericSession(std::shared_ptr<const PipelineResult> result,
                               std::map<std::string, std::filesystem::path> inputFiles)
    : result_(std::move(result)), inputFiles_(std::move(inputFiles)) {}
NumericSession::~NumericSession() = default;

void NumericSession::prepare() {
    if (evaluator_ || !inputsProblem_.isEmpty()) return;
    const Model& source = result_->source->model;
    try {
        numeric::EvaluationInputs inputs =
            numeric::evaluationInputsByName(*source.graph, inputFiles_, result_->options.inputShapes);
        dimsGuessed_ = !inputs.notes.empty();
        // The evaluator reads the opsets of `source`, which the result keeps alive with this session.
        evaluator_ = std::make_unique<numeric::StepEvaluator>(source, std::move(inputs.tensors),
                                                              VerifyOptions::kDefaultMaxTensorBytes);
    } catch (const ModelError& e) {
        inputsProblem_ = QString::fromUtf8(e.what());
        return;
    }
    original_ = std::make_unique<JournalCursor>(result_->journal, *result_->optimized.graph);
    original_->moveTo(0);
    cursor_ = std::make_unique<JournalCursor>(result_->journal, *result_->optimized.graph);
}

std::shared_ptr<const StepNumbers> NumericSession::measure(size_t position, const std::atomic<bool>& cancel) {
    std::lock_guard lock(mutex_);
    if (cancel) return nullptr;  // superseded while it waited for its turn
    QElapsedTimer clock;
    clock.start();
    prepare();
    if (!inputsProblem_.isEmpty()) {
        auto failed = std::make_shared<StepNumbers>();
        failed->position = position;
        failed->problem = inputsProblem_;
        return failed;
    }
    if (!reference_) {
        numeric::StepValues values = evaluator_->evaluate(original_->graph(), &cancel);
        if (values.cancelled) return nullptr;
        reference_ = std::move(values);
    }
    cursor_->moveTo(position);
    const numeric::StepValues shown = evaluator_->evaluate(cursor_->graph(), &cancel);
    if (shown.cancelled) return nullptr;
    std::shared_ptr<StepNumbers> numbers = numbersAt(position, shown);
    numbers->computed = shown.computed;
    numbers->reused = shown.reused;
    numbers->seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return numbers;
}

std::shared_ptr<StepNumbers> NumericSession::numbersAt(size_t position,
                                                       const numeric::StepValues& shown) const {
    auto numbers = std::make_shared<StepNumbers>();
    numbers->position = position;
    const auto rows = numeric::compareWithOriginal(original_->graph(), *reference_, cursor_->graph(), shown,
                                                   tolerance_.rtol, tolerance_.atol);
    collectNumbers(rows, &reference_->values, &shown.values, *numbers);
    for (const numeric::BodyDistances& body : numeric::compareBodiesWithOriginal(
             original_->graph(), *reference_, cursor_->graph(), shown, tolerance_.rtol, tolerance_.atol))
        collectNumbers(body.rows, reference_->of(body.path), shown.of(body.path), numbers->bodies[body.path]);
    // A failure leaves the values after it uncomputed: those before are still compared.
    if (reference_->failure)
        numbers->problem =
            NumericSessionText::tr("the original graph at %1").arg(failureText(*reference_->failure));
    else if (shown.failure)
        numbers->problem = failureText(*shown.failure);
    // Symbolic dims of 1 are the usual reason a convolutional model cannot be evaluated.
    if (!numbers->problem.isEmpty() && dimsGuessed_)
        numbers->problem = NumericSessionText::tr(
                               "%1 (symbolic input dimensions were set to 1: pin them in Pipeline ▸ Options)")
                               .arg(numbers->problem);
    return numbers;
}

numeric::BisectResult NumericSession::bisect(const std::atomic<bool>& cancel,
                                             std::atomic<size_t>& evaluating) {
    std::lock_guard lock(mutex_);
    prepare();
    if (!inputsProblem_.isEmpty()) {
        numeric::BisectResult failed;
        failed.problem = inputsProblem_.toStdString();
        return failed;
    }
    numeric::BisectOptions options = tolerance_;
    options.cancel = &cancel;
    options.evaluating = [&evaluating](size_t position) { evaluating = position; };
    numeric::BisectResult r =
        numeric::bisectJournal(result_->journal, *result_->optimized.graph, *evaluator_, options);
    if (!r.problem.empty() && dimsGuessed_)
        r.problem = NumericSessionText::tr(
                        "%1 (symbolic input dimensions were set to 1: pin them in Pipeline ▸ Options)")
                        .arg(QString::fromStdString(r.problem))
                        .toStdString();
    return r;
}

}  // namespace passscope::views
