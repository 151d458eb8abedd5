// Loading rulesets: by name, by path or from text, with inheritance.
//
//   RulesetLoader loader(RulesetSearchPath::standard({}));
//   LoadedRuleset loaded = loader.load("classique");
//   if (!loaded.ok()) { for (auto& e : loaded.errors) ...; }
//   const Ruleset& rules = *loaded.ruleset;
//
// A file with `extends = "BASE"` is laid over its base (recursively): tables
// merge key by key, other values replace the base's. Every problem in every
// file of the chain is reported, each with its file, line and column.
#pragma once

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "belote/ruleset_search.h"

namespace belote {

/// Where a resolved key was set.
struct Origin {
  std::string file;  ///< "<built-in classic deck>" for the default deck
  int line = 0;
  int column = 0;
};

/// One resolved key: its dotted path (a table entry's key as the ruleset reads
/// it: a rank by the deck's name for it), its value written as TOML, what that
/// value means (as JSON: ranks by their deck names, names in lower case, sets
/// sorted, so two spellings of one convention compare equal), and where it was set.
struct Setting {
  std::string key;
  std::string value;
  Origin origin;
  nlohmann::json meaning;
};

/// What loading gives: the ruleset and its resolved keys when every file of
/// the chain is valid, the errors otherwise.
struct LoadedRuleset {
  std::shared_ptr<const Ruleset> ruleset;  ///< null when there were errors
  /// The files of the extends chain, base first, this one last.
  std::vector<std::string> files;
  /// Every resolved key, in registry order (table entries in rank or length order); empty on errors.
  std::vector<Setting> settings;
  Diagnostics errors;

  bool ok() const { return ruleset != nullptr && errors.empty(); }
};

/// Longest extends chain accepted (a longer one is almost surely a mistake).
inline constexpr int kMaxExtendsDepth = 64;

class RulesetLoader {
 public:
  explicit RulesetLoader(RulesetSearchPath search = {}) : search_(std::move(search)) {}

  /// A name is looked up in the search path; a value ending in .toml or holding '/' is a path.
  LoadedRuleset load(std::string_view name_or_path) const;
  LoadedRuleset load_file(const std::filesystem::path& path) const;
  /// Text in memory; `extends` names are resolved through the search path.
  LoadedRuleset load_string(std::string_view toml, std::string_view display = "<string>",
                            std::string_view name = "custom") const;

  const RulesetSearchPath& search() const { return search_; }

 private:
  LoadedRuleset load_source(std::string text, std::string display, std::filesystem::path path,
                            std::string name) const;
  RulesetSearchPath search_;
};

/// The classic 32-card deck, built into the program (used when no ruleset names a deck).
const Deck& classic_deck();

}  // namespace belote
