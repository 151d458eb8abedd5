// What the fuzz targets share: the shipped rulesets, loaded once, and the
// outputs every accepted input must survive.
#pragma once

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <belote/belote.h>

namespace belote::fuzz {

/// A property the engine promises was broken: say which, and stop here, so libFuzzer keeps the input.
#define BELOTE_FUZZ_CHECK(condition)                                                           \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #condition); \
      __builtin_trap();                                                                      \
    }                                                                                        \
  } while (0)

/// A loader that sees the shipped rulesets only (not the user's nor the environment's).
inline const RulesetLoader& shipped_loader() {
  static const RulesetLoader loader(RulesetSearchPath({{BELOTE_RULESETS_DIR, "installed"}}));
  return loader;
}

/// Every shipped ruleset, by name order.
inline const std::vector<std::shared_ptr<const Ruleset>>& shipped_rulesets() {
  static const std::vector<std::shared_ptr<const Ruleset>> rulesets = [] {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(BELOTE_RULESETS_DIR))
      if (entry.path().extension() == ".toml") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    std::vector<std::shared_ptr<const Ruleset>> out;
    for (const std::string& name : names) {
      LoadedRuleset loaded = shipped_loader().load(name);
      BELOTE_FUZZ_CHECK(loaded.ok());
      out.push_back(loaded.ruleset);
    }
    BELOTE_FUZZ_CHECK(!out.empty());
    return out;
  }();
  return rulesets;
}

/// The shipped ruleset the first byte of an input chooses; the rest of the input is left in `rest`.
inline const Ruleset& chosen_ruleset(std::string_view& rest, bool with_auction = false) {
  std::vector<const Ruleset*> rulesets;
  for (const auto& r : shipped_rulesets())
    if (!with_auction || r->auction.given) rulesets.push_back(r.get());
  BELOTE_FUZZ_CHECK(!rulesets.empty());
  const std::size_t pick = rest.empty() ? 0 : static_cast<unsigned char>(rest[0]);
  if (!rest.empty()) rest.remove_prefix(1);
  return *rulesets[pick % rulesets.size()];
}

/// Messages as every reader keeps them: at most 100, each bounded and safe on a terminal.
inline void check_bounded(const Diagnostics& errors) {
  BELOTE_FUZZ_CHECK(errors.size() <= kMaxDiagnostics);
  for (const Diagnostic& d : errors) {
    BELOTE_FUZZ_CHECK(d.message.size() <= kMaxMessageBytes);
    BELOTE_FUZZ_CHECK(terminal_safe_line(d.message) == d.message);
  }
}

/// Every message is formatted as the program prints it.
inline void format_all(const Diagnostics& errors) {
  for (const Diagnostic& d : errors) {
    BELOTE_FUZZ_CHECK(!d.message.empty());
    (void)location_and_message(d);
    (void)caret_lines(d);
  }
}

/// What the program writes for a scored deal, in both forms; the outcome
/// writer gives outcome_json's bytes.
inline void write_outcome(const Ruleset& rules, const Deal& deal, const Outcome& outcome) {
  std::string written;
  append_outcome_json(written, rules, deal, outcome);
  BELOTE_FUZZ_CHECK(written == outcome_json(rules, deal, outcome).dump());
  (void)outcome_text(rules, deal, outcome, SuitStyle::symbol);
}

/// Whether the sheet writes the deal's points as they are: no bid, no doubling,
/// no rounding, no multiplier and nothing held over coming in. Then nothing is
/// created or lost between the teams and the held-over points.
inline bool writes_points_as_they_are(const Ruleset& rules, const Deal& deal) {
  return !rules.bids.any() && deal.doubling == 0 && deal.held_over == 0 && rules.rounding.step <= 1 &&
         rules.rounding.unit == 1 && rules.kinds[deal.kind].score_multiplier == 1;
}

/// Whether a failed contract's terms write any of `what` (a ruleset that sets
/// them itself may leave announcements out, as klaverjas's nat does).
inline bool failed_writes(const Ruleset& rules, std::initializer_list<ScoringTerm::What> what) {
  if (!rules.scoring.given[std::size_t(ScoredResult::failed)]) return true;
  const ResultScoring& terms = rules.scoring.of(ScoredResult::failed);
  for (const std::vector<ScoringTerm>* side : {&terms.takers, &terms.defenders})
    for (const ScoringTerm& term : *side)
      for (ScoringTerm::What w : what)
        if (term.what == w) return true;
  return false;
}

/// The properties of the sheet that hold under every ruleset, for any deal the readers accept.
inline void check_outcome(const Ruleset& rules, const Deal& deal, const Outcome& out) {
  if (out.is_void) {
    BELOTE_FUZZ_CHECK(out.score == PerTeam<int>{} && out.contract == ContractResult::none);
    BELOTE_FUZZ_CHECK(out.suspended == deal.held_over);  // held over again
    return;
  }
  BELOTE_FUZZ_CHECK(out.contract != ContractResult::none);
  BELOTE_FUZZ_CHECK(deal.kind < rules.kinds.size());
  // The card points are the kind's whole deal (or its capot), whatever the result says.
  const KindTables& kind = rules.tables.kinds[deal.kind];
  const int cards = out.card_points[Team::NS] + out.card_points[Team::EW];
  BELOTE_FUZZ_CHECK(cards == (out.capot ? kind.capot_points : kind.total_card_points));
  // In each contest at most one team scores, unless an exact tie lets both score their own;
  // a team's announcement points are what it scores in the contests.
  PerTeam<int> from_contests;
  for (std::size_t c = 0; c < out.contest_count; ++c) {
    const ContestOutcome& contest = out.contests[c];
    if (contest.win_reason != WinReason::tie_both)
      BELOTE_FUZZ_CHECK(contest.scored[Team::NS] == 0 || contest.scored[Team::EW] == 0);
    for (Team team : kTeams) {
      from_contests[team] += contest.scored[team];
      if (contest.scored[team] == 0) continue;
      BELOTE_FUZZ_CHECK(contest.winner == team || contest.win_reason == WinReason::tie_both);
      if (deal.form != DealForm::team_points) BELOTE_FUZZ_CHECK(deal.result.tricks[team] >= rules.announcements.min_tricks);
    }
  }
  if (deal.form != DealForm::team_points) BELOTE_FUZZ_CHECK(from_contests == out.scored_announcements);
  for (Team team : kTeams) {
    BELOTE_FUZZ_CHECK(out.score[team] >= 0 && out.scored_announcements[team] >= 0 && out.belote_points[team] >= 0);
    BELOTE_FUZZ_CHECK(out.written_raw[team] >= 0 && out.rounded[team] >= 0);
  }
  // Rounding writes whole steps; the sheet's units divide what it rounded.
  const int step = rules.rounding.step;
  if (step > 1) {
    for (Team team : kTeams) BELOTE_FUZZ_CHECK(out.rounded[team] % step == 0);
    BELOTE_FUZZ_CHECK(out.held_rounded % step == 0);
  }
  // Points held over coming in go to one team, or wait again with the deal's own.
  BELOTE_FUZZ_CHECK(out.held_in == deal.held_over);
  BELOTE_FUZZ_CHECK(out.suspended >= 0);
  BELOTE_FUZZ_CHECK(out.suspended == 0 || out.contract == ContractResult::litige || !out.held_to);
  if (!writes_points_as_they_are(rules, deal)) return;
  // The sheet adds up (failed takers' card points go to the defenders as the
  // ruleset counts them; klaverjas roem, the pit included, is written besides).
  const int written = out.score[Team::NS] + out.score[Team::EW] + out.suspended;
  using What = ScoringTerm::What;
  const bool failed = out.contract == ContractResult::failed;
  const bool announcements = !failed || failed_writes(rules, {What::own, What::own_announcements, What::all, What::all_announcements});
  const bool belote = !failed || failed_writes(rules, {What::own, What::own_belote, What::all, What::all_belote});
  int owed = failed ? failed_card_points(rules, deal) : cards;
  for (Team team : kTeams)
    owed += (announcements ? out.scored_announcements[team] : 0) + (belote ? out.belote_points[team] : 0) + out.roem[team];
  BELOTE_FUZZ_CHECK(written == owed);
}

/// Scores a deal the readers accept and checks the outcome; writes it as JSON and text;
/// and reads back the deal as the program writes it, to the same outcome.
inline void score_write_and_read_back(const Ruleset& rules, const Deal& deal) {
  Outcome outcome;
  evaluate(rules, deal, outcome);
  check_outcome(rules, deal, outcome);
  write_outcome(rules, deal, outcome);
  Deal again;
  Diagnostics errors;
  const std::string line = deal_json(rules, deal).dump();
  if (!DealReader(rules).read_json_line(line, "again.jsonl", 1, again, errors)) {
    std::fprintf(stderr, "the deal as written is not read back:\n%s\n", line.c_str());
    for (const Diagnostic& d : errors) std::fprintf(stderr, "%s\n", location_and_message(d).c_str());
    BELOTE_FUZZ_CHECK(false);
  }
  Outcome outcome_again;
  evaluate(rules, again, outcome_again);
  BELOTE_FUZZ_CHECK(outcome_json(rules, again, outcome_again) == outcome_json(rules, deal, outcome));
}

}  // namespace belote::fuzz
