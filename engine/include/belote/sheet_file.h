// Score sheets as TOML files: reading them with precise errors, and the edits
// `belote sheet` makes (a new sheet, one more mène, one mène less).
//
//   ruleset = "classique"
//   target = 2000                          # optional: the ruleset's game.target
//   teams = { NS = "Nous", EW = "Eux" }    # optional
//
//   [[mene]]
//   taker = "N"
//   trump = "H"
//   points = { NS = 90, EW = 72 }          # or capot = "NS"
//   announcements = { N = ["tierce KH"] }  # or { NS = 50 }, as on a paper sheet
//   belote = "N"                           # or "NS"
//
// The format is described in docs/sheet.md. Edits return the file's new text;
// writing it is the caller's: read the sheet and write it back under its lock
// (LockedFile in file_replace.h), so that two edits at once never lose one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "belote/ruleset_loader.h"
#include "belote/sheet.h"

namespace belote {

/// A sheet file read, its ruleset loaded and its mènes checked under it.
struct LoadedSheet {
  std::string display;              ///< the file as the user named it
  std::filesystem::path directory;  ///< where a relative ruleset path starts
  std::string text;                 ///< the file's text
  Sheet sheet;
  std::shared_ptr<const Ruleset> ruleset;  ///< null when it does not load
  Diagnostics errors;

  bool ok() const { return ruleset != nullptr && errors.empty(); }
};

/// Reads a sheet file. A ruleset named by a path is found relative to the sheet.
LoadedSheet read_sheet_file(const std::filesystem::path& path, const RulesetLoader& loader);
/// The directory a sheet's relative ruleset path is read from: the real
/// file's, when `path` is a symbolic link or goes through one (where the
/// sheet is written too); else `path`'s own, as the user wrote it.
std::filesystem::path sheet_directory(const std::filesystem::path& path);
/// Reads a sheet from text; `directory` is where its relative ruleset path starts.
LoadedSheet read_sheet(std::string text, std::string display, const std::filesystem::path& directory,
                       const RulesetLoader& loader);

/// One mène as a person gives it outside the file (e.g. command-line options),
/// each value as written: the sheet reader checks it as it checks the file.
struct MeneEntry {
  /// Empty: not given. `belote` is a seat or a team, or several seats separated
  /// by commas ("N,N,E": a belote each, where every suit holds one).
  std::string taker, kind, trump, bid, doubling, first, capot, belote;
  /// Team name ("NS", "EW") and number, as given.
  std::vector<std::pair<std::string, std::int64_t>> points, tricks, team_announcements, roem;
  /// Seat ("N"...) and one announcement as declared ("tierce KH", "carre J", or its cards).
  std::vector<std::pair<std::string, std::string>> announcements;
  /// The mène given as its auction, where `calls` is not empty: the calls in
  /// order ("100 H", "pass"...), the turned suits where the auction turns a
  /// card, and the dealer (empty: the seat the last mène's auction passes the
  /// deal to); `first`, with calls, is the auction's first speaker where it is
  /// not the seat after the dealer. The auction makes the contract keys; four
  /// passes make a redeal.
  std::vector<std::string> calls, turned;
  std::string dealer;
};

/// The outcome of an edit: the file's new text, or why it cannot be made.
struct SheetEdit {
  std::string text;             ///< empty when the edit is refused
  Diagnostics errors;           ///< why it is refused
  /// True when the user's comments and layout are kept; false when the file
  /// had to be rewritten in canonical form (keys sorted, comments dropped).
  bool layout_kept = true;
  /// The sheet as it reads after the edit.
  LoadedSheet after;
  /// The number of the mène removed (remove_last_mene), counting every mène of the file, those that do not read too.
  int removed = 0;

  bool ok() const { return errors.empty(); }
};

/// The text of a new sheet with no mène yet. The values are not checked here:
/// read the text back to check them.
std::string new_sheet_text(const std::string& ruleset, std::optional<int> target, const PerTeam<std::string>& teams);

/// `sheet` with one more mène. Refused, with the reasons, when the sheet does
/// not read, when its game is over, or when the mène is not valid under its
/// ruleset (the mène's errors then say "mène N not added").
SheetEdit add_mene(const LoadedSheet& sheet, const MeneEntry& entry, const RulesetLoader& loader);

/// `sheet` with one more mène given as its played cards (`sheet add --play`):
/// `text` is a file of its own, named `display` in errors, holding a deal
/// file's [deal] table (or the mène's keys at its top) with its `play`, and its
/// auction or contract keys. It is checked card by card as a deal file is,
/// with the errors placed in that file; an auction without its dealer is dealt
/// by the seat the sheet's last auction passed the deal to.
/// The most a played mène's file may hold: 1 MiB, as every file the program reads.
inline constexpr std::size_t kMaxSheetMeneBytes = 1024 * 1024;
SheetEdit add_played_mene(const LoadedSheet& sheet, const std::string& text, const std::string& display,
                          const RulesetLoader& loader);

/// The same mène as JSON Lines: `text` holds one line that is not blank, a
/// deal line's JSON object with its `play` (its `id` left out), as `belote
/// deal --played` writes it; no line, or a second, is refused by its line.
SheetEdit add_played_mene_line(const LoadedSheet& sheet, const std::string& text, const std::string& display,
                               const RulesetLoader& loader);

/// The same, the mène read from the file at `path` (at most 1 MiB, a regular
/// file): TOML where its name ends in .toml, JSON Lines otherwise, as every
/// deal file (docs/deals.md).
SheetEdit add_played_mene_file(const LoadedSheet& sheet, const std::filesystem::path& path, const RulesetLoader& loader);

/// The sheet at `path` without its last mène. It needs only to be TOML with a
/// `mene` array, so a sheet whose last mène does not read can still be undone.
SheetEdit remove_last_mene(const std::filesystem::path& path, const RulesetLoader& loader);
/// The same for a sheet's text already read (e.g. under its lock, see file_replace.h).
SheetEdit remove_last_mene(const std::string& text, const std::string& display, const std::filesystem::path& directory,
                           const RulesetLoader& loader);

}  // namespace belote
