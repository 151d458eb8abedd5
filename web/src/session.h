// What the WebAssembly module keeps between calls: where rulesets are found,
// the rulesets already loaded, and a random-deal comparison under way.
//
// The shipped rulesets are embedded in the module's in-memory file system
// (kShippedDir); rulesets a person pastes are written beside them
// (kUserDir) once they load, so sheets and overlays find them by name.
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "belote/belote.h"

namespace belote::web {

using Json = nlohmann::ordered_json;

inline constexpr const char* kShippedDir = "/rulesets/shipped";
inline constexpr const char* kUserDir = "/rulesets/user";
/// Where sheets are written to be edited, so that the engine's file edits apply.
inline constexpr const char* kSheetDir = "/sheets";

/// A request the page made that cannot be served; its message is shown as is.
struct CallError {
  std::string message;
};

struct DiffJob;

/// A game at the table (table_calls.cpp), with the ruleset it plays under kept alive.
struct WebTable {
  std::shared_ptr<const Ruleset> rules;
  Table table;
};

/// An engine player (player.h).
struct WebPlayer {
  std::unique_ptr<Player> player;
};

class Session {
 public:
  Session();

  const RulesetLoader& loader() const { return loader_; }
  /// A ruleset by name, loaded once; throws CallError (with every diagnostic) when it does not load.
  std::shared_ptr<const Ruleset> ruleset(const std::string& name);
  /// Forgets loaded rulesets (a pasted one may change what a name means).
  void forget_rulesets() { loaded_.clear(); }

  /// A reply's text too long to be escaped into its JSON (score's JSON Lines),
  /// read by JavaScript after the call with belote_text(). Score's pieces
  /// append to it: JavaScript makes one string of all of them.
  std::string text;
  /// Whether `text` is in Latin-1 (else UTF-8).
  bool text_latin1 = true;
  /// A request's text too long to be escaped into its JSON arguments (score's
  /// deals), given by JavaScript before the call with belote_input().
  std::string input;

  /// The random-deal comparison under way (diff_begin, diff_step), or null.
  std::shared_ptr<DiffJob> diff;

  /// The tables and players JavaScript holds, by the number it holds them by.
  std::map<int, std::unique_ptr<WebTable>> tables;
  std::map<int, std::unique_ptr<WebPlayer>> players;
  int next_id = 1;

 private:
  RulesetLoader loader_;
  std::map<std::string, std::shared_ptr<const Ruleset>> loaded_;
};

/// A diagnostic for the page: its parts, the one-line "file:line:col: message" and the caret lines.
Json diagnostic_json(const Diagnostic& d);
Json diagnostics_json(const Diagnostics& errors);

// The calls, one family per file; each takes the request's arguments and returns the reply.
Json call_rulesets(Session& session, const Json& args);
Json call_load_ruleset(Session& session, const Json& args);
Json call_describe(Session& session, const Json& args);
Json call_score(Session& session, const Json& args);
Json call_legal(Session& session, const Json& args);
Json call_auction(Session& session, const Json& args);
Json call_solve(Session& session, const Json& args);
Json call_sheet_new(Session& session, const Json& args);
Json call_sheet_add(Session& session, const Json& args);
Json call_sheet_undo(Session& session, const Json& args);
Json call_sheet_show(Session& session, const Json& args);
Json call_diff_begin(Session& session, const Json& args);
Json call_diff_step(Session& session, const Json& args);
Json call_table_new(Session& session, const Json& args);
Json call_table_reset(Session& session, const Json& args);
Json call_table_free(Session& session, const Json& args);
Json call_table_copy(Session& session, const Json& args);
Json call_table_state(Session& session, const Json& args);
Json call_table_legal(Session& session, const Json& args);
Json call_table_apply(Session& session, const Json& args);
Json call_table_undo(Session& session, const Json& args);
Json call_table_observe(Session& session, const Json& args);
Json call_table_action_text(Session& session, const Json& args);
Json call_table_parse_action(Session& session, const Json& args);
Json call_table_history(Session& session, const Json& args);
Json call_table_last_outcome(Session& session, const Json& args);
Json call_table_record(Session& session, const Json& args);
Json call_table_replay(Session& session, const Json& args);
Json call_player_new(Session& session, const Json& args);
Json call_player_free(Session& session, const Json& args);
Json call_player_choose(Session& session, const Json& args);
Json call_table_advise(Session& session, const Json& args);
Json call_sheet_add_played(Session& session, const Json& args);

/// The string argument `key`; throws CallError when it is missing or not a string.
std::string string_arg(const Json& args, const char* key);
/// The string argument `key`, or `fallback` when it is absent.
std::string string_arg(const Json& args, const char* key, const std::string& fallback);
/// The argument `key` given as an object or as one JSON line (a position, a
/// deal: `what`), as one JSON line; throws CallError otherwise.
std::string json_line_arg(const Json& args, const char* key, const char* what);

}  // namespace belote::web
