#include "rulesets/settings_tree.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <optional>
#include <tuple>

#include "belote/ruleset_schema.h"
#include "common/text_util.h"
#include "rulesets/unexpressed_rules.h"

namespace belote {

namespace {

/// "an array of strings", "a table of rank = integer": the type with the article its first word takes.
std::string with_article(std::string_view type) {
  const bool vowel = !type.empty() && std::string_view("aeiou").find(type.front()) != std::string_view::npos;
  return fmt::format("{} {}", vowel ? "an" : "a", type);
}

bool is_bare_key(std::string_view key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// The keys a misspelt key may have meant: those of the table it is in ([kinds.NAME]
// tables included), or the top-level keys and the sections for a key outside any.
std::vector<std::string> neighbours(std::string_view table) {
  const auto segments = [](std::string_view path) {
    std::vector<std::string_view> parts;
    for (std::size_t start = 0; !path.empty() && start <= path.size();) {
      const std::size_t end = std::min(path.find('.', start), path.size());
      parts.push_back(path.substr(start, end - start));
      start = end + 1;
    }
    return parts;
  };
  const auto within = segments(table);
  std::vector<std::string> names;
  if (table.empty()) names = ruleset_sections();
  for (const KeySpec& key : ruleset_keys()) {
    const auto parts = segments(key.path);
    if (parts.size() != within.size() + 1) continue;
    bool same = true;
    for (std::size_t i = 0; i < within.size(); ++i) same = same && (parts[i] == "*" || parts[i] == within[i]);
    if (same) names.emplace_back(parts.back());
  }
  return names;
}

// The first rule the schema cannot express that the key names, or a key
// under it does: `[play]` holding `follow_suit` is about such a rule. Each
// name is looked at alone, never joined to its table's: the work stays
// linear in the text, however long the table's name and however many keys.
std::optional<std::string_view> unexpressed_under(const toml::node& node) {
  if (const toml::table* table = node.as_table())
    for (auto&& [key, inner] : *table) {
      if (const auto what = unexpressed_rule(key.str())) return what;
      if (const auto what = unexpressed_under(inner)) return what;
    }
  return std::nullopt;
}

// The names a table gives a doubling level: written as a key, they belong in [doubling] levels.
bool names_a_doubling(std::string_view word) {
  static constexpr std::string_view kWords[] = {"coinche", "surcoinche", "contre", "surcontre", "double", "redouble",
                                                "doubling", "kontra", "rekontra", "re", "sur"};
  const std::string lower = to_lower(word);
  return std::find(std::begin(kWords), std::end(kWords), lower) != std::end(kWords);
}

std::string unknown_key_message(const std::string& path, const toml::node& node) {
  const auto dot = path.rfind('.');
  const std::string_view leaf = std::string_view(path).substr(dot == std::string::npos ? 0 : dot + 1);
  const std::string section = dot == std::string::npos ? "" : path.substr(0, dot);
  // A section written inside another ([contract] bids = ...) is a section of its own.
  const std::vector<std::string> sections = ruleset_sections();
  if (!section.empty() && std::find(sections.begin(), sections.end(), leaf) != sections.end())
    return fmt::format("unknown key '{}': '{}' is a section of its own, [{}]", path, leaf, leaf);
  // A doubling level written as a key ([contract] coinche = ...) is one of [doubling] levels.
  if (names_a_doubling(leaf))
    return fmt::format("unknown key '{}': doubling levels are named in [doubling] levels = {{ {} = 2, ... }}", path, leaf);
  // A key put in the wrong section ([carres] capot = ...) is suggested where it belongs,
  // unless it is a table of names that means something only in its own section (sequences.names).
  std::vector<std::string_view> elsewhere;
  for (const KeySpec& key : ruleset_keys())
    if (key.path.find('*') == std::string_view::npos && key.path.ends_with(leaf) && key.path.size() > leaf.size() && key.path[key.path.size() - leaf.size() - 1] == '.')
      elsewhere.push_back(key.path);
  const KeySpec* other = elsewhere.size() == 1 ? find_key(elsewhere.front()) : nullptr;
  if (other && other->shape == KeyShape::table && std::find(sections.begin(), sections.end(), section) != sections.end())
    return fmt::format("unknown key '{}': [{}] has no '{}' ('{}' belongs to another section and means nothing here)", path,
                       section, leaf, elsewhere.front());
  if (elsewhere.size() == 1) return fmt::format("unknown key '{}' (did you mean '{}'?)", path, elsewhere.front());
  // A value written as a key (`[contract.litige]`) is suggested as the value of its key.
  for (const KeySpec& key : ruleset_keys())
    if (key.path.starts_with(section + ".") || section.empty())
      for (std::string_view choice : key.choices)
        if (iequals(choice, leaf))
          return fmt::format("unknown key '{}' (did you mean {} = \"{}\"?)", path, key.path, choice);
  // A rule the schema cannot express is said so, rather than offering a look-alike.
  auto what = unexpressed_rule(path);
  if (!what) what = unexpressed_under(node);
  if (what) return fmt::format("unknown key '{}': a ruleset cannot express {} (see {})", path, *what, kUnexpressedRulesDoc);
  // A typo is looked for among the keys of the same section only: every key
  // of a section shares its prefix, which would make any two look alike.
  std::vector<std::string> keys = neighbours(section);
  const std::string suggestion = closest_match(leaf, keys);
  if (suggestion.empty()) {
    // Nothing close: the keys the table holds say what it takes (outside any table, the sections would be a long list).
    std::erase(keys, "*");
    if (section.empty() || keys.empty()) return fmt::format("unknown key '{}'", path);
    return fmt::format("unknown key '{}' ([{}] holds {})", path, section, fmt::join(keys, ", "));
  }
  return fmt::format("unknown key '{}' (did you mean '{}'?)", path, section.empty() ? suggestion : section + "." + suggestion);
}

}  // namespace

std::string key_path(const std::string& prefix, std::string_view key) {
  // A name is quoted in messages at most kMaxQuotedKey characters long, bare or
  // quoted: no key of the registry comes near, so a longer one is unknown anyway.
  constexpr std::size_t kMaxQuotedKey = 200;
  const std::string part = is_bare_key(key) && key.size() <= kMaxQuotedKey ? std::string(key)
                           : is_bare_key(key)                             ? printable(key, kMaxQuotedKey)
                                                                          : fmt::format("\"{}\"", printable(key, 40));
  return prefix.empty() ? part : prefix + "." + part;
}

void SettingsTree::walk(const toml::table& table, const std::string& prefix,
                        const std::shared_ptr<const SourceFile>& file, std::map<std::string, SettingValue>& out,
                        std::map<std::string, SettingValue>& tables, Diagnostics& errors) const {
  for (auto&& [key, node] : table) {
    const std::string path = key_path(prefix, key.str());
    const KeySpec* spec = find_key(path);
    const auto add = [&](const std::string& p, const toml::node& n, const toml::key& k) {
      out[p] = SettingValue{p, std::string(k.str()), &n, file, k.source().begin, layer_};
    };
    if (spec && spec->shape == KeyShape::table) {
      if (const toml::table* entries = node.as_table()) {
        tables[path] = SettingValue{path, std::string(key.str()), &node, file, key.source().begin, layer_};
        for (auto&& [entry_key, entry] : *entries) {
          const std::string entry_path = key_path(path, entry_key.str());
          if (entry.is_table())
            errors.push_back(file->error(entry, fmt::format("'{}' must be a value, not a table", entry_path)));
          else
            add(entry_path, entry, entry_key);
        }
      } else {
        errors.push_back(file->error(node, fmt::format("'{}' must be {}, not {}", path, with_article(spec->type), toml_type_name(node))));
      }
    } else if (spec) {
      if (node.is_table())
        errors.push_back(file->error(node, fmt::format("'{}' must be {}, not a table", path, with_article(spec->type))));
      else
        add(path, node, key);
    } else if (holds_keys(path)) {
      if (const toml::table* section = node.as_table()) {
        // A table named by the file ([kinds.sans-atout]), or a section's own table
        // ([play.revoke]), exists even with no key.
        if (names_a_table(prefix) || !prefix.empty()) tables[path] = SettingValue{path, std::string(key.str()), &node, file, key.source().begin, layer_};
        walk(*section, path, file, out, tables, errors);
      } else {
        errors.push_back(file->error(node, fmt::format("'{}' must be a table ([{}]), not {}", path, path, toml_type_name(node))));
      }
    } else {
      if (errors.full()) errors.add_unkept(1);  // not kept: no suggestion searched for
      else errors.push_back(file->error(key.source().begin, unknown_key_message(path, node)));
    }
  }
}

void SettingsTree::apply(std::shared_ptr<const SourceFile> file, Diagnostics& errors) {
  ++layer_;
  std::map<std::string, SettingValue> layer, layer_tables;
  walk(file->root, "", file, layer, layer_tables, errors);

  // Metadata describes one file: only the top file's stays.
  std::erase_if(values_, [](const auto& item) {
    const KeySpec* spec = find_key(item.first);
    return spec && spec->metadata;
  });
  // New ranks make the inherited rank tables (and what follows the ranks) meaningless: they start afresh.
  if (const auto ranks = layer.find("deck.ranks"); ranks != layer.end()) {
    const auto reset = [](const std::string& path) {
      const KeySpec* spec = find_key(path);
      return spec && reset_by_new_ranks(*spec);
    };
    const auto follows_ranks = [&](const auto& item) {
      const auto dot = item.first.rfind('.');
      return reset(item.first) || (dot != std::string::npos && reset(item.first.substr(0, dot)));
    };
    if (std::erase_if(values_, follows_ranks) > 0) ranks_reset_by_ = ranks->second;
    std::erase_if(tables_, [&](const auto& item) { return reset(item.first); });
  }
  for (auto& [path, value] : layer) values_[path] = std::move(value);
  for (auto& [path, value] : layer_tables) {
    first_written_.try_emplace(path, value);
    tables_[path] = std::move(value);
  }
}

const SettingValue* SettingsTree::table(std::string_view table_key) const {
  const auto it = tables_.find(std::string(table_key));
  return it == tables_.end() ? nullptr : &it->second;
}

const SettingValue* SettingsTree::find(std::string_view key) const {
  const auto it = values_.find(std::string(key));
  return it == values_.end() ? nullptr : &it->second;
}

std::vector<const SettingValue*> SettingsTree::entries(std::string_view table_key) const {
  std::vector<const SettingValue*> out;
  const std::string prefix = std::string(table_key) + ".";
  for (auto it = values_.lower_bound(prefix); it != values_.end() && it->first.starts_with(prefix); ++it)
    out.push_back(&it->second);
  return out;
}

}  // namespace belote

namespace belote {

std::vector<const SettingValue*> SettingsTree::named_tables(std::string_view prefix) const {
  std::vector<const SettingValue*> out;
  const std::string start = std::string(prefix) + ".";
  for (auto it = tables_.lower_bound(start); it != tables_.end() && it->first.starts_with(start); ++it)
    if (key_segments(it->first).size() == key_segments(prefix).size() + 1) out.push_back(&it->second);
  const auto first = [&](const SettingValue* table) {
    const SettingValue& at = first_written_.at(table->key);
    return std::tuple(at.layer, at.key_position.line, at.key_position.column);
  };
  std::stable_sort(out.begin(), out.end(), [&](const SettingValue* a, const SettingValue* b) { return first(a) < first(b); });
  return out;
}

}  // namespace belote
