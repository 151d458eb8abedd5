// Where rulesets are found by name.
//
// A name (case-insensitive letters, digits and '-') is looked up as NAME.toml
// in each directory of the search path, first match wins. A value that ends
// in ".toml" or contains '/' is a path instead. A name can never reach outside
// the search path: it has no '/' and no '.'.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace belote {

struct RulesetDirectory {
  std::filesystem::path path;
  std::string origin;  ///< why it is searched: "--rulesets-dir", "BELOTE_RULESETS_PATH", "user", "installed"
                       ///< (the web module's: "pasted", "shipped")
  /// Whether it holds the rulesets the program ships ("installed", "shipped"): a game's record names
  /// those; one from any other directory is one of one's own, which a record holds whole.
  bool ships() const { return origin == "installed" || origin == "shipped"; }
};

struct FoundRuleset {
  std::string name;
  std::filesystem::path path;
  std::string origin;
};

class RulesetSearchPath {
 public:
  RulesetSearchPath() = default;
  explicit RulesetSearchPath(std::vector<RulesetDirectory> dirs) : dirs_(std::move(dirs)) {}

  /// The standard order: `extra` (from --rulesets-dir), then $BELOTE_RULESETS_PATH
  /// (colon-separated), then $XDG_CONFIG_HOME/belote/rulesets (default
  /// ~/.config/belote/rulesets), then the rulesets installed with the program.
  static RulesetSearchPath standard(const std::vector<std::string>& extra);

  void add(std::filesystem::path dir, std::string origin) { dirs_.push_back({std::move(dir), std::move(origin)}); }
  const std::vector<RulesetDirectory>& dirs() const { return dirs_; }

  /// The file a valid name resolves to, if any directory holds it.
  std::optional<std::filesystem::path> find(std::string_view name) const;
  /// Whether `found` (a file find gave) is in a directory that ships rulesets (RulesetDirectory::ships).
  bool ships(const std::filesystem::path& found) const;
  /// Every file a valid name resolves to, in search order (the first one wins).
  std::vector<std::filesystem::path> find_all(std::string_view name) const;
  /// Every ruleset visible by name, sorted; a name shadowed by an earlier directory is listed once.
  std::vector<FoundRuleset> list() const;
  /// The first directory a user may write a new ruleset to; empty without one (HOME unset).
  std::filesystem::path user_dir() const;

 private:
  std::vector<RulesetDirectory> dirs_;
};

/// Letters, digits and '-', 1 to 64 characters.
bool is_ruleset_name(std::string_view text);
/// Whether a ruleset reference is a path rather than a name.
bool is_ruleset_path(std::string_view text);
/// How a file in `directory` (a sheet, a game's record) names the ruleset given as `given`: a path
/// relative to that directory, where the file's readers look for it; a name as it is.
std::string ruleset_reference_from(std::string_view given, const std::filesystem::path& directory);
/// The ruleset that a file in `directory` names as `reference`: a relative path is the file's, joined
/// to its directory (not to where the program runs); a name or an absolute path as it is.
std::string ruleset_reference_at(std::string_view reference, const std::filesystem::path& directory);
/// share/belote/rulesets beside the running program's bin/ directory.
std::filesystem::path installed_rulesets_dir();
/// $XDG_CONFIG_HOME/belote/rulesets, or ~/.config/belote/rulesets; empty when
/// neither XDG_CONFIG_HOME nor HOME is an absolute path.
std::filesystem::path user_rulesets_dir();

}  // namespace belote
