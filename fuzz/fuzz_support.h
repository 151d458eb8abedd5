// What the fuzz targets share: the shipped rulesets, loaded once, and the
// outputs every accepted input must survive.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <belote/belote.h>

namespace belote::fuzz {

/// A property the engine promises was broken: stop here, so libFuzzer keeps the input.
#define BELOTE_FUZZ_CHECK(condition) \
  do {                               \
    if (!(condition)) __builtin_trap(); \
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

/// Every message is formatted as the program prints it.
inline void format_all(const Diagnostics& errors) {
  for (const Diagnostic& d : errors) {
    BELOTE_FUZZ_CHECK(!d.message.empty());
    (void)location_and_message(d);
    (void)caret_lines(d);
  }
}

/// What the program writes for a scored deal, in both forms.
inline void write_outcome(const Ruleset& rules, const Deal& deal, const Outcome& outcome) {
  (void)outcome_json(rules, deal, outcome).dump();
  (void)outcome_text(rules, deal, outcome, SuitStyle::symbol);
}

/// The properties of the sheet that hold under every ruleset, for any deal the readers accept.
inline void check_outcome(const Ruleset& rules, const Deal& deal, const Outcome& out) {
  if (out.is_void) {
    BELOTE_FUZZ_CHECK(out.score == PerTeam<int>{} && out.suspended == 0 && out.contract == ContractResult::none);
    return;
  }
  BELOTE_FUZZ_CHECK(out.contract != ContractResult::none);
  // At most one team scores announcements.
  BELOTE_FUZZ_CHECK(out.scored_announcements[Team::NS] == 0 || out.scored_announcements[Team::EW] == 0);
  // The card points are the mène's (or the capot's), whatever the result says.
  const int cards = out.card_points[Team::NS] + out.card_points[Team::EW];
  BELOTE_FUZZ_CHECK(cards == (out.capot ? rules.contract.capot_points : rules.deck.total_card_points()));
  // The sheet adds up: nothing is created or lost between the teams and the held-over
  // points (failed takers' card points go to the defenders as the ruleset counts them).
  const int written = out.score[Team::NS] + out.score[Team::EW] + out.suspended;
  int owed = out.contract == ContractResult::failed ? failed_card_points(rules, deal) : cards;
  for (Team team : kTeams) {
    BELOTE_FUZZ_CHECK(out.score[team] >= 0 && out.scored_announcements[team] >= 0 && out.belote_points[team] >= 0);
    owed += out.scored_announcements[team] + out.belote_points[team];
  }
  BELOTE_FUZZ_CHECK(written == owed);
  BELOTE_FUZZ_CHECK(out.suspended == 0 || out.contract == ContractResult::litige);
  // Only the winner's team scores, and only when it has the tricks the ruleset asks for.
  for (Team team : kTeams) {
    if (out.scored_announcements[team] == 0) continue;
    BELOTE_FUZZ_CHECK(out.winner == team);
    if (deal.form != DealForm::team_points) BELOTE_FUZZ_CHECK(deal.result.tricks[team] >= rules.announcements.min_tricks);
  }
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
  BELOTE_FUZZ_CHECK(DealReader(rules).read_json_line(deal_json(rules, deal).dump(), "again.jsonl", 1, again, errors));
  Outcome outcome_again;
  evaluate(rules, again, outcome_again);
  BELOTE_FUZZ_CHECK(outcome_json(rules, again, outcome_again) == outcome_json(rules, deal, outcome));
}

}  // namespace belote::fuzz
