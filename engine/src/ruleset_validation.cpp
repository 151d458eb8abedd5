#include "ruleset_validation.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
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
    errors_.push_back(Diagnostic{top_.display, 1, 1,
                                 fmt::format("missing key '{}' (set it in this file or in a base ruleset)", key), ""});
  }

  std::optional<std::int64_t> integer(std::string_view key, std::int64_t low, std::int64_t high) {
    const SettingValue* value = require(key);
    return value ? integer_value(*value, low, high) : std::nullopt;
  }

  std::optional<std::int64_t> integer_value(const SettingValue& value, std::int64_t low, std::int64_t high) {
    const auto* number = value.node->as_integer();
    if (!number) {
      error(value, fmt::format("'{}' must be an integer", value.key));
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
    error(*value, fmt::format("'{}' must be true or false", key));
    return std::nullopt;
  }

  std::optional<std::string> string_value(const SettingValue& value) {
    if (const auto* s = value.node->as_string()) return s->get();
    error(value, fmt::format("'{}' must be a string", value.key));
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
    const auto text = string_value(*value);
    if (!text) return std::nullopt;
    const auto& choices = find_key(key)->choices;
    for (std::size_t i = 0; i < choices.size(); ++i)
      if (iequals(*text, choices[i])) return int(i);
    const std::vector<std::string> options(choices.begin(), choices.end());
    error(*value, fmt::format("'{}' is '{}'; it must be one of {}{}", key, printable(*text), quoted_list(options),
                              did_you_mean(*text, options)));
    return std::nullopt;
  }

  /// An array of strings, each with the node it came from (for positions).
  std::optional<std::vector<std::pair<std::string, const toml::node*>>> strings(const SettingValue& value) {
    const toml::array* array = value.node->as_array();
    if (!array) {
      error(value, fmt::format("'{}' must be an array of strings", value.key));
      return std::nullopt;
    }
    std::vector<std::pair<std::string, const toml::node*>> out;
    bool ok = true;
    for (const toml::node& item : *array) {
      if (const auto* s = item.as_string()) {
        out.emplace_back(s->get(), &item);
      } else {
        errors_.push_back(value.file->error(item, fmt::format("'{}' must hold strings only", value.key)));
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

// A rank written as a key or a value, checked against the deck.
std::optional<Rank> rank_named(const Deck& deck, std::string_view text) { return deck.parse_rank(text); }

std::string rank_list(const Deck& deck) { return fmt::format("{}", fmt::join(deck.ranks, " ")); }

// A table keyed by rank: every rank exactly once, each an integer in range.
std::optional<std::vector<int>> rank_table(Reader& r, const Deck& deck, std::string_view key, std::int64_t high) {
  const auto entries = r.entries(key);
  if (entries.empty()) {
    if (!r.find(key)) r.missing(key);
    return std::nullopt;
  }
  std::vector<int> values(deck.ranks.size(), 0);
  std::vector<bool> seen(deck.ranks.size(), false);
  bool ok = true;
  for (const SettingValue* entry : entries) {
    const auto rank = rank_named(deck, entry->name);
    if (!rank) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a rank of the deck ({}){}", entry->key,
                                      printable(entry->name), rank_list(deck), did_you_mean(entry->name, deck.ranks)));
      ok = false;
      continue;
    }
    if (seen[*rank]) {
      r.key_error(*entry, fmt::format("'{}': rank {} is given twice", entry->key, deck.ranks[*rank]));
      ok = false;
      continue;
    }
    seen[*rank] = true;
    if (const auto n = r.integer_value(*entry, 0, high)) values[*rank] = int(*n); else ok = false;
  }
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) missing.push_back(deck.ranks[i]);
  if (!missing.empty()) {
    r.key_error(*entries.front(), fmt::format("'{}' has no value for rank {}", key, fmt::join(missing, ", ")));
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

std::optional<Deck> read_deck(Reader& r) {
  Deck deck;
  bool ok = true;

  if (const SettingValue* value = r.require("deck.ranks")) {
    if (const auto items = r.strings(*value)) {
      for (const auto& [text, node] : *items) {
        const bool well_formed = !text.empty() && text.size() <= 3 && std::all_of(text.begin(), text.end(), is_alnum);
        if (!well_formed) {
          r.item_error(*value, *node, fmt::format("'deck.ranks': '{}' is not a rank name (1 to 3 letters or digits)", printable(text)));
          ok = false;
        } else if (std::any_of(deck.ranks.begin(), deck.ranks.end(), [&](const std::string& s) { return iequals(s, text); })) {
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
    } else {
      ok = false;
    }
  } else {
    ok = false;
  }
  if (!ok) return std::nullopt;  // everything else refers to the ranks
  deck.rank_aliases.assign(deck.ranks.size(), {});

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
      } else if (deck.parse_rank(alias)) {
        r.item_error(*entry, *node, fmt::format("'{}': '{}' already names rank {}", entry->key, alias,
                                                deck.ranks[*deck.parse_rank(alias)]));
        ok = false;
      } else {
        deck.rank_aliases[*rank].push_back(alias);
      }
    }
  }

  if (const SettingValue* value = r.require("deck.suits")) {
    if (const auto items = r.strings(*value)) {
      std::vector<std::string> suits;
      for (const auto& [text, node] : *items) {
        const bool letter = text.size() == 1 && ((text[0] >= 'A' && text[0] <= 'Z') || (text[0] >= 'a' && text[0] <= 'z'));
        if (!letter) {
          r.item_error(*value, *node, fmt::format("'deck.suits': '{}' is not one ASCII letter", printable(text)));
          ok = false;
        } else if (std::any_of(suits.begin(), suits.end(), [&](const std::string& s) { return iequals(s, text); })) {
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
    } else {
      ok = false;
    }
  } else {
    ok = false;
  }

  if (const SettingValue* value = r.find("deck.suit_symbols")) {
    if (const auto items = r.strings(*value)) {
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
    } else {
      ok = false;
    }
  }

  if (const SettingValue* value = r.require("deck.hand_size")) {
    if (const auto n = r.integer_value(*value, 1, kMaxRanks)) {
      deck.hand_size = int(*n);
      if (deck.hand_size * kSuitCount != deck.card_count()) {
        r.error(*value, fmt::format("'deck.hand_size' is {}, but {} cards dealt to 4 players make hands of {}",
                                    deck.hand_size, deck.card_count(), deck.card_count() / kSuitCount));
        ok = false;
      }
    } else {
      ok = false;
    }
  } else {
    ok = false;
  }

  if (const auto n = r.integer("deck.last_trick", 0, kMaxCardPoints)) deck.last_trick_points = int(*n); else ok = false;
  if (auto points = rank_table(r, deck, "deck.trump_points", kMaxCardPoints)) deck.trump_points = std::move(*points); else ok = false;
  if (auto points = rank_table(r, deck, "deck.plain_points", kMaxCardPoints)) deck.plain_points = std::move(*points); else ok = false;
  if (ok && deck.total_card_points() <= 0) {
    r.error(*r.find("deck.trump_points"), "the deck's cards are worth no points at all");
    ok = false;
  }
  return ok ? std::optional(deck) : std::nullopt;
}

// A table keyed by length: lengths from 3 up, following each other.
template <class T, class ReadValue>
std::optional<std::vector<std::optional<T>>> length_table(Reader& r, const Deck& deck, std::string_view key, ReadValue read) {
  const auto entries = r.entries(key);
  if (entries.empty()) {
    if (!r.find(key)) r.missing(key);
    return std::nullopt;
  }
  std::vector<std::optional<T>> values(std::size_t(deck.rank_count() + 1));
  std::vector<bool> seen(values.size(), false);
  bool ok = true;
  for (const SettingValue* entry : entries) {
    int length = 0;
    const bool digits = !entry->name.empty() && entry->name.size() <= 2 &&
                        std::all_of(entry->name.begin(), entry->name.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) length = std::stoi(entry->name);
    if (!digits || length < 3 || length > deck.rank_count()) {
      r.key_error(*entry, fmt::format("'{}': '{}' is not a sequence length (3 to {}, the deck's ranks)", entry->key,
                                      printable(entry->name), deck.rank_count()));
      ok = false;
      continue;
    }
    if (seen[length]) {
      r.key_error(*entry, fmt::format("'{}': length {} is given twice", entry->key, length));
      ok = false;
      continue;
    }
    seen[length] = true;
    if (auto value = read(*entry)) values[length] = std::move(value); else ok = false;
  }
  if (!ok) return std::nullopt;
  const auto first = std::find(seen.begin(), seen.end(), true) - seen.begin();
  const auto last = seen.rend() - std::find(seen.rbegin(), seen.rend(), true) - 1;
  for (auto length = first; length <= last; ++length) {
    if (!seen[length]) {
      r.key_error(*entries.front(), fmt::format("'{}' skips length {}: lengths must follow each other from {} to {}",
                                                key, length, first, last));
      return std::nullopt;
    }
  }
  return values;
}

std::optional<SequenceRules> read_sequences(Reader& r, const Deck& deck) {
  SequenceRules rules;
  bool ok = true;
  auto points = length_table<int>(r, deck, "sequences.points", [&](const SettingValue& v) -> std::optional<int> {
    const auto n = r.integer_value(v, 0, kMaxAnnouncementPoints);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
  });
  std::set<std::string> names_seen;
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
    if (!names_seen.insert(lower).second) {
      r.error(v, fmt::format("'{}': the name '{}' is used for two lengths", v.key, *name));
      return std::nullopt;
    }
    return lower;
  });
  if (points && names) {
    for (std::size_t length = 0; length < points->size(); ++length) {
      const bool has_points = (*points)[length].has_value();
      const bool has_name = (*names)[length].has_value();
      if (has_points != has_name) {
        const std::string_view in = has_points ? "sequences.points" : "sequences.names";
        const std::string_view not_in = has_points ? "sequences.names" : "sequences.points";
        r.key_error(*r.entries(in).front(), fmt::format("length {} is in '{}' but not in '{}'", length, in, not_in));
        ok = false;
      }
      rules.points_by_length.push_back((*points)[length].value_or(0));
      rules.names_by_length.push_back((*names)[length].value_or(""));
    }
  } else {
    ok = false;
  }
  if (const auto split = r.boolean("sequences.split_long_runs")) rules.split_long_runs = *split; else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

std::optional<CarreRules> read_carres(Reader& r, const Deck& deck) {
  CarreRules rules;
  bool ok = true;
  if (auto points = rank_table(r, deck, "carres.points", kMaxAnnouncementPoints)) rules.points_by_rank = std::move(*points); else ok = false;
  if (const auto voiding = rank_array(r, deck, "carres.void_deal", false)) {
    for (Rank rank : *voiding) {
      rules.voiding_ranks |= RankMask{1} << rank;
      if (ok && rules.points_by_rank[rank] > 0) {
        r.error(*r.find("carres.void_deal"),
                fmt::format("'carres.void_deal': a carré of {} annuls the deal, yet 'carres.points' gives it {}",
                            deck.ranks[rank], rules.points_by_rank[rank]));
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

std::optional<AnnouncementRules> read_announcements(Reader& r, const Deck& deck, const SequenceRules* sequences,
                                                    const CarreRules* carres) {
  AnnouncementRules rules;
  bool ok = true;
  if (const auto reuse = r.boolean("announcements.card_reuse")) rules.card_reuse = *reuse; else ok = false;
  if (const auto n = r.integer("announcements.min_tricks", 0, deck.hand_size)) rules.min_tricks = int(*n); else ok = false;
  if (const auto tie = r.choice("announcements.exact_tie")) rules.exact_tie = ExactTie(*tie); else ok = false;
  const auto style = r.choice("announcements.strength");
  if (style) rules.strength = StrengthStyle(*style); else ok = false;
  if (!style || rules.strength != StrengthStyle::category) return ok ? std::optional(rules) : std::nullopt;

  const SettingValue* value = r.find("announcements.categories");
  if (!value) {
    r.missing("announcements.categories");
    return std::nullopt;
  }
  const toml::array* groups = value->node->as_array();
  if (!groups || groups->empty()) {
    r.error(*value, "'announcements.categories' must be a non-empty array of kind names or arrays of kind names");
    return std::nullopt;
  }
  if (!sequences) return std::nullopt;  // its names are needed, and were reported
  std::vector<std::pair<AnnouncementKind, const toml::node*>> listed;
  const auto read_kind = [&](const toml::node& item, std::vector<AnnouncementKind>& group) {
    const auto* text = item.as_string();
    if (!text) {
      r.item_error(*value, item, "'announcements.categories' holds kind names (strings) or arrays of them");
      ok = false;
      return;
    }
    const auto kind = parse_kind(text->get(), deck, *sequences);
    if (!kind) {
      r.item_error(*value, item, fmt::format("'announcements.categories': unknown kind '{}'{}; kinds are the sequence names and carre-RANK",
                                             printable(text->get()), did_you_mean(text->get(), kind_names(deck, *sequences))));
      ok = false;
      return;
    }
    for (const auto& [seen, at] : listed) {
      if (seen == *kind) {
        r.item_error(*value, item, fmt::format("'announcements.categories': '{}' is listed twice", printable(text->get())));
        ok = false;
        return;
      }
    }
    listed.emplace_back(*kind, &item);
    group.push_back(*kind);
  };
  for (const toml::node& item : *groups) {
    std::vector<AnnouncementKind> group;
    if (const toml::array* inner = item.as_array()) {
      if (inner->empty()) {
        r.item_error(*value, item, "'announcements.categories': a category cannot be empty");
        ok = false;
      }
      for (const toml::node& kind : *inner) read_kind(kind, group);
    } else {
      read_kind(item, group);
    }
    rules.categories.push_back(std::move(group));
  }
  if (!ok || !carres) return std::nullopt;

  // Every kind the ruleset scores must have a place in the order.
  const auto listed_kind = [&](AnnouncementKind kind) {
    return std::any_of(listed.begin(), listed.end(), [&](const auto& item) { return item.first == kind; });
  };
  std::vector<std::string> omitted;
  for (std::size_t length = 0; length < sequences->points_by_length.size(); ++length) {
    const AnnouncementKind kind{false, int(length)};
    if (!sequences->names_by_length[length].empty() && sequences->points_by_length[length] > 0 && !listed_kind(kind))
      omitted.push_back(fmt::format("'{}' ({} points)", sequences->names_by_length[length], sequences->points_by_length[length]));
  }
  for (Rank rank = 0; rank < deck.rank_count(); ++rank) {
    const AnnouncementKind kind{true, rank};
    const bool scores = carres->points_by_rank[rank] > 0 && !(carres->voiding_ranks >> rank & 1);
    if (scores && !listed_kind(kind))
      omitted.push_back(fmt::format("'carre-{}' ({} points)", deck.ranks[rank], carres->points_by_rank[rank]));
  }
  if (!omitted.empty()) {
    r.error(*value, fmt::format("'announcements.categories' omits {}, which the ruleset scores", fmt::join(omitted, ", ")));
    return std::nullopt;
  }
  return rules;
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
  Ruleset rules;
  auto info = read_info(r, default_name);
  auto deck = read_deck(r);
  if (!deck) return std::nullopt;  // every other section is checked against the deck
  auto sequences = read_sequences(r, *deck);
  auto carres = read_carres(r, *deck);
  auto belote = read_belote(r, *deck);
  auto announcements = read_announcements(r, *deck, sequences ? &*sequences : nullptr, carres ? &*carres : nullptr);
  auto contract = read_contract(r);
  auto game = read_game(r);
  if (!info || !sequences || !carres || !belote || !announcements || !contract || !game ||
      errors.size() != errors_before)
    return std::nullopt;
  rules.info = std::move(*info);
  rules.deck = std::move(*deck);
  rules.sequences = std::move(*sequences);
  rules.carres = std::move(*carres);
  rules.belote = *belote;
  rules.announcements = std::move(*announcements);
  rules.contract = *contract;
  rules.game = *game;
  rules.tables = RuleTables::compile(rules);
  return rules;
}

}  // namespace belote
