// A ruleset written in the program itself, from TOML text: a variant of
// classique where failed takers keep their announcements (classique gives
// them to the defenders). The same deal is then scored under both.
#include <belote/belote.h>
#include <cstdio>

namespace {

// N takes at hearts with a tierce (7-8-9 of clubs) and the belote, and fails.
constexpr const char* kDeal = R"(
[deal]
trump = "H"
taker = "N"
hands.N = "QH KH 7C 8C 9C 7S 8S 7D"
hands.E = "JH 9H AH AS 10S AD 10D KS"
hands.S = "10H 9S JS QS 9D JD QD QC"
hands.W = "8H 7H KD 8D KC JC AC 10C"
result = { points = { NS = 40, EW = 122 }, tricks = { NS = 2, EW = 6 } }
)";

// Only what differs from the base is written; `extends` is found on the search path.
constexpr const char* kVariant = R"(
extends = "classique"
title = "Classique, failed takers keep their announcements"

[contract]
failed_announcements = "takers"
)";

void score(const belote::Ruleset& rules) {
  belote::Deal deal;
  belote::Diagnostics errors;
  if (!belote::DealReader(rules).read_toml(kDeal, "deal.toml", deal, errors)) return;
  const belote::Outcome outcome = belote::evaluate(rules, deal);
  std::printf("%-8s contract %-6s  NS %3d  EW %3d\n", rules.info.name.c_str(),
              std::string(belote::contract_name(outcome.contract)).c_str(), outcome.score[belote::Team::NS],
              outcome.score[belote::Team::EW]);
}

}  // namespace

int main() {
  const belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
  const belote::LoadedRuleset base = loader.load("classique");
  // The display name appears in error messages; the name is how reports call it.
  const belote::LoadedRuleset variant = loader.load_string(kVariant, "<variant>", "garde");
  for (const belote::Diagnostic& error : variant.errors)
    std::fprintf(stderr, "%s\n", belote::location_and_message(error).c_str());
  if (!base.ok() || !variant.ok()) return 1;
  score(*base.ruleset);
  score(*variant.ruleset);
  return 0;
}
