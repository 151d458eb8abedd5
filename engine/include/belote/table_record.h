// A game's record (table.md 4): the ruleset, the seed, the first dealer, and
// per mène the dealer, the hands as dealt, every call and card with its seat
// and the words said; nothing that can be derived. Its TOML form is a score
// sheet (`belote sheet show`), each of its mènes a played deal with its
// auction (`belote score`); its JSON form has the same keys.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "belote/ruleset_loader.h"
#include "belote/sheet.h"
#include "belote/table.h"

namespace belote {

/// The most mènes a game may be stopped after (TableSetup::max_menes, a
/// record's `table.menes`): a table set up with more writes a record that
/// does not read back.
inline constexpr int kMaxRecordMenes = 100000;

/// The record of the game so far (the mènes finished; a mène in progress is left out). Its
/// `ruleset` is the ruleset's name; a ruleset of one's own (loaded from a file or from text:
/// Ruleset::own_document) is held whole besides, as `rules`, so that the record replays
/// without its file (load_record_ruleset): in JSON its text, in TOML its tables under
/// [rules], before the mènes.
///
/// The record is written from the mènes the table keeps: where a mène was finished at a table
/// set up with TableSetup::keep_history = false, record_json, record_toml, record_deal_lines
/// and record_sheet throw std::logic_error ("record_json: the table was set up with
/// keep_history = false, and 2 mènes finished without being kept: ..."), rather than write a
/// record that would replay as another game.
std::string record_json(const Table& table, bool pretty = false);
std::string record_toml(const Table& table);
/// Each played mène of the record as a deal line (JSON Lines, `belote score -`):
/// its `id` is `id_prefix` then "mene-N", N the mène's number in the game
/// (from 1, redeals counted), and its `held_over` the points held over from
/// earlier mènes that came into it (left out when none), so that each line
/// scored alone gives what the table gave.
std::string record_deal_lines(const Table& table, std::string_view id_prefix = {});
/// One finished mène of `table` as its deal line (without the newline), as
/// record_deal_lines writes it; empty for a redeal.
std::string record_deal_line(const Table& table, const FinishedMene& mene, std::string_view id_prefix = {});

/// The game so far as a score sheet (the mènes finished, redeals included, each
/// with its dealer and the next), as `belote sheet show` reads the record:
/// score_sheet and game_state_text then say how the game stands. No ruleset is
/// looked up by name: `score_sheet(table.rules(), record_sheet(table))`, then
/// sheet_text and game_state_text, score a game under a ruleset loaded from
/// text as under a shipped one (docs/table.md, "In a program").
Sheet record_sheet(const Table& table);

/// A record replayed: the table at its end, or why it could not be (and no table).
struct ReplayedRecord {
  std::optional<Table> table;
  /// The mènes the record holds (redeals included; the last may be in progress).
  int menes = 0;
  /// Why the record could not be replayed (empty when it was): the first
  /// value that is not what the record's key holds, or a call or card that the
  /// rules refuse, named by its key ("mène 1: 'play[0].cards[2]': ...").
  std::string error;
  /// Where that value is in the text: 1-based, 0 when the error is about the whole text.
  int line = 0;
  int column = 0;
  /// The text of that line, for a caret under the column.
  std::string source_line;
};
/// Replays a record (JSON, as record_json writes it) under `rules`: every key
/// checked (its type and range; a key the record does not have is refused),
/// then every call and card; `ruleset` of the record is not looked up.
ReplayedRecord replay_record(const Ruleset& rules, std::string_view json);
/// The same for a record's TOML form (as record_toml writes it): the same
/// keys checked alike, the error placed at the line and column of the TOML
/// text (a syntax error as every TOML file's: "TOML syntax: ...").
ReplayedRecord replay_record_toml(const Ruleset& rules, std::string_view toml);

/// Whether `text` is a game's record in JSON (as record_json writes it), to say
/// so where something else was expected: its first byte not a blank is '{',
/// and it parses (as every JSON the engine reads: no key given twice, no NUL
/// byte) to an object with `table` and `mene` and no key a record has not.
/// Nothing else is checked: replay_record does.
bool is_record_json(std::string_view text);

/// The ruleset a record names, and where that name is: a ruleset that does
/// not load is reported at its name. Nothing when the record names none.
struct RecordRuleset {
  std::string name;
  int line = 0;
  int column = 0;
  std::string source_line;
  /// Whether the record holds the ruleset itself (`rules`: a ruleset of one's own), and where its value is.
  bool holds_rules = false;
  int rules_line = 0;
  int rules_column = 0;
};
std::optional<RecordRuleset> record_ruleset(std::string_view json);
std::optional<RecordRuleset> record_ruleset_toml(std::string_view toml);

/// The ruleset a record is played under (table.md 4), loaded by `loader`: the
/// ruleset of one's own that its `rules` holds, named by its `ruleset`; else
/// the one its `ruleset` names, found by name, or by path relative to
/// `directory` (the record's folder; a record from an untrusted loader names
/// no path). `toml`: the record's TOML form. Its errors are the record's,
/// shown as `display`: at `ruleset`, or inside `rules` (in the JSON form,
/// which holds the ruleset's text, at `rules`, with the line in that text);
/// an error inside a ruleset file at its place there. A record whose text
/// does not parse gives its syntax error, as replay_record would; one that
/// parses but names no ruleset gives nothing.
std::optional<LoadedRuleset> load_record_ruleset(const RulesetLoader& loader, std::string_view text, bool toml,
                                                 std::string_view display, const std::filesystem::path& directory = {});

}  // namespace belote
