// What `belote diff` prints: each differing deal, the summary of a comparison
// of two rulesets, the matrix of several; as text for a person or JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli_support.h"

namespace belote::cli {

/// One differing deal as listed: where it comes from, the deal as the first
/// ruleset read it (to be fed back to `belote score`), both outcomes, what
/// changed and why.
struct DealDifference {
  std::string label;  ///< the deal's id, else where it was read (file:line)
  Deal deal;          ///< with `label` as its id when it had none
  Deal deal_b;        ///< the same deal as the second ruleset reads it (its kind, bid, doubling)
  Outcome a, b;
  OutcomeDiff diff;
  std::string reason;
  std::optional<std::uint64_t> random_index;  ///< with --random: the deal's index in the seed's sequence
};

DealDifference describe_difference(std::string label, const ScoredDeal& a, const ScoredDeal& b, const OutcomeDiff& diff,
                                   SuitStyle style);

/// After Ctrl-C (SIGTERM, SIGHUP) in a comparison of random deals, noted by note_ending_signals: says
/// that the figures to be written are those of the first `deals` (each `done`: "played whole",
/// "solved", "scored"), as a run of that many would write them; with none, says there is no result
/// and ends the program as the signal does. Nothing when no signal came.
void say_interrupted(std::uint64_t deals, std::string_view done);

/// Where the compared deals come from.
struct DiffSource {
  std::optional<std::uint64_t> random_count;  ///< with --random
  std::uint64_t seed = 0;
  std::vector<std::string> inputs;  ///< deal files otherwise
  /// The ruleset the shown deals are made under (B), as the command line names it (a name or a path).
  std::string ruleset;
  /// The options that find the rulesets as the command did ("--rulesets-dir DIR "), for the commands suggested.
  std::string ruleset_options;
};

/// A differing deal as the summary shows it: only what it writes, a few
/// hundred bytes where a DealDifference holds two deals and two outcomes.
struct ShownExample {
  std::string label;
  OutcomeDiff diff;
  std::string reason;
  std::string deal_line;  ///< the deal as the second ruleset reads it, as a JSON line
  std::optional<std::uint64_t> random_index;
};

/// Random deals that the two rulesets drew as different contracts (kind, bid,
/// doubling: same_contract), and how many of them are scored differently.
struct DrawnApart {
  std::uint64_t deals = 0;
  std::uint64_t differing = 0;
};

/// Everything the summary of two rulesets says.
struct DiffSummary {
  DiffTally tally;
  /// With --random.
  std::optional<DrawnApart> drawn_apart;
  /// The first differing deals, as many as --show asks: each made when it is
  /// written (`example(i)`, in order), so that they are never all held at once.
  std::size_t example_count = 0;
  std::function<ShownExample(std::size_t)> example;
  PerTeam<std::string> largest_labels;  ///< the deal of each team's largest change
};

class DiffReport {
 public:
  /// `rescored` is the ruleset the listed deals are written for (the second of two).
  DiffReport(Output& out, std::vector<std::string> names, const Ruleset& rescored, DiffSource source, bool json,
             bool ascii);

  /// The rulesets as the report names them.
  const std::vector<std::string>& names() const { return names_; }
  /// One differing deal: its changed fields and the reason (text: two lines; JSON: one object).
  void deal(const DealDifference& difference);
  /// The same as text, for a worker thread to write into its buffer.
  std::string deal_text(const DealDifference& difference) const;
  /// What the summary shows of a differing deal (safe on any thread).
  ShownExample shown(const DealDifference& difference) const;
  /// Two rulesets: the counts, the score changes and the first differing deals.
  void summary(const DiffSummary& summary);
  /// Three or more: the share of deals that differ, for each pair. `differing[i][j]` counts
  /// the deals that ruleset i and ruleset j score differently.
  void matrix(std::uint64_t deals, const std::vector<std::vector<std::uint64_t>>& differing);
  /// A sample of random deals cut short (say_interrupted): its first `deals` are reported, as a sample of that many.
  void cut_to(std::uint64_t deals) { source_.random_count = deals; }

 private:
  std::string fields_text(const DealDifference& difference) const;
  /// "--ruleset B" as the commands suggested name it: as given, with the options that find it.
  std::string ruleset_words() const;
  /// The command that makes a random deal again, or "".
  std::string regenerate(std::optional<std::uint64_t> random_index) const;
  std::string source_text() const;

  Output& out_;
  std::vector<std::string> names_;
  const Ruleset& rescored_;
  DiffSource source_;
  bool json_;
  SuitStyle style_;
  std::string arrow_;
};

}  // namespace belote::cli
