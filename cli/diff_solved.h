// belote diff A B --random N --solved: two rulesets compared on random deals
// solved with best play under each (solved_diff.h), as text or JSON.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli_support.h"

namespace belote::cli {

struct SolvedDiffOptions {
  std::uint64_t count = 0;
  std::uint64_t seed = 0;
  unsigned threads = 1;
  std::size_t show = 10;
  std::uint64_t max_nodes = 0;
  bool json = false;
  bool ascii = false;  ///< arrows as ->
  /// A and B as the report names them (told apart where they share a name).
  std::array<std::string, 2> names;
};

/// Writes the comparison of `a` and `b`; returns the exit status.
int diff_solved(const Ruleset& a, const Ruleset& b, const SolvedDiffOptions& o, Output& out);

}  // namespace belote::cli
