#pragma once
// Statistics and a preview of a constant's values for the properties panel: element count, min,
// max, mean, zeros, NaNs and infinities, and the first values. Min, max and mean are of the
// numbers (NaN left out; an infinity is a number here); a tensor of NaNs only has none, and says so
// (`nans == examined`) rather than showing zeros. Large tensors are sampled from their start
// (kMaxElements) so that selecting a big weight never stalls the UI.
#include <optional>

#include <QString>

#include "ir/tensor.h"

namespace passscope::views {

struct TensorStats {
    int64_t elements = 0;
    int64_t examined = 0;  // < elements when sampled
    double min = 0, max = 0, mean = 0;
    int64_t zeros = 0, nans = 0, infs = 0;
    bool hasNumbers() const { return examined > nans; }
    QString preview;  // "0.12, -3.5, 7, …"
};

inline constexpr int64_t kMaxStatElements = int64_t(1) << 22;

// nullopt for tensors without numeric values (strings, unknown dtypes, no bytes).
std::optional<TensorStats> tensorStats(const Tensor& tensor, int previewCount = 16);

}  // namespace passscope::views
