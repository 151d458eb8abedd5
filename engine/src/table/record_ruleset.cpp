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

std::optional<RecordRuleset> record_ruleset(std::string_view json) {
  const auto value = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  if (value.is_discarded() || !value.is_object() || !value.contains("ruleset") || !value["ruleset"].is_string()) return std::nullopt;
  const InputNode root = input_from_json(value, json, 1);
  const InputNode* name = root.get("ruleset");
  const Diagnostic d = place_in_text(json, "", name->column, "");
  return RecordRuleset{name->text, d.line, d.column, d.source_line, value.contains("rules")};
}

std::optional<RecordRuleset> record_ruleset_toml(std::string_view toml) {
  Diagnostics errors;
  const auto file = parse_toml(std::string(toml), "", {}, errors, kMaxRecordTomlBytes);
  const toml::node* name = file ? file->root.get("ruleset") : nullptr;
  if (!name || !name->is_string()) return std::nullopt;
  const toml::source_position at = name->source().begin;
  return RecordRuleset{name->as_string()->get(), int(at.line), int(at.column), file->line(int(at.line)),
                       file->root.get("rules") != nullptr};
}

namespace {

// The ruleset a JSON record holds, as its text: an error in that text is placed at `rules`, with its line there.
LoadedRuleset load_held_text(const RulesetLoader& loader, std::string_view json, std::string_view display, const std::string& name) {
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
  loaded = loader.load_string(held->text, kText, name);
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
  if (toml ? !parse_toml(std::string(text), std::string(display), {}, unread.errors, kMaxRecordTomlBytes)
           : !parse_json_text(text, JsonLinePlace(text, std::string(display), 1), "record", unread.errors)) {
    if (!toml)
      for (Diagnostic& d : unread.errors) d = place_in_text(text, std::string(display), d.column, d.message);
    return unread;
  }
  const auto named = toml ? record_ruleset_toml(text) : record_ruleset(text);
  if (!named) return std::nullopt;
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
    return toml ? loader.load_table_of(text, "rules", display, named->name) : load_held_text(loader, text, display, named->name);
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
