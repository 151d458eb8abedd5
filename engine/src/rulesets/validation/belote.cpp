// The [belote] section.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

std::optional<BeloteRules> read_belote(Reader& r, const Deck& deck) {
  BeloteRules rules;
  bool ok = true;
  if (const auto n = r.integer("belote.points", 0, kMaxAnnouncementPoints)) rules.points = int(*n); else ok = false;
  if (const auto ranks = rank_array(r, deck, "belote.cards", false)) {
    for (Rank rank : *ranks) rules.ranks |= RankMask{1} << rank;
    if (ranks->empty() || ranks->size() > 4) {
      r.error(*r.find("belote.cards"), fmt::format("'belote.cards' must name 1 to 4 ranks, not {}", ranks->size()));
      ok = false;
    }
  } else {
    ok = false;
  }
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
