#include "belote/ruleset_diff.h"

#include <algorithm>
#include <map>

#include "belote/ruleset_schema.h"

namespace belote {

std::vector<SettingDifference> setting_differences(const LoadedRuleset& a, const LoadedRuleset& b) {
  std::map<std::string, std::size_t> index;
  std::vector<SettingDifference> keys;
  // By side, not by address: a ruleset compared with itself differs in nothing.
  for (const bool side_a : {true, false}) {
    for (const Setting& s : (side_a ? a : b).settings) {
      const KeySpec* spec = find_key(s.key);
      if (spec && spec->metadata) continue;
      auto [it, added] = index.try_emplace(s.key, keys.size());
      if (added) keys.push_back({s.key});
      (side_a ? keys[it->second].a : keys[it->second].b) = &s;
    }
  }
  std::erase_if(keys, [](const SettingDifference& d) { return d.a && d.b && d.a->meaning == d.b->meaning; });
  return keys;
}

}  // namespace belote
