// The [carres] section: points by rank, voiding carrés, the order of equal carrés.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

std::optional<CarreRules> read_carres(Reader& r, const Deck& deck) {
  CarreRules rules;
  bool ok = true;
  if (auto points = rank_table(r, deck, "carres.points", kMaxAnnouncementPoints)) rules.points_by_rank = std::move(*points); else ok = false;
  if (const auto voiding = rank_array(r, deck, "carres.void_deal", false)) {
    for (Rank rank : *voiding) {
      rules.voiding_ranks |= RankMask{1} << rank;
      const SettingValue* points_at = rank_entry(r, deck, "carres.points", rank);
      if (ok && rules.points_by_rank[rank] > 0 && points_at) {
        const SettingValue& void_deal = *r.find("carres.void_deal");
        const SettingValue& points = *points_at;
        r.error(r.blame(void_deal, points),
                fmt::format("a carré of {} both annuls the deal ('carres.void_deal' at {}) and scores {} ('{}' at {}); "
                            "a voiding carré must be worth 0",
                            deck.ranks[rank], where(void_deal), rules.points_by_rank[rank], points.key, where(points)));
        ok = false;
      }
    }
  } else {
    ok = false;
  }
  if (auto order = rank_array(r, deck, "carres.order", true)) rules.order = std::move(*order); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
