#include "belote/ruleset_loader.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "belote/json_text.h"
#include "belote/ruleset_document.h"
#include "belote/ruleset_schema.h"
#include "rulesets/builtin_deck.h"
#include "rulesets/ruleset_validation.h"
#include "rulesets/setting_meaning.h"
#include "rulesets/file_shape.h"
#include "rulesets/settings_tree.h"
#include "common/source_file.h"
#include "common/text_util.h"

namespace belote {

namespace fs = std::filesystem;

namespace {

std::shared_ptr<const SourceFile> builtin_deck_file() {
  static const std::shared_ptr<const SourceFile> file = [] {
    Diagnostics errors;
    auto parsed = parse_toml(std::string(kBuiltinDeckToml), std::string(kBuiltinDeckName), {}, errors);
    if (!parsed) throw std::logic_error("the built-in deck does not parse");
    return std::shared_ptr<const SourceFile>(std::move(parsed));
  }();
  return file;
}

fs::path canonical_or_absolute(const fs::path& path) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? fs::absolute(path, ec) : canonical;
}

// The value of a TOML node, written by toml++ as it would stand after "key = ".
std::string toml_text(const toml::node& node) {
  toml::table holder;
  node.visit([&](const auto& value) { holder.insert("k", value); });
  std::ostringstream out;
  out << toml::toml_formatter(holder, toml::format_flags::allow_unicode_strings);
  std::string text = out.str();
  const auto equals = text.find(" = ");
  text = equals == std::string::npos ? text : text.substr(equals + 3);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  // A long array comes out on several lines; strings never hold a raw line break
  // (the formatter escapes it), so every break sits between two elements. One
  // line per key keeps `rulesets show` and `rulesets new` line-oriented.
  std::string line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n') {
      line += text[i];
      continue;
    }
    while (i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '\t')) ++i;
    line += ' ';
  }
  return line;
}

// Why a reference that could not be read was taken for a path, when it does not look like one.
std::string path_hint(std::string_view reference) {
  if (reference.size() >= 5 && iequals(reference.substr(reference.size() - 5), ".toml")) return "";
  return " (it holds '/', so it is read as a path; a ruleset name has only letters, digits and '-')";
}

// Errors (or warnings) in the order a person reads them: file by file (as first met), then by position.
void sort_by_position(Diagnostics& errors) {
  std::vector<std::string> files;
  for (const Diagnostic& d : errors)
    if (std::find(files.begin(), files.end(), d.file) == files.end()) files.push_back(d.file);
  const auto file_rank = [&](const Diagnostic& d) { return std::find(files.begin(), files.end(), d.file) - files.begin(); };
  std::stable_sort(errors.begin(), errors.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    return std::tuple(file_rank(a), a.line, a.column) < std::tuple(file_rank(b), b.line, b.column);
  });
}

// The entries of table keys in the deck's order (ranks) or by length.
int entry_order(const Ruleset* rules, const std::string& table, const std::string& entry) {
  if (rules && keyed_by_rank(*find_key(table))) {
    if (const auto rank = rules->deck.parse_rank(entry)) return *rank;
  }
  if (!entry.empty() && entry.size() <= 2 && std::all_of(entry.begin(), entry.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::stoi(entry);
  return 1000;
}

// The keys of one registry entry as set: a value, or a table's entries in rank
// or length order, each named as the ruleset reads it (`10` for an entry written `T`).
void add_settings(const SettingsTree& tree, const Ruleset& rules, const KeySpec& key, const std::string& path,
                  std::vector<Setting>& out) {
  const auto setting = [&](const std::string& name, const SettingValue& value) {
    const auto at = value.node->source().begin;
    return Setting{name, toml_text(*value.node), Origin{value.file->display, int(at.line), int(at.column)},
                   json_text(meaning(key, *value.node, rules))};
  };
  if (key.shape == KeyShape::scalar) {
    if (const SettingValue* value = tree.find(path)) out.push_back(setting(value->key, *value));
    return;
  }
  // A later file's entry overrides its base's under another spelling.
  auto entries = latest_by_meaning(tree.entries(path), [&](const std::string& name) {
    return std::optional(entry_meaning(key, name, rules));
  });
  const std::string table(key.path);
  std::stable_sort(entries.begin(), entries.end(), [&](const SettingValue* a, const SettingValue* b) {
    return entry_order(&rules, table, a->name) < entry_order(&rules, table, b->name);
  });
  for (const SettingValue* value : entries) out.push_back(setting(key_path(path, entry_meaning(key, value->name, rules)), *value));
}

std::vector<Setting> resolved_settings(const SettingsTree& tree, const Ruleset& rules) {
  std::vector<Setting> out;
  std::vector<std::string> named_done;  // "kinds": its named tables are written whole, one after the other
  for (const KeySpec& key : ruleset_keys()) {
    const auto star = key.path.find(".*.");
    if (star == std::string_view::npos) {
      add_settings(tree, rules, key, std::string(key.path), out);
      continue;
    }
    const std::string prefix(key.path.substr(0, star));
    if (std::find(named_done.begin(), named_done.end(), prefix) != named_done.end()) continue;
    named_done.push_back(prefix);
    for (const SettingValue* table : tree.named_tables(prefix)) {
      for (const KeySpec& inner : ruleset_keys()) {
        if (!inner.path.starts_with(prefix + ".*.")) continue;
        add_settings(tree, rules, inner, table->key + std::string(inner.path.substr(star + 2)), out);
      }
    }
  }
  // `strength` is a preset of `compare`: a later file's choice of one replaces
  // the base's other, so only the key that decided belongs to the ruleset (a
  // copy holding both would be refused).
  const bool by_compare = rules.announcements.compare_key == "announcements.compare";
  std::erase_if(out, [&](const Setting& s) { return s.key == (by_compare ? "announcements.strength" : "announcements.compare"); });
  return out;
}

class ChainReader {
 public:
  ChainReader(const RulesetSearchPath& search, RulesetTrust trust, Diagnostics& errors)
      : search_(search), trust_(trust), errors_(errors) {}

  // Adds `file` and its bases to the chain, base first. False when the chain is broken.
  bool read(std::shared_ptr<const SourceFile> file, std::vector<std::shared_ptr<const SourceFile>>& chain) {
    const toml::node* extends = file->root.get("extends");
    if (extends) {
      const auto* name = extends->as_string();
      if (!name) {
        errors_.push_back(file->error(*extends, fmt::format("'extends' must be a string (a ruleset name or a path), not {}",
                                                            toml_type_name(*extends))));
        return false;
      }
      if (int(stack_.size()) >= kMaxExtendsDepth) {
        errors_.push_back(file->error(*extends, fmt::format("extends chain longer than {} files: {} -> ...",
                                                            kMaxExtendsDepth, chain_text(3))));
        return false;
      }
      auto base_path = resolve(*file, *extends, name->get());
      if (!base_path) return false;
      const fs::path canonical = canonical_or_absolute(*base_path);
      const std::string base_shown = shown_path(*file, name->get(), *base_path, canonical);
      if (std::find(stack_.begin(), stack_.end(), canonical) != stack_.end()) {
        errors_.push_back(file->error(*extends, fmt::format("extends cycle: {} -> {}", chain_text(0),
                                                            printable(base_shown, 200))));
        return false;
      }
      Diagnostics read_errors;
      auto text = read_text_file(*base_path, base_path->string(), read_errors);
      if (!text) {
        for (auto& e : read_errors)
          errors_.push_back(file->error(
              *extends, trust_ == RulesetTrust::untrusted
                            ? fmt::format("base ruleset '{}': {}", printable(name->get()), e.message)
                            : fmt::format("base ruleset '{}' ({}): {}{}", printable(name->get()),
                                          printable(base_path->lexically_normal().string(), 200), e.message,
                                          path_hint(name->get()))));
        return false;
      }
      // From someone else's text, a base is shown by its name: the service's paths are its own.
      const std::string display = trust_ == RulesetTrust::untrusted ? to_lower(name->get()) : base_shown;
      auto base = parse_toml(std::move(*text), display, canonical, errors_);
      if (!base) return false;
      stack_.push_back(canonical);
      displays_.push_back(base->display);
      const bool ok = read(std::move(base), chain);
      stack_.pop_back();
      displays_.pop_back();
      if (!ok) return false;
    }
    chain.push_back(std::move(file));
    return true;
  }

  void start(const SourceFile& top) {
    stack_.assign(1, top.path.empty() ? fs::path(top.display) : top.path);
    displays_.assign(1, top.display);
  }

 private:
  std::optional<fs::path> resolve(const SourceFile& file, const toml::node& at, const std::string& reference) {
    if (is_ruleset_path(reference) && trust_ == RulesetTrust::untrusted) {
      errors_.push_back(file.error(at, fmt::format("'extends': '{}' is a path; a ruleset from an untrusted source extends "
                                                   "a ruleset of the search path by its name (e.g. extends = \"classique\")",
                                                   printable(reference))));
      return std::nullopt;
    }
    if (is_ruleset_path(reference)) {
      fs::path path(reference);
      if (path.is_relative() && !file.path.empty()) path = file.path.parent_path() / path;
      return path;
    }
    if (!is_ruleset_name(reference)) {
      errors_.push_back(file.error(at, fmt::format("'extends': '{}' is not a ruleset name (letters, digits and '-') "
                                                   "nor a path ending in .toml", printable(reference))));
      return std::nullopt;
    }
    // A file may extend the ruleset it shadows (a user's classique.toml with
    // extends = "classique"): the name then means the next file of that name.
    bool shadowed_itself = false;
    for (const fs::path& found : search_.find_all(reference)) {
      if (!file.path.empty() && canonical_or_absolute(found) == file.path) {
        shadowed_itself = true;
        continue;
      }
      return found;
    }
    if (shadowed_itself) {
      errors_.push_back(file.error(at, fmt::format("base ruleset '{}' not found: the only '{}' in the search path is "
                                                   "this file (chain: {} -> {})", reference, reference, chain_text(0), reference)));
      return std::nullopt;
    }
    std::vector<std::string> names;
    for (const auto& entry : search_.list()) names.push_back(entry.name);
    errors_.push_back(file.error(at, fmt::format("base ruleset '{}' not found{} (chain: {} -> {})", reference,
                                                 did_you_mean(reference, names), chain_text(0), reference)));
    return std::nullopt;
  }

  // A base given by a relative path is shown beside the file that names it,
  // as that file is shown (the user's own relative path stays relative).
  static std::string shown_path(const SourceFile& file, const std::string& reference, const fs::path& resolved,
                                const fs::path& canonical) {
    if (!is_ruleset_path(reference) || !fs::path(reference).is_relative() || file.path.empty()) return resolved.string();
    const fs::path beside = (fs::path(file.display).parent_path() / reference).lexically_normal();
    // Through a link the shown name's folder may not be the file's: then the path resolved.
    return canonical_or_absolute(beside) == canonical ? beside.string() : resolved.string();
  }

  std::string chain_text(std::size_t keep_last) const {
    if (keep_last == 0 || displays_.size() <= keep_last * 2) return fmt::format("{}", fmt::join(displays_, " -> "));
    std::vector<std::string> shown(displays_.begin(), displays_.begin() + long(keep_last));
    shown.push_back("...");
    shown.insert(shown.end(), displays_.end() - long(keep_last), displays_.end());
    return fmt::format("{}", fmt::join(shown, " -> "));
  }

  const RulesetSearchPath& search_;
  RulesetTrust trust_;
  Diagnostics& errors_;
  std::vector<fs::path> stack_;
  std::vector<std::string> displays_;
};

}  // namespace

LoadedRuleset RulesetLoader::load(std::string_view name_or_path) const {
  if (is_ruleset_path(name_or_path)) {
    LoadedRuleset result = load_file(fs::path(name_or_path));
    if (result.files.empty())
      for (Diagnostic& e : result.errors)
        if (e.line == 0 && e.file == name_or_path) e.message += path_hint(name_or_path);
    return result;
  }
  LoadedRuleset result;
  if (!is_ruleset_name(name_or_path)) {
    result.errors.push_back({"", 0, 0,
                             fmt::format("'{}' is not a ruleset name (letters, digits and '-') nor a path ending in .toml",
                                         printable(name_or_path))});
    return result;
  }
  if (auto path = search_.find(name_or_path)) {
    Diagnostics errors;
    auto text = read_text_file(*path, path->string(), errors);
    if (!text) {
      result.errors = std::move(errors);
      return result;
    }
    const std::string display = trust_ == RulesetTrust::untrusted ? to_lower(name_or_path) : path->string();
    // A ruleset of the user's directories is one of one's own, held whole by a game's record; a shipped one is named.
    const bool own = !search_.ships(*path);
    return load_source(std::move(*text), display, canonical_or_absolute(*path), to_lower(name_or_path), false, own);
  }
  std::vector<std::string> names;
  for (const auto& entry : search_.list()) names.push_back(entry.name);
  std::string searched;
  bool denied = false;
  for (const auto& dir : search_.dirs()) {
    // A directory that cannot be read may hold the ruleset: say so rather than only "not found".
    std::error_code ec;
    const fs::file_status status = fs::status(dir.path / (to_lower(name_or_path) + ".toml"), ec);
    const bool unreadable = status.type() == fs::file_type::none && ec == std::errc::permission_denied;
    denied = denied || unreadable;
    searched += (searched.empty() ? "" : ", ") + dir.path.string() + (unreadable ? " (permission denied)" : "");
  }
  if (trust_ == RulesetTrust::untrusted)
    searched = denied ? "the search path, part of it unreadable (permission denied)" : "the search path";
  result.errors.push_back({"", 0, 0, fmt::format("no ruleset named '{}'{} (searched: {})", to_lower(name_or_path),
                                                 did_you_mean(name_or_path, names), searched)});
  return result;
}

namespace {

// A ruleset is named by its file. A file whose name is no ruleset name ("Règles maison.toml",
// "lyon.v2.toml") is named by its letters (without accents) and digits, each run joined to the
// next by '-' ("regles-maison", "lyon-v2"): it is told apart from others in outputs and records.
std::string ruleset_name_of_file(const fs::path& path) {
  std::string name;
  for (const char c : lower_without_accents(path.stem().string())) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) name += c;
    else if (!name.empty() && name.back() != '-') name += '-';
    if (name.size() == 64) break;
  }
  while (!name.empty() && name.back() == '-') name.pop_back();
  return name.empty() ? "custom" : name;
}

}  // namespace

LoadedRuleset RulesetLoader::load_file(const fs::path& path) const {
  LoadedRuleset result;
  auto text = read_text_file(path, path.string(), result.errors);
  if (!text) return result;
  return load_source(std::move(*text), path.string(), canonical_or_absolute(path), ruleset_name_of_file(path), true, true);
}

// A record names its ruleset by it, and its readers take a name with '/' or ending in .toml for a path.
bool RulesetLoader::name_is_valid(std::string_view name, LoadedRuleset& result) {
  if (is_ruleset_name(name)) return true;
  result.errors.push_back({"", 0, 0,
                           fmt::format("a loaded ruleset's name is a ruleset name (1 to 64 letters, digits and '-'), not "
                                       "'{}': a game's record names its ruleset by it",
                                       printable(name))});
  return false;
}

LoadedRuleset RulesetLoader::load_string(std::string_view toml, std::string_view display, std::string_view name,
                                         const fs::path& file) const {
  LoadedRuleset result;
  if (!name_is_valid(name, result)) return result;
  return load_source(std::string(toml), std::string(display), file.empty() ? fs::path() : canonical_or_absolute(file),
                     std::string(name), true, true);
}

namespace {

// Untrusted text: errors inside files it did not give (its bases, or the
// search path's ruleset it named) are not quoted; one error stands for them.
void hide_errors_outside(const SourceFile& top, bool top_is_given, Diagnostics& errors) {
  const auto outside = [&](const Diagnostic& d) {
    return !d.file.empty() && d.file != kBuiltinDeckName && (!top_is_given || d.file != top.display);
  };
  const std::size_t hidden = std::size_t(std::count_if(errors.begin(), errors.end(), outside));
  if (hidden == 0) return;
  // Errors past the cap were never kept, wherever they were: they stay counted as such.
  Diagnostics kept;
  kept.add_unkept(errors.unkept());
  for (Diagnostic& d : errors)
    if (!outside(d)) kept.push_back(std::move(d));
  const std::string what = fmt::format("{} error{} in {} (not shown: a ruleset from an untrusted source quotes "
                                       "no other file)", hidden, plural(hidden),
                                       top_is_given ? "its base rulesets" : fmt::format("ruleset '{}'", top.display));
  const toml::node* extends = top.root.get("extends");
  if (top_is_given && extends) kept.push_back(top.error(*extends, "'extends': " + what));
  else kept.push_back({top_is_given ? top.display : "", 0, 0, what});
  errors = std::move(kept);
}

// Whether an error is at a value of a base file (not the file loaded, nor the built-in deck).
bool in_a_base(const Diagnostic& d, const SourceFile& top) {
  return !d.file.empty() && d.file != kBuiltinDeckName && d.file != top.display;
}

// The places of the errors the bases of `chain` (its files but the last) have on their own, as
// loading the last base alone finds them.
BaseFaults faults_of_bases(const std::vector<std::shared_ptr<const SourceFile>>& chain) {
  BaseFaults faults;
  if (chain.size() < 2) return faults;
  Diagnostics errors;
  SettingsTree tree;
  tree.apply(builtin_deck_file(), errors);
  for (std::size_t i = 0; i + 1 < chain.size(); ++i) tree.apply(chain[i], errors);
  validate_ruleset(tree, *chain[chain.size() - 2], "base", errors);
  for (const Diagnostic& d : errors) faults.emplace(d.file, d.line, d.column);
  return faults;
}

}  // namespace

LoadedRuleset RulesetLoader::load_source(std::string text, std::string display, fs::path path, std::string name,
                                         bool top_is_given, bool own) const {
  LoadedRuleset result;
  auto top = parse_toml(std::move(text), std::move(display), std::move(path), result.errors);
  if (!top) return result;
  return load_parsed(std::move(top), std::move(name), top_is_given, own, std::move(result));
}

LoadedRuleset RulesetLoader::load_table_of(std::string_view text, std::string_view key, std::string_view display,
                                           std::string_view name, const fs::path& file) const {
  LoadedRuleset result;
  if (!name_is_valid(name, result)) return result;
  // The file was read, and held to its size, by its own reader.
  auto top = parse_toml(std::string(text), std::string(display), file.empty() ? fs::path() : canonical_or_absolute(file),
                        result.errors, std::numeric_limits<std::uintmax_t>::max());
  if (!top) return result;
  if (!top->root[key].is_table()) {
    result.errors.push_back({top->display, 0, 0, fmt::format("no table '{}' holds a ruleset", printable(key))});
    return result;
  }
  if (!take_held(*top, key, name, result.errors)) return result;
  return load_parsed(std::move(top), std::string(name), true, true, std::move(result));
}

bool RulesetLoader::take_held(SourceFile& file, std::string_view key, std::string_view name, Diagnostics& errors) {
  // Moved, not copied: a moved table keeps where each of its values is in the text.
  toml::table rules = std::move(*file.root[key].as_table());
  file.root = std::move(rules);
  // Named by the file that holds it: a name of its own would be another ruleset's.
  const toml::node* own_name = file.root.get("name");
  if (!own_name || (own_name->is_string() && iequals(own_name->as_string()->get(), name))) return true;
  errors.push_back(file.error(*own_name, fmt::format("'name': a ruleset held in a file is named by the file's 'ruleset' ('{}'); "
                                                     "leave 'name' out", printable(name))));
  return false;
}

LoadedRuleset RulesetLoader::load_parsed(std::shared_ptr<SourceFile> top, std::string name, bool top_is_given, bool own,
                                         LoadedRuleset result) const {
  // A score sheet or a game's record that holds its ruleset stands for it (`--ruleset game.toml`), by its name.
  const toml::node* held_name = top->root.get("ruleset");
  if (top->root.get("mene") && top->root["rules"].is_table() && held_name && held_name->is_string() &&
      is_ruleset_name(held_name->as_string()->get())) {
    name = to_lower(held_name->as_string()->get());
    if (!take_held(*top, "rules", name, result.errors)) return result;
  }
  if (auto what = not_a_ruleset(*top)) {
    result.errors.push_back(std::move(*what));
    return result;
  }

  std::vector<std::shared_ptr<const SourceFile>> chain;
  ChainReader reader(search_, trust_, result.errors);
  reader.start(*top);
  const bool chained = reader.read(top, chain);
  if (trust_ == RulesetTrust::untrusted) hide_errors_outside(*top, top_is_given, result.errors);
  if (!chained) return result;

  SettingsTree tree;
  tree.apply(builtin_deck_file(), result.errors);
  for (const auto& file : chain) {
    tree.apply(file, result.errors);
    result.files.push_back(file->display);
  }
  Diagnostics checked;
  auto rules = validate_ruleset(tree, *top, name, checked);
  // An error at a base's value that the base has on its own is fixed there: the message says so.
  if (std::any_of(checked.begin(), checked.end(), [&](const Diagnostic& d) { return in_a_base(d, *top); })) {
    const BaseFaults faults = faults_of_bases(chain);
    if (!faults.empty()) {
      checked = Diagnostics();
      rules = validate_ruleset(tree, *top, name, checked, &faults);
    }
  }
  result.errors.add_unkept(checked.unkept());
  for (Diagnostic& d : checked) result.errors.push_back(std::move(d));
  sort_by_position(result.errors);
  summarise_missing_keys(*top, result.errors);
  if (trust_ == RulesetTrust::untrusted) hide_errors_outside(*top, top_is_given, result.errors);
  if (!rules || !result.errors.empty()) return result;
  // Only a valid ruleset is written back: its values are all in range, which
  // toml++ 3.3.0's array layout needs (it negates the lowest int64).
  // Untrusted, only the given text is quoted: a ruleset found by name gets no warning.
  if (top_is_given || trust_ == RulesetTrust::trusted) result.warnings = ruleset_warnings(tree, *top, *rules);
  // Found section by section: told, as the errors are, in the order of the file.
  sort_by_position(result.warnings);
  result.settings = resolved_settings(tree, *rules);
  for (const Setting& setting : result.settings) {
    const KeySpec* spec = find_key(setting.key);
    if (!spec || !spec->metadata) rules->resolved_meanings.emplace_back(setting.key, setting.meaning);
  }
  auto loaded = std::make_shared<Ruleset>(std::move(*rules));
  result.ruleset = loaded;
  // A ruleset of one's own is written into a game's record whole: its readers may not have its file.
  if (own) loaded->own_document = ruleset_document(result, DocumentStyle{false, true, false, false});
  return result;
}

const Deck& classic_deck() {
  static const Deck deck = [] {
    Diagnostics errors;
    SettingsTree tree;
    tree.apply(builtin_deck_file(), errors);
    auto deck = validate_deck(tree, *builtin_deck_file(), errors);
    if (!deck || !errors.empty()) throw std::logic_error("the built-in deck is invalid");
    return *deck;
  }();
  return deck;
}

}  // namespace belote
