// The fast path of JSON Lines deals (see belote/json_line_reader.h): simdjson
// parses a line, and a deal of the hands form with the keys it knows is read
// straight into a Deal; other forms go through the deal checker on a tree
// made from simdjson's values. It declines, leaving the line to the precise
// reader, at the first thing it does not fully accept.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <vector>

#include "belote/deal.h"
#include "belote/ruleset.h"

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

class FastDealLine {
 public:
  /// Parses one line; false when the fast path leaves it to the precise
  /// reader from the start (too long, a NUL byte or a backslash, a syntax
  /// error, not an object).
  bool parse(std::string_view line);
  /// Whether the parsed line has only the keys of a deal of four hands that
  /// read_hands knows, each once; any other goes to read_checked.
  bool hands_form();
  /// A deal of the hands form, as `rules` reads it (`tokens` reads its card tokens and kind names); false declines.
  bool read_hands(const Ruleset& rules, DealTokenCache& tokens, Deal& deal) const;
  /// Any deal, as `rules` reads it, through the deal checker; false declines.
  bool read_checked(const Ruleset& rules, Deal& deal) const;

 private:
  simdjson::dom::parser parser_;
  std::string buffer_;  ///< the line, then simdjson's padding
  simdjson::dom::element root_;
  std::array<simdjson::dom::element, 10> keys_;  ///< the hands form's values, by DealKey (fast_deal_line.cpp)
  unsigned seen_ = 0;                          ///< which of them the line gives
};

}  // namespace belote
