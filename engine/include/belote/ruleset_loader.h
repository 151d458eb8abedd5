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
#include <string>
#include <string_view>
#include <vector>

#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "belote/ruleset_search.h"

namespace belote {

struct SourceFile;

/// Where a resolved key was set.
struct Origin {
  std::string file;  ///< "<built-in classic deck>" for the default deck
  int line = 0;
  int column = 0;
};

/// One resolved key: its dotted path (a table entry's key as the ruleset reads
/// it: a rank by the deck's name for it), its value written as TOML, what that
/// value means (as compact JSON text: ranks by their deck names, names in lower
/// case, sets sorted, object keys in order, so two spellings of one convention
/// give the same text), and where it was set.
struct Setting {
  std::string key;
  std::string value;
  Origin origin;
  std::string meaning;
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
  /// Keys the file asked for sets that change nothing (`'KEY' has no effect: REASON`), each at its key: never an
  /// error and never a reason the load fails. Found once the ruleset is valid; empty otherwise.
  Diagnostics warnings;

  bool ok() const { return ruleset != nullptr && errors.empty(); }
};

/// How far a ruleset's text is trusted.
enum class RulesetTrust {
  /// The user's own files: `extends` may name a base by name or by path, and
  /// every error of every file of the chain is reported with its line.
  trusted,
  /// Text from someone else (a form on a web page, an upload, a sheet sent by
  /// mail): `extends` may only name a ruleset of the search path; no path is
  /// followed, no other file is opened, and no message quotes anything but the
  /// given text (an error inside a base ruleset is reported as one error at
  /// `extends`, and base files are shown by their name, not their path).
  untrusted,
};

/// Longest extends chain accepted (a longer one is almost surely a mistake).
inline constexpr int kMaxExtendsDepth = 64;

/// Only read once made: one loader may load on any number of threads at once,
/// and the rulesets it gives are read only too, to share likewise.
class RulesetLoader {
 public:
  explicit RulesetLoader(RulesetSearchPath search = {}, RulesetTrust trust = RulesetTrust::trusted)
      : search_(std::move(search)), trust_(trust) {}

  /// A name is looked up in the search path; a value ending in .toml or holding '/' is a path.
  LoadedRuleset load(std::string_view name_or_path) const;
  /// The file at `path`, which must be a regular file (never a FIFO, a device
  /// or a file of /proc, in either mode); its `extends` as the trust allows.
  /// A score sheet or a game's record in TOML that holds its ruleset
  /// (`rules`) stands for that ruleset, named by its `ruleset`.
  LoadedRuleset load_file(const std::filesystem::path& path) const;
  /// Text in memory; `extends` names are resolved through the search path. A
  /// service that loads text its users send builds its loader with
  /// RulesetTrust::untrusted (docs/robustness.md, "Rulesets from others").
  /// `name` is the ruleset's name, as a game's record names it: a ruleset name
  /// (is_ruleset_name: 1 to 64 letters, digits and '-'), else the load fails
  /// with one error saying so.
  /// `file`, where given, is where the text comes from (a game's record that
  /// holds it): a relative `extends` path starts from its folder.
  LoadedRuleset load_string(std::string_view toml, std::string_view display = "<string>",
                            std::string_view name = "custom", const std::filesystem::path& file = {}) const;
  /// A ruleset that another TOML file holds as a table: a game's record's or
  /// a score sheet's `rules` (docs/table.md, "The record"). `text` is that
  /// whole file and `key` the table's key; loaded as load_string loads text,
  /// each error placed in `text` (shown as `display`). `file`, where given,
  /// is that file's path: a relative `extends` path starts from its folder.
  LoadedRuleset load_table_of(std::string_view text, std::string_view key, std::string_view display,
                              std::string_view name, const std::filesystem::path& file = {}) const;

  const RulesetSearchPath& search() const { return search_; }
  RulesetTrust trust() const { return trust_; }

 private:
  /// `top_is_given`: the text is the caller's (a file or a string), not a ruleset found by name; `own`:
  /// a ruleset of one's own (Ruleset::own_document), not one the program ships.
  LoadedRuleset load_source(std::string text, std::string display, std::filesystem::path path, std::string name,
                            bool top_is_given, bool own) const;
  /// The same once the top file is parsed; `result` holds what was found before.
  LoadedRuleset load_parsed(std::shared_ptr<SourceFile> top, std::string name, bool top_is_given, bool own,
                            LoadedRuleset result) const;
  static bool name_is_valid(std::string_view name, LoadedRuleset& result);
  /// Makes the table at `key` of `file` (a sheet's or a record's `rules`) its root, named `name`.
  static bool take_held(SourceFile& file, std::string_view key, std::string_view name, Diagnostics& errors);
  RulesetSearchPath search_;
  RulesetTrust trust_;
};

/// The classic 32-card deck, built into the program (used when no ruleset names a deck).
const Deck& classic_deck();

}  // namespace belote
