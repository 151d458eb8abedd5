// The [doubling] section: the levels a deal may be doubled to, each with its factor.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <tuple>

namespace belote::validation {

std::optional<std::vector<DoublingLevel>> read_doubling(Reader& r) {
  std::vector<DoublingLevel> levels;
  bool ok = true;
  // In the order they were written, the base's first: a clash is blamed on the later name.
  std::vector<const SettingValue*> entries = r.entries("doubling.levels");
  std::stable_sort(entries.begin(), entries.end(), [](const SettingValue* a, const SettingValue* b) {
    return std::tuple(a->layer, a->key_position.line, a->key_position.column) <
           std::tuple(b->layer, b->key_position.line, b->key_position.column);
  });
  for (const SettingValue* entry : entries) {
    if (!is_kind_name(entry->name)) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a level name (letters, digits and '-', starting with a letter)",
                                      entry->key, printable(entry->name)));
      ok = false;
      continue;
    }
    const auto same = std::find_if(levels.begin(), levels.end(), [&](const DoublingLevel& l) { return iequals(l.name, entry->name); });
    if (same != levels.end()) {
      r.key_error(*entry, fmt::format("'{}': the level '{}' is also named '{}' (names ignore case)", entry->key, entry->name, same->name));
      ok = false;
      continue;
    }
    const auto factor = r.integer_value(*entry, 2, 64);
    if (!factor) {
      ok = false;
      continue;
    }
    // The auction calls the double and the redouble by their factors' order: one factor, one level.
    const auto twin = std::find_if(levels.begin(), levels.end(), [&](const DoublingLevel& l) { return l.factor == *factor; });
    if (twin != levels.end()) {
      r.error(*entry, fmt::format("'{}' is {}, the factor of the level '{}' too: each level has its own factor (a file's "
                                  "levels join its base's)", entry->key, *factor, twin->name));
      ok = false;
      continue;
    }
    levels.push_back({entry->name, int(*factor)});
  }
  // Weakest first, as a table reads them out.
  std::stable_sort(levels.begin(), levels.end(), [](const DoublingLevel& a, const DoublingLevel& b) { return a.factor < b.factor; });
  return ok ? std::optional(levels) : std::nullopt;
}

}  // namespace belote::validation
