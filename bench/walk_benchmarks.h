// (b) The bare reference loop over every hand, and (a) the exhaustive walk
// behind `belote stats --exhaustive` under each ruleset, measured against it.
#pragma once

#include "bench_rulesets.h"

namespace belote::bench {

void register_walk_benchmarks(const Rulesets& rules);

}  // namespace belote::bench
