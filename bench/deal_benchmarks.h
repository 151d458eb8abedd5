// (c) Random deals made, and made and scored under every ruleset, on one
// core; (d) made and scored under each ruleset alone, from which the summary
// takes the time to score one deal: that less the time to make it.
//
// One iteration is one fresh deal. Scoring the same few deals over and over
// would let the processor learn their branches and flatter the figures.
#pragma once

#include <cstdint>

#include "bench_rulesets.h"

namespace belote::bench {

void register_deal_benchmarks(const Rulesets& rules, std::uint64_t seed);

}  // namespace belote::bench
