#include "rulesets/setting_meaning.h"

#include <algorithm>

#include "common/text_util.h"

namespace belote {

namespace {

bool is_rank_key(const KeySpec& spec) { return spec.type.find("rank") != std::string_view::npos; }

// One word of a value: a choice as the registry spells it, a rank by the
// deck's name, a carré kind with the deck's name for its rank, else lower case.
std::string word_meaning(const KeySpec& spec, const std::string& text, const Ruleset& rules) {
  for (std::string_view choice : spec.choices)
    if (iequals(choice, text)) return std::string(choice);
  if (is_rank_key(spec) && !spec.metadata)
    if (const auto rank = rules.deck.parse_rank(text)) return rules.deck.ranks[*rank];
  if (spec.metadata) return text;
  const std::string lower = to_lower(text);
  for (std::string_view prefix : {"carre-", "carré-"})
    if (lower.starts_with(prefix))
      if (const auto rank = rules.deck.parse_rank(std::string_view(text).substr(prefix.size())))
        return "carre-" + rules.deck.ranks[*rank];
  return lower;
}

nlohmann::json item_meaning(const KeySpec& spec, const toml::node& node, const Ruleset& rules, bool inner) {
  if (const auto* text = node.as_string()) return word_meaning(spec, text->get(), rules);
  const toml::array* array = node.as_array();
  if (!array) return typed_value(node);
  nlohmann::json items = nlohmann::json::array();
  for (const toml::node& item : *array) items.push_back(item_meaning(spec, item, rules, true));
  // An inner array is a group (a category tier): its order means nothing, and
  // a group of one is that one item.
  if (inner || spec.any_order) std::sort(items.begin(), items.end());
  if (inner && items.size() == 1) return items[0];
  return items;
}

}  // namespace

nlohmann::json typed_value(const toml::node& node) {
  if (const auto* text = node.as_string()) return text->get();
  if (const auto* number = node.as_integer()) return number->get();
  if (const auto* flag = node.as_boolean()) return flag->get();
  if (const auto* real = node.as_floating_point()) return real->get();
  if (const toml::array* array = node.as_array()) {
    nlohmann::json items = nlohmann::json::array();
    for (const toml::node& item : *array) items.push_back(typed_value(item));
    return items;
  }
  if (const toml::table* table = node.as_table()) {
    nlohmann::json entries = nlohmann::json::object();
    for (auto&& [key, value] : *table) entries[std::string(key.str())] = typed_value(value);
    return entries;
  }
  return nullptr;  // dates and times: no ruleset key takes one
}

nlohmann::json meaning(const KeySpec& spec, const toml::node& node, const Ruleset& rules) {
  return item_meaning(spec, node, rules, false);
}

std::string entry_meaning(const KeySpec& table, const std::string& entry, const Ruleset& rules) {
  if (keyed_by_rank(table))
    if (const auto rank = rules.deck.parse_rank(entry)) return rules.deck.ranks[*rank];
  if (!entry.empty() && std::all_of(entry.begin(), entry.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::to_string(std::stoi(entry.substr(0, 9)));
  return entry;
}

}  // namespace belote
