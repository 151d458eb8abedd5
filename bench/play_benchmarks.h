// (h) The play: the legal cards of a position, and random played mènes made
// in process (each card drawn from the legal ones) under each ruleset.
#pragma once

#include <cstdint>

#include "bench_rulesets.h"

namespace belote::bench {

void register_play_benchmarks(const Rulesets& rules, std::uint64_t seed);

}  // namespace belote::bench
