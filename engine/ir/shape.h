#pragma once
// Tensor shapes with symbolic dimensions kept by name ("batch", "seq") and unknown dimensions.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace passscope {

struct Dim {
    // A known extent is >= 0. kUnknown with an empty symbol is an anonymous unknown dim.
    static constexpr int64_t kUnknown = -1;
    int64_t value = kUnknown;
    std::string symbol;

    static Dim known(int64_t v) { return Dim{v, {}}; }
    static Dim symbolic(std::string name) { return Dim{kUnknown, std::move(name)}; }
    bool isKnown() const { return value >= 0; }
    bool operator==(const Dim&) const = default;
};

class Shape {
  public:
    Shape() = default;  // unknown rank
    explicit Shape(std::vector<Dim> dims) : rankKnown_(true), dims_(std::move(dims)) {}
    static Shape fromExtents(const std::vector<int64_t>& extents);

    bool rankKnown() const { return rankKnown_; }
    size_t rank() const { return dims_.size(); }
    const std::vector<Dim>& dims() const { return dims_; }
    std::vector<Dim>& dims() { return dims_; }
    const Dim& operator[](size_t i) const { return dims_[i]; }
    // All dims known (and rank known).
    bool isStatic() const;
    // Extents when static; nullopt otherwise.
    std::optional<std::vector<int64_t>> extents() const;
    // Element count when static and representable; nullopt when unknown or overflowing int64.
    std::optional<int64_t> elementCount() const;
    // "[1,3,224,224]", "[batch,?,64]", "?" for unknown rank.
    std::string toString() const;

    bool operator==(const Shape&) const = default;

  private:
    bool rankKnown_ = false;
    std::vector<Dim> dims_;
};

// Product of extents; nullopt on a negative extent or int64 overflow.
std::optional<int64_t> checkedElementCount(const std::vector<int64_t>& extents);

}  // namespace passscope
