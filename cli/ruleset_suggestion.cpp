#include "ruleset_suggestion.h"

#include <algorithm>

namespace belote::cli {

RulesetSuggestion::RulesetSuggestion(RulesetSearchPath search, std::span<const Ruleset* const> given)
    : search_(std::move(search)), given_(given.begin(), given.end()) {}

void RulesetSuggestion::find_candidates() {
  searched_ = true;
  const RulesetLoader loader(search_);
  std::vector<const Deck*> decks;
  for (const Ruleset* r : given_) decks.push_back(&r->deck);
  for (const FoundRuleset& found : search_.list()) {
    LoadedRuleset loaded = loader.load_file(found.path);
    if (!loaded.ok()) continue;
    const Deck& deck = loaded.ruleset->deck;
    if (std::any_of(decks.begin(), decks.end(), [&](const Deck* d) { return *d == deck; })) continue;
    candidates_.push_back(loaded.ruleset);
    decks.push_back(&candidates_.back()->deck);
  }
}

std::string RulesetSuggestion::for_deal(const Read& read) {
  if (!searched_) find_candidates();
  for (const auto& candidate : candidates_) {
    Deal deal;
    Diagnostics errors;
    if (read(DealReader(*candidate), deal, errors)) return candidate->info.name;
  }
  return "";
}

}  // namespace belote::cli
