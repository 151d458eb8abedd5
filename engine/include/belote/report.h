// Outcomes and deals written out: JSON for programs, text for people.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "belote/deal.h"
#include "belote/explanation.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"

namespace belote {

/// One outcome as a JSON object: id, ruleset, void, winner, contract, score,
/// suspended, belote, announcements per seat, and the explanation's steps.
nlohmann::ordered_json outcome_json(const Ruleset& rules, const Deal& deal, const Outcome& outcome);

/// One outcome for a person: the deal, the steps of the explanation, the score.
std::string outcome_text(const Ruleset& rules, const Deal& deal, const Outcome& outcome,
                         SuitStyle style = SuitStyle::symbol);

/// A deal in the input format (JSON Lines), hands written as token strings.
nlohmann::ordered_json deal_json(const Ruleset& rules, const Deal& deal);
/// The same for a deal of a ruleset's one implicit kind: its trump suit, no kind name.
nlohmann::ordered_json deal_json(const Deck& deck, const Deal& deal);

}  // namespace belote
