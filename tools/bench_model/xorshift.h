// Deterministic pseudo-random numbers for generated weights.
//
// A hand-written xorshift64* is used instead of <random> distributions because the
// standard distributions are allowed to differ between library implementations; the
// generated model must be byte-identical on every machine so that benchmark numbers
// and file sizes stay comparable.
#pragma once

#include <cstdint>

namespace passscope::bench_model {

class Xorshift64 {
  public:
    explicit Xorshift64(std::uint64_t seed) : state_(seed == 0 ? 0x9E3779B97F4A7C15ull : seed) {}

    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1Dull;
    }

    // Uniform in [-1, 1): the top 24 bits fit a float mantissa exactly, so the
    // conversion is exact and identical everywhere.
    float next_symmetric() {
        const auto top24 = static_cast<std::uint32_t>(next() >> 40);
        return static_cast<float>(top24) * (2.0f / 16777216.0f) - 1.0f;
    }

  private:
    std::uint64_t state_;
};

}  // namespace passscope::bench_model
