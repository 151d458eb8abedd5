#include "belote/ruleset_search.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <system_error>
#include <unistd.h>

#include "common/text_util.h"

#ifndef BELOTE_INSTALL_RULESETS_DIR
#define BELOTE_INSTALL_RULESETS_DIR ""
#endif

namespace belote {

namespace fs = std::filesystem;

bool is_ruleset_name(std::string_view text) {
  return !text.empty() && text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  });
}

bool is_ruleset_path(std::string_view text) {
  return text.find('/') != std::string_view::npos || (text.size() >= 5 && iequals(text.substr(text.size() - 5), ".toml"));
}

std::string ruleset_reference_from(std::string_view given, const fs::path& directory) {
  if (!is_ruleset_path(given)) return std::string(given);
  std::error_code ec;
  return fs::proximate(fs::absolute(fs::path(given), ec), fs::absolute(directory, ec), ec).generic_string();
}

std::string ruleset_reference_at(std::string_view reference, const fs::path& directory) {
  if (!is_ruleset_path(reference) || fs::path(reference).is_absolute()) return std::string(reference);
  return (directory / fs::path(reference)).string();
}

fs::path installed_rulesets_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && exe.has_parent_path()) return exe.parent_path().parent_path() / "share" / "belote" / "rulesets";
  return fs::path(BELOTE_INSTALL_RULESETS_DIR);
}

fs::path user_rulesets_dir() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg == '/') return fs::path(xdg) / "belote" / "rulesets";
  // Without a home, there is no user's directory (not /.config at the root).
  const char* home = std::getenv("HOME");
  if (!home || *home != '/') return {};
  return fs::path(home) / ".config" / "belote" / "rulesets";
}

RulesetSearchPath RulesetSearchPath::standard(const std::vector<std::string>& extra) {
  RulesetSearchPath search;
  for (const std::string& dir : extra) search.add(dir, "--rulesets-dir");
  if (const char* env = std::getenv("BELOTE_RULESETS_PATH")) {
    std::string_view rest(env);
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const std::string_view dir = rest.substr(0, colon);
      if (!dir.empty()) search.add(fs::path(dir), "BELOTE_RULESETS_PATH");
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  if (const fs::path user = user_rulesets_dir(); !user.empty()) search.add(user, "user");
  const fs::path installed = installed_rulesets_dir();
  search.add(installed, "installed");
  const fs::path configured(BELOTE_INSTALL_RULESETS_DIR);
  std::error_code ec;
  if (!configured.empty() && !fs::equivalent(configured, installed, ec)) search.add(configured, "installed");
  return search;
}

std::optional<fs::path> RulesetSearchPath::find(std::string_view name) const {
  const auto all = find_all(name);
  return all.empty() ? std::nullopt : std::optional(all.front());
}

bool RulesetSearchPath::ships(const fs::path& found) const {
  for (const RulesetDirectory& dir : dirs_)
    if (dir.path / found.filename() == found) return dir.ships();
  return false;
}

std::vector<fs::path> RulesetSearchPath::find_all(std::string_view name) const {
  std::vector<fs::path> found;
  if (!is_ruleset_name(name)) return found;
  const std::string lower = to_lower(name);
  for (const RulesetDirectory& dir : dirs_) {
    std::error_code ec;
    const fs::path candidate = dir.path / (lower + ".toml");
    // Whatever holds the name is found, so that what is wrong with it is said (a directory,
    // a device, a broken link) rather than the ruleset called missing.
    if (fs::exists(fs::symlink_status(candidate, ec))) {
      found.push_back(candidate);
      continue;
    }
    // Names are compared without case, as list() shows them: `MyClub.toml` is `myclub`
    // (the first such file in name order, where several differ in case only).
    std::optional<fs::path> spelt;
    for (fs::directory_iterator it(dir.path, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& path = it->path();
      if (path.extension() == ".toml" && to_lower(path.stem().string()) == lower && (!spelt || path < *spelt)) spelt = path;
    }
    if (spelt) found.push_back(*spelt);
  }
  return found;
}

std::vector<FoundRuleset> RulesetSearchPath::list() const {
  std::map<std::string, FoundRuleset> found;
  for (const RulesetDirectory& dir : dirs_) {
    std::error_code ec;
    for (fs::directory_iterator it(dir.path, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& path = it->path();
      const std::string stem = path.stem().string();
      // A name held by something that is no file is listed too: it hides the same name further down the
      // path, as find() finds it first, and loading it says what it is.
      if (path.extension() != ".toml" || !is_ruleset_name(stem)) continue;
      found.try_emplace(to_lower(stem), FoundRuleset{to_lower(stem), path, dir.origin});
    }
  }
  std::vector<FoundRuleset> out;
  for (auto& [name, entry] : found) out.push_back(std::move(entry));
  return out;
}

fs::path RulesetSearchPath::user_dir() const {
  for (const RulesetDirectory& dir : dirs_)
    if (dir.origin == "user") return dir.path;
  return user_rulesets_dir();
}

}  // namespace belote
