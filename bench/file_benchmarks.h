// (f) Deal files at engine speed: the batch commands of the `belote`
// program, run on a file of generated deals (1,000,000; 10,000 with
// --smoke), each beside the in-process figure of the same work on random
// deals. The file is written at start into a temporary directory and removed
// at the end. Times are the wall clock on every core (the program's default),
// with the program's own CPU time per deal as a counter beside it.
#pragma once

#include <cstdint>

#include "bench_rulesets.h"

namespace belote::bench {

/// Registers the benchmarks on a file of `deals` deals; call remove_deal_file() at the end.
void register_file_benchmarks(const Rulesets& rules, std::uint64_t seed, std::uint64_t deals);
void remove_deal_file();

}  // namespace belote::bench
