#include "rulesets/validation/value_reader.h"

#include <algorithm>

namespace belote::validation {

bool is_kind_name(std::string_view name) {
  if (name.empty() || name.size() > 32) return false;
  const auto letter_or_utf8 = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80; };
  if (!letter_or_utf8(name.front())) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return letter_or_utf8(c) || (c >= '0' && c <= '9') || c == '-'; });
}

bool enabled(Reader& r, const std::string& table) {
  const std::string key = table + ".enabled";
  if (!r.find(key)) return true;
  return r.boolean(key).value_or(true);
}

std::string reserved_word_meaning(std::string_view word, const Deck* deck, std::string_view own_call) {
  for (const FixedCallWord& fixed : kFixedCallWords)
    if (iequals(word, fixed.word) && fixed.call != own_call) return fmt::format("the word every auction reads as a {}", fixed.call);
  for (Suit s = 0; deck && s < kSuitCount; ++s)
    if (iequals(word, deck->suits[s]) || word == deck->suit_symbols[s]) return fmt::format("suit {}'s name in a card", deck->suits[s]);
  return "";
}

std::string quoted_list(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "'" : ", '") + item + "'";
  return out;
}

std::optional<std::string> word_value(Reader& r, const SettingValue& value, std::string_view what) {
  auto text = r.string_value(value);
  if (!text) return std::nullopt;
  if (!is_word(*text, kMaxWordLength)) {
    r.error(value, fmt::format("'{}': '{}' is not {} (a letter of any alphabet, then letters, digits and '-', at most {} characters)",
                               value.key, printable(*text), what, kMaxWordLength));
    return std::nullopt;
  }
  return to_lower(*text);
}

std::string where(const SettingValue& value) {
  // A ruleset read from JSON (a record's `rules`) has no places: its file alone.
  if (value.key_position.line == 0) return value.file->display;
  return fmt::format("{}:{}:{}", value.file->display, value.key_position.line, value.key_position.column);
}

std::optional<Rank> rank_named(const Deck& deck, std::string_view text) { return deck.parse_rank(text); }

std::string rank_list(const Deck& deck) { return fmt::format("{}", fmt::join(deck.ranks, " ")); }

std::optional<int> length_named(std::string_view text) {
  const bool digits = !text.empty() && text.size() <= 2 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  return digits ? std::optional(std::stoi(std::string(text))) : std::nullopt;
}

std::vector<const SettingValue*> rank_entries(Reader& r, const Deck& deck, std::string_view key) {
  return latest_by_meaning(r.entries(key), [&](const std::string& name) { return deck.parse_rank(name); });
}

const SettingValue* rank_entry(Reader& r, const Deck& deck, std::string_view key, Rank rank) {
  for (const SettingValue* entry : rank_entries(r, deck, key))
    if (deck.parse_rank(entry->name) == rank) return entry;
  return nullptr;
}

void empty_table(Reader& r, std::string_view key, std::string_view needs) {
  if (r.table_exists(key))
    r.table_error(key, fmt::format("'{}' is empty; it needs {}", key, needs));
  else
    r.missing(key);
}

std::optional<std::vector<int>> rank_table(Reader& r, const Deck& deck, std::string_view key, std::int64_t high) {
  const auto entries = rank_entries(r, deck, key);
  if (entries.empty()) {
    empty_table(r, key, "every rank of the deck");
    return std::nullopt;
  }
  std::vector<int> values(deck.ranks.size(), 0);
  std::vector<const SettingValue*> seen(deck.ranks.size(), nullptr);
  bool ok = true;
  for (const SettingValue* entry : entries) {
    const auto rank = rank_named(deck, entry->name);
    if (!rank) {
      if (r.ranks_known())
        r.key_error(*entry, fmt::format("'{}': '{}' is not a rank of the deck ({}){}", entry->key,
                                        printable(entry->name), rank_list(deck), did_you_mean(entry->name, deck.ranks)));
      else
        r.integer_value(*entry, 0, high);  // the value can still be checked
      ok = false;
      continue;
    }
    if (const SettingValue* first = seen[*rank]) {
      r.key_error(*entry, fmt::format("'{}': rank {} is given twice (also as '{}' at {})", entry->key,
                                      deck.ranks[*rank], first->key, where(*first)));
      ok = false;
      continue;
    }
    seen[*rank] = entry;
    if (const auto n = r.integer_value(*entry, 0, high)) values[*rank] = int(*n); else ok = false;
  }
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) missing.push_back(deck.ranks[i]);
  if (!missing.empty()) {
    if (r.ranks_known()) r.table_error(key, fmt::format("'{}' has no value for rank {}", key, fmt::join(missing, ", ")));
    ok = false;
  }
  return ok ? std::optional(values) : std::nullopt;
}

std::optional<std::vector<Rank>> rank_array(Reader& r, const Deck& deck, std::string_view key, bool all) {
  const SettingValue* value = r.require(key);
  if (!value) return std::nullopt;
  const auto items = r.strings(*value);
  if (!items) return std::nullopt;
  std::vector<Rank> ranks;
  bool ok = true;
  for (const auto& [text, node] : *items) {
    const auto rank = rank_named(deck, text);
    if (!rank) {
      if (r.ranks_known())
        r.item_error(*value, *node, fmt::format("'{}': '{}' is not a rank of the deck ({}){}", key, printable(text),
                                                rank_list(deck), did_you_mean(text, deck.ranks)));
      ok = false;
    } else if (std::find(ranks.begin(), ranks.end(), *rank) != ranks.end()) {
      r.item_error(*value, *node, fmt::format("'{}': rank {} is listed twice", key, deck.ranks[*rank]));
      ok = false;
    } else {
      ranks.push_back(*rank);
    }
  }
  if (ok && all && ranks.size() != deck.ranks.size() && r.ranks_known()) {
    std::vector<std::string> missing;
    for (Rank k = 0; k < deck.rank_count(); ++k)
      if (std::find(ranks.begin(), ranks.end(), k) == ranks.end()) missing.push_back(deck.ranks[k]);
    r.error(*value, fmt::format("'{}' must list every rank once; missing {}", key, fmt::join(missing, ", ")));
    ok = false;
  }
  return ok ? std::optional(ranks) : std::nullopt;
}

std::optional<AnnouncementKind> parse_kind(std::string_view text, const Deck& deck, const SequenceRules& sequences) {
  const std::string lower = to_lower(text);
  for (std::string_view prefix : {"carre-", "carré-"}) {
    if (lower.starts_with(prefix)) {
      const auto rank = deck.parse_rank(std::string_view(text).substr(prefix.size()));
      return rank ? std::optional(AnnouncementKind{true, *rank}) : std::nullopt;
    }
  }
  for (std::size_t length = 0; length < sequences.names_by_length.size(); ++length)
    if (!sequences.names_by_length[length].empty() && to_lower(sequences.names_by_length[length]) == lower)
      return AnnouncementKind{false, int(length)};
  return std::nullopt;
}

std::vector<std::string> kind_names(const Deck& deck, const SequenceRules& sequences) {
  std::vector<std::string> names;
  for (const auto& name : sequences.names_by_length)
    if (!name.empty()) names.push_back(name);
  for (const auto& rank : deck.ranks) names.push_back("carre-" + rank);
  return names;
}

std::optional<AnnouncementSet> announcement_set(Reader& r, const SettingValue& value, const toml::node& item,
                                                const Deck& deck, const SequenceRules& sequences) {
  const auto* text = item.as_string();
  if (!text) {
    r.item_error(value, item, fmt::format("'{}' holds announcement names (strings), not {}", value.key, toml_type_name(item)));
    return std::nullopt;
  }
  const std::string lower = to_lower(text->get());
  AnnouncementSet set;
  if (lower == "sequences") {
    set.sequence_lengths = ~std::uint32_t{0};
  } else if (lower == "carres" || lower == "carrés") {
    set.carre_ranks = ~RankMask{0};
  } else if (const auto kind = parse_kind(text->get(), deck, sequences)) {
    if (kind->carre) set.carre_ranks = RankMask{1} << kind->value;
    else set.sequence_lengths = std::uint32_t{1} << kind->value;
  } else {
    std::vector<std::string> known = kind_names(deck, sequences);
    known.insert(known.begin(), {"sequences", "carres"});
    r.item_error(value, item, fmt::format("'{}': unknown announcement '{}'{}; write a sequence name, carre-RANK, "
                                          "'sequences' or 'carres'",
                                          value.key, printable(text->get()), did_you_mean(text->get(), known)));
    return std::nullopt;
  }
  return set;
}

}  // namespace belote::validation

