// The largest amount a deal can write: each [scoring] term bounded by what the
// ruleset and a deal can give it (the kind's card points, the announcements a
// hand can hold or a deal may write, the belote, the roem, the highest bid, a fixed sum),
// times the doubling factor and the kind's multiplier. A ruleset whose worst
// deal could write more than kMaxDealPoints is refused here, so that the
// evaluator's sums, the sheet's totals and the points held over from litige to
// litige stay far from what an int holds.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "belote/announcement.h"
#include "belote/rule_tables.h"

namespace belote::validation {

namespace {

// What a deal can give one team, at most.
struct TeamMaxima {
  std::int64_t cards = 0;          ///< the kind's card points, or its capot value
  std::int64_t announcements = 0;  ///< declared by its two players, or written as a number
  std::int64_t belote = 0;
  std::int64_t bid = 0;            ///< the highest bid times the kind's bid multiplier
  std::int64_t roem = 0;           ///< every trick's roem and the pit
};

TeamMaxima maxima(const Ruleset& rules, std::size_t kind_index) {
  const ContractKind& kind = rules.kinds[kind_index];
  const KindTables& tables = rules.tables.kinds[kind_index];
  TeamMaxima m;
  m.cards = std::max<std::int64_t>(tables.total_card_points, tables.capot_points);
  // What the team's two hands can declare, and at most as much written as a number (a paper sheet's).
  m.announcements = rules.tables.most_team_announcements;
  // A belote in each suit for both players of the team (a kind where every suit is trumps), and one written for it.
  m.belote = std::int64_t(rules.belote.points) * (2 * kSuitCount + 1);
  std::int64_t bid = rules.bids.numbers.empty() ? 0 : rules.bids.numbers.back();
  for (const NamedBid& named : rules.bids.named) bid = std::max<std::int64_t>(bid, named.value);
  m.bid = bid * kind.bid_multiplier;
  m.roem = std::int64_t(rules.deck.hand_size) * rules.roem.most_per_trick() + rules.roem.pit;
  return m;
}

std::int64_t term_max(const ScoringTerm& term, const TeamMaxima& m, std::int64_t factor) {
  using W = ScoringTerm::What;
  std::int64_t value = 0;
  switch (term.what) {
    case W::own: value = m.cards + m.announcements + m.belote + m.roem; break;
    case W::own_cards: value = m.cards; break;
    case W::own_announcements: value = m.announcements; break;
    case W::own_belote: value = m.belote; break;
    case W::all: value = 2 * (m.cards + m.announcements + m.belote + m.roem); break;
    case W::all_cards: value = m.cards; break;
    case W::all_announcements: value = 2 * m.announcements; break;
    case W::all_belote: value = 2 * m.belote; break;
    case W::own_roem: value = m.roem; break;
    case W::all_roem: value = 2 * m.roem; break;
    case W::bid: value = m.bid; break;
    case W::fixed: value = std::max(term.fixed, term.capot); break;
  }
  return term.times_factor ? value * factor : value;
}

constexpr std::array<std::string_view, kScoredResults> kResultKeys{"made", "failed", "tied",
                                                                   "made-doubled", "failed-doubled", "tied-doubled"};

// Whether one side's terms stay within kMaxDealPoints in kind `k`; otherwise says so at `key`.
bool within_bounds(Reader& r, const Ruleset& rules, std::size_t k, const TeamMaxima& m, const std::vector<ScoringTerm>& terms,
                   std::int64_t factor, const std::string& key) {
  std::int64_t total = 0;
  for (const ScoringTerm& term : terms) total += term_max(term, m, factor);
  total *= rules.kinds[k].score_multiplier;
  if (total <= kMaxDealPoints) return true;
  const std::string kind = rules.kinds_named ? fmt::format(" in a deal of kind '{}'", rules.kinds[k].name) : "";
  const std::string message = fmt::format("'{}' could write up to {} points{}; a deal writes at most {} (fewer terms, "
                                          "smaller values or a smaller factor)", key, total, kind, kMaxDealPoints);
  if (const SettingValue* value = r.find(key)) r.error(*value, message);
  else r.file_error(message);
  return false;
}

}  // namespace

bool check_score_bounds(Reader& r, const Ruleset& rules) {
  std::int64_t factor = 1;
  for (const DoublingLevel& level : rules.doubling) factor = std::max<std::int64_t>(factor, level.factor);
  for (std::size_t k = 0; k < rules.kinds.size(); ++k) {
    const TeamMaxima m = maxima(rules, k);
    // A revoke's terms, in a deal doubled or not.
    for (auto [side, terms] : {std::pair{"offenders", &rules.play.revoke.offenders}, {"others", &rules.play.revoke.others}})
      if (!within_bounds(r, rules, k, m, *terms, factor, fmt::format("play.revoke.{}", side))) return false;
    for (std::size_t result = 0; result < std::size_t(kScoredResults); ++result) {
      const ResultScoring& scoring = rules.scoring.results[result];
      const std::int64_t result_factor = result >= 3 ? factor : 1;
      for (auto [side, terms] : {std::pair{"takers", &scoring.takers}, {"defenders", &scoring.defenders}, {"held", &scoring.held}})
        if (!within_bounds(r, rules, k, m, *terms, result_factor, fmt::format("scoring.{}.{}", kResultKeys[result], side)))
          return false;
    }
  }
  return true;
}

}  // namespace belote::validation
