// RNN, GRU and LSTM (ONNX operators.md, opsets 1 to 22) with every attribute of the spec:
// direction (forward, reverse, bidirectional), activations with activation_alpha/beta, clip,
// hidden_size, layout (0: X [seq, batch, input]; 1: X [batch, seq, input], opset 14), and the
// optional inputs B, sequence_lens, initial_h, initial_c and P (LSTM peepholes), input_forget
// (LSTM), linear_before_reset (GRU), and the optional outputs Y, Y_h, Y_c.
//
// Gate order in W, R and B is the spec's: LSTM i, o, f, c (P: i, o, f); GRU z, r, h. Each batch
// row runs its own sequence_lens[b] steps (backwards from its last valid step in the reverse
// direction); Y is zero past a row's length and Y_h/Y_c hold the state after its last step, as
// ONNX Runtime does. clip bounds each gate's input to its activation (not the cell state fed to
// LSTM's h, as in ONNX Runtime). input_forget couples the gates as f = 1 - i. Computes in
// double (Eigen) and rounds each output once to X's type.
#include <Eigen/Dense>
#include <algorithm>
#include <cctype>
#include <cmath>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using red::required;
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;

enum class Cell { Rnn, Gru, Lstm };

int64_t gateCount(Cell cell) {
    return cell == Cell::Rnn ? 1 : cell == Cell::Gru ? 3 : 4;
}

// Activation functions per direction: RNN f; GRU f, g; LSTM f, g, h.
size_t activationCount(Cell cell) {
    return cell == Cell::Rnn ? 1 : cell == Cell::Gru ? 2 : 3;
}

struct Activation {
    std::string name;  // lower case
    double alpha = 0, beta = 0;

    double operator()(double x) const {
        if (name == "sigmoid") return 1.0 / (1.0 + std::exp(-x));
        if (name == "tanh") return std::tanh(x);
        if (name == "relu") return std::max(0.0, x);
        if (name == "affine") return alpha * x + beta;
        if (name == "leakyrelu") return x >= 0 ? x : alpha * x;
        if (name == "thresholdedrelu") return x > alpha ? x : 0.0;
        if (name == "scaledtanh") return alpha * std::tanh(beta * x);
        if (name == "hardsigmoid") return std::clamp(alpha * x + beta, 0.0, 1.0);
        if (name == "elu") return x >= 0 ? x : alpha * (std::exp(x) - 1.0);
        if (name == "softsign") return x / (1.0 + std::abs(x));
        return std::log1p(std::exp(x));  // softplus
    }
    Vector operator()(const Vector& v) const {
        return v.unaryExpr([this](double x) { return (*this)(x); });
    }
};

// How many of activation_alpha / activation_beta an activation takes, and its defaults when the
// lists run out (ONNX Runtime's rnn_helpers: the lists are consumed in order by the activations
// that take them).
Activation makeActivation(std::string name, const std::vector<double>& alphas, size_t& ai,
                          const std::vector<double>& betas, size_t& bi) {
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    struct Params {
        const char* name;
        int count;
        double alpha, beta;
    };
    static const Params kParams[] = {
        {"sigmoid", 0, 0, 0},        {"tanh", 0, 0, 0},
        {"relu", 0, 0, 0},           {"softsign", 0, 0, 0},
        {"softplus", 0, 0, 0},       {"affine", 2, 1.0, 0.0},
        {"leakyrelu", 1, 0.01, 0},   {"thresholdedrelu", 1, 1.0, 0},
        {"scaledtanh", 2, 1.0, 1.0}, {"hardsigmoid", 2, 0.2, 0.5},
        {"elu", 1, 1.0, 0},
    };
    for (const Params& p : kParams) {
        if (name != p.name) continue;
        Activation a{name, p.alpha, p.beta};
        if (p.count >= 1 && ai < alphas.size()) a.alpha = alphas[ai++];
        if (p.count >= 2 && bi < betas.size()) a.beta = betas[bi++];
        return a;
    }
    throw KernelError("unknown activation " + name);
}

// Everything the three cells share: shapes, attributes, inputs in layout 0, and the outputs.
struct Recurrence {
    Cell cell;
    int64_t seq = 0, batch = 0, inputSize = 0, hidden = 0, dirs = 1;
    bool batchMajor = false;  // layout 1
    std::string direction;
    double clip = 0;                      // 0: none
    std::vector<Activation> activations;  // activationCount per direction, forward first
    std::vector<double> x, w, r, b, h0, c0, p;
    std::vector<int64_t> lengths;
    // Results in layout 0: Y [seq, dirs, batch, hidden], Y_h and Y_c [dirs, batch, hidden].
    std::vector<double> y, yh, yc;

    int64_t gates() const { return gateCount(cell); }
    double clipped(double v) const { return clip > 0 ? std::clamp(v, -clip, clip) : v; }
    Vector clipped(const Vector& v) const { return clip > 0 ? Vector(v.cwiseMax(-clip).cwiseMin(clip)) : v; }
    const Activation& act(int64_t dir, size_t k) const {
        return activations[static_cast<size_t>(dir) * activationCount(cell) + k];
    }
};

// A [dirs, batch, hidden] state input (layout 1: [batch, dirs, hidden]) in layout 0, or zeros.
std::vector<double> stateInput(const KernelContext& ctx, size_t i, const Recurrence& rc) {
    const size_t n = static_cast<size_t>(rc.dirs * rc.batch * rc.hidden);
    if (!ctx.hasInput(i)) return std::vector<double>(n, 0.0);
    const Tensor& t = ctx.input(i);
    const std::vector<int64_t> expect = rc.batchMajor ? std::vector<int64_t>{rc.batch, rc.dirs, rc.hidden}
                                                      : std::vector<int64_t>{rc.dirs, rc.batch, rc.hidden};
    if (t.dims() != expect) throw KernelError("initial state has the wrong shape");
    auto v = toDoubles(t);
    if (!rc.batchMajor) return v;
    std::vector<double> out(n);
    for (int64_t b = 0; b < rc.batch; ++b)
        for (int64_t d = 0; d < rc.dirs; ++d)
            for (int64_t k = 0; k < rc.hidden; ++k)
                out[static_cast<size_t>((d * rc.batch + b) * rc.hidden + k)] =
                    v[static_cast<size_t>((b * rc.dirs + d) * rc.hidden + k)];
    return out;
}

void readActivations(const KernelContext& ctx, Recurrence& rc) {
    static const std::vector<std::string> kDefaults[] = {
        {"Tanh"}, {"Sigmoid", "Tanh"}, {"Sigmoid", "Tanh", "Tanh"}};
    const size_t per = activationCount(rc.cell);
    std::vector<std::string> names = ctx.attrStrings("activations");
    if (names.empty()) names = kDefaults[per - 1];
    if (names.size() == per && rc.dirs == 2) {
        auto copy = names;
        names.insert(names.end(), copy.begin(), copy.end());
    }
    if (names.size() != per * static_cast<size_t>(rc.dirs))
        throw KernelError("activations must list " + std::to_string(per) + " functions per direction");
    const auto alphas = ctx.attrFloats("activation_alpha");
    const auto betas = ctx.attrFloats("activation_beta");
    size_t ai = 0, bi = 0;
    for (const std::string& n : names) rc.activations.push_back(makeActivation(n, alphas, ai, betas, bi));
}

Recurrence readRecurrence(const KernelContext& ctx, Cell cell) {
    Recurrence rc;
    rc.cell = cell;
    const Tensor& x = required(ctx, 0);
    const Tensor& w = required(ctx, 1);
    const Tensor& r = required(ctx, 2);
    requireFloat(x);
    if (w.dtype() != x.dtype() || r.dtype() != x.dtype()) throw KernelError("W and R must have X's type");
    rc.direction = ctx.attrString("direction", "forward");
    if (rc.direction != "forward" && rc.direction != "reverse" && rc.direction != "bidirectional")
        throw KernelError("unknown direction " + rc.direction);
    rc.dirs = rc.direction == "bidirectional" ? 2 : 1;
    rc.batchMajor = ctx.opset() >= 14 && ctx.attrInt("layout", 0) != 0;
    if (x.dims().size() != 3 || w.dims().size() != 3 || r.dims().size() != 3)
        throw KernelError("X, W and R must have rank 3");
    rc.seq = x.dims()[rc.batchMajor ? 1 : 0];
    rc.batch = x.dims()[rc.batchMajor ? 0 : 1];
    rc.inputSize = x.dims()[2];
    rc.hidden = ctx.attrInt("hidden_size", r.dims()[2]);
    if (rc.hidden < 0 || rc.hidden > red::kMaxExtent) throw KernelError("hidden_size out of range");
    const int64_t gh = rc.gates() * rc.hidden;
    if (w.dims() != std::vector<int64_t>{rc.dirs, gh, rc.inputSize} ||
        r.dims() != std::vector<int64_t>{rc.dirs, gh, rc.hidden})
        throw KernelError("W or R has the wrong shape for hidden_size " + std::to_string(rc.hidden));
    red::checkBuildable({rc.seq, rc.dirs, rc.batch, rc.hidden});
    rc.clip = ctx.hasAttr("clip") ? ctx.attrFloat("clip", 0) : 0;
    readActivations(ctx, rc);

    auto xv = toDoubles(x);
    if (rc.batchMajor) {  // to [seq, batch, input]
        rc.x.resize(xv.size());
        for (int64_t b = 0; b < rc.batch; ++b)
            for (int64_t t = 0; t < rc.seq; ++t)
                std::copy_n(xv.begin() + (b * rc.seq + t) * rc.inputSize, rc.inputSize,
                            rc.x.begin() + (t * rc.batch + b) * rc.inputSize);
    } else {
        rc.x = std::move(xv);
    }
    rc.w = toDoubles(w);
    rc.r = toDoubles(r);
    rc.b.assign(static_cast<size_t>(rc.dirs * 2 * gh), 0.0);
    if (ctx.hasInput(3)) {
        if (ctx.input(3).dims() != std::vector<int64_t>{rc.dirs, 2 * gh})
            throw KernelError("B has the wrong shape");
        rc.b = toDoubles(ctx.input(3));
    }
    rc.lengths.assign(static_cast<size_t>(rc.batch), rc.seq);
    if (ctx.hasInput(4)) {
        rc.lengths = toInt64s(ctx.input(4));
        if (static_cast<int64_t>(rc.lengths.size()) != rc.batch)
            throw KernelError("sequence_lens must be [batch]");
        for (int64_t len : rc.lengths)
            if (len < 0 || len > rc.seq) throw KernelError("sequence_lens out of range");
    }
    rc.h0 = stateInput(ctx, 5, rc);
    if (cell == Cell::Lstm) {
        rc.c0 = stateInput(ctx, 6, rc);
        rc.p.assign(static_cast<size_t>(rc.dirs * 3 * rc.hidden), 0.0);
        if (ctx.hasInput(7)) {
            if (ctx.input(7).dims() != std::vector<int64_t>{rc.dirs, 3 * rc.hidden})
                throw KernelError("P has the wrong shape");
            rc.p = toDoubles(ctx.input(7));
        }
    }
    return rc;
}

// The weights of one direction.
struct DirectionWeights {
    Matrix w, r;          // [gates*hidden, input], [gates*hidden, hidden]
    Vector wb, rb, peep;  // [gates*hidden] x2, LSTM [3*hidden]
};

DirectionWeights weightsOf(const Recurrence& rc, int64_t d) {
    const int64_t gh = rc.gates() * rc.hidden;
    DirectionWeights dw;
    dw.w = Eigen::Map<const Matrix>(rc.w.data() + d * gh * rc.inputSize, gh, rc.inputSize);
    dw.r = Eigen::Map<const Matrix>(rc.r.data() + d * gh * rc.hidden, gh, rc.hidden);
    dw.wb = Eigen::Map<const Vector>(rc.b.data() + d * 2 * gh, gh);
    dw.rb = Eigen::Map<const Vector>(rc.b.data() + d * 2 * gh + gh, gh);
    if (rc.cell == Cell::Lstm)
        dw.peep = Eigen::Map<const Vector>(rc.p.data() + d * 3 * rc.hidden, 3 * rc.hidden);
    return dw;
}

// One time step: xw = W x_t + Wb; updates h (and c for LSTM).
void step(const Recurrence& rc, const DirectionWeights& dw, int64_t d, bool inputForget,
          bool linearBeforeReset, const Vector& xw, Vector& h, Vector& c) {
    const int64_t H = rc.hidden;
    if (rc.cell == Cell::Rnn) {
        h = rc.act(d, 0)(rc.clipped(Vector(xw + dw.r * h + dw.rb)));
        return;
    }
    if (rc.cell == Cell::Gru) {
        const Vector zr = xw.head(2 * H) + dw.r.topRows(2 * H) * h + dw.rb.head(2 * H);
        const Vector z = rc.act(d, 0)(rc.clipped(Vector(zr.head(H))));
        const Vector rg = rc.act(d, 0)(rc.clipped(Vector(zr.tail(H))));
        const auto rh = dw.r.bottomRows(H);
        Vector pre;
        if (linearBeforeReset)
            pre = xw.tail(H) + rg.cwiseProduct(rh * h + dw.rb.tail(H));
        else
            pre = xw.tail(H) + rh * rg.cwiseProduct(h) + dw.rb.tail(H);
        const Vector hh = rc.act(d, 1)(rc.clipped(pre));
        h = (Vector::Ones(H) - z).cwiseProduct(hh) + z.cwiseProduct(h);
        return;
    }
    const Vector g = xw + dw.r * h + dw.rb;  // i, o, f, c
    const Vector i =
        rc.act(d, 0)(rc.clipped(Vector(g.segment(0, H) + dw.peep.segment(0, H).cwiseProduct(c))));
    const Vector f = inputForget ? Vector(Vector::Ones(H) - i)
                                 : rc.act(d, 0)(rc.clipped(Vector(
                                       g.segment(2 * H, H) + dw.peep.segment(2 * H, H).cwiseProduct(c))));
    const Vector cc = rc.act(d, 1)(rc.clipped(Vector(g.segment(3 * H, H))));
    c = f.cwiseProduct(c) + i.cwiseProduct(cc);
    const Vector o =
        rc.act(d, 0)(rc.clipped(Vector(g.segment(H, H) + dw.peep.segment(H, H).cwiseProduct(c))));
    h = o.cwiseProduct(rc.act(d, 2)(c));
}

void run(Recurrence& rc, bool inputForget, bool linearBeforeReset) {
    const int64_t H = rc.hidden, B = rc.batch;
    rc.y.assign(static_cast<size_t>(rc.seq * rc.dirs * B * H), 0.0);
    rc.yh.assign(static_cast<size_t>(rc.dirs * B * H), 0.0);
    rc.yc = rc.yh;
    for (int64_t d = 0; d < rc.dirs; ++d) {
        const DirectionWeights dw = weightsOf(rc, d);
        const bool reverse = rc.direction == "reverse" || d == 1;
        for (int64_t b = 0; b < B; ++b) {
            const int64_t len = rc.lengths[static_cast<size_t>(b)];
            // W x_t + Wb for every step of this row at once.
            Matrix xb(len, rc.inputSize);
            for (int64_t t = 0; t < len; ++t)
                xb.row(t) = Eigen::Map<const Eigen::RowVectorXd>(rc.x.data() + (t * B + b) * rc.inputSize,
                                                                 rc.inputSize);
            const Matrix xw = (xb * dw.w.transpose()).rowwise() + dw.wb.transpose();
            const size_t stateAt = static_cast<size_t>((d * B + b) * H);
            Vector h = Eigen::Map<const Vector>(rc.h0.data() + stateAt, H);
            Vector c = rc.cell == Cell::Lstm ? Vector(Eigen::Map<const Vector>(rc.c0.data() + stateAt, H))
                                             : Vector::Zero(H);
            for (int64_t s = 0; s < len; ++s) {
                const int64_t t = reverse ? len - 1 - s : s;
                step(rc, dw, d, inputForget, linearBeforeReset, xw.row(t).transpose(), h, c);
                Eigen::Map<Vector>(rc.y.data() + ((t * rc.dirs + d) * B + b) * H, H) = h;
            }
            Eigen::Map<Vector>(rc.yh.data() + stateAt, H) = h;
            Eigen::Map<Vector>(rc.yc.data() + stateAt, H) = c;
        }
    }
}

// Y_h / Y_c from [dirs, batch, hidden] to the layout's shape.
Tensor stateOutput(const Recurrence& rc, DataType dt, const std::vector<double>& v) {
    if (!rc.batchMajor) return fromDoubles(dt, {rc.dirs, rc.batch, rc.hidden}, v);
    std::vector<double> out(v.size());
    for (int64_t d = 0; d < rc.dirs; ++d)
        for (int64_t b = 0; b < rc.batch; ++b)
            std::copy_n(v.begin() + (d * rc.batch + b) * rc.hidden, rc.hidden,
                        out.begin() + (b * rc.dirs + d) * rc.hidden);
    return fromDoubles(dt, {rc.batch, rc.dirs, rc.hidden}, out);
}

Tensor sequenceOutput(const Recurrence& rc, DataType dt) {
    if (!rc.batchMajor) return fromDoubles(dt, {rc.seq, rc.dirs, rc.batch, rc.hidden}, rc.y);
    std::vector<double> out(rc.y.size());  // [batch, seq, dirs, hidden]
    for (int64_t t = 0; t < rc.seq; ++t)
        for (int64_t d = 0; d < rc.dirs; ++d)
            for (int64_t b = 0; b < rc.batch; ++b)
                std::copy_n(rc.y.begin() + ((t * rc.dirs + d) * rc.batch + b) * rc.hidden, rc.hidden,
                            out.begin() + ((b * rc.seq + t) * rc.dirs + d) * rc.hidden);
    return fromDoubles(dt, {rc.batch, rc.seq, rc.dirs, rc.hidden}, out);
}

KernelResult recurrent(const KernelContext& ctx, Cell cell) {
    Recurrence rc = readRecurrence(ctx, cell);
    const bool inputForget = cell == Cell::Lstm && ctx.attrInt("input_forget", 0) != 0;
    const bool linearBeforeReset = cell == Cell::Gru && ctx.attrInt("linear_before_reset", 0) != 0;
    run(rc, inputForget, linearBeforeReset);
    const DataType dt = ctx.input(0).dtype();
    std::vector<Tensor> outs;
    for (size_t i = 0; i < ctx.outputCount(); ++i) {
        if (i == 0)
            outs.push_back(sequenceOutput(rc, dt));
        else if (i == 1)
            outs.push_back(stateOutput(rc, dt, rc.yh));
        else if (i == 2 && cell == Cell::Lstm)
            outs.push_back(stateOutput(rc, dt, rc.yc));
        else
            throw KernelError("too many outputs");
    }
    return KernelResult::ok(std::move(outs));
}

KernelResult rnn(const KernelContext& ctx) {
    return recurrent(ctx, Cell::Rnn);
}
KernelResult gru(const KernelContext& ctx) {
    return recurrent(ctx, Cell::Gru);
}
KernelResult lstm(const KernelContext& ctx) {
    return recurrent(ctx, Cell::Lstm);
}

}  // namespace

void registerRecurrentKernels(KernelRegistry& r) {
    r.add("", "RNN", 1, 0, rnn);
    r.add("", "GRU", 1, 0, gru);
    r.add("", "LSTM", 1, 0, lstm);
}

}  // namespace passscope::kernels
