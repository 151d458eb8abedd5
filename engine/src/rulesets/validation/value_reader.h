// Reading typed ruleset values through the key registry, with the helpers
// every section's reader shares (rank tables, rank arrays, positions).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "belote/ruleset.h"
#include "belote/ruleset_schema.h"
#include "rulesets/builtin_deck.h"
#include "rulesets/ruleset_validation.h"
#include "rulesets/settings_tree.h"
#include "common/text_util.h"

namespace belote::validation {

inline constexpr std::int64_t kMaxCardPoints = 1000;
inline constexpr std::int64_t kMaxAnnouncementPoints = 10000;

inline bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; }
inline bool is_alnum(char c) { return is_name_char(c) && c != '-'; }

/// 'a', 'b', 'c'
std::string quoted_list(const std::vector<std::string>& items);
/// What `word`, given to a call, a bid or a kind, already means in every auction, in words: another
/// call's word (`own_call`'s is its own), or, with a deck, a suit's letter or symbol; empty for nothing.
std::string reserved_word_meaning(std::string_view word, const Deck* deck, std::string_view own_call = {});
/// "lyon.toml" for "rulesets/lyon.toml": how messages name a file they mention.
inline std::string file_name(const std::string& display) { return std::filesystem::path(display).filename().string(); }
/// Letters (any script), digits and '-', starting with a letter: a name a deal can
/// write for a kind, a named bid or a doubling level.
bool is_kind_name(std::string_view name);

// Reads typed values through the registry, reporting each problem once.
class Reader {
 public:
  Reader(const SettingsTree& settings, const SourceFile& top, Diagnostics& errors)
      : settings_(settings), top_(top), errors_(errors) {}

  Diagnostics& errors() { return errors_; }
  void error(const SettingValue& at, std::string message) {
    errors_.push_back(from_builtin_deck(at) ? at_new_ranks(at, std::move(message)) : where_to_fix(at, at.error(std::move(message))));
  }
  void key_error(const SettingValue& at, std::string message) {
    errors_.push_back(from_builtin_deck(at) ? at_new_ranks(at, std::move(message))
                                            : where_to_fix(at, at.key_error(std::move(message))));
  }

  /// The places of the errors the bases have on their own (as loading the last base alone finds
  /// them): one of them is fixed in its base, not overridden in this file.
  void set_base_faults(const BaseFaults* faults) { base_faults_ = faults; }

  /// False while the deck's ranks are wrong: a rank the deck lacks, or a rank
  /// a table leaves out, may then be the deck's fault, already reported.
  bool ranks_known() const { return ranks_known_; }
  void set_ranks_known(bool known) { ranks_known_ = known; }

  const SettingValue* find(std::string_view key) const { return settings_.find(key); }
  /// The `deck.ranks` that made the inherited rank tables start afresh, if one did.
  const SettingValue* ranks_reset_by() const { return settings_.ranks_reset_by(); }

  const SettingValue* require(std::string_view key) {
    check_registered(key);
    const SettingValue* value = settings_.find(key);
    if (!value) missing(key);
    return value;
  }

  /// An error about the ruleset as a whole, placed at its start: the file's, or the table that holds it in
  /// another file (a game's record's [rules]), whose line is shown.
  void file_error(std::string message) {
    const toml::source_position at = top_.root.source().begin;
    if (at.line <= 1) return errors_.push_back(Diagnostic{top_.display, 1, 1, std::move(message), ""});
    errors_.push_back(top_.error(at, std::move(message)));
  }

  void missing(std::string_view key) {
    std::string why = "set it in this file or in a base ruleset";
    const SettingValue* reset = settings_.ranks_reset_by();
    if (reset && keyed_by_rank(*find_key(key)))
      why = fmt::format("'deck.ranks' at {}:{} sets new ranks, so the rank tables of the base start afresh",
                        reset->file->display, reset->key_position.line);
    if (required_by_ != nullptr) {
      // Said at the key that asks for it, where this file sets that key.
      const SettingValue& by = *required_by_;
      if (by.file.get() == &top_)
        return errors_.push_back(by.key_error(fmt::format("missing key '{}' ('{}' requires it: {})", key, by.key, why)));
      why = fmt::format("'{}' at {}:{} requires it: {}", by.key, file_name(by.file->display), by.key_position.line, why);
    }
    // About the file as a whole: placed at its start.
    file_error(fmt::format("missing key '{}' ({})", key, why));
  }

  /// While it lives, a key found missing is one that `by` (a setting, or null) requires: said at it.
  class RequiredBy {
   public:
    RequiredBy(Reader& r, const SettingValue* by) : r_(r), before_(r.required_by_) { r.required_by_ = by; }
    ~RequiredBy() { r_.required_by_ = before_; }
    RequiredBy(const RequiredBy&) = delete;
    RequiredBy& operator=(const RequiredBy&) = delete;

   private:
    Reader& r_;
    const SettingValue* before_;
  };

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
        item_error(value, item, fmt::format("'{}' must hold strings only, not {}", value.key, toml_type_name(item)));
        ok = false;
      }
    }
    return ok ? std::optional(out) : std::nullopt;
  }

  void item_error(const SettingValue& value, const toml::node& item, std::string message) {
    errors_.push_back(from_builtin_deck(value) ? at_new_ranks(value, std::move(message))
                                              : where_to_fix(value, value.file->error(item, std::move(message))));
  }

  std::vector<const SettingValue*> named_tables(std::string_view prefix) const { return settings_.named_tables(prefix); }

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

  /// The built-in classic deck is no file a user can open: a value of it that is wrong (an order
  /// kept with new ranks) is said at this file's `deck.ranks`, which made it wrong.
  static bool from_builtin_deck(const SettingValue& at) { return at.file && at.file->display == kBuiltinDeckName; }
  Diagnostic at_new_ranks(const SettingValue& at, std::string message) const {
    message += fmt::format(" (the built-in classic deck's value: set '{}' in {} for its ranks)", at.key, file_name(top_.display));
    const SettingValue* ranks = settings_.find("deck.ranks");
    if (ranks && ranks->file.get() == &top_) return ranks->key_error(std::move(message));
    return Diagnostic{top_.display, 1, 1, std::move(message), ""};
  }

  /// An error at a value a base file sets, with where to fix it: in the base
  /// where the base is wrong on its own, else (the value is wrong with what
  /// this file sets, new ranks for one) by setting the key in this file.
  Diagnostic where_to_fix(const SettingValue& at, Diagnostic error) const {
    if (at.file.get() == &top_) return error;
    const std::string base = file_name(at.file->display);
    if (base_faults_ && base_faults_->contains({error.file, error.line, error.column}))
      error.message += fmt::format(" (fix it in {}, where it is set: {} has this error on its own)", base, base);
    else
      error.message += fmt::format(" (set '{}' in {}: this value comes from {})", at.key, file_name(top_.display), base);
    return error;
  }

  const SettingsTree& settings_;
  const SourceFile& top_;
  Diagnostics& errors_;
  bool ranks_known_ = true;
  const SettingValue* required_by_ = nullptr;
  const BaseFaults* base_faults_ = nullptr;
};

/// The maximum length of an announcement's or a category's name, in characters.
inline constexpr std::size_t kMaxWordLength = 32;
/// A name for an announcement or a category, checked (see is_word) and in lower
/// case, as outputs and `announcements.categories` use it; `what` says what it names.
std::optional<std::string> word_value(Reader& r, const SettingValue& value, std::string_view what);

/// "classique.toml:30:5", for messages that point at a second place.
std::string where(const SettingValue& value);
/// A rank written as a key or a value, checked against the deck.
std::optional<Rank> rank_named(const Deck& deck, std::string_view text);
/// The deck's ranks, for messages: "7 8 9 10 J Q K A".
std::string rank_list(const Deck& deck);
/// A length written as a table key: "3", "04".
std::optional<int> length_named(std::string_view text);
/// A table keyed by rank, each rank under the name the latest file gives it.
std::vector<const SettingValue*> rank_entries(Reader& r, const Deck& deck, std::string_view key);
/// The entry of a rank table that gives a rank its value (under any of its names).
const SettingValue* rank_entry(Reader& r, const Deck& deck, std::string_view key, Rank rank);
/// A table with no entries: missing, or written empty.
void empty_table(Reader& r, std::string_view key, std::string_view needs);
/// A table keyed by rank: every rank exactly once, each an integer in range.
std::optional<std::vector<int>> rank_table(Reader& r, const Deck& deck, std::string_view key, std::int64_t high);
/// An array of ranks, each once; `all` requires every rank of the deck.
std::optional<std::vector<Rank>> rank_array(Reader& r, const Deck& deck, std::string_view key, bool all);

/// Whether a named table ([kinds.NAME], [bids.named.NAME]) is in: its `enabled`, true by default.
bool enabled(Reader& r, const std::string& table);

/// A kind of announcement as written in a ruleset: a sequence name or carre-RANK.
std::optional<AnnouncementKind> parse_kind(std::string_view text, const Deck& deck, const SequenceRules& sequences);
/// Every kind name the ruleset knows, for "did you mean".
std::vector<std::string> kind_names(const Deck& deck, const SequenceRules& sequences);
/// One item of a list of announcements (`contests`, a kind's `announcements`):
/// a kind name, or `sequences` or `carres` for all of them. Reports what it cannot read.
std::optional<AnnouncementSet> announcement_set(Reader& r, const SettingValue& value, const toml::node& item,
                                                const Deck& deck, const SequenceRules& sequences);

}  // namespace belote::validation
