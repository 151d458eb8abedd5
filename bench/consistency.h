// Consistency checks inside benchmarks (every walk counts every hand, thread
// counts give the same figures). A failed check skips the benchmark with an
// error, and is remembered so that the program exits non-zero.
#pragma once

#include <benchmark/benchmark.h>

namespace belote::bench {

/// Returns `ok`; when false, skips the benchmark with `what` as its error.
bool check(benchmark::State& state, bool ok, const char* what);

/// Whether any check has failed so far.
bool any_check_failed();

}  // namespace belote::bench
