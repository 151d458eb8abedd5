// Turns merged settings into a validated Ruleset, reporting every problem.
#pragma once

#include <optional>

#include "belote/ruleset.h"
#include "rulesets/settings_tree.h"

namespace belote {

/// Reads and checks every key. `top` is the file the ruleset was asked for
/// (missing keys are reported there); `default_name` names it when it has no `name`.
std::optional<Ruleset> validate_ruleset(const SettingsTree& settings, const SourceFile& top,
                                        const std::string& default_name, Diagnostics& errors);

/// The keys `top` sets that have no effect in `rules` (validated from `settings`): warnings, never errors.
Diagnostics ruleset_warnings(const SettingsTree& settings, const SourceFile& top, const Ruleset& rules);

/// Reads the [deck] keys alone.
std::optional<Deck> validate_deck(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors);

}  // namespace belote
