// The metadata: name, title, source, description, extends.
#include "rulesets/validation/sections.h"

#include <algorithm>
#include <filesystem>

namespace belote::validation {

std::optional<RulesetInfo> read_info(Reader& r, const std::string& default_name) {
  RulesetInfo info;
  bool ok = true;
  const auto name = r.optional_string("name");
  if (name && !name->empty()) {
    // A ruleset is found by its file's name, so `name` can only repeat it (or the
    // name made of it, where the file's is none: "Règles maison.toml", regles-maison):
    // a different one would name a ruleset that `--ruleset` cannot find.
    const std::string file = r.top().path.empty() ? "" : std::filesystem::path(r.top().display).filename().string();
    const std::string stem = r.top().path.empty() ? "" : std::filesystem::path(r.top().display).stem().string();
    if (!std::all_of(name->begin(), name->end(), is_name_char) || name->size() > 64) {
      r.error(*r.find("name"), fmt::format("'name' is '{}'; a ruleset name has letters, digits and '-' only", printable(*name)));
      ok = false;
    } else if (!file.empty() && !iequals(*name, stem) && *name != default_name) {
      r.error(*r.find("name"), fmt::format("'name' is '{}', but the file is {}: a ruleset is named by its file "
                                           "(rename the file to {}.toml, or leave 'name' out)",
                                           *name, file, to_lower(*name)));
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

}  // namespace belote::validation
