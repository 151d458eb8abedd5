// Reading deals from TOML files and JSON Lines, with precise errors.
//
// TOML: one deal per file, under a [deal] table (a file may also hold a
// `description` and `[expect.RULESET]` tables, as the worked cases do).
// JSON Lines: one deal object per line, with the same keys.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"

namespace belote {

class DealReader {
 public:
  /// The ruleset gives the deck (card tokens, hand size, card points) and,
  /// for declared announcements, their names and what a declaration may hold.
  explicit DealReader(const Ruleset& rules) : rules_(rules) {}

  bool read_toml_file(const std::filesystem::path& path, Deal& deal, Diagnostics& errors) const;
  bool read_toml(std::string_view text, const std::string& display, Deal& deal, Diagnostics& errors) const;
  /// One JSON line; `line_number` is 1-based and appears in errors.
  bool read_json_line(std::string_view line, const std::string& display, long line_number, Deal& deal,
                      Diagnostics& errors) const;

 private:
  const Ruleset& rules_;
};

}  // namespace belote
