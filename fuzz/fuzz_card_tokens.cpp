// Fuzz target: card, suit and rank tokens under the deck of each shipped
// ruleset. A token that reads names a card of the deck, and the card's own
// name reads back as the same card.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"

using namespace belote;

namespace {

void check_deck(const Deck& deck, std::string_view token) {
  if (const auto card = deck.parse_card(token)) {
    BELOTE_FUZZ_CHECK(contains(deck.all_cards(), *card));
    for (SuitStyle style : {SuitStyle::letter, SuitStyle::symbol})
      BELOTE_FUZZ_CHECK(deck.parse_card(deck.card_name(*card, style)) == card);
  }
  if (const auto suit = deck.parse_suit(token)) {
    BELOTE_FUZZ_CHECK(*suit < kSuitCount);
    BELOTE_FUZZ_CHECK(deck.parse_suit(deck.suit_name(*suit)) == suit);
  }
  if (const auto rank = deck.parse_rank(token)) {
    BELOTE_FUZZ_CHECK(*rank < deck.rank_count());
    BELOTE_FUZZ_CHECK(deck.parse_rank(deck.rank_name(*rank)) == rank);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view token(reinterpret_cast<const char*>(data), size);
  check_deck(classic_deck(), token);
  for (const auto& rules : fuzz::shipped_rulesets()) check_deck(rules->deck, token);
  return 0;
}
