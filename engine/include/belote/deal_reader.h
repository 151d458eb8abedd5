// Reading deals from TOML files and JSON Lines, with precise errors.
//
// TOML: one deal per file, under a [deal] table (a file may also hold a
// `description` and `[expect.RULESET]` tables, as the worked cases do).
// JSON Lines: one deal object per line, with the same keys.
#pragma once

#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"

namespace belote {

/// A deal of the four hands, written in code with the tokens a person types:
///
///   HandsDealText text;
///   text.trump = "H";  text.taker = "N";
///   text.hands[Seat::N] = "JH 9H AH 10H KH QH 7S 8S";  // ... and E, S, W
///   text.result.points = {{100, 62}};  // NS, EW
///   text.result.tricks = {{5, 3}};
///
/// DealReader::read_hands checks it as it checks a deal file.
struct HandsDealText {
  std::string id;             ///< echoed in reports; may be empty
  std::string trump;          ///< a suit: "H" or "♥"
  std::string taker;          ///< a seat: "N", "E", "S" or "W"
  std::string first;          ///< who speaks first and leads; empty for N
  PerSeat<std::string> hands; ///< each hand's card tokens, separated by spaces
  DealResult result;          ///< card points (with the last trick) and tricks per team
};

/// Whether an input of deals named `name` is a TOML deal file: a name that ends
/// in ".toml". Any other input (a file, "-" for standard input) holds JSON Lines
/// (docs/deals.md).
inline bool names_toml_deal_file(std::string_view name) { return name.size() > 5 && name.ends_with(".toml"); }

/// Whether a line of JSON Lines input opens a JSON document written over several
/// lines (`{` or `[` alone on it): a game's record or pretty-printed JSON, whose
/// every line would otherwise be an error of its own.
bool opens_json_document(std::string_view line);

class DealReader {
 public:
  /// The ruleset gives the deck (card tokens, hand size, card points) and,
  /// for declared announcements, their names and what a declaration may hold.
  explicit DealReader(const Ruleset& rules) : rules_(rules) {}

  // Each reader returns true when the deal is valid. Otherwise it returns
  // false and appends every problem found to `errors`, each naming the key or
  // token (with its line and column when the deal came from text).

  bool read_toml_file(const std::filesystem::path& path, Deal& deal, Diagnostics& errors) const;
  /// `display` names the text in errors (e.g. "<request>").
  bool read_toml(std::string_view text, const std::string& display, Deal& deal, Diagnostics& errors) const;
  /// One JSON line; `line_number` is 1-based and appears in errors.
  bool read_json_line(std::string_view line, const std::string& display, long line_number, Deal& deal,
                      Diagnostics& errors) const;
  /// A deal built in code as a JSON value, with the keys of a JSON Lines deal.
  /// Errors name the key but have no line or column.
  bool read_json(const nlohmann::json& value, const std::string& display, Deal& deal, Diagnostics& errors) const;
  /// A hands deal written in code; errors name the key ("hands.N: unknown card 'ZZ'").
  bool read_hands(const HandsDealText& text, Deal& deal, Diagnostics& errors) const;

 private:
  const Ruleset& rules_;
};

}  // namespace belote
