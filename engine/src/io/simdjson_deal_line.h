// The fast path's parser of JSON Lines deals with simdjson (see
// deal_line_parser.h): a deal of the hands form is read with On-Demand
// straight into its values, other forms into a tree from simdjson's DOM.
#pragma once

#include <simdjson.h>
#include <string>
#include <string_view>

#include "io/deal_line_parser.h"

namespace belote {

/// Reads `size` bytes at `padded` (followed by simdjson's padding) as a deal
/// of the hands form into `line`: false at a syntax error, an unknown or
/// repeated key, a value of an unexpected JSON type, or anything after the
/// object. True means the whole line is valid JSON and every value was read.
/// The texts in `line` are views of the line's own bytes, between quotes:
/// the line must hold no backslash (SimdjsonDealLine::parse declines those).
bool read_hands_line(simdjson::ondemand::parser& parser, const char* padded, std::size_t size, HandsLine& line);

class SimdjsonDealLine final : public DealLineParser {
 public:
  bool parse(std::string_view line) override;

 private:
  bool tree(InputNode& root) const override;

  std::string buffer_;  ///< the line, then simdjson's padding
  simdjson::ondemand::parser hands_parser_;
  simdjson::dom::parser parser_;  ///< for the other forms
  simdjson::dom::element root_;
};

}  // namespace belote
