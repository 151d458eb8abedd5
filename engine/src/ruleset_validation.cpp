#include "ruleset_validation.h"

#include "validation/sections.h"

namespace belote {

using namespace validation;

std::optional<Deck> validate_deck(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors) {
  Reader r(settings, top, errors);
  return read_deck(r);
}

std::optional<Ruleset> validate_ruleset(const SettingsTree& settings, const SourceFile& top,
                                        const std::string& default_name, Diagnostics& errors) {
  Reader r(settings, top, errors);
  const std::size_t errors_before = errors.size();
  // Every section is read, whatever went wrong before, so that one run reports
  // every error; only what depends on a wrong value is skipped.
  auto info = read_info(r, default_name);
  auto deck = read_deck(r);
  SequenceRules sequences;
  bool sequences_ok = false;
  std::optional<CarreRules> carres;
  std::optional<BeloteRules> belote;
  if (deck) {
    sequences_ok = read_sequences(r, *deck, sequences);
    carres = read_carres(r, *deck);
    belote = read_belote(r, *deck);
  }
  auto contract = read_contract(r);
  bool kinds_named = false;
  auto kinds = read_kinds(r, deck ? &*deck : nullptr, sequences, sequences_ok, carres ? &*carres : nullptr,
                          contract ? &*contract : nullptr, kinds_named);
  auto announcements = read_announcements(r, deck ? &*deck : nullptr, sequences, carres ? &*carres : nullptr, sequences_ok,
                                          kinds ? &*kinds : nullptr, kinds_named);
  auto game = read_game(r);
  if (!info || !deck || !sequences_ok || !carres || !belote || !announcements || !contract || !kinds || !game ||
      errors.size() != errors_before)
    return std::nullopt;
  Ruleset rules;
  rules.info = std::move(*info);
  rules.deck = std::move(*deck);
  rules.sequences = std::move(sequences);
  rules.carres = std::move(*carres);
  rules.belote = *belote;
  rules.announcements = std::move(*announcements);
  rules.kinds = std::move(*kinds);
  rules.kinds_named = kinds_named;
  rules.contract = *contract;
  rules.game = *game;
  rules.tables = RuleTables::compile(rules);
  return rules;
}


}  // namespace belote
