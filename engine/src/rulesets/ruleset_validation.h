// Turns merged settings into a validated Ruleset, reporting every problem.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "belote/ruleset.h"
#include "rulesets/settings_tree.h"

namespace belote {

/// Places of errors: the file as shown, the line and the column.
using BaseFaults = std::set<std::tuple<std::string, int, int>>;

/// Reads and checks every key. `top` is the file the ruleset was asked for
/// (missing keys are reported there); `default_name` names it when it has no `name`.
/// `base_faults`: the errors the bases have on their own, each said to be fixed in its base.
std::optional<Ruleset> validate_ruleset(const SettingsTree& settings, const SourceFile& top,
                                        const std::string& default_name, Diagnostics& errors,
                                        const BaseFaults* base_faults = nullptr);

/// The keys `top` sets that have no effect in `rules` (validated from `settings`): warnings, never errors.
Diagnostics ruleset_warnings(const SettingsTree& settings, const SourceFile& top, const Ruleset& rules);

/// Reads the [deck] keys alone.
std::optional<Deck> validate_deck(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors);

}  // namespace belote
