// The conventions that differ between two rulesets: what `belote rulesets
// diff` shows and the Python module's diff_rulesets returns.
#pragma once

#include <string>
#include <vector>

#include "belote/ruleset_loader.h"

namespace belote {

/// One convention key the two rulesets resolve differently; a side is null
/// where that ruleset does not set the key.
struct SettingDifference {
  std::string key;
  const Setting* a = nullptr;
  const Setting* b = nullptr;
};

/// Every convention key (the metadata aside) either ruleset sets, in the
/// order the files list them, whose meaning differs: two spellings of one
/// convention (`T` for 10, a tier's names in another order) are no difference.
/// The pointers point into `a.settings` and `b.settings`.
std::vector<SettingDifference> setting_differences(const LoadedRuleset& a, const LoadedRuleset& b);

}  // namespace belote
