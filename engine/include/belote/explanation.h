// Why an outcome is what it is, as a list of steps a person can read.
//
// The evaluator fills an Outcome with facts only; these steps put them in
// words, naming the ruleset key each decision comes from. The CLI prints
// them as text or JSON.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "belote/deal.h"
#include "belote/deck.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"

namespace belote {

enum class StepKind { void_deal, announcements, belote, winner, trick_rule, card_points, contract, score };

struct Step {
  StepKind kind;
  std::string text;
};

std::vector<Step> explain(const Ruleset& rules, const Deal& deal, const Outcome& outcome,
                          SuitStyle style = SuitStyle::letter);

/// "void", "announcements", ... as written in JSON output.
std::string_view step_name(StepKind kind);
/// "tierce", "cinquante", "carre-J": the announcement's kind name.
std::string announcement_kind(const Ruleset& rules, const Announcement& a);
/// For a person: "tierce to K♥", "carré of J".
std::string announcement_label(const Ruleset& rules, const Announcement& a, SuitStyle style);
/// A seat's announcements, strongest first.
std::vector<Announcement> strongest_first(const SeatAnnouncements& announcements);
std::string_view contract_name(ContractResult result);

}  // namespace belote
