// A deal's four hands, and the card tokens that hands and announcements are written with.
#include "io/deal_checker_class.h"

#include <array>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/text_util.h"

namespace belote::deal_checking {

// Card tokens from "AS 10H ..." or ["AS", "10H", ...].
std::optional<std::vector<std::pair<Card, const InputNode*>>> DealChecker::cards_of(const InputNode& node, const std::string& name) {
  std::vector<std::pair<std::string, const InputNode*>> tokens;
  if (node.type == InputNode::Type::string) {
    for (std::string_view word : split_words(node.text)) tokens.emplace_back(std::string(word), &node);
  } else if (node.type == InputNode::Type::array) {
    for (const InputNode& item : node.items) {
      if (item.type != InputNode::Type::string) {
        error(item, false, fmt::format("'{}' must hold card tokens (strings), not {}", name, item.type_name()));
        return std::nullopt;
      }
      for (std::string_view word : split_words(item.text)) tokens.emplace_back(std::string(word), &item);
    }
  } else {
    error(node, false, fmt::format("'{}' must be a string of card tokens or an array of them, not {}", name, node.type_name()));
    return std::nullopt;
  }
  std::vector<std::pair<Card, const InputNode*>> cards;
  bool ok = true;
  for (const auto& [token, at] : tokens) {
    if (const auto card = deck_.parse_card(token)) {
      cards.emplace_back(*card, at);
    } else if (errors_.full()) {
      errors_.add_unkept(1);
      ok = false;
    } else {
      error(*at, false, fmt::format("'{}': unknown card '{}' (a card is a rank {} then a suit {})", name,
                                    printable(token), fmt::join(deck_.ranks, " "), fmt::join(deck_.suits, " ")));
      ok = false;
    }
  }
  return ok ? std::optional(cards) : std::nullopt;
}

// `played`: the hands of a played mène, whose first fault alone is given,
// in the rule book's words (play.md section 6).
void DealChecker::read_hands(const InputNode& hands, Deal& deal, bool played) {
  if (!expect_table(hands, path("hands"))) return;
  check_keys(hands, "hands", {"N", "E", "S", "W"});
  // Once every hand's tokens are read, the cards no hand holds can be named,
  // even when a hand is short or repeats a card: they are what the user left out.
  bool all_read = true;
  std::array<std::optional<Seat>, 64> holder{};
  for (Seat seat : kSeats) {
    const InputNode* hand = require(hands, name(seat), "hands");
    if (!hand) {
      all_read = false;
      continue;
    }
    const std::string name_ = path(fmt::format("hands.{}", name(seat)));
    const auto cards = cards_of(*hand, name_);
    if (!cards) {
      all_read = false;
      continue;
    }
    for (const auto& [card, at] : *cards) {
      if (played && holder[card]) {
        error(*at, false, fmt::format("{} is dealt twice ({} and {})", deck_.card_name(card), name(*holder[card]), name(seat)));
        return;
      }
      if (holder[card] == seat) {
        error(*at, false, fmt::format("'{}': card {} is listed twice", name_, deck_.card_name(card)));
      } else if (holder[card]) {
        error(*at, false, fmt::format("'{}': card {} is also in '{}'", name_, deck_.card_name(card),
                                      path(fmt::format("hands.{}", name(*holder[card])))));
      } else {
        holder[card] = seat;
        deal.hands[seat] |= card_bit(card);
      }
    }
    const int size = count(deal.hands[seat]);
    if (size != deck_.hand_size && int(cards->size()) != deck_.hand_size) {
      if (played) {
        error(*hand, false, fmt::format("hand {} has {} cards; a hand has {}", name(seat), cards->size(), deck_.hand_size));
        return;
      }
      error(*hand, false, fmt::format("'{}' has {} cards; a hand has {}", name_, cards->size(), deck_.hand_size));
    }
  }
  if (all_read) {
    const CardSet missing = deck_.all_cards() & ~(deal.hands[Seat::N] | deal.hands[Seat::E] | deal.hands[Seat::S] | deal.hands[Seat::W]);
    if (missing) error(hands, true, fmt::format("'{}': no hand holds {}", path("hands"), deck_.cards_text(missing)));
  }
}

}  // namespace belote::deal_checking
