// The deck: ranks, suits, hand size and card points, all data.
//
// The classic deck has 32 cards, 8 per hand; regional games use 36 cards and
// 9-card hands. The engine reads everything about the deck from here.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "belote/card_set.h"

namespace belote {

/// How suits are written in text meant for a person.
/// How cards are written: suits as letters (S H D C), as symbols (♠ ♥ ♦ ♣), or
/// as letters in plain ASCII text (arrows written "->" too: `--ascii`).
enum class SuitStyle { letter, symbol, ascii };

struct Deck {
  /// Rank names in natural order, lowest first (sequences follow this order).
  std::vector<std::string> ranks;
  /// Other accepted spellings of each rank (e.g. T for 10, V D R for J Q K).
  std::vector<std::vector<std::string>> rank_aliases;
  /// Suit letters and their symbols, in the deck's suit order.
  std::array<std::string, kSuitCount> suits;
  std::array<std::string, kSuitCount> suit_symbols;
  int hand_size = 0;
  /// Card points by rank, in the trump suit and in the other suits.
  std::vector<int> trump_points;
  std::vector<int> plain_points;
  /// Bonus for the last trick (dix de der).
  int last_trick_points = 0;
  /// Trick order, weakest first, in the trump suit and in the others (natural order by default).
  std::vector<Rank> trump_order;
  std::vector<Rank> plain_order;

  int rank_count() const { return int(ranks.size()); }
  int card_count() const { return rank_count() * kSuitCount; }
  /// Every card of the deck.
  CardSet all_cards() const { return all_suits(run_mask(0, rank_count())); }
  /// Card points of a whole deal: all cards with one suit as trumps, plus the last trick.
  int total_card_points() const;
  int card_points(Card card, Suit trump) const;

  /// Card tokens: rank then suit, case-insensitive, suit as a letter or a symbol.
  std::optional<Card> parse_card(std::string_view token) const;
  std::optional<Suit> parse_suit(std::string_view text) const;
  std::optional<Rank> parse_rank(std::string_view text) const;

  std::string card_name(Card card, SuitStyle style = SuitStyle::letter) const;
  const std::string& suit_name(Suit suit, SuitStyle style = SuitStyle::letter) const;
  const std::string& rank_name(Rank rank) const { return ranks[rank]; }
  /// Cards in natural order, suit by suit, separated by spaces.
  std::string cards_text(CardSet cards, SuitStyle style = SuitStyle::letter) const;

  friend bool operator==(const Deck&, const Deck&) = default;
};

/// `text` with each word that is a card (in parentheses, or before a stop, or
/// not) written in `to`'s suits: the screen's words and the rules' refusals
/// shown, and an answer read in letters. Only a card written as the deck
/// writes it is a card in a text shown ("AS", not the word "as"); with
/// `any_case`, an answer's cards are read in any case.
std::string cards_written(const Deck& deck, std::string_view text, SuitStyle to, bool any_case = false);

}  // namespace belote
