// Helpers for the score sheet's tests: a sheet from TOML text, read under the
// shipped rulesets and scored, and the lines of its mènes.
#pragma once

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <string>
#include <string_view>

#include "test_support.h"

namespace belote::test {

/// Where the sheet tests write their files (rulesets beside the sheets).
inline const std::filesystem::path& sheet_scratch() {
  static const std::filesystem::path dir = temp_dir("sheet");
  return dir;
}

inline LoadedSheet read_sheet_text(const std::string& toml) {
  return read_sheet(toml, "sheet.toml", sheet_scratch(), shipped_loader());
}

/// A sheet that must read, and its game.
struct SheetGame {
  LoadedSheet loaded;
  GameScore score;
};

inline SheetGame play_sheet(const std::string& toml) {
  SheetGame game{read_sheet_text(toml), {}};
  for (const auto& e : game.loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_REQUIRE_MESSAGE(game.loaded.ok(), "the sheet does not read");
  game.score = score_sheet(*game.loaded.ruleset, game.loaded.sheet);
  return game;
}

/// One mène: taker, trump, card points, then any other lines.
inline std::string sheet_mene(std::string_view taker, std::string_view trump, int ns, int ew, std::string_view extra = "") {
  return fmt::format("[[mene]]\ntaker = \"{}\"\ntrump = \"{}\"\npoints = {{ NS = {}, EW = {} }}\n{}{}", taker, trump, ns,
                     ew, extra, extra.empty() ? "" : "\n");
}

/// A sheet's first lines: its ruleset, then any other lines.
inline std::string sheet_header(std::string_view ruleset, std::string_view extra = "") {
  return fmt::format("ruleset = \"{}\"\n{}{}", ruleset, extra, extra.empty() ? "" : "\n");
}

/// A ruleset file beside the sheets: `base` with some keys changed.
inline std::string sheet_variant(const std::string& name, const std::string& keys, const std::string& base = "classique") {
  const std::filesystem::path path = sheet_scratch() / (name + ".toml");
  write_file(path, fmt::format("extends = \"{}\"\n{}", base, keys));
  return path.string();
}

inline PerTeam<int> teams(int ns, int ew) { return PerTeam<int>{{ns, ew}}; }

}  // namespace belote::test
