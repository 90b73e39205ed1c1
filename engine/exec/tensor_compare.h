#pragma once
// Compares two tensors the way the conformance suite and `verify` need: floating types within
// |actual - expected| <= atol + rtol * |expected| with NaN equal to NaN; integers, bools and
// strings exactly; dtype and shape must match.
#include <string>

#include "ir/tensor.h"

namespace passscope {

struct TensorComparison {
    bool equal = true;
    std::string detail;  // first mismatch, in words
    double maxAbsDiff = 0;
    double maxRelDiff = 0;
};

TensorComparison compareTensors(const Tensor& expected, const Tensor& actual, double rtol = 1e-3,
                                double atol = 1e-7);

}  // namespace passscope
