#include "ruleset_validation.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <set>

#include "belote/ruleset_schema.h"
#include "text_util.h"

namespace belote {

namespace {

constexpr std::int64_t kMaxCardPoints = 1000;
constexpr std::int64_t kMaxAnnouncementPoints = 10000;

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; }
bool is_alnum(char c) { return is_name_char(c) && c != '-'; }

std::string quoted_list(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "'" : ", '") + item + "'";
  return out;
}

// Reads typed values through the registry, reporting each problem once.
class Reader {
 public:
  Reader(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors)
      : settings_(settings), top_(top), errors_(errors) {}

  Diagnostics& errors() { return errors_; }
  void error(const SettingValue& at, std::string message) { errors_.push_back(at.error(std::move(message))); }
  void key_error(const SettingValue& at, std::string message) { errors_.push_back(at.key_error(std::move(message))); }

  const SettingValue* find(std::string_view key) const { return settings_.find(key); }

  const SettingValue* require(std::string_view key) {
    check_registered(key);
    const SettingValue* value = settings_.find(key);
    if (!value) missing(key);
    return value;
  }

  void missing(std::string_view key) {
    std::string why = "set it in this file or in a base ruleset";
    const SettingValue* reset = settings_.ranks_reset_by();
    if (reset && keyed_by_rank(*find_key(key)))
      why = fmt::format("'deck.ranks' at {}:{} sets new ranks, so the rank tables of the base start afresh",
                        reset->file->display, reset->key_position.line);
    // About the file as a whole: placed at its start, with no line to show.
    errors_.push_back(Diagnostic{top_.display, 1, 1, fmt::format("missing key '{}' ({})", key, why), ""});
  }

  /// Of two settings that contradict each other, the one to report: the one in
  /// the file being loaded when the other comes from a base, else the first.
  const SettingValue& blame(const SettingValue& first, const SettingValue& second) const {
    return second.file.get() == &top_ && first.file.get() != &top_ ? second : first;
  }

  bool table_exists(std::string_view key) const { return settings_.table(key) != nullptr; }

  /// An error about a table as a whole, at the key that last wrote it.
  void table_error(std::string_view key, std::string message) {
    if (const SettingValue* table = settings_.table(key))
      key_error(*table, std::move(message));
    else
      errors_.push_back(Diagnostic{top_.display, 1, 1, std::move(message), ""});
  }

  std::optional<std::int64_t> integer(std::string_view key, std::int64_t low, std::int64_t high) {
    const SettingValue* value = require(key);
    return value ? integer_value(*value, low, high) : std::nullopt;
  }

  std::optional<std::int64_t> integer_value(const SettingValue& value, std::int64_t low, std::int64_t high) {
    const auto* number = value.node->as_integer();
    if (!number) {
      error(value, fmt::format("'{}' must be an integer, not {}", value.key, toml_type_name(*value.node)));
      return std::nullopt;
    }
    const std::int64_t n = number->get();
    if (n < low || n > high) {
      error(value, fmt::format("'{}' is {}; it must be from {} to {}", value.key, n, low, high));
      return std::nullopt;
    }
    return n;
  }

  std::optional<bool> boolean(std::string_view key) {
    const SettingValue* value = require(key);
    if (!value) return std::nullopt;
    if (const auto* b = value->node->as_boolean()) return b->get();
    error(*value, fmt::format("'{}' must be true or false, not {}", key, toml_type_name(*value->node)));
    return std::nullopt;
  }

  std::optional<std::string> string_value(const SettingValue& value) {
    if (const auto* s = value.node->as_string()) return s->get();
    error(value, fmt::format("'{}' must be a string, not {}", value.key, toml_type_name(*value.node)));
    return std::nullopt;
  }

  std::optional<std::string> optional_string(std::string_view key) {
    check_registered(key);
    const SettingValue* value = settings_.find(key);
    return value ? string_value(*value) : std::optional<std::string>(std::string());
  }

  /// An enumerated string: the index of the choice in the key's registry entry.
  std::optional<int> choice(std::string_view key) {
    const SettingValue* value = require(key);
    if (!value) return std::nullopt;
    const auto& choices = find_key(key)->choices;
    const std::vector<std::string> options(choices.begin(), choices.end());
    const auto* text = value->node->as_string();
    if (!text) {
      error(*value, fmt::format("'{}' must be one of {} (a string), not {}", key, quoted_list(options),
                                toml_type_name(*value->node)));
      return std::nullopt;
    }
    for (std::size_t i = 0; i < choices.size(); ++i)
      if (iequals(text->get(), choices[i])) return int(i);
    error(*value, fmt::format("'{}' is '{}'; it must be one of {}{}", key, printable(text->get()), quoted_list(options),
                              did_you_mean(text->get(), options)));
    return std::nullopt;
  }

  /// An array of strings, each with the node it came from (for positions).
  std::optional<std::vector<std::pair<std::string, const toml::node*>>> strings(const SettingValue& value) {
    const toml::array* array = value.node->as_array();
    if (!array) {
      error(value, fmt::format("'{}' must be an array of strings, not {}", value.key, toml_type_name(*value.node)));
      return std::nullopt;
    }
    std::vector<std::pair<std::string, const toml::node*>> out;
    bool ok = true;
    for (const toml::node& item : *array) {
      if (const auto* s = item.as_string()) {
        out.emplace_back(s->get(), &item);
      } else {
        errors_.push_back(value.file->error(
            item, fmt::format("'{}' must hold strings only, not {}", value.key, toml_type_name(item))));
        ok = false;
      }
    }
    return ok ? std::optional(out) : std::nullopt;
  }

  void item_error(const SettingValue& value, const toml::node& item, std::string message) {
    errors_.push_back(value.file->error(item, std::move(message)));
  }

  std::vector<const SettingValue*> entries(std::string_view key) {
    check_registered(key);
    return settings_.entries(key);
  }

  const SourceFile& top() const { return top_; }

 private:
  static void check_registered(std::string_view key) {
    // Every key the loader reads must be documented: a missing entry is a programming error.
    if (!find_key(key)) throw std::logic_error(fmt::format("ruleset key '{}' is not in the registry", key));
  }

  const SettingsTree& settings_;
  const SourceFile& top_;
  Diagnostics& errors_;
};

// "classique.toml:30:5", for messages that point at a second place.
std::string where(const SettingValue& value) {
  return fmt::format("{}:{}:{}", value.file->display, value.key_position.line, value.key_position.column);
}

// A rank written as a key or a value, checked against the deck.
std::optional<Rank> rank_named(const Deck& deck, std::string_view text) { return deck.parse_rank(text); }

std::string rank_list(const Deck& deck) { return fmt::format("{}", fmt::join(deck.ranks, " ")); }

// A length written as a table key: "3", "04".
std::optional<int> length_named(std::string_view text) {
  const bool digits = !text.empty() && text.size() <= 2 && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  return digits ? std::optional(std::stoi(std::string(text))) : std::nullopt;
}

// The entry of a rank table that gives a rank its value (under any of its names).
const SettingValue* rank_entry(Reader& r, const Deck& deck, std::string_view key, Rank rank) {
  for (const SettingValue* entry : r.entries(key))
    if (deck.parse_rank(entry->name) == rank) return entry;
  return nullptr;
}

// A table with no entries: missing, or written empty.
void empty_table(Reader& r, std::string_view key, std::string_view needs) {
  if (r.table_exists(key))
    r.table_error(key, fmt::format("'{}' is empty; it needs {}", key, needs));
  else
    r.missing(key);
}

// A table keyed by rank: every rank exactly once, each an integer in range.
std::optional<std::vector<int>> rank_table(Reader& r, const Deck& deck, std::string_view key, std::int64_t high) {
  const auto entries = r.entries(key);
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
      r.key_error(*entry, fmt::format("'{}': '{}' is not a rank of the deck ({}){}", entry->key,
                                      printable(entry->name), rank_list(deck), did_you_mean(entry->name, deck.ranks)));
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
    r.table_error(key, fmt::format("'{}' has no value for rank {}", key, fmt::join(missing, ", ")));
    ok = false;
  }
  return ok ? std::optional(values) : std::nullopt;
}

// An array of ranks, each once; `all` requires every rank of the deck.
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
  if (ok && all && ranks.size() != deck.ranks.size()) {
    std::vector<std::string> missing;
    for (Rank k = 0; k < deck.rank_count(); ++k)
      if (std::find(ranks.begin(), ranks.end(), k) == ranks.end()) missing.push_back(deck.ranks[k]);
    r.error(*value, fmt::format("'{}' must list every rank once; missing {}", key, fmt::join(missing, ", ")));
    ok = false;
  }
  return ok ? std::optional(ranks) : std::nullopt;
}

bool read_ranks(Reader& r, Deck& deck) {
  const SettingValue* value = r.require("deck.ranks");
  const auto items = value ? r.strings(*value) : std::nullopt;
  if (!items) return false;
  bool ok = true;
  for (const auto& [text, node] : *items) {
    const bool well_formed = !text.empty() && text.size() <= 3 && std::all_of(text.begin(), text.end(), is_alnum);
    if (!well_formed) {
      r.item_error(*value, *node, fmt::format("'deck.ranks': '{}' is not a rank name (1 to 3 letters or digits)", printable(text)));
      ok = false;
    } else if (std::any_of(deck.ranks.begin(), deck.ranks.end(), [&rank = text](const std::string& s) { return iequals(s, rank); })) {
      r.item_error(*value, *node, fmt::format("'deck.ranks': rank '{}' is listed twice", text));
      ok = false;
    } else {
      deck.ranks.push_back(text);
    }
  }
  if (ok && (deck.ranks.size() < 3 || deck.ranks.size() > std::size_t(kMaxRanks))) {
    r.error(*value, fmt::format("'deck.ranks' has {} ranks; a deck has 3 to {}", deck.ranks.size(), kMaxRanks));
    ok = false;
  }
  deck.rank_aliases.assign(deck.ranks.size(), {});
  return ok;
}

bool read_rank_aliases(Reader& r, Deck& deck) {
  bool ok = true;
  for (const SettingValue* entry : r.entries("deck.rank_aliases")) {
    const auto rank = rank_named(deck, entry->name);
    if (!rank) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a rank of the deck ({})", entry->key, printable(entry->name), rank_list(deck)));
      ok = false;
      continue;
    }
    const auto items = r.strings(*entry);
    if (!items) { ok = false; continue; }
    for (const auto& [alias, node] : *items) {
      const bool well_formed = !alias.empty() && alias.size() <= 3 && std::all_of(alias.begin(), alias.end(), is_alnum);
      if (!well_formed) {
        r.item_error(*entry, *node, fmt::format("'{}': '{}' is not a rank name (1 to 3 letters or digits)", entry->key, printable(alias)));
        ok = false;
      } else if (const auto named = deck.parse_rank(alias)) {
        r.item_error(*entry, *node, fmt::format("'{}': '{}' already names rank {}", entry->key, alias, deck.ranks[*named]));
        ok = false;
      } else {
        deck.rank_aliases[*rank].push_back(alias);
      }
    }
  }
  return ok;
}

bool read_suits(Reader& r, Deck& deck) {
  const SettingValue* value = r.require("deck.suits");
  const auto items = value ? r.strings(*value) : std::nullopt;
  if (!items) return false;
  bool ok = true;
  std::vector<std::string> suits;
  for (const auto& [text, node] : *items) {
    const bool letter = text.size() == 1 && ((text[0] >= 'A' && text[0] <= 'Z') || (text[0] >= 'a' && text[0] <= 'z'));
    if (!letter) {
      r.item_error(*value, *node, fmt::format("'deck.suits': '{}' is not one ASCII letter", printable(text)));
      ok = false;
    } else if (std::any_of(suits.begin(), suits.end(), [&suit = text](const std::string& s) { return iequals(s, suit); })) {
      r.item_error(*value, *node, fmt::format("'deck.suits': suit '{}' is listed twice", text));
      ok = false;
    } else {
      suits.push_back(text);
    }
  }
  if (ok && suits.size() != kSuitCount) {
    r.error(*value, fmt::format("'deck.suits' has {} suits; a deck has {}", suits.size(), kSuitCount));
    ok = false;
  }
  if (ok) std::copy(suits.begin(), suits.end(), deck.suits.begin());
  return ok;
}

bool read_suit_symbols(Reader& r, Deck& deck) {
  const SettingValue* value = r.find("deck.suit_symbols");
  if (!value) return true;  // optional: suits are then written as letters
  const auto items = r.strings(*value);
  if (!items) return false;
  bool ok = true;
  std::vector<std::string> symbols;
  for (const auto& [text, node] : *items) {
    const bool symbol = !text.empty() && text.size() <= 8 && !std::any_of(text.begin(), text.end(), is_name_char) &&
                        std::none_of(text.begin(), text.end(), [](char c) { return c == ' ' || (unsigned char)c < 0x20; });
    if (!symbol) {
      r.item_error(*value, *node, fmt::format("'deck.suit_symbols': '{}' is not a symbol (no letters, digits or spaces)", printable(text)));
      ok = false;
    } else if (std::find(symbols.begin(), symbols.end(), text) != symbols.end()) {
      r.item_error(*value, *node, fmt::format("'deck.suit_symbols': '{}' is listed twice", text));
      ok = false;
    } else {
      symbols.push_back(text);
    }
  }
  if (ok && symbols.size() != kSuitCount) {
    r.error(*value, fmt::format("'deck.suit_symbols' has {} symbols; it needs one per suit ({})", symbols.size(), kSuitCount));
    ok = false;
  }
  if (ok) std::copy(symbols.begin(), symbols.end(), deck.suit_symbols.begin());
  return ok;
}

// Keys that do not depend on the ranks are checked even when the ranks are
// wrong, so that one run reports as much as it can.
std::optional<Deck> read_deck(Reader& r) {
  Deck deck;
  const bool ranks_ok = read_ranks(r, deck);
  bool ok = ranks_ok;
  if (!read_suits(r, deck)) ok = false;
  if (!read_suit_symbols(r, deck)) ok = false;
  const SettingValue* hand_size = r.require("deck.hand_size");
  if (const auto n = hand_size ? r.integer_value(*hand_size, 1, kMaxRanks) : std::nullopt) deck.hand_size = int(*n); else ok = false;
  if (const auto n = r.integer("deck.last_trick", 0, kMaxCardPoints)) deck.last_trick_points = int(*n); else ok = false;
  if (!ranks_ok) return std::nullopt;  // the rest is keyed by rank

  if (!read_rank_aliases(r, deck)) ok = false;
  if (deck.hand_size > 0 && deck.hand_size * kSuitCount != deck.card_count()) {
    r.error(*hand_size, fmt::format("'deck.hand_size' is {}, but {} cards dealt to 4 players make hands of {}",
                                    deck.hand_size, deck.card_count(), deck.card_count() / kSuitCount));
    ok = false;
  }
  if (auto points = rank_table(r, deck, "deck.trump_points", kMaxCardPoints)) deck.trump_points = std::move(*points); else ok = false;
  if (auto points = rank_table(r, deck, "deck.plain_points", kMaxCardPoints)) deck.plain_points = std::move(*points); else ok = false;
  if (ok && deck.total_card_points() <= 0) {
    r.table_error("deck.trump_points", "the deck's cards are worth no points at all");
    ok = false;
  }
  return ok ? std::optional(deck) : std::nullopt;
}

// A table keyed by length: lengths from 3 up, following each other.
template <class T, class ReadValue>
std::optional<std::vector<std::optional<T>>> length_table(Reader& r, const Deck& deck, std::string_view key, ReadValue read) {
  const auto entries = r.entries(key);
  if (entries.empty()) {
    empty_table(r, key, "at least one length");
    return std::nullopt;
  }
  std::vector<std::optional<T>> values(std::size_t(deck.rank_count() + 1));
  std::vector<const SettingValue*> seen(values.size(), nullptr);
  bool ok = true;
  for (const SettingValue* entry : entries) {
    const auto length = length_named(entry->name);
    if (!length || *length < 3 || *length > deck.rank_count()) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a sequence length (3 to {}, the deck's ranks)", entry->key,
                                      printable(entry->name), deck.rank_count()));
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
    auto name = r.string_value(v);
    if (!name) return std::nullopt;
    const bool well_formed = !name->empty() && name->size() <= 32 && std::all_of(name->begin(), name->end(), is_name_char) &&
                             !(name->front() >= '0' && name->front() <= '9') && name->front() != '-';
    if (!well_formed) {
      r.error(v, fmt::format("'{}': '{}' is not a name (letters, digits and '-', starting with a letter)", v.key, printable(*name)));
      return std::nullopt;
    }
    const std::string lower = to_lower(*name);
    if (lower.starts_with("carre") || lower == "belote") {
      r.error(v, fmt::format("'{}': '{}' is reserved for carrés and the belote", v.key, *name));
      return std::nullopt;
    }
    if (const auto [it, added] = names_seen.emplace(lower, &v); !added) {
      r.error(v, fmt::format("'{}': the name '{}' is also given to '{}'", v.key, *name, it->second->key));
      return std::nullopt;
    }
    return lower;
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

std::optional<CarreRules> read_carres(Reader& r, const Deck& deck) {
  CarreRules rules;
  bool ok = true;
  if (auto points = rank_table(r, deck, "carres.points", kMaxAnnouncementPoints)) rules.points_by_rank = std::move(*points); else ok = false;
  if (const auto voiding = rank_array(r, deck, "carres.void_deal", false)) {
    for (Rank rank : *voiding) {
      rules.voiding_ranks |= RankMask{1} << rank;
      const SettingValue* points_at = rank_entry(r, deck, "carres.points", rank);
      if (ok && rules.points_by_rank[rank] > 0 && points_at) {
        const SettingValue& void_deal = *r.find("carres.void_deal");
        const SettingValue& points = *points_at;
        r.error(r.blame(void_deal, points),
                fmt::format("a carré of {} both annuls the deal ('carres.void_deal' at {}) and scores {} ('{}' at {}); "
                            "a voiding carré must be worth 0",
                            deck.ranks[rank], where(void_deal), rules.points_by_rank[rank], points.key, where(points)));
        ok = false;
      }
    }
  } else {
    ok = false;
  }
  if (auto order = rank_array(r, deck, "carres.order", true)) rules.order = std::move(*order); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

std::optional<BeloteRules> read_belote(Reader& r, const Deck& deck) {
  BeloteRules rules;
  bool ok = true;
  if (const auto n = r.integer("belote.points", 0, kMaxAnnouncementPoints)) rules.points = int(*n); else ok = false;
  if (const auto ranks = rank_array(r, deck, "belote.cards", false)) {
    for (Rank rank : *ranks) rules.ranks |= RankMask{1} << rank;
    if (ranks->empty() || ranks->size() > 4) {
      r.error(*r.find("belote.cards"), fmt::format("'belote.cards' must name 1 to 4 ranks, not {}", ranks->size()));
      ok = false;
    }
  } else {
    ok = false;
  }
  return ok ? std::optional(rules) : std::nullopt;
}

// A kind as written in `announcements.categories`: a sequence name or carre-RANK.
std::optional<AnnouncementKind> parse_kind(std::string_view text, const Deck& deck, const SequenceRules& sequences) {
  const std::string lower = to_lower(text);
  for (std::string_view prefix : {"carre-", "carré-"}) {
    if (lower.starts_with(prefix)) {
      const auto rank = deck.parse_rank(std::string_view(text).substr(prefix.size()));
      return rank ? std::optional(AnnouncementKind{true, *rank}) : std::nullopt;
    }
  }
  for (std::size_t length = 0; length < sequences.names_by_length.size(); ++length)
    if (!sequences.names_by_length[length].empty() && sequences.names_by_length[length] == lower)
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

// Every kind the ruleset scores needs a place in the category order.
void check_every_scored_kind_is_listed(Reader& r, const Deck& deck, const SequenceRules& sequences,
                                       const CarreRules& carres, const SettingValue& categories,
                                       const std::vector<AnnouncementKind>& listed, bool& ok) {
  struct Omitted {
    std::string kind;
    int points;
    const SettingValue* set_at;  // the entry that makes it score
  };
  std::vector<Omitted> omitted;
  const auto is_listed = [&](AnnouncementKind kind) { return std::find(listed.begin(), listed.end(), kind) != listed.end(); };
  for (std::size_t length = 0; length < sequences.points_by_length.size(); ++length) {
    const int points = sequences.points_by_length[length];
    if (sequences.names_by_length[length].empty() || points <= 0 || is_listed({false, int(length)})) continue;
    const SettingValue* at = nullptr;
    for (const SettingValue* entry : r.entries("sequences.points"))
      if (length_named(entry->name) == int(length)) at = entry;
    omitted.push_back({sequences.names_by_length[length], points, at});
  }
  for (Rank rank = 0; rank < deck.rank_count(); ++rank) {
    const int points = carres.points_by_rank[rank];
    const bool scores = points > 0 && !(carres.voiding_ranks >> rank & 1);
    if (scores && !is_listed({true, rank}))
      omitted.push_back({"carre-" + deck.ranks[rank], points, rank_entry(r, deck, "carres.points", rank)});
  }
  if (omitted.empty()) return;
  ok = false;
  // Said where the user can fix it: at a value this file sets that a base's order does not list.
  std::vector<std::string> in_order;
  for (const Omitted& o : omitted) {
    if (o.set_at && &r.blame(categories, *o.set_at) == o.set_at) {
      r.error(*o.set_at, fmt::format("'{}' scores {}, but 'announcements.categories' (at {}) does not list '{}': "
                                     "set the categories in this file too",
                                     o.set_at->key, o.points, where(categories), o.kind));
    } else {
      in_order.push_back(fmt::format("'{}' ({} points)", o.kind, o.points));
    }
  }
  if (!in_order.empty())
    r.error(categories, fmt::format("'announcements.categories' omits {}, which the ruleset scores; list {} or make {} worth 0",
                                    fmt::join(in_order, ", "), in_order.size() == 1 ? "it" : "them",
                                    in_order.size() == 1 ? "it" : "them"));
}

// Reads `announcements.categories`; the kinds need the deck and the sequence names.
std::vector<std::vector<AnnouncementKind>> read_categories(Reader& r, const SettingValue& value, const Deck* deck,
                                                           const SequenceRules& sequences, std::vector<AnnouncementKind>& listed,
                                                           bool& ok) {
  std::vector<std::vector<AnnouncementKind>> categories;
  const toml::array* groups = value.node->as_array();
  if (!groups || groups->empty()) {
    r.error(value, fmt::format("'announcements.categories' must be a non-empty array of kind names or arrays of kind names, not {}",
                               groups ? "an empty array" : toml_type_name(*value.node)));
    ok = false;
    return categories;
  }
  const bool kinds_known = deck && !sequences.names_by_length.empty();
  const auto read_kind = [&](const toml::node& item, std::vector<AnnouncementKind>& group) {
    const auto* text = item.as_string();
    if (!text) {
      r.item_error(value, item, fmt::format("'announcements.categories' holds kind names (strings) or arrays of them, not {}",
                                            toml_type_name(item)));
      ok = false;
      return;
    }
    if (!kinds_known) return;  // the deck or the sequence names are wrong, and were reported
    const auto kind = parse_kind(text->get(), *deck, sequences);
    if (!kind) {
      r.item_error(value, item, fmt::format("'announcements.categories': unknown kind '{}'{}; kinds are the sequence names and carre-RANK",
                                            printable(text->get()), did_you_mean(text->get(), kind_names(*deck, sequences))));
      ok = false;
    } else if (std::find(listed.begin(), listed.end(), *kind) != listed.end()) {
      r.item_error(value, item, fmt::format("'announcements.categories': '{}' is listed twice", printable(text->get())));
      ok = false;
    } else {
      listed.push_back(*kind);
      group.push_back(*kind);
    }
  };
  for (const toml::node& item : *groups) {
    std::vector<AnnouncementKind> group;
    if (const toml::array* inner = item.as_array()) {
      if (inner->empty()) {
        r.item_error(value, item, "'announcements.categories': a category cannot be empty");
        ok = false;
      }
      for (const toml::node& kind : *inner) {
        if (kind.is_array())
          r.item_error(value, kind, "'announcements.categories': a category holds kind names, not arrays");
        else
          read_kind(kind, group);
        if (kind.is_array()) ok = false;
      }
    } else {
      read_kind(item, group);
    }
    categories.push_back(std::move(group));
  }
  return categories;
}

// `deck` is null when the deck is wrong; `sequences` holds what could be read
// of [sequences] and `scoring_known` says whether the points are all valid.
std::optional<AnnouncementRules> read_announcements(Reader& r, const Deck* deck, const SequenceRules& sequences,
                                                    const CarreRules* carres, bool scoring_known) {
  AnnouncementRules rules;
  bool ok = true;
  if (const auto reuse = r.boolean("announcements.card_reuse")) rules.card_reuse = *reuse; else ok = false;
  const int hand_size = deck ? deck->hand_size : kMaxRanks;
  if (const auto n = r.integer("announcements.min_tricks", 0, hand_size)) rules.min_tricks = int(*n); else ok = false;
  if (const auto tie = r.choice("announcements.exact_tie")) rules.exact_tie = ExactTie(*tie); else ok = false;
  const auto style = r.choice("announcements.strength");
  if (style) rules.strength = StrengthStyle(*style); else ok = false;
  if (!style || rules.strength != StrengthStyle::category) return ok ? std::optional(rules) : std::nullopt;

  const SettingValue* value = r.require("announcements.categories");
  if (!value) return std::nullopt;
  std::vector<AnnouncementKind> listed;
  bool categories_ok = true;
  rules.categories = read_categories(r, *value, deck, sequences, listed, categories_ok);
  if (categories_ok && deck && carres && scoring_known)
    check_every_scored_kind_is_listed(r, *deck, sequences, *carres, *value, listed, categories_ok);
  return ok && categories_ok && deck && carres && scoring_known ? std::optional(rules) : std::nullopt;
}

std::optional<ContractRules> read_contract(Reader& r) {
  ContractRules rules;
  bool ok = true;
  if (const SettingValue* value = r.require("contract.basis")) {
    if (const auto items = r.strings(*value)) {
      std::set<std::string> seen;
      for (const auto& [text, node] : *items) {
        const std::string lower = to_lower(text);
        if (lower != "card-points" && lower != "announcements" && lower != "belote") {
          r.item_error(*value, *node, fmt::format("'contract.basis': '{}' is not one of 'card-points', 'announcements', 'belote'{}",
                                                  printable(text), did_you_mean(text, {"card-points", "announcements", "belote"})));
          ok = false;
        } else if (!seen.insert(lower).second) {
          r.item_error(*value, *node, fmt::format("'contract.basis': '{}' is listed twice", lower));
          ok = false;
        }
      }
      if (ok && !seen.contains("card-points")) {
        r.error(*value, "'contract.basis' must include 'card-points'");
        ok = false;
      }
      rules.counts_announcements = seen.contains("announcements");
      rules.counts_belote = seen.contains("belote");
    } else {
      ok = false;
    }
  } else {
    ok = false;
  }
  if (const auto tie = r.choice("contract.on_tie")) rules.on_tie = ContractTie(*tie); else ok = false;
  if (const auto who = r.choice("contract.failed_announcements")) rules.failed_announcements = Beneficiary(*who); else ok = false;
  if (const auto who = r.choice("contract.failed_belote")) rules.failed_belote = Beneficiary(*who); else ok = false;
  if (const auto n = r.integer("contract.capot", 0, kMaxAnnouncementPoints)) rules.capot_points = int(*n); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

std::optional<GameRules> read_game(Reader& r) {
  GameRules rules;
  bool ok = true;
  if (const auto n = r.integer("game.target", 1, 100000)) rules.target = int(*n); else ok = false;
  if (const auto both = r.choice("game.both_reach")) rules.both_reach = BothReach(*both); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

std::optional<RulesetInfo> read_info(Reader& r, const std::string& default_name) {
  RulesetInfo info;
  bool ok = true;
  const auto name = r.optional_string("name");
  if (name && !name->empty()) {
    if (!std::all_of(name->begin(), name->end(), is_name_char) || name->size() > 64) {
      r.error(*r.find("name"), fmt::format("'name' is '{}'; a ruleset name has letters, digits and '-' only", printable(*name)));
      ok = false;
    }
    info.name = to_lower(*name);
  } else if (name) {
    info.name = default_name;
  } else {
    ok = false;
  }
  for (auto [key, field] : {std::pair{"title", &info.title}, {"source", &info.source}, {"description", &info.description}}) {
    if (auto text = r.optional_string(key)) *field = std::move(*text); else ok = false;
  }
  if (auto base = r.optional_string("extends")) info.base = std::move(*base); else ok = false;
  return ok ? std::optional(info) : std::nullopt;
}

}  // namespace

std::optional<Deck> validate_deck(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors) {
  Reader r(settings, top, errors);
  return read_deck(r);
}

std::optional<Ruleset> validate_ruleset(const SettingsTree& settings, const SourceFile& top,
                                        const std::string& default_name, Diagnostics& errors) {
  Reader r(settings, top, errors);
  const std::size_t errors_before = errors.size();
  // Every section is read, whatever went wrong before, so that one run reports
  // every error; only what depends on a wrong value is skipped.
  auto info = read_info(r, default_name);
  auto deck = read_deck(r);
  SequenceRules sequences;
  bool sequences_ok = false;
  std::optional<CarreRules> carres;
  std::optional<BeloteRules> belote;
  if (deck) {
    sequences_ok = read_sequences(r, *deck, sequences);
    carres = read_carres(r, *deck);
    belote = read_belote(r, *deck);
  }
  auto announcements = read_announcements(r, deck ? &*deck : nullptr, sequences, carres ? &*carres : nullptr, sequences_ok);
  auto contract = read_contract(r);
  auto game = read_game(r);
  if (!info || !deck || !sequences_ok || !carres || !belote || !announcements || !contract || !game ||
      errors.size() != errors_before)
    return std::nullopt;
  Ruleset rules;
  rules.info = std::move(*info);
  rules.deck = std::move(*deck);
  rules.sequences = std::move(sequences);
  rules.carres = std::move(*carres);
  rules.belote = *belote;
  rules.announcements = std::move(*announcements);
  rules.contract = *contract;
  rules.game = *game;
  rules.tables = RuleTables::compile(rules);
  return rules;
}

}  // namespace belote
