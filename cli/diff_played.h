// belote diff A B --random N --played PLAYERS: two rulesets compared on the
// same deals played by the same players (played_diff.h), as text or JSON.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli_support.h"

namespace belote::cli {

struct PlayedDiffOptions {
  std::string players;  ///< one player for every seat, or two: N-S,E-W
  std::uint64_t count = 0;
  std::uint64_t seed = 0;
  unsigned threads = 1;
  std::size_t show = 10;
  bool json = false;
  bool ascii = false;  ///< arrows as ->
  /// A and B as the report names them (told apart where they share a name).
  std::array<std::string, 2> names;
};

/// Checks the players' names (a usage error otherwise), writes the comparison of `a` and `b`; returns the exit status.
/// Ctrl-C (SIGTERM, SIGHUP) keeps the deals played whole: their figures are written, then the program ends as the signal does.
int diff_played(const Ruleset& a, const Ruleset& b, const PlayedDiffOptions& o, Output& out);

}  // namespace belote::cli
