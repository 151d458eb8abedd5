// (e) Random-deal sampling, as `belote stats --random` does it, on 1 thread
// and on every hardware thread: same figures, less time. The wall clock gives
// the speedup, which needs idle cores; the process's CPU time per deal, which
// holds on a busy machine too, shows whether more threads add work of their
// own (equal: they do not).
#pragma once

#include <cstdint>
#include <memory>

#include <belote/ruleset.h>

namespace belote::bench {

/// Deals sampled per iteration: 16 of the sampler's chunks, enough to share out.
inline constexpr std::uint64_t kSampledDeals = 16 * 16'384;

void register_sampling_benchmark(std::shared_ptr<const Ruleset> rules, std::uint64_t seed);

}  // namespace belote::bench
