// (g) The text of an outcome alone, on one core: the explanation's steps
// (explain_into) and the JSON record (OutcomeWriter, full and compact), per
// deal. Each deal is a fresh random deal, made and scored untimed just before,
// so that only the writing is timed and the processor cannot learn a few
// deals' branches.
#pragma once

#include <cstdint>

#include "bench_rulesets.h"

namespace belote::bench {

void register_text_benchmarks(const Rulesets& rules, std::uint64_t seed);

}  // namespace belote::bench
