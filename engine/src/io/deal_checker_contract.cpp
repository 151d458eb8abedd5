// The contract's terms of a deal: its kind and trump suit, its bid and what the
// bid needs, its doubling, and the points held over from earlier deals.
#include "io/deal_checker_class.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/text_util.h"

namespace belote::deal_checking {

std::string DealChecker::kind_names() const {
  std::vector<std::string> names;
  for (const ContractKind& k : rules_.kinds) names.push_back(k.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

// "couleur or suit (one trump suit), sans-atout or SA (no trump), ...": each kind with its aliases and its trumps.
std::string DealChecker::kinds_with_aliases() const {
  static constexpr std::array<std::string_view, 3> kTrumps{"one trump suit", "no trump", "every suit trumps"};
  std::vector<std::string> names;
  for (const ContractKind& k : rules_.kinds) {
    std::string name = k.name;
    for (const std::string& alias : k.aliases) name += " or " + alias;
    names.push_back(fmt::format("{} ({})", name, kTrumps[std::size_t(k.trumps)]));
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

// Every name a kind answers to: its own and its aliases.
std::vector<std::string> DealChecker::kind_spellings() const {
  std::vector<std::string> names;
  for (const ContractKind& k : rules_.kinds) {
    names.push_back(k.name);
    names.insert(names.end(), k.aliases.begin(), k.aliases.end());
  }
  return names;
}

// The contract kind, named by `kind`, or found from the `trump` suit alone.
void DealChecker::read_kind(const InputNode& root, Deal& deal) {
  const InputNode* kind_node = root.get("kind");
  const InputNode* trump = root.get("trump");
  std::optional<Suit> suit;
  if (trump) suit = suit_named(*trump, "trump");
  if (kind_node) {
    const auto text = text_of(*kind_node, path("kind"));
    if (!text) return;
    if (!rules_.kinds_named) {
      error(*kind_node, true, fmt::format("'{}': this ruleset names no contract kinds; a deal gives its '{}' alone",
                                          path("kind"), path("trump")));
      return;
    }
    const auto found = rules_.find_kind(*text);
    if (!found) {
      if (const auto reason = rules_.kind_taken_out_reason(*text)) {
        error(*kind_node, false, fmt::format("'{}': kind '{}' is {} (kinds: {})", path("kind"), printable(*text), *reason,
                                             kinds_with_aliases()));
        return;
      }
      error(*kind_node, false, fmt::format("'{}': unknown kind '{}'{} (kinds: {})", path("kind"), printable(*text),
                                           did_you_mean(*text, kind_spellings()), kinds_with_aliases()));
      return;
    }
    const ContractKind& kind = rules_.kinds[std::size_t(*found)];
    deal.kind_given = true;
    if (kind.trumps == Trumps::one_suit) {
      if (!trump) {
        error(root, true, fmt::format("missing key '{}': kind '{}' is played with a trump suit", path("trump"), kind.name));
        return;
      }
      if (!suit) return;
      if (!kind.in_suit(*suit)) {
        std::vector<std::string> suits;
        for (Suit s = 0; s < kSuitCount; ++s)
          if (kind.in_suit(s)) suits.push_back(deck_.suits[s]);
        error(*trump, false, fmt::format("'{}': kind '{}' is played with {} as trumps, not {}", path("trump"), kind.name,
                                         fmt::join(suits, " or "), deck_.suits[*suit]));
        return;
      }
      deal.trump = *suit;
    } else if (trump) {
      error(*trump, true, fmt::format("'{}': kind '{}' has {}; leave '{}' out", path("trump"), kind.name,
                                      kind.trumps == Trumps::none ? "no trump suit" : "every suit trumps", path("trump")));
      return;
    }
    deal.kind = std::uint8_t(*found);
    kind_ = *found;
    return;
  }
  if (!trump) {
    error(root, true, rules_.kinds_named ? fmt::format("missing key '{}' or '{}' (kinds: {})", path("kind"), path("trump"), kind_names())
                                         : fmt::format("missing key '{}'", path("trump")));
    return;
  }
  if (!suit) return;
  const auto found = rules_.suit_kind(*suit);
  if (!found) {
    error(*trump, false, fmt::format("'{}': no kind of this ruleset is played with {} as trumps; name the deal's '{}' "
                                     "(kinds: {})", path("trump"), deck_.suits[*suit], path("kind"), kind_names()));
    return;
  }
  deal.trump = *suit;
  deal.kind = std::uint8_t(*found);
  kind_ = *found;
}

// "80 to 160 by 10, capot, generale": the bids a deal may carry, for messages.
std::string DealChecker::bids_text() const {
  std::vector<std::string> parts;
  const auto& numbers = rules_.bids.numbers;
  for (std::size_t i = 0; i < numbers.size();) {
    // A run of three or more bids a constant step apart is written as a range.
    std::size_t j = i + 1;
    while (j + 1 < numbers.size() && numbers[j + 1] - numbers[j] == numbers[i + 1] - numbers[i]) ++j;
    if (j < numbers.size() && j - i >= 2) {
      parts.push_back(fmt::format("{} to {} by {}", numbers[i], numbers[j], numbers[i + 1] - numbers[i]));
      i = j + 1;
    } else {
      parts.push_back(std::to_string(numbers[i]));
      ++i;
    }
  }
  for (const NamedBid& bid : rules_.bids.named) parts.push_back(bid.name);
  return fmt::format("{}", fmt::join(parts, ", "));
}

void DealChecker::read_bid(const InputNode& root, Deal& deal) {
  const InputNode* bid = root.get("bid");
  if (!rules_.bids.any()) {
    if (bid) error(*bid, true, fmt::format("'{}': this ruleset has no bids ([bids])", path("bid")));
    return;
  }
  if (!bid) {
    error(root, true, fmt::format("missing key '{}' (bids: {})", path("bid"), bids_text()));
    return;
  }
  if (bid->type == InputNode::Type::integer) {
    const auto& numbers = rules_.bids.numbers;
    if (std::find(numbers.begin(), numbers.end(), bid->integer) == numbers.end()) {
      error(*bid, false, fmt::format("'{}': {} is not a bid of this ruleset (bids: {})", path("bid"), bid->integer, bids_text()));
      return;
    }
    deal.bid = int(bid->integer);
    return;
  }
  if (bid->type == InputNode::Type::string) {
    if (const auto named = rules_.find_named_bid(bid->text)) {
      deal.named_bid = std::int8_t(*named);
      deal.bid = rules_.bids.named[std::size_t(*named)].value;
      return;
    }
    std::vector<std::string> names;
    for (const NamedBid& b : rules_.bids.named) names.push_back(b.name);
    error(*bid, false, fmt::format("'{}': unknown bid '{}'{} (bids: {})", path("bid"), printable(bid->text),
                                   did_you_mean(bid->text, names), bids_text()));
    return;
  }
  error(*bid, false, fmt::format("'{}' must be a number or a named bid, not {}", path("bid"), bid->type_name()));
}

void DealChecker::read_doubling(const InputNode& root, Deal& deal) {
  const InputNode* doubling = root.get("doubling");
  if (!doubling) return;
  std::vector<std::string> names;
  for (const DoublingLevel& level : rules_.doubling) names.push_back(level.name);
  if (names.empty()) {
    error(*doubling, true, fmt::format("'{}': this ruleset has no doubling ([doubling] levels)", path("doubling")));
    return;
  }
  const auto text = text_of(*doubling, path("doubling"));
  if (!text) return;
  if (const auto level = rules_.find_doubling(*text)) {
    deal.doubling = std::uint8_t(*level + 1);
    return;
  }
  error(*doubling, false, fmt::format("'{}': unknown doubling '{}'{} (levels: {})", path("doubling"), printable(*text),
                                      did_you_mean(*text, names), fmt::join(names, ", ")));
}

void DealChecker::read_held_over(const InputNode& root, Deal& deal) {
  const InputNode* held = root.get("held_over");
  if (!held) return;
  if (held->type != InputNode::Type::integer || held->integer < 0 || held->integer > kMaxHeldOver) {
    error(*held, false, fmt::format("'{}' must be an integer from 0 to {} (points held over from earlier deals)",
                                    path("held_over"), kMaxHeldOver));
    return;
  }
  deal.held_over = int(held->integer);
}

// A bid that the taker alone must make needs the tricks of each seat.
void DealChecker::check_bid_needs(const InputNode& root, const Deal& deal) {
  if (deal.named_bid < 0) return;
  const NamedBid& bid = rules_.bids.named[std::size_t(deal.named_bid)];
  // Said at the bid that needs them.
  if (bid.needs == BidNeeds::taker_every_trick && !deal.result.seat_tricks_given)
    error(*root.get("bid"), false, fmt::format("the bid '{}' is made only when the taker alone takes every trick: give '{}'",
                                  bid.name, path("result.tricks_by_seat")));
}

}  // namespace belote::deal_checking
