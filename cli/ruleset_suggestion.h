// A deal that does not read under the rulesets a command was given may read
// under another ruleset the user has: a deal of 36 cards given to a 32-card
// ruleset. The suggestion is a retry with the other rulesets' decks, made only
// for the deals that fail; the engine's reader knows nothing of it.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <belote/belote.h>

namespace belote::cli {

class RulesetSuggestion {
 public:
  /// `search` finds the candidates; `given` are the rulesets the deal was read under.
  RulesetSuggestion(RulesetSearchPath search, std::span<const Ruleset* const> given);

  using Read = std::function<bool(const DealReader&, Deal&, Diagnostics&)>;
  /// The name of a ruleset with another deck under which `read` accepts the deal, or "".
  std::string for_deal(const Read& read);

 private:
  void find_candidates();

  RulesetSearchPath search_;
  std::vector<const Ruleset*> given_;
  bool searched_ = false;
  /// One valid ruleset per deck that none of the given rulesets plays, in name order.
  std::vector<std::shared_ptr<const Ruleset>> candidates_;
};

}  // namespace belote::cli
