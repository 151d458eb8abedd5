#include "belote/deck.h"

#include <algorithm>
#include <fmt/format.h>
#include <numeric>

#include "common/text_util.h"

namespace belote {

int Deck::total_card_points() const {
  const int trump = std::accumulate(trump_points.begin(), trump_points.end(), 0);
  const int plain = std::accumulate(plain_points.begin(), plain_points.end(), 0);
  return trump + (kSuitCount - 1) * plain + last_trick_points;
}

int Deck::card_points(Card card, Suit trump) const {
  const Rank rank = rank_of(card);
  return suit_of(card) == trump ? trump_points[rank] : plain_points[rank];
}

std::optional<Suit> Deck::parse_suit(std::string_view text) const {
  for (Suit s = 0; s < kSuitCount; ++s) {
    if (iequals(text, suits[s]) || (!suit_symbols[s].empty() && text == suit_symbols[s])) return s;
  }
  return std::nullopt;
}

std::optional<Rank> Deck::parse_rank(std::string_view text) const {
  for (Rank r = 0; r < rank_count(); ++r) {
    if (iequals(text, ranks[r])) return r;
    if (r < rank_aliases.size()) {
      for (const std::string& alias : rank_aliases[r])
        if (iequals(text, alias)) return r;
    }
  }
  return std::nullopt;
}

std::optional<Card> Deck::parse_card(std::string_view token) const {
  // The suit is the token's ending (a letter or a symbol); the rank is the rest.
  for (Suit s = 0; s < kSuitCount; ++s) {
    for (const std::string& spelling : {suits[s], suit_symbols[s]}) {
      if (spelling.empty() || token.size() <= spelling.size()) continue;
      const std::string_view ending = token.substr(token.size() - spelling.size());
      const bool match = spelling == suit_symbols[s] ? ending == spelling : iequals(ending, spelling);
      if (!match) continue;
      if (auto rank = parse_rank(token.substr(0, token.size() - spelling.size())))
        return make_card(s, *rank);
    }
  }
  return std::nullopt;
}

const std::string& Deck::suit_name(Suit suit, SuitStyle style) const {
  if (style == SuitStyle::symbol && !suit_symbols[suit].empty()) return suit_symbols[suit];
  return suits[suit];
}

std::string Deck::card_name(Card card, SuitStyle style) const {
  return ranks[rank_of(card)] + suit_name(suit_of(card), style);
}

std::string Deck::cards_text(CardSet cards, SuitStyle style) const {
  std::string out;
  while (cards) {
    if (!out.empty()) out += ' ';
    out += card_name(pop_lowest(cards), style);
  }
  return out;
}

std::string cards_written(const Deck& deck, std::string_view text, SuitStyle to, bool any_case) {
  std::string out;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    const std::string_view word = text.substr(at, end - at);
    const std::size_t open = word.starts_with('(') ? 1 : 0;
    std::size_t close = 0;
    while (word.size() > open + close && std::string_view(",;:.)").find(word[word.size() - close - 1]) != std::string_view::npos)
      ++close;
    const std::string_view token = word.substr(open, word.size() - open - close);
    const auto card = deck.parse_card(token);
    const bool written_as_a_card =
        card && (any_case || deck.card_name(*card) == token || deck.card_name(*card, SuitStyle::symbol) == token);
    if (written_as_a_card)
      out += fmt::format("{}{}{}", word.substr(0, open), deck.card_name(*card, to), word.substr(word.size() - close));
    else
      out += word;
    if (end < text.size()) out += ' ';
    at = end + 1;
  }
  return out;
}

}  // namespace belote
