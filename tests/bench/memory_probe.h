#pragma once
// Resident-memory readings for benchmarks (Linux /proc). resetPeak() uses clear_refs "5", which
// resets VmHWM so each measured phase gets its own peak.
#include <cstdint>

namespace passscope::bench {

uint64_t residentBytes();  // VmRSS
uint64_t peakBytes();      // VmHWM
void resetPeak();

}  // namespace passscope::bench
