// DFT and STFT (opset 17; DFT's axis an input from opset 20), and MelWeightMatrix (opset 17), as
// the ONNX specification and its reference tests define them (issue 36 item 2). A signal is a
// tensor whose last dimension holds one (real) or two (real, imaginary) components; transforms are
// computed in double by the definition, X[k] = sum_j x[j] e^(-2 pi i jk/n) (the inverse with
// +i and 1/n), with a table of the n roots of unity, and rounded once to the output type.
#include <cmath>
#include <complex>
#include <numbers>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using Complex = std::complex<double>;

// The length-`n` transform of `x` (zero-padded or cut to n), its first `keep` bins.
void transform(const std::vector<Complex>& x, size_t n, size_t keep, bool inverse,
               std::vector<Complex>& out) {
    std::vector<Complex> roots(n);
    for (size_t k = 0; k < n; ++k) {
        const double angle = 2 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(n);
        roots[k] = Complex(std::cos(angle), inverse ? std::sin(angle) : -std::sin(angle));
    }
    out.assign(keep, Complex());
    const size_t m = std::min(x.size(), n);
    for (size_t k = 0; k < keep; ++k) {
        Complex sum;
        for (size_t j = 0; j < m; ++j) sum += x[j] * roots[(j * k) % n];
        out[k] = inverse ? sum / static_cast<double>(n) : sum;
    }
}

// The signal's components (1 or 2) from its last dimension.
int64_t signalComponents(const Tensor& t, const char* what) {
    if (t.dims().size() < 2 || (t.dims().back() != 1 && t.dims().back() != 2))
        throw KernelError(std::string(what) + " must end in a dimension of 1 (real) or 2 (complex)");
    return t.dims().back();
}

Tensor spectrumTensor(DataType dtype, std::vector<int64_t> dims, const std::vector<double>& v) {
    return fromDoubles(dtype, dims, v);
}

KernelResult dft(const KernelContext& ctx) {
    const Tensor& x = red::required(ctx, 0);
    requireFloat(x);
    const int64_t components = signalComponents(x, "the DFT input");
    const int64_t rank = static_cast<int64_t>(x.dims().size());
    int64_t axis =
        ctx.opset() >= 20 ? (ctx.hasInput(2) ? scalarInt(ctx.input(2)) : -2) : ctx.attrInt("axis", 1);
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank - 1)
        throw KernelError("axis is out of range (the last dimension holds components)");
    const bool inverse = ctx.attrInt("inverse", 0) != 0;
    const bool onesided = ctx.attrInt("onesided", 0) != 0;
    if (onesided && components == 2) throw KernelError("onesided is for real input only");
    const int64_t length = x.dims()[static_cast<size_t>(axis)];
    const int64_t n = ctx.hasInput(1) ? scalarInt(ctx.input(1)) : length;
    if (n < 1) throw KernelError("dft_length must be positive");
    const int64_t keep = onesided ? n / 2 + 1 : n;
    std::vector<int64_t> dims = x.dims();
    dims[static_cast<size_t>(axis)] = keep;
    dims.back() = 2;
    red::checkBuildable(dims);
    const int64_t outer = product(x.dims(), 0, static_cast<size_t>(axis));
    const int64_t inner = product(x.dims(), static_cast<size_t>(axis) + 1, x.dims().size() - 1);
    const std::vector<double> in = toDoubles(x);
    std::vector<double> out(static_cast<size_t>(outer * keep * inner * 2));
    std::vector<Complex> signal(static_cast<size_t>(length)), spectrum;
    for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
            for (int64_t j = 0; j < length; ++j) {
                const size_t at = static_cast<size_t>(((o * length + j) * inner + i) * components);
                signal[static_cast<size_t>(j)] = Complex(in[at], components == 2 ? in[at + 1] : 0.0);
            }
            transform(signal, static_cast<size_t>(n), static_cast<size_t>(keep), inverse, spectrum);
            for (int64_t k = 0; k < keep; ++k) {
                const size_t at = static_cast<size_t>(((o * keep + k) * inner + i) * 2);
                out[at] = spectrum[static_cast<size_t>(k)].real();
                out[at + 1] = spectrum[static_cast<size_t>(k)].imag();
            }
        }
    return KernelResult::ok(spectrumTensor(x.dtype(), dims, out));
}

// STFT: frames of frame_length samples every frame_step, each times the window, transformed.
KernelResult stft(const KernelContext& ctx) {
    const Tensor& signal = red::required(ctx, 0);
    requireFloat(signal);
    const int64_t components = signalComponents(signal, "the STFT signal");
    if (signal.dims().size() != 3) throw KernelError("the STFT signal must be [batch, length, 1 or 2]");
    const int64_t step = scalarInt(red::required(ctx, 1));
    std::vector<double> window;
    if (ctx.hasInput(2)) window = toDoubles(ctx.input(2));
    int64_t frameLength = ctx.hasInput(3) ? scalarInt(ctx.input(3)) : static_cast<int64_t>(window.size());
    if (ctx.hasInput(2) && ctx.hasInput(3) && frameLength != static_cast<int64_t>(window.size()))
        throw KernelError("frame_length differs from the window's length");
    if (!ctx.hasInput(2) && !ctx.hasInput(3)) throw KernelError("STFT needs a window or a frame_length");
    const bool onesided = ctx.attrInt("onesided", 1) != 0;
    if (onesided && components == 2) throw KernelError("onesided is for real signals only");
    const int64_t batch = signal.dims()[0], length = signal.dims()[1];
    if (step < 1 || frameLength < 1 || frameLength > length)
        throw KernelError(
            "frame_step and frame_length must be positive, the frame no longer than the signal");
    const int64_t frames = (length - frameLength) / step + 1;
    const int64_t keep = onesided ? frameLength / 2 + 1 : frameLength;
    const std::vector<int64_t> dims{batch, frames, keep, 2};
    red::checkBuildable(dims);
    const std::vector<double> in = toDoubles(signal);
    std::vector<double> out(static_cast<size_t>(batch * frames * keep * 2));
    std::vector<Complex> frame(static_cast<size_t>(frameLength)), spectrum;
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t f = 0; f < frames; ++f) {
            for (int64_t j = 0; j < frameLength; ++j) {
                const size_t at = static_cast<size_t>((b * length + f * step + j) * components);
                const double w = window.empty() ? 1.0 : window[static_cast<size_t>(j)];
                frame[static_cast<size_t>(j)] = Complex(in[at], components == 2 ? in[at + 1] : 0.0) * w;
            }
            transform(frame, static_cast<size_t>(frameLength), static_cast<size_t>(keep), false, spectrum);
            for (int64_t k = 0; k < keep; ++k) {
                const size_t at = static_cast<size_t>(((b * frames + f) * keep + k) * 2);
                out[at] = spectrum[static_cast<size_t>(k)].real();
                out[at + 1] = spectrum[static_cast<size_t>(k)].imag();
            }
        }
    return KernelResult::ok(spectrumTensor(signal.dtype(), dims, out));
}

// MelWeightMatrix: [dft_length / 2 + 1, num_mel_bins] triangular filters between the edges, on
// the mel scale 2595 log10(1 + f / 700). As the specification's reference (and ONNX Runtime): the
// mel range is cut in num_mel_bins + 2 steps, and each edge's bin is floor((dft_length + 1) * hz /
// sample_rate).
KernelResult melWeightMatrix(const KernelContext& ctx) {
    const int64_t bins = scalarInt(red::required(ctx, 0));
    const int64_t dftLength = scalarInt(red::required(ctx, 1));
    const int64_t sampleRate = scalarInt(red::required(ctx, 2));
    const double lower = scalarDouble(red::required(ctx, 3));
    const double upper = scalarDouble(red::required(ctx, 4));
    if (bins < 1 || dftLength < 1 || sampleRate < 1)
        throw KernelError("num_mel_bins, dft_length and sample_rate must be positive");
    const int64_t dt = ctx.attrInt("output_datatype", static_cast<int64_t>(DataType::Float));
    if (dt < 0 || dt > INT32_MAX || !isKnownDataType(static_cast<int32_t>(dt)))
        throw KernelError("output_datatype is not a known type");
    const int64_t rows = dftLength / 2 + 1;
    red::checkBuildable({rows, bins});
    auto toMel = [](double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); };
    const double lowMel = toMel(lower), step = (toMel(upper) - lowMel) / static_cast<double>(bins + 2);
    std::vector<int64_t> edge(static_cast<size_t>(bins + 2));
    for (size_t i = 0; i < edge.size(); ++i) {
        const double hz = 700.0 * (std::pow(10.0, (lowMel + step * static_cast<double>(i)) / 2595.0) - 1.0);
        edge[i] = static_cast<int64_t>(
            std::floor(static_cast<double>(dftLength + 1) * hz / static_cast<double>(sampleRate)));
    }
    std::vector<double> out(static_cast<size_t>(rows * bins), 0.0);
    auto set = [&](int64_t row, int64_t col, double v) {
        if (row >= 0 && row < rows) out[static_cast<size_t>(row * bins + col)] = v;
    };
    for (int64_t i = 0; i < bins; ++i) {
        const int64_t low = edge[static_cast<size_t>(i)], center = edge[static_cast<size_t>(i + 1)],
                      high = edge[static_cast<size_t>(i + 2)];
        if (center == low)
            set(center, i, 1.0);
        else
            for (int64_t j = low; j <= center; ++j)
                set(j, i, static_cast<double>(j - low) / static_cast<double>(center - low));
        for (int64_t j = center; j < high; ++j)
            set(j, i, static_cast<double>(high - j) / static_cast<double>(high - center));
    }
    return KernelResult::ok(dispatch<kNumeric>(static_cast<DataType>(dt), [&](auto tag) {
        using T = decltype(tag);
        std::vector<T> v(out.size());
        for (size_t i = 0; i < out.size(); ++i) v[i] = static_cast<T>(out[i]);
        return makeTensor<T>({rows, bins}, v);
    }));
}

}  // namespace

void registerSpectralKernels(KernelRegistry& r) {
    r.add("", "DFT", 17, 0, dft);
    r.add("", "STFT", 17, 0, stft);
    r.add("", "MelWeightMatrix", 17, 0, melWeightMatrix);
}

}  // namespace passscope::kernels
