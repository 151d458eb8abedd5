// The ruleset of a game's record (table.md 4): the one its `ruleset` names,
// found by name or by path, or the ruleset of one's own that its `rules`
// holds; every error placed in the record.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/ruleset_search.h"
#include "belote/table_record.h"
#include "common/source_file.h"
#include "common/text_util.h"
#include "io/input_node.h"
#include "io/json_line_value.h"
#include "io/text_place.h"
#include "table/record_size.h"

namespace belote {

namespace {

// The ruleset a record names, from its parsed text.
std::optional<RecordRuleset> named_in(const nlohmann::json& value, std::string_view json) {
  if (!value.is_object() || !value.contains("ruleset") || !value["ruleset"].is_string()) return std::nullopt;
  const InputNode root = input_from_json(value, json, 1);
  const InputNode* name = root.get("ruleset");
  const Diagnostic d = place_in_text(json, "", name->column, "");
  RecordRuleset out{name->text, d.line, d.column, d.source_line};
  if (const InputNode* held = root.get("rules")) {
    const Diagnostic at = place_in_text(json, "", held->column, "");
    out.holds_rules = true;
    out.rules_line = at.line;
    out.rules_column = at.column;
  }
  return out;
}

std::optional<RecordRuleset> named_in(const SourceFile& file) {
  const toml::node* name = file.root.get("ruleset");
  if (!name || !name->is_string()) return std::nullopt;
  const toml::source_position at = name->source().begin;
  RecordRuleset out{name->as_string()->get(), int(at.line), int(at.column), file.line(int(at.line))};
  if (const toml::node* held = file.root.get("rules")) {
    out.holds_rules = true;
    out.rules_line = int(held->source().begin.line);
    out.rules_column = int(held->source().begin.column);
  }
  return out;
}

}  // namespace

std::optional<RecordRuleset> record_ruleset(std::string_view json) {
  const auto value = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  return value.is_discarded() ? std::nullopt : named_in(value, json);
}

std::optional<RecordRuleset> record_ruleset_toml(std::string_view toml) {
  Diagnostics errors;
  const auto file = parse_toml(std::string(toml), "", {}, errors, kMaxRecordTomlBytes);
  return file ? named_in(*file) : std::nullopt;
}

namespace {

// The ruleset a JSON record holds, as its text: an error in that text is placed at `rules`, with its line there.
LoadedRuleset load_held_text(const RulesetLoader& loader, std::string_view json, std::string_view display, const std::string& name,
                             const std::filesystem::path& file) {
  const auto value = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  const InputNode root = input_from_json(value, json, 1);
  const InputNode* held = root.get("rules");
  LoadedRuleset loaded;
  if (held->type != InputNode::Type::string) {
    loaded.errors.push_back(place_in_text(json, std::string(display), held->column,
                                          fmt::format("'rules' must be a string (the text of the ruleset the record holds), not {}",
                                                      held->type_name())));
    return loaded;
  }
  constexpr std::string_view kText = "rules";
  loaded = loader.load_string(held->text, kText, name, file);
  // Named by the record's `ruleset`: a name of its own would be another ruleset's.
  if (loaded.ok() && loaded.ruleset->info.name != name) {
    loaded.errors.push_back(Diagnostic{std::string(kText), 0, 0,
                                       fmt::format("'name' is '{}': a ruleset held in a record is named by its 'ruleset' ('{}'); "
                                                   "leave 'name' out", printable(loaded.ruleset->info.name), printable(name))});
    loaded.ruleset.reset();
  }
  for (Diagnostic& d : loaded.errors) {
    if (d.file != kText) continue;  // a base's error, in its own file
    const std::string where = d.line > 0 ? fmt::format("'rules', line {}, column {}", d.line, d.column) : "'rules'";
    d = place_in_text(json, std::string(display), held->column, fmt::format("{}: {}", where, d.message));
  }
  return loaded;
}

}  // namespace

std::optional<LoadedRuleset> load_record_ruleset(const RulesetLoader& loader, std::string_view text, bool toml,
                                                 std::string_view display, const std::filesystem::path& directory) {
  // A text that does not parse names nothing, and says why, as its replay would.
  LoadedRuleset unread;
  std::shared_ptr<SourceFile> parsed_toml;
  std::optional<nlohmann::json> parsed_json;
  if (toml) parsed_toml = parse_toml(std::string(text), std::string(display), {}, unread.errors, kMaxRecordTomlBytes);
  else parsed_json = parse_json_text(text, JsonLinePlace(text, std::string(display), 1), "record", unread.errors);
  if (!parsed_toml && !parsed_json) {
    if (!toml)
      for (Diagnostic& d : unread.errors) d = place_in_text(text, std::string(display), d.column, d.message);
    return unread;
  }
  const auto named = toml ? named_in(*parsed_toml) : named_in(*parsed_json, text);
  if (!named) {
    // The ruleset a record holds is known by its name: never left unread for want of one.
    const bool holds = toml ? parsed_toml->root.contains("rules") : parsed_json->is_object() && parsed_json->contains("rules");
    if (!holds) return std::nullopt;
    const bool given = toml ? parsed_toml->root.contains("ruleset") : parsed_json->contains("ruleset");
    unread.errors.push_back(Diagnostic{std::string(display), 1, 1,
                                       given ? "'ruleset' must be a string: the name of the ruleset that 'rules' holds"
                                             : "missing key 'ruleset' (the name of the ruleset that 'rules' holds)",
                                       std::string(text.substr(0, text.find('\n')))});
    return unread;
  }
  // Where a relative path (the record's `ruleset`, or an `extends` in what it holds) starts.
  const std::filesystem::path file = directory.empty() ? std::filesystem::path() : directory / std::filesystem::path(display).filename();
  LoadedRuleset loaded;
  const auto at_name = [&](std::string message) {
    return Diagnostic{std::string(display), named->line, named->column, std::move(message), named->source_line};
  };
  if (named->holds_rules) {
    if (!is_ruleset_name(named->name)) {
      loaded.errors.push_back(at_name(fmt::format("'ruleset' names the ruleset that 'rules' holds: a name (1 to 64 letters, "
                                                  "digits and '-'), not '{}'", printable(named->name))));
      return loaded;
    }
    if (!toml) return load_held_text(loader, text, display, named->name, file);
    if (const toml::node* held = parsed_toml->root.get("rules"); !held->is_table()) {
      loaded.errors.push_back(parsed_toml->error(*held, fmt::format("'rules' must be a table (the ruleset the record holds), not {}",
                                                                    toml_type_name(*held))));
      return loaded;
    }
    return loader.load_table_of(text, "rules", display, named->name, file);
  }
  if (is_ruleset_path(named->name) && loader.trust() == RulesetTrust::untrusted) {
    loaded.errors.push_back(at_name(fmt::format("'ruleset': '{}' is a path; a record from an untrusted source names a ruleset "
                                                "of the search path, or holds its own as 'rules'", printable(named->name))));
    return loaded;
  }
  // A path is the record's: relative to its directory, as a sheet's.
  loaded = loader.load(ruleset_reference_at(named->name, directory));
  // Errors inside a ruleset file keep their place; the others are the record's.
  for (Diagnostic& d : loaded.errors)
    if (d.line == 0) d = at_name(fmt::format("'ruleset': {}", location_and_message(d)));
  return loaded;
}

}  // namespace belote
