#include "rulesets/ruleset_validation.h"

#include "rulesets/validation/sections.h"

#include <fmt/format.h>

namespace belote {

using namespace validation;

std::optional<Deck> validate_deck(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors) {
  Reader r(settings, top, errors);
  DeckReading reading = read_deck(r);
  return reading.valid ? std::optional(std::move(reading.deck)) : std::nullopt;
}

std::optional<Ruleset> validate_ruleset(const SettingsTree& settings, const SourceFile& top,
                                        const std::string& default_name, Diagnostics& errors,
                                        const BaseFaults* base_faults) {
  Reader r(settings, top, errors);
  r.set_base_faults(base_faults);
  const std::size_t errors_before = errors.count();
  // Every section is read, whatever went wrong before, so that one run reports
  // every error. A wrong deck still gives its rank names to the sections keyed
  // by rank (the reader then keeps quiet about ranks, which may be the deck's fault).
  auto info = read_info(r, default_name);
  DeckReading deck = read_deck(r);
  SequenceRules sequences;
  const bool sequences_ok = read_sequences(r, deck.deck, sequences);
  auto carres = read_carres(r, deck.deck);
  auto belote = read_belote(r, deck.deck);
  const Deck* known_deck = deck.ranks_known ? &deck.deck : nullptr;
  auto rounding = read_rounding(r);
  auto contract = read_contract(r, known_deck);
  auto bids = read_bids(r);
  auto doubling = read_doubling(r);
  bool kinds_named = false;
  auto kinds = read_kinds(r, known_deck, sequences, sequences_ok, carres ? &*carres : nullptr,
                          contract ? &*contract : nullptr, rounding ? &*rounding : nullptr, kinds_named);
  auto announcements = read_announcements(r, known_deck, sequences, carres ? &*carres : nullptr, sequences_ok,
                                          kinds ? &*kinds : nullptr, kinds_named);
  auto scoring = read_scoring(r, contract ? &*contract : nullptr);
  // A test against the bid needs bids.
  if (contract && bids && !bids->any() &&
      (contract->test == ContractTest::reach_bid || contract->test == ContractTest::reach_bid_not_below_defenders)) {
    const SettingValue& test = *r.find("contract.test");
    r.error(test, fmt::format("'contract.test' compares the takers with their bid, but the ruleset has no bids: "
                              "set [bids] (from, to, step or values, or named bids)"));
  }
  auto game = read_game(r);
  auto auction = read_auction(r, deck.valid ? &deck.deck : nullptr, kinds ? &*kinds : nullptr, bids ? &*bids : nullptr,
                              doubling ? &*doubling : nullptr);
  auto play = read_play(r);
  auto roem = read_roem(r, deck.deck);
  auto dealing = read_dealing(r, deck.valid ? deck.deck.hand_size : 0, auction ? &*auction : nullptr);
  if (!dealing || !play || !roem || !info || !deck.valid || !sequences_ok || !carres || !belote || !announcements || !contract || !kinds || !game ||
      !rounding || !bids || !doubling || !scoring || !auction || errors.count() != errors_before)
    return std::nullopt;
  Ruleset rules;
  rules.info = std::move(*info);
  rules.deck = std::move(deck.deck);
  rules.sequences = std::move(sequences);
  rules.carres = std::move(*carres);
  rules.belote = *belote;
  rules.announcements = std::move(*announcements);
  rules.kinds = std::move(*kinds);
  rules.kinds_named = kinds_named;
  rules.kinds_taken_out = kinds_taken_out(r);
  rules.contract = *contract;
  rules.bids = std::move(*bids);
  rules.doubling = std::move(*doubling);
  rules.scoring = std::move(*scoring);
  rules.rounding = *rounding;
  rules.game = *game;
  rules.auction = std::move(*auction);
  rules.play = *play;
  rules.dealing = std::move(*dealing);
  rules.roem = std::move(*roem);
  rules.tables = RuleTables::compile(rules);
  if (!check_score_bounds(r, rules)) return std::nullopt;
  return rules;
}

Diagnostics ruleset_warnings(const SettingsTree& settings, const SourceFile& top, const Ruleset& rules) {
  Diagnostics unused;  // the ruleset is valid: reading it again finds no error
  const Reader r(settings, top, unused);
  Diagnostics warnings;
  warn_keys_without_effect(r, rules, warnings);
  return warnings;
}

}  // namespace belote
