// (l) The table: whole random mènes played through a game in progress (the
// deal, a random legal auction, random legal play with what may be said, the
// scoring and the tally), the legal actions of a state, and a state's copy.
#pragma once

#include <cstdint>

namespace belote::bench {

void register_table_benchmarks(std::uint64_t seed);

}  // namespace belote::bench
