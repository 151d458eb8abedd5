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
#include <string>
#include <vector>

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

// Whether one side's terms stay within kMaxDealPoints in kind `k`; otherwise
// says so, naming the factors that multiply the terms, at whichever of the
// keys involved the latest file set (the overlay that made the sum too large).
bool within_bounds(Reader& r, const Ruleset& rules, std::size_t k, const TeamMaxima& m, const std::vector<ScoringTerm>& terms,
                   std::int64_t factor, const std::string& key) {
  std::int64_t total = 0;
  bool doubled = false;
  for (const ScoringTerm& term : terms) {
    total += term_max(term, m, factor);
    doubled = doubled || term.times_factor;
  }
  const ContractKind& kind = rules.kinds[k];
  total *= kind.score_multiplier;
  if (total <= kMaxDealPoints) return true;
  const SettingValue* at = r.find(key);
  std::string factors;
  const auto involve = [&](const SettingValue* set, std::string_view what, std::int64_t value) {
    factors += fmt::format(", {} {}{}", what, value, set ? fmt::format(" ({})", where(*set)) : std::string());
    if (set && (!at || set->layer > at->layer)) at = set;
  };
  if (kind.score_multiplier != 1)
    involve(r.find(fmt::format("kinds.{}.score_multiplier", kind.name)), "times the kind's score_multiplier", kind.score_multiplier);
  if (doubled && factor != 1) {
    // The level that gives the largest factor.
    const SettingValue* level = nullptr;
    for (const SettingValue* entry : r.entries("doubling.levels"))
      if (entry->node->value<std::int64_t>() == factor) level = entry;
    involve(level, "terms times the doubling factor", factor);
  }
  const std::string in_kind = rules.kinds_named ? fmt::format(" in a deal of kind '{}'", kind.name) : "";
  const std::string message = fmt::format("'{}' could write up to {} points{}{}; a deal writes at most {} (fewer terms, "
                                          "smaller values or a smaller factor)",
                                          key, total, in_kind, factors, kMaxDealPoints);
  if (at) r.error(*at, message);
  else r.file_error(message);
  return false;
}

}  // namespace

bool check_score_bounds(Reader& r, const Ruleset& rules) {
  std::int64_t factor = 1;
  for (const DoublingLevel& level : rules.doubling) factor = std::max<std::int64_t>(factor, level.factor);
  // Every key too large is named once, in the first kind where it is; a key
  // left out that takes another's terms (`made-doubled` takes `made`'s) is not
  // named again for them.
  std::vector<std::string> refused;
  std::vector<const std::vector<ScoringTerm>*> refused_terms;
  const auto check = [&](std::size_t k, const TeamMaxima& m, const std::vector<ScoringTerm>& terms, std::int64_t f,
                         const std::string& key) {
    if (std::find(refused.begin(), refused.end(), key) != refused.end()) return;
    if (!r.find(key) && std::any_of(refused_terms.begin(), refused_terms.end(), [&](const auto* t) { return *t == terms; })) return;
    if (within_bounds(r, rules, k, m, terms, f, key)) return;
    refused.push_back(key);
    refused_terms.push_back(&terms);
  };
  for (std::size_t k = 0; k < rules.kinds.size(); ++k) {
    const TeamMaxima m = maxima(rules, k);
    // A revoke's terms, in a deal doubled or not.
    check(k, m, rules.play.revoke.offenders, factor, "play.revoke.offenders");
    check(k, m, rules.play.revoke.others, factor, "play.revoke.others");
    for (std::size_t result = 0; result < std::size_t(kScoredResults); ++result) {
      const ResultScoring& scoring = rules.scoring.results[result];
      const std::int64_t result_factor = result >= 3 ? factor : 1;
      for (auto [side, terms] : {std::pair{"takers", &scoring.takers}, {"defenders", &scoring.defenders}, {"held", &scoring.held}})
        check(k, m, *terms, result_factor, fmt::format("scoring.{}.{}", kResultKeys[result], side));
    }
  }
  return refused.empty();
}

}  // namespace belote::validation
