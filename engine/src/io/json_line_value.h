// One line of JSON Lines parsed into a value, with the errors every reader
// of lines words alike: a line too long, a NUL byte, a syntax error, a number
// beyond a double, a key given twice. The deal reader and the position
// reader check what the value holds; this is what comes before.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "belote/diagnostic.h"
#include "belote/line_chunks.h"

namespace belote {

/// Where a line was read, for its errors: the line is quoted under an error
/// around its column (caret_lines). It holds a view of the line: it lives
/// while the line is read.
class JsonLinePlace {
 public:
  JsonLinePlace(std::string_view line, const std::string& display, long line_number);
  Diagnostic at(int line, int column, std::string message) const;
  Diagnostic at(int column, std::string message) const { return at(line_number_, column, std::move(message)); }

 private:
  const std::string& display_;
  int line_number_;
  std::string_view line_;
};

/// The value of `line` (at most kMaxDealLineBytes), or nothing after adding its error to `errors`;
/// `noun` names what a line holds in messages ("deal", "position").
std::optional<nlohmann::json> parse_json_line(std::string_view line, const JsonLinePlace& place, std::string_view noun,
                                              Diagnostics& errors);
/// The same for a text of any length (a game's record, a file of several
/// lines): the places are byte offsets from its start, as the columns of one line.
std::optional<nlohmann::json> parse_json_text(std::string_view text, const JsonLinePlace& place, std::string_view noun,
                                              Diagnostics& errors);

}  // namespace belote
