// The fast path of JSON Lines deals (see belote/json_line_reader.h): simdjson
// parses a line, and a deal of the hands form with the keys it knows is read
// straight into a Deal; other forms go through the deal checker on a tree
// made from simdjson's values. It declines, leaving the line to the precise
// reader, at the first thing it does not fully accept.
#pragma once

#include <array>
#include <cstdint>
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
  explicit DealTokenCache(const Ruleset& rules) : rules_(rules), deck_(rules.deck) {}
  /// The card a token names, or -1 when the deck reads no card there.
  int card(std::string_view token);
  /// The kind a name or alias names (in any case), or -1.
  int kind(std::string_view name);

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
