// The [sequences] section: points and names by run length.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <map>

namespace belote::validation {

namespace {

// A table keyed by length: lengths from 3 up, following each other.
template <class T, class ReadValue>
std::optional<std::vector<std::optional<T>>> length_table(Reader& r, const Deck& deck, std::string_view key, ReadValue read) {
  const auto entries = latest_by_meaning(r.entries(key), length_named);
  if (entries.empty()) {
    empty_table(r, key, "at least one length");
    return std::nullopt;
  }
  std::vector<std::optional<T>> values(std::size_t(deck.rank_count() + 1));
  std::vector<const SettingValue*> seen(values.size(), nullptr);
  bool ok = true;
  for (const SettingValue* entry : entries) {
    const auto length = length_named(entry->name);
    // With wrong ranks, only what no deck allows is reported.
    const int longest = r.ranks_known() ? deck.rank_count() : kMaxRanks;
    if (!length || *length < 3 || *length > longest) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a sequence length (3 to {}, the deck's ranks)", entry->key,
                                      printable(entry->name), longest));
      ok = false;
      continue;
    }
    if (*length > deck.rank_count()) {
      ok = false;
      continue;
    }
    if (const SettingValue* first = seen[*length]) {
      r.key_error(*entry, fmt::format("'{}': length {} is given twice (also as '{}' at {})", entry->key, *length,
                                      first->key, where(*first)));
      ok = false;
      continue;
    }
    seen[*length] = entry;
    if (auto value = read(*entry)) values[*length] = std::move(value); else ok = false;
  }
  if (!ok) return std::nullopt;
  const auto is_set = [](const SettingValue* entry) { return entry != nullptr; };
  const auto first = std::find_if(seen.begin(), seen.end(), is_set) - seen.begin();
  const auto last = seen.rend() - std::find_if(seen.rbegin(), seen.rend(), is_set) - 1;
  for (auto length = first; length <= last; ++length) {
    if (!seen[length]) {
      r.table_error(key, fmt::format("'{}' skips length {}: lengths must follow each other from {} to {}", key,
                                     length, first, last));
      return std::nullopt;
    }
  }
  return values;
}

}  // namespace

// Reads [sequences]. The names are kept even when the points are wrong, so
// that `announcements.categories` can still be checked.
bool read_sequences(Reader& r, const Deck& deck, SequenceRules& rules) {
  bool ok = true;
  auto points = length_table<int>(r, deck, "sequences.points", [&](const SettingValue& v) -> std::optional<int> {
    const auto n = r.integer_value(v, 0, kMaxAnnouncementPoints);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
  });
  std::map<std::string, const SettingValue*> names_seen;
  auto names = length_table<std::string>(r, deck, "sequences.names", [&](const SettingValue& v) -> std::optional<std::string> {
    auto lower = word_value(r, v, "a sequence name");
    if (!lower) return std::nullopt;
    const auto name = r.string_value(v);
    if (lower->starts_with("carre") || lower->starts_with("carré") || *lower == "belote") {
      r.error(v, fmt::format("'{}': '{}' is reserved for carrés and the belote", v.key, *name));
      return std::nullopt;
    }
    if (const auto [it, added] = names_seen.emplace(*lower, &v); !added) {
      r.error(v, fmt::format("'{}': the name '{}' is also given to '{}'", v.key, *name, it->second->key));
      return std::nullopt;
    }
    // Kept as written, for the outputs; matched without regard to case.
    return *name;
  });
  if (names) {
    for (const auto& name : *names) rules.names_by_length.push_back(name.value_or(""));
  } else {
    ok = false;
  }
  if (points) {
    for (const auto& value : *points) rules.points_by_length.push_back(value.value_or(0));
  } else {
    ok = false;
  }
  if (points && names) {
    for (std::size_t length = 0; length < points->size(); ++length) {
      const bool has_points = (*points)[length].has_value();
      const bool has_name = (*names)[length].has_value();
      if (has_points == has_name) continue;
      const std::string_view in = has_points ? "sequences.points" : "sequences.names";
      const std::string_view not_in = has_points ? "sequences.names" : "sequences.points";
      for (const SettingValue* entry : r.entries(in))
        if (length_named(entry->name) == int(length))
          r.key_error(*entry, fmt::format("length {} is in '{}' but not in '{}'", length, in, not_in));
      ok = false;
    }
  }
  if (const auto split = r.boolean("sequences.split_long_runs")) rules.split_long_runs = *split; else ok = false;
  return ok;
}

}  // namespace belote::validation
