// The keys of a ruleset and its bases, merged: each file's keys over its base's.
//
// Every key is a leaf (a value or an array) named by its dotted path; tables
// are merged key by key, arrays and values are replaced whole. Each leaf
// remembers the file and position it came from, for errors, `rulesets show`
// and `rulesets diff`.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/source_file.h"

namespace belote {

struct SettingValue {
  std::string key;   ///< dotted path, e.g. "carres.points.J"
  std::string name;  ///< the last key as written, e.g. "J"
  const toml::node* node = nullptr;
  std::shared_ptr<const SourceFile> file;
  toml::source_position key_position;
  /// Which file of the chain set it: 1 for the first applied (the built-in deck), higher for later files.
  int layer = 0;

  Diagnostic error(std::string message) const { return file->error(*node, std::move(message)); }
  Diagnostic key_error(std::string message) const { return file->error(key_position, std::move(message)); }
};

class SettingsTree {
 public:
  /// Lays a file's keys over the current ones. Keys that are not in the
  /// registry, and tables or values in the wrong place, are reported.
  void apply(std::shared_ptr<const SourceFile> file, Diagnostics& errors);

  const SettingValue* find(std::string_view key) const;
  /// The entries of a table key ("carres.points" gives "carres.points.J"...).
  std::vector<const SettingValue*> entries(std::string_view table_key) const;
  const std::map<std::string, SettingValue>& all() const { return values_; }
  /// Where a table key was last written (its key), or nullptr; for errors about the table as a whole.
  const SettingValue* table(std::string_view table_key) const;
  /// The tables named by the files under `prefix` ("kinds" gives "kinds.sans-atout"...),
  /// in the order they were first written (file by file, then by position).
  std::vector<const SettingValue*> named_tables(std::string_view prefix) const;
  /// The `deck.ranks` that discarded inherited rank tables, if one did.
  const SettingValue* ranks_reset_by() const { return ranks_reset_by_ ? &*ranks_reset_by_ : nullptr; }

 private:
  void walk(const toml::table& table, const std::string& prefix, const std::shared_ptr<const SourceFile>& file,
            std::map<std::string, SettingValue>& out, std::map<std::string, SettingValue>& tables,
            Diagnostics& errors) const;
  std::map<std::string, SettingValue> values_;
  std::map<std::string, SettingValue> tables_;
  std::map<std::string, SettingValue> first_written_;  ///< each table where a file first wrote it
  std::optional<SettingValue> ranks_reset_by_;
  int layer_ = 0;
};

/// A dotted path written for a person (odd key names quoted).
std::string key_path(const std::string& prefix, std::string_view key);

/// A table's entries less those a later file overrides under another spelling
/// (a file's `T = 150` over its base's `10 = 100`). `meaning` gives what an
/// entry's name stands for (a rank, a length), or nothing when it stands for
/// none; entries of one file that mean the same are all kept, to be reported.
template <class Meaning>
std::vector<const SettingValue*> latest_by_meaning(std::vector<const SettingValue*> entries, Meaning meaning) {
  std::map<std::remove_cvref_t<decltype(*meaning(std::string()))>, int> latest;
  for (const SettingValue* entry : entries)
    if (const auto m = meaning(entry->name)) latest[*m] = std::max(latest[*m], entry->layer);
  std::erase_if(entries, [&](const SettingValue* entry) {
    const auto m = meaning(entry->name);
    return m && entry->layer < latest[*m];
  });
  return entries;
}

}  // namespace belote
