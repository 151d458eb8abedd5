// A deal of the hands form read from its values (hands_line.h) under a
// ruleset, as the deal checker reads it, whichever parser read the values
// (deal_line_parser.h). It declines, leaving the line to the precise reader,
// at the first thing it does not fully accept.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "belote/deal.h"
#include "belote/ruleset.h"
#include "io/hands_line.h"

namespace belote {

/// Card tokens and kind names as one ruleset reads them, remembered:
/// Deck::parse_card and Ruleset::find_kind are exact but slow, and a file
/// spells the same few dozen tokens over and over.
class DealTokenCache {
 public:
  explicit DealTokenCache(const Ruleset& rules) : rules_(rules), deck_(rules.deck) {
    for (const ContractKind& kind : rules.kinds) kind_points_.push_back(kind.total_card_points());
    for (Suit suit = 0; suit < kSuitCount; ++suit) suit_kinds_[suit] = rules.suit_kind(suit);
  }
  /// The card a token names, or -1 when the deck reads no card there.
  int card(std::string_view token);
  /// The cards of a text of tokens cut by spaces ("8S AS 10H"), added to
  /// `hand` and `all` and counted in `cards`; false at a token the deck
  /// reads no card from or a card already in `all`.
  bool add_cards(std::string_view text, CardSet& all, CardSet& hand, int& cards);
  /// The kind a name or alias names (in any case), or -1.
  int kind(std::string_view name);
  /// The suit a text names, as Deck::parse_suit reads it.
  std::optional<Suit> suit(std::string_view text);
  /// A kind's card points in a deal, as ContractKind::total_card_points counts them.
  int total_card_points(std::size_t kind) const { return kind_points_[kind]; }
  /// The one-suit kind of a trump suit, as Ruleset::suit_kind gives it.
  std::optional<int> suit_kind(Suit trump) const { return suit_kinds_[trump]; }

 private:
  /// Spellings of kind names remembered, at most: a file of other spellings is read without remembering.
  static constexpr std::size_t kMaxKindSpellings = 64;
  const Ruleset& rules_;
  struct Entry {
    std::uint64_t key = 0;  ///< the token's bytes and its length; 0 for a free entry
    int card = -1;
  };
  static constexpr std::int8_t kUnread = -2;
  const Deck& deck_;
  /// Two-byte tokens ("AS", "9h"), the most common, by their bytes.
  std::vector<std::int8_t> pairs_ = std::vector<std::int8_t>(1 << 16, kUnread);
  std::array<Entry, 512> entries_{};
  /// Three-byte tokens ("10H"), by their bytes' hash; a token that meets another's entry takes it over.
  struct Triple {
    std::uint32_t key = 0;  ///< the token's bytes; 0 for a free entry
    std::int8_t card = -1;
  };
  static constexpr int kTripleBits = 8;
  std::array<Triple, 1 << kTripleBits> triples_{};
  /// The card of the two bytes at `bytes`.
  int pair(const char* bytes) {
    std::int8_t& known = pairs_[std::size_t(static_cast<unsigned char>(bytes[0])) << 8 | static_cast<unsigned char>(bytes[1])];
    if (known == kUnread) {
      const auto card = deck_.parse_card(std::string_view(bytes, 2));
      known = std::int8_t(card ? int(*card) : -1);
    }
    return known;
  }
  /// The card of the three bytes at `bytes`.
  int triple(const char* bytes);
  std::vector<std::pair<std::string, int>> kinds_;
  /// One-byte suit texts ("H", "h"), the usual spelling, by their byte.
  std::array<std::int8_t, 256> suit_bytes_ = unread_bytes();
  std::vector<int> kind_points_;
  std::array<std::optional<int>, kSuitCount> suit_kinds_;
  static std::array<std::int8_t, 256> unread_bytes() {
    std::array<std::int8_t, 256> unread;
    unread.fill(kUnread);
    return unread;
  }
};

/// A deal of the hands form, or a played mène of plain tricks, as `rules`
/// reads the values of `line` (`tokens` reads its card tokens and kind
/// names); false declines: a card the deck does not read, a card twice, sums
/// off, an illegal card... the deal checker words it.
bool read_hands_deal(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, Deal& deal);

}  // namespace belote
