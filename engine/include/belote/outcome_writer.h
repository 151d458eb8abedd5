// Outcomes written as JSON straight into a buffer, for programs that write
// many of them (`belote score --format json` over a file).
//
// The text is byte for byte what outcome_json(...).dump() gives (report.h),
// which stays the reference: a test compares the two on random deals under
// every shipped ruleset. A field added to outcome_json is added here too.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "belote/deal.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"

namespace belote {

class JsonSpace;
class StepBuffer;

enum class OutcomeDetail {
  full,     ///< every field, with the explanation's steps
  compact,  ///< every field but "explanation", the costliest to write and the longest
};

/// Writes the outcomes of one ruleset; it holds the ruleset's names ready
/// written as JSON, so make one per ruleset and keep it. Thread-safe.
class OutcomeWriter {
 public:
  explicit OutcomeWriter(const Ruleset& rules, OutcomeDetail detail = OutcomeDetail::full);

  /// Appends the outcome's JSON object (no newline) to `out`. With
  /// OutcomeDetail::compact, the object is outcome_json's less its "explanation".
  /// Returns whether the text appended is safe to show on a terminal as it
  /// is (is_terminal_safe), found while writing it: a program printing
  /// millions of outcomes need not scan them again.
  bool append(std::string& out, const Deal& deal, const Outcome& outcome) const;

 private:
  char* write_fields(JsonSpace& buffer, char* at, const Deal& deal, const Outcome& outcome) const;
  char* write_tricks(JsonSpace& buffer, char* at, const Deal& deal) const;
  char* write_explanation(JsonSpace& buffer, char* at, const StepBuffer& explained) const;

  const Ruleset& rules_;
  OutcomeDetail detail_;
  std::string ruleset_;                             ///< the ruleset's name, as a JSON string
  std::array<std::string, kSuitCount> suits_;       ///< each suit's letter, as a JSON string
  std::array<std::string, 64> cards_;               ///< each card's name, as a JSON string
  std::array<std::string, kMaxRanks + 1> sequences_;  ///< a sequence's kind by length, as a JSON string
  std::array<std::string, kMaxRanks> carres_;       ///< a carré's kind by rank, as a JSON string
  std::vector<std::string> named_bids_;             ///< each named bid's name, as a JSON string
  std::vector<std::string> doublings_;              ///< each doubling level's name, as a JSON string
  std::vector<std::string> kinds_;                  ///< each contract kind's name, as a JSON string
  bool names_terminal_safe_ = true;    ///< every name above is is_terminal_safe as written
  std::size_t fixed_room_ = 0;         ///< room for every field but the id, the announcements and the explanation
  std::size_t announcement_room_ = 0;  ///< room for one announcement
  std::size_t trick_room_ = 0;         ///< room for one trick of a played mène
};

/// The same, for one outcome: makes a writer each time.
void append_outcome_json(std::string& out, const Ruleset& rules, const Deal& deal, const Outcome& outcome,
                         OutcomeDetail detail = OutcomeDetail::full);

}  // namespace belote
