// Deterministic pseudo-random numbers for sample weights.
//
// The sample files are checked in and must be byte-identical on every machine, so the
// standard <random> distributions are avoided: their algorithms are unspecified and differ
// between standard library versions. SplitMix64 is fully specified by the integer
// arithmetic below, and the conversion to float uses only exact integer->float casts
// and a single rounding multiply, so the result does not depend on the compiler's
// floating-point contraction or excess-precision settings.
#pragma once

#include <cstdint>

namespace passscope::samples {

class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform in [-bound, bound). The top 24 bits fit a float mantissa exactly, so the
    // centred integer converts without rounding; only the final multiply rounds.
    float symmetric(float bound) {
        const auto k = static_cast<std::int32_t>(next() >> 40) - (1 << 23);
        return static_cast<float>(k) * (bound / static_cast<float>(1 << 23));
    }

    // Uniform in [hi / 2, hi); used for strictly positive values such as variances and
    // BatchNorm scales. Adding an offset in floating point would invite FMA contraction,
    // so the offset is added to the 23-bit integer instead, keeping it below 2^24.
    float upper_half(float hi) {
        const auto k = static_cast<std::int32_t>(next() >> 41) + (1 << 23);
        return static_cast<float>(k) * (hi / static_cast<float>(1 << 24));
    }

  private:
    std::uint64_t state_;
};

}  // namespace passscope::samples
