// The [play.revoke] table: what each team writes for a played mène in which
// a player revoked (played a card that broke a duty of [play]). Without it a
// played mène holding an illegal card is refused, as before the rule was data.
#include "rulesets/validation/sections.h"

#include <tuple>

namespace belote::validation {

std::optional<RevokeRule> read_revoke(Reader& r) {
  RevokeRule rule;
  const SettingValue* offenders = r.find("play.revoke.offenders");
  const SettingValue* others = r.find("play.revoke.others");
  if (!offenders && !others) {
    if (!r.table_exists("play.revoke")) return rule;
    r.table_error("play.revoke", "'play.revoke' is empty: give what each team writes after a revoke, e.g. "
                                 "offenders = [] and others = [\"all-cards\", \"all-announcements\"]");
    return std::nullopt;
  }
  // Both sides are said: a rule that forgets one side would score it nothing silently.
  for (auto [value, leaf, who] : {std::tuple{offenders, "offenders", "the team whose player revoked"},
                                  {others, "others", "the other team"}}) {
    if (value) continue;
    // About the ruleset as a whole, as every missing key.
    r.file_error(fmt::format("missing key 'play.revoke.{}' (what {} writes after a revoke; an empty array for nothing)",
                             leaf, who));
    return std::nullopt;
  }
  auto offender_terms = read_scoring_terms(r, *offenders);
  auto other_terms = read_scoring_terms(r, *others);
  if (!offender_terms || !other_terms) return std::nullopt;
  rule.given = true;
  rule.offenders = std::move(*offender_terms);
  rule.others = std::move(*other_terms);
  return rule;
}

}  // namespace belote::validation
