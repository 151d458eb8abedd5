#include "settings_tree.h"

#include <algorithm>
#include <fmt/format.h>
#include <tuple>

#include "belote/ruleset_schema.h"
#include "text_util.h"

namespace belote {

namespace {

bool is_bare_key(std::string_view key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Every key a file may write near `path`: the keys of a named table
// ("kinds.*.trumps") spelled with the name `path` gives its table.
std::vector<std::string> known_paths(const std::string& path) {
  std::vector<std::string> paths = ruleset_sections();
  for (const KeySpec& key : ruleset_keys()) {
    const auto star = key.path.find('*');
    if (star == std::string_view::npos) {
      paths.emplace_back(key.path);
      continue;
    }
    const std::string_view before = key.path.substr(0, star);
    const auto name_end = path.find('.', before.size());
    if (path.starts_with(before) && name_end != std::string::npos)
      paths.push_back(path.substr(0, name_end) + std::string(key.path.substr(star + 1)));
  }
  return paths;
}

std::string unknown_key_message(const std::string& path) {
  // A key put in the wrong section ([carres] capot = ...) is suggested where it belongs.
  const auto dot = path.rfind('.');
  const std::string_view leaf = std::string_view(path).substr(dot == std::string::npos ? 0 : dot + 1);
  std::vector<std::string_view> elsewhere;
  for (const KeySpec& key : ruleset_keys())
    if (key.path.find('*') == std::string_view::npos && key.path.ends_with(leaf) && key.path.size() > leaf.size() && key.path[key.path.size() - leaf.size() - 1] == '.')
      elsewhere.push_back(key.path);
  if (elsewhere.size() == 1) return fmt::format("unknown key '{}' (did you mean '{}'?)", path, elsewhere.front());
  return fmt::format("unknown key '{}'{}", path, did_you_mean(path, known_paths(path)));
}

}  // namespace

std::string key_path(const std::string& prefix, std::string_view key) {
  const std::string part = is_bare_key(key) ? std::string(key) : fmt::format("\"{}\"", printable(key, 40));
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
        errors.push_back(file->error(node, fmt::format("'{}' must be a {}, not {}", path, spec->type, toml_type_name(node))));
      }
    } else if (spec) {
      if (node.is_table())
        errors.push_back(file->error(node, fmt::format("'{}' must be a {}, not a table", path, spec->type)));
      else
        add(path, node, key);
    } else if (holds_keys(path)) {
      if (const toml::table* section = node.as_table()) {
        // A table named by the file ([kinds.sans-atout]) exists even with no key.
        if (names_a_table(prefix)) tables[path] = SettingValue{path, std::string(key.str()), &node, file, key.source().begin, layer_};
        walk(*section, path, file, out, tables, errors);
      } else {
        errors.push_back(file->error(node, fmt::format("'{}' must be a table ([{}]), not {}", path, path, toml_type_name(node))));
      }
    } else {
      errors.push_back(file->error(key.source().begin, unknown_key_message(path)));
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
  // New ranks make the inherited rank tables meaningless: they start afresh.
  if (const auto ranks = layer.find("deck.ranks"); ranks != layer.end()) {
    const auto rank_table = [](const std::string& path) {
      const KeySpec* table = find_key(path);
      return table && table->shape == KeyShape::table && keyed_by_rank(*table);
    };
    const auto rank_entry = [&](const auto& item) {
      const KeySpec* spec = find_key(item.first);
      if (spec && spec->shape == KeyShape::scalar && keyed_by_rank(*spec)) return true;
      const auto dot = item.first.rfind('.');
      return dot != std::string::npos && rank_table(item.first.substr(0, dot));
    };
    if (std::erase_if(values_, rank_entry) > 0) ranks_reset_by_ = ranks->second;
    std::erase_if(tables_, [&](const auto& item) { return rank_table(item.first); });
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
