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

class FastDealLine {
 public:
  /// Parses one line; false when the fast path leaves it to the precise
  /// reader from the start (too long, a NUL byte or a backslash, a syntax
  /// error, not an object).
  bool parse(std::string_view line);
  /// Whether the parsed line has only the keys of a deal of four hands that
  /// read_hands knows, each once, with values of the JSON types it reads;
  /// any other goes to read_checked.
  bool hands_form() const { return hands_; }
  /// A deal of the hands form, as `rules` reads it (`tokens` reads its card tokens and kind names); false declines.
  bool read_hands(const Ruleset& rules, DealTokenCache& tokens, Deal& deal) const;
  /// Any deal, as `rules` reads it, through the deal checker; false declines.
  /// (A played mène of plain tricks, no words, no hands and nothing said is
  /// read by read_hands: its cards are checked card by card as the checker does.)
  bool read_checked(const Ruleset& rules, Deal& deal) const;

 private:
  /// The cards and the facts of a played mène; false declines (a card the
  /// deck does not read, a card twice, an illegal card: the checker words it).
  bool read_played(const Ruleset& rules, DealTokenCache& tokens, Deal& deal) const;
  std::string buffer_;  ///< the line, then simdjson's padding
  simdjson::ondemand::parser hands_parser_;
  HandsLine line_;  ///< the hands form's values, when hands_
  bool hands_ = false;
  simdjson::dom::parser parser_;  ///< for the other forms
  simdjson::dom::element root_;
};

}  // namespace belote
