// A validated ruleset: every convention of the rule book as typed data.
//
// Rulesets come from TOML files (see ruleset_loader.h). Nothing here has a
// default: every value is read from a file, and the loader checks them all.
#pragma once

#include <string>
#include <vector>

#include "belote/deck.h"
#include "belote/rule_tables.h"

namespace belote {

/// How two announcements are ranked against each other.
enum class StrengthStyle {
  category,  ///< an explicit list of categories, strongest first (seed 000)
  points,    ///< more points wins; at equal points a carré beats a sequence (seed 001)
};
/// What an exact tie between the two teams' best announcements gives.
enum class ExactTie { nobody, first_speaker };
/// What an exact tie in the contract comparison gives.
enum class ContractTie { litige, made, failed };
/// Who scores something the failed takers held.
enum class Beneficiary { takers, defenders };
/// Who wins a game when both teams reach the target on the same mène.
enum class BothReach { highest, contract_winner };

struct RulesetInfo {
  std::string name;         ///< the name it is selected by
  std::string title;        ///< one line for a person
  std::string source;       ///< which document or tradition it follows
  std::string description;  ///< a short paragraph
  std::string base;         ///< the ruleset it extends, or empty
  friend bool operator==(const RulesetInfo&, const RulesetInfo&) = default;
};

struct SequenceRules {
  /// Points by run length; 0 where the length is not in the table.
  std::vector<int> points_by_length;
  /// Names by length ("tierce", "cinquante", "cent"); empty where not in the table.
  std::vector<std::string> names_by_length;
  /// Whether a run longer than the longest entry splits into several announcements.
  bool split_long_runs = false;

  int shortest() const;
  int longest() const;
  /// The table length a run of `length` cards counts as (its kind), or 0.
  int entry_for(int length) const;
  int points(int length) const { return points_by_length[entry_for(length)]; }
  friend bool operator==(const SequenceRules&, const SequenceRules&) = default;
};

struct CarreRules {
  std::vector<int> points_by_rank;
  /// Ranks whose carré annuls the deal.
  RankMask voiding_ranks = 0;
  /// Ranks from weakest to strongest, for carrés of equal worth.
  std::vector<Rank> order;
  friend bool operator==(const CarreRules&, const CarreRules&) = default;
};

struct BeloteRules {
  int points = 0;
  /// The ranks one player must hold in trumps.
  RankMask ranks = 0;
  friend bool operator==(const BeloteRules&, const BeloteRules&) = default;
};

/// A kind of announcement, the unit a category order ranks.
struct AnnouncementKind {
  bool carre = false;
  int value = 0;  ///< table length for a sequence, rank for a carré
  friend bool operator==(const AnnouncementKind&, const AnnouncementKind&) = default;
};

struct AnnouncementRules {
  /// Whether one card may serve in two announcements (a carré and a sequence).
  bool card_reuse = true;
  /// Tricks a team must take to score its announcements (0: no condition).
  int min_tricks = 0;
  ExactTie exact_tie = ExactTie::nobody;
  StrengthStyle strength = StrengthStyle::category;
  /// With the category style: groups of kinds, strongest group first.
  std::vector<std::vector<AnnouncementKind>> categories;
  friend bool operator==(const AnnouncementRules&, const AnnouncementRules&) = default;
};

struct ContractRules {
  bool counts_announcements = true;
  bool counts_belote = true;
  ContractTie on_tie = ContractTie::litige;
  Beneficiary failed_announcements = Beneficiary::defenders;
  Beneficiary failed_belote = Beneficiary::takers;
  /// Card points of a team that takes every trick.
  int capot_points = 0;
  friend bool operator==(const ContractRules&, const ContractRules&) = default;
};

struct GameRules {
  int target = 0;
  BothReach both_reach = BothReach::highest;
  friend bool operator==(const GameRules&, const GameRules&) = default;
};

struct Ruleset {
  RulesetInfo info;
  Deck deck;
  SequenceRules sequences;
  CarreRules carres;
  BeloteRules belote;
  AnnouncementRules announcements;
  ContractRules contract;
  GameRules game;
  /// Lookup tables compiled from the conventions above; see rule_tables.h.
  RuleTables tables;

  /// The kind's name as written in rulesets and outputs: "tierce", "carre-J".
  std::string kind_name(AnnouncementKind kind) const;
  /// Equal conventions (the metadata and tables aside).
  bool same_conventions(const Ruleset& other) const;
};

}  // namespace belote
