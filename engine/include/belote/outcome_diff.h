// Comparing the outcomes of one deal scored under two rulesets.
//
// "What changes if our table plays B instead of A?" For one deal: which
// fields of the outcome differ (void, announcement winner, contract result,
// each team's score, points held over), the most significant kind of change,
// and a one-line reason drawn from the two explanations.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "belote/deal.h"
#include "belote/deck.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"

namespace belote {

/// A field of the outcome that two rulesets may score differently.
enum class DiffField : std::uint8_t { void_deal, winner, contract, score_ns, score_ew, suspended };
inline constexpr std::array<DiffField, 6> kDiffFields{DiffField::void_deal, DiffField::winner, DiffField::contract,
                                                      DiffField::score_ns,  DiffField::score_ew, DiffField::suspended};

/// The most significant change, from the largest down: a change of kind k
/// may bring changes of the kinds after it (a new winner usually moves the
/// score), never of those before.
enum class DiffKind : std::uint8_t { none, void_changed, winner_changed, contract_changed, score_only };
inline constexpr std::array<DiffKind, 4> kDiffKinds{DiffKind::void_changed, DiffKind::winner_changed,
                                                    DiffKind::contract_changed, DiffKind::score_only};

struct OutcomeDiff {
  std::uint8_t fields = 0;  ///< one bit per DiffField
  DiffKind kind = DiffKind::none;
  PerTeam<int> score_change;  ///< B's score minus A's
  int suspended_change = 0;   ///< B's points held over minus A's

  bool differs() const { return fields != 0; }
  bool has(DiffField field) const { return fields >> int(field) & 1; }
};

/// Compares A's outcome with B's. When only one is void, the winner and the
/// contract are not compared (the void deal has neither); the scores are.
OutcomeDiff diff_outcomes(const Outcome& a, const Outcome& b);

/// "void", "winner", "contract", "score.NS", "score.EW", "suspended".
std::string_view diff_field_name(DiffField field);
/// "void", "winner", "contract", "score", or "none".
std::string_view diff_kind_name(DiffKind kind);

/// One side of a comparison: a deal as one ruleset read it, and its outcome.
struct ScoredDeal {
  const Ruleset& rules;
  const Deal& deal;
  const Outcome& outcome;
  /// How the reason names the ruleset (empty: its name; a path tells apart two of one name).
  std::string_view name = {};
};

/// Whether both rulesets play the deal as the same contract: the same kind,
/// trump, bid and doubling. Random deals are drawn by each ruleset's own
/// kinds, bids and doublings, so rulesets that differ there may draw one deal
/// as two contracts: their outcomes then differ by the draw, not the rules alone.
bool same_contract(const Ruleset& rules_a, const Deal& a, const Ruleset& rules_b, const Deal& b);

/// One line saying why the outcomes differ, as "A: …; B: …": each side's step
/// of its explanation where the outcomes part. That is the void check, or the
/// announcement winner, for those kinds of change; otherwise the earliest fact
/// that moves the sheet: the trick condition, a scoring player's declaration,
/// the belote, the card points, the contract result, else the scoring itself.
/// It ends with the conventions behind it, keys the two rulesets set
/// differently; where they play the deal as two contracts, the keys of their
/// kinds, bids and doublings that differ come first.
/// "" when nothing differs.
std::string diff_reason(const ScoredDeal& a, const ScoredDeal& b, const OutcomeDiff& diff,
                        SuitStyle style = SuitStyle::letter);

}  // namespace belote
