#include "bench_rulesets.h"

#include <cstdlib>
#include <fmt/format.h>
#include <sstream>
#include <string>

#include <belote/belote.h>

namespace belote::bench {

namespace {

std::vector<std::string> ruleset_names() {
  const char* listed = std::getenv("BELOTE_BENCH_RULESETS");
  std::istringstream words(listed && *listed ? listed : "classique traditionnelle");
  std::vector<std::string> names;
  for (std::string name; words >> name;) names.push_back(name);
  return names;
}

}  // namespace

Rulesets load_bench_rulesets() {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  Rulesets rules;
  for (const std::string& name : ruleset_names()) {
    LoadedRuleset loaded = loader.load(name);
    if (!loaded.ok()) {
      for (const Diagnostic& e : loaded.errors) fmt::print(stderr, "belote_bench: error: {}\n", location_and_message(e));
      return {};
    }
    rules.push_back(loaded.ruleset);
  }
  if (rules.empty()) {
    fmt::print(stderr, "belote_bench: error: BELOTE_BENCH_RULESETS names no ruleset\n");
    return {};
  }
  // One deck: the walk and the random deals are made once, from the first ruleset's deck.
  for (const auto& r : rules) {
    if (!(r->deck == rules[0]->deck)) {
      fmt::print(stderr, "belote_bench: error: the rulesets must share one deck\n");
      return {};
    }
  }
  if (exhaustive_hand_count(*rules[0]) > kMaxExhaustiveHands) {
    fmt::print(stderr, "belote_bench: error: the deck has too many hands to walk\n");
    return {};
  }
  return rules;
}

}  // namespace belote::bench
