#include "belote/ruleset_diff.h"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "belote/json_text.h"
#include "belote/ruleset_schema.h"
#include "rulesets/setting_meaning.h"

namespace belote {

namespace {

const Setting* setting_of(const LoadedRuleset& side, std::string_view key) {
  const auto it = std::find_if(side.settings.begin(), side.settings.end(), [&](const Setting& s) { return s.key == key; });
  return it == side.settings.end() ? nullptr : &*it;
}

// What a scalar key left out of `side` means, as a setting's meaning reads,
// where the registry's default is a value (`false`, `[]`, `1`, a choice) or
// another scalar key's (`rounding.up_from`); nothing where it is said in words
// ("half the step"). A key set to what its absence means differs in nothing.
std::optional<std::string> default_meaning(const KeySpec& spec, const LoadedRuleset& side, int depth = 0) {
  if (spec.shape != KeyShape::scalar || !side.ruleset || depth > 2) return std::nullopt;
  std::string_view text = spec.default_value;
  if (text.size() >= 2 && text.front() == '`' && text.back() == '`') text = text.substr(1, text.size() - 2);
  if (text.empty() || text.find('`') != std::string_view::npos) return std::nullopt;
  if (const KeySpec* other = find_key(text); other && other != &spec && other->path.find('*') == std::string_view::npos) {
    if (const Setting* set = setting_of(side, other->path)) return set->meaning;
    return default_meaning(*other, side, depth + 1);
  }
  const bool choice = std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end();
  try {
    const toml::table parsed = toml::parse(choice ? fmt::format("v = \"{}\"", text) : fmt::format("v = {}", text));
    if (const toml::node* node = parsed.get("v")) return json_text(meaning(spec, *node, *side.ruleset));
  } catch (const toml::parse_error&) {
  }
  return std::nullopt;
}

bool same_meaning(const SettingDifference& d, const LoadedRuleset& a, const LoadedRuleset& b) {
  if (d.a && d.b) return d.a->meaning == d.b->meaning;
  const KeySpec* spec = find_key(d.key);
  if (!spec) return false;
  const auto absent = d.a ? default_meaning(*spec, b) : default_meaning(*spec, a);
  return absent && *absent == (d.a ? d.a->meaning : d.b->meaning);
}

}  // namespace

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
  std::erase_if(keys, [&](const SettingDifference& d) { return same_meaning(d, a, b); });
  return keys;
}

}  // namespace belote
