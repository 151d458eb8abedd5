// A ruleset described for a form: what a person chooses when writing down a
// mène under it (what a deal may name, the announcements and their points, the
// belote, the deck's card points, the game's target), as JSON.
//
// The score-counter page builds its mène form from this description and
// nothing else, so a convention the engine gains reaches the page through here.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "belote/ruleset.h"

namespace belote {

/// The description of a validated ruleset; docs/web.md lists its keys.
nlohmann::ordered_json ruleset_description(const Ruleset& rules);

}  // namespace belote
