// A ruleset read from two files, for the commands that must never write over
// one of them (a game's record, the arena's records, a new sheet).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "test_support.h"

namespace belote::test {

/// Ruleset 'house': house.toml in `dir`, extending base.toml beside it, which extends coinche.
struct RulesetChain {
  std::filesystem::path house, base;

  explicit RulesetChain(const std::filesystem::path& dir) : house(dir / "house.toml"), base(dir / "base.toml") {
    write_file(base, std::string(kBase));
    write_file(house, std::string(kHouse));
  }
  /// Whether both files still hold what they were written with.
  bool untouched() const { return read_file(house) == kHouse && read_file(base) == kBase; }
  /// The error that refuses to write `file`, one of the two: after `option` ("--record", or none for an
  /// operand), and before what is then not done ("the game is not played").
  static std::string refusal(std::string_view option, const std::filesystem::path& file, std::string_view not_done) {
    return "belote: error: " + (option.empty() ? std::string() : std::string(option) + ": ") + file.string() +
           " is read for ruleset 'house'; written there, it would replace it (give another file); " + std::string(not_done) + "\n";
  }

 private:
  static constexpr std::string_view kBase = "extends = \"coinche\"\n", kHouse = "extends = \"base.toml\"\n";
};

}  // namespace belote::test
