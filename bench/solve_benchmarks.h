// (i) Best play: whole deals solved exactly (belote/solve.h), each with an
// empty table, in a suit contract under French rules, in no-trump and in
// all-trump; the median and the 95th percentile of a deal's time. And
// positions of 3 to 7 tricks left of the same suit deals, reached by random
// legal cards: how the time grows with the cards left. Whole deals of 36
// cards too, each of its own kind: `schieber` (every card legal at most
// nodes) and `klaverjas` (roem). And a sampled player's worlds of one
// position solved one after another or as one batch (Solver::solve_worlds).
#pragma once

#include <cstdint>

namespace belote::bench {

/// 200 deals of each, or 3 with --smoke.
void register_solve_benchmarks(std::uint64_t seed, bool smoke);

}  // namespace belote::bench
