// The parsers of the fast path of JSON Lines deals (belote/json_line_reader.h):
// simdjson On-Demand (simdjson_deal_line.h, in the native builds) and the
// JSON library's SAX interface (sax_deal_line.h, in every build). Each reads
// a deal of the hands form into its values (hands_line.h), with no tree, and
// any other form into a tree for the deal checker; either way it declines,
// leaving the line to the precise reader, at the first thing it does not
// fully accept.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "belote/deal.h"
#include "belote/ruleset.h"
#include "io/hands_deal.h"
#include "io/hands_line.h"
#include "io/input_node.h"

namespace belote {

class DealLineParser {
 public:
  virtual ~DealLineParser() = default;

  /// Parses one line; false when the fast path leaves it to the precise
  /// reader from the start (too long, a NUL byte or a backslash, a syntax
  /// error, not an object).
  virtual bool parse(std::string_view line) = 0;
  /// Whether the parsed line has only the keys of a deal of four hands that
  /// read_hands knows, each once, with values of the JSON types it reads;
  /// any other goes to read_checked.
  bool hands_form() const { return hands_; }
  /// A deal of the hands form, as `rules` reads it (`tokens` reads its card tokens and kind names); false declines.
  bool read_hands(const Ruleset& rules, DealTokenCache& tokens, Deal& deal) const {
    return read_hands_deal(rules, tokens, line_, deal);
  }
  /// Any deal, as `rules` reads it, through the deal checker; false declines.
  /// (A played mène of plain tricks, no words, no hands and nothing said is
  /// read by read_hands: its cards are checked card by card as the checker does.)
  bool read_checked(const Ruleset& rules, Deal& deal) const;

 protected:
  /// The precise reader's limit (json_deal_line.cpp): longer lines are its to refuse.
  static constexpr std::size_t kMaxLineBytes = 1 << 16;
  /// A deal nests three levels (announcements.N[i]); anything deeper is an error the precise reader words.
  static constexpr int kMaxDepth = 8;
  /// Whether the fast path may read the line: not too long, and no NUL byte
  /// (the precise reader refuses those) or backslash (an escape would need
  /// its text decoded to compare with the precise reader's).
  static bool plain_line(std::string_view line);
  /// The parsed line as a tree for the deal checker, with no positions (an
  /// error sends the line to the precise reader, which finds them); false
  /// when the line repeats a key or nests too deeply.
  virtual bool tree(InputNode& root) const = 0;

  HandsLine line_;  ///< the hands form's values, when hands_
  bool hands_ = false;
};

/// simdjson's parser, where the build has simdjson (null elsewhere).
std::unique_ptr<DealLineParser> simdjson_deal_line_parser();
/// The JSON library's SAX parser.
std::unique_ptr<DealLineParser> sax_deal_line_parser();

}  // namespace belote
