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

namespace belote::bench {

/// (f) The program on a file of deals, and the in-process work it is compared with.
inline constexpr std::string_view kFileCheck = "file/deal_check";
inline constexpr std::string_view kFileDiff = "file/diff_summary";
inline constexpr std::string_view kRandomDiff = "random/diff_summary";
inline constexpr std::string_view kFileScore = "file/score_json";
inline constexpr std::string_view kRandomScore = "random/score_json";
inline constexpr std::string_view kFileScoreCompact = "file/score_json_compact";
inline constexpr std::string_view kRandomScoreCompact = "random/score_json_compact";
/// (g) Played mènes: a file of them read, checked and scored.
inline constexpr std::string_view kFilePlayedCompact = "file/played_score_json_compact";

}  // namespace belote::bench

namespace belote::bench {

/// (g) One deal's text alone: its explanation, and its JSON record ("full" or "compact").
inline std::string explain_name(std::string_view ruleset) { return "explain/" + std::string(ruleset); }
inline std::string outcome_json_name(std::string_view ruleset, std::string_view detail) {
  return "outcome_json/" + std::string(ruleset) + "/" + std::string(detail);
}

}  // namespace belote::bench

namespace belote::bench {

/// (j) The auction: the legal calls of a position, whole auctions applied in
/// process, and `deal --check` of a file of deals that give their auction.
inline std::string auction_legal_name(std::string_view ruleset) { return "auction_legal/" + std::string(ruleset); }
inline std::string auction_replay_name(std::string_view ruleset) { return "auction_replay/" + std::string(ruleset); }
inline constexpr std::string_view kFileAuctionCheck = "file/auction_check";

}  // namespace belote::bench
