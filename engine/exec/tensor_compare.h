#pragma once
// The one rule by which PassScope says two values are the same (issue 36): `verify`, `bisect`,
// the GUI's numeric overlay and properties panel, and the conformance suite all ask it.
// - floating elements agree when |actual - expected| <= atol + rtol * |expected|;
// - NaN against a number, NaN against an infinity, and an infinity against anything but the same
//   infinity are divergences, with an infinite difference (a test `|a - b| > tol` alone would let
//   NaN through: every comparison with NaN is false);
// - NaN against NaN at the same element is equal (the same computation gave the same non-number);
// - complex elements compare their real and imaginary parts each so;
// - integers, bools and strings compare exactly;
// - a dtype or shape change is a divergence (its maxima stay 0; `detail` says which).
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
