// The fast path's parser of JSON Lines deals with the JSON library's SAX
// interface (see deal_line_parser.h), for builds without simdjson (the
// WebAssembly build): the library's own parser, the precise reader's, reports
// the line's values as it meets them, and they are kept in a flat list, with
// no tree. A deal of the hands form is read from the list into its values,
// any other form into a tree for the deal checker.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/deal_line_parser.h"

namespace belote {

/// One thing the parser met, in the order of the line.
struct JsonEvent {
  enum Kind : std::uint8_t { object, object_end, array, array_end, key, string, integer, other_number, boolean, null };
  Kind kind = null;
  /// A boolean's value; for an other_number, whether it has a fraction or
  /// an exponent (else it is an integer beyond int64).
  bool flag = false;
  std::int64_t number = 0;  ///< an integer's value
  std::string_view text;    ///< a key's or a string's text
};

class SaxDealLine final : public DealLineParser {
 public:
  bool parse(std::string_view line) override;

 private:
  bool tree(InputNode& root) const override;

  std::vector<JsonEvent> events_;
  /// The texts of the keys and strings, one after the other: never more
  /// than the line, for which room is made first, so that the views stay.
  std::string texts_;
};

}  // namespace belote
