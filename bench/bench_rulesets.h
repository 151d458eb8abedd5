// The rulesets the benchmarks compare: the names in $BELOTE_BENCH_RULESETS
// (space-separated; default "classique traditionnelle"), found on the
// standard search path like `belote --ruleset` finds them.
#pragma once

#include <memory>
#include <vector>

#include <belote/ruleset.h>

namespace belote::bench {

using Rulesets = std::vector<std::shared_ptr<const Ruleset>>;

/// The loaded rulesets; empty, with the reason printed, if one fails to load,
/// they do not share one deck, or the deck has too many hands to walk.
Rulesets load_bench_rulesets();

}  // namespace belote::bench
