#include "belote/ruleset.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include <fmt/format.h>

#include "common/text_util.h"

namespace belote {

int SequenceRules::shortest() const {
  for (std::size_t length = 0; length < points_by_length.size(); ++length)
    if (!names_by_length[length].empty()) return int(length);
  return 0;
}

int SequenceRules::longest() const {
  for (std::size_t length = points_by_length.size(); length-- > 0;)
    if (!names_by_length[length].empty()) return int(length);
  return 0;
}

int SequenceRules::entry_for(int length) const {
  if (length < shortest()) return 0;
  return std::min(length, longest());
}

bool BeloteRules::is_said(std::string_view word) const {
  const std::string lower = to_lower(word);
  return std::find(heard.begin(), heard.end(), lower) != heard.end();
}

std::string Ruleset::kind_name(AnnouncementKind kind) const {
  if (kind.carre) return "carre-" + deck.rank_name(Rank(kind.value));
  return sequences.names_by_length[kind.value];
}

bool Ruleset::same_conventions(const Ruleset& other) const {
  return deck == other.deck && sequences == other.sequences && carres == other.carres &&
         belote == other.belote && announcements == other.announcements && kinds == other.kinds &&
         kinds_named == other.kinds_named && contract == other.contract && bids == other.bids &&
         doubling == other.doubling && scoring == other.scoring && rounding == other.rounding && game == other.game &&
         auction == other.auction && play == other.play && roem == other.roem;
}

std::vector<std::string> Ruleset::differing_keys(const Ruleset& other) const {
  std::unordered_map<std::string_view, std::string_view> theirs;
  for (const auto& [key, meaning] : other.resolved_meanings) theirs.emplace(key, meaning);
  std::vector<std::string> keys;
  for (const auto& [key, meaning] : resolved_meanings) {
    const auto it = theirs.find(key);
    if (it == theirs.end() || it->second != meaning) keys.push_back(key);
    if (it != theirs.end()) theirs.erase(it);
  }
  // Keys only the other sets, in its order.
  for (const auto& [key, meaning] : other.resolved_meanings)
    if (theirs.count(key)) keys.push_back(key);
  return keys;
}

int ContractKind::total_card_points() const {
  int points = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    // A one-suit kind totals the same whichever suit is trumps: one trump suit, three others.
    const bool trump = trumps == Trumps::all_suits || (trumps == Trumps::one_suit && s == 0);
    points += std::accumulate((trump ? trump_points : plain_points).begin(), (trump ? trump_points : plain_points).end(), 0);
  }
  return (points + last_trick_points) * card_multiplier;
}

std::optional<int> Ruleset::find_kind(std::string_view name) const {
  // Any case, in any alphabet ("БЕЗ-КОЗ" is "без-коз"), as the loader keeps names apart.
  const std::string wanted = to_lower(name);
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (to_lower(kinds[k].name) == wanted) return int(k);
    for (const std::string& alias : kinds[k].aliases)
      if (to_lower(alias) == wanted) return int(k);
  }
  return std::nullopt;
}

std::optional<std::string> Ruleset::taken_out_kind(std::string_view name) const {
  const std::string wanted = to_lower(name);
  for (const auto& [spelling, table] : kinds_taken_out)
    if (to_lower(spelling) == wanted) return table;
  return std::nullopt;
}

std::optional<std::string> Ruleset::kind_taken_out_reason(std::string_view name) const {
  const auto table = taken_out_kind(name);
  if (!table) return std::nullopt;
  return fmt::format("taken out of ruleset '{}' by 'kinds.{}.enabled = false'", info.name, *table);
}

std::optional<int> Ruleset::find_named_bid(std::string_view name) const {
  for (std::size_t b = 0; b < bids.named.size(); ++b)
    if (same_name(name, bids.named[b].name)) return int(b);  // "générale" as the rule book writes it
  return std::nullopt;
}

std::optional<int> Ruleset::find_doubling(std::string_view name) const {
  for (std::size_t d = 0; d < doubling.size(); ++d)
    if (same_name(name, doubling[d].name)) return int(d);
  return std::nullopt;
}

std::optional<int> Ruleset::suit_kind(Suit trump) const {
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].trumps == Trumps::one_suit && kinds[k].in_suit(trump)) return int(k);
  return std::nullopt;
}

}  // namespace belote
