// The names the benchmarks are registered under. The summary finds their
// results by these names, so both sides take them from here.
#pragma once

#include <string>
#include <string_view>

namespace belote::bench {

inline constexpr std::string_view kBareLoop = "bare_loop";
inline constexpr std::string_view kDealsMade = "deals_made";
inline constexpr std::string_view kDealsSampled = "deals_sampled";
/// The argument of kDealsSampled, as Google Benchmark prints it: "threads:N".
inline constexpr std::string_view kThreadsArg = "threads";

inline std::string exhaustive_walk_name(std::string_view ruleset) {
  return "exhaustive_walk/" + std::string(ruleset);
}

/// Deals made and scored under `rulesets`, names joined by '+'.
inline std::string deals_scored_name(std::string_view rulesets) {
  return "deals_made_and_scored/" + std::string(rulesets);
}

}  // namespace belote::bench
