// What the parts of the Python module share: the ruleset handle, errors
// raised with the engine's messages, and the thread count.
#pragma once

#include <pybind11/pybind11.h>

#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "belote/belote.h"
#include "typed.h"

namespace py = pybind11;

namespace belote::python {

/// A loaded ruleset as Python holds it: the compiled ruleset, its files and
/// resolved keys, and the search path it was found through.
struct LoadedHandle {
  LoadedRuleset loaded;
  RulesetSearchPath search;
  /// The file's absolute path, for a ruleset loaded from a path (empty else):
  /// an older record names its ruleset so, and replays under that file only.
  std::string path = {};
  const Ruleset& rules() const { return *loaded.ruleset; }
};
using RulesetHandle = std::shared_ptr<LoadedHandle>;

/// The default number of errors a batch or a diff keeps (it counts them all).
inline constexpr std::size_t kDefaultMaxErrors = 1000;

// errors.cpp
void bind_errors(py::module_& m);
/// Raises belote.RulesetError or belote.DealError with the diagnostics, worded as the program words them.
[[noreturn]] void raise_ruleset_error(const Diagnostics& errors);
[[noreturn]] void raise_deal_error(const Diagnostics& errors);
/// Raises belote.SheetError: a score sheet that does not read.
[[noreturn]] void raise_sheet_error(const Diagnostics& errors);
/// Raises belote.PlayError: a position that does not read, a card not held or not legal.
[[noreturn]] void raise_play_error(const Diagnostics& errors);
[[noreturn]] void raise_play_error(std::string message);
bool is_play_error(const py::error_already_set& error);
/// Raises belote.SolveStopped for a search stopped at its limit.
[[noreturn]] void raise_solve_stopped(const SolveResult& result, const std::string& message);
[[noreturn]] inline void raise_solve_stopped(const SolveResult& result) { raise_solve_stopped(result, result.message()); }
/// The errors a batch found, kept up to a limit and counted beyond.
struct ErrorList {
  std::vector<Diagnostic> kept;
  std::uint64_t count = 0;
  void add(const Diagnostics& errors, std::size_t limit);
  void merge(ErrorList& later, std::size_t limit);
};

// rulesets.cpp
void bind_rulesets(py::module_& m);
/// The search path of the program, with the package's own rulesets where the program's installed ones would be.
RulesetSearchPath search_path(const std::vector<std::string>& dirs);
/// What a ruleset argument holds, as its TypeError says it.
inline constexpr const char* kRulesetText = "a Ruleset, or a ruleset's name or path (str, bytes or os.PathLike)";
/// A Ruleset object, or a name or path loaded through the standard search
/// path; anything else is a TypeError naming the argument `what`, which holds `holds`.
RulesetHandle ruleset_argument(const py::handle& value, const char* what = "ruleset", const char* holds = kRulesetText);
/// A ruleset that loaded, as a handle; RulesetError with its errors else.
RulesetHandle loaded_or_raise(LoadedRuleset loaded, RulesetSearchPath search);

/// JSON text as Python values (json.loads).
py::object from_json(const std::string& text);
/// Python values as JSON text (json.dumps), a belote.Hand written as its cards' text.
py::object json_dumps();

// outcomes.cpp
void bind_outcomes(py::module_& m);
/// Reads one deal given as a dict, JSON or TOML text, or a TOML file's path; raises DealError.
Deal read_one_deal(const Ruleset& rules, const py::handle& value);
/// Whether a str (as os.fsencode gives it) names a file rather than holding one's text: one line
/// that ends in .toml or names a file or a directory there is.
bool names_a_path(const std::string& text);
/// Raises the system's OSError (FileNotFoundError…) for a path that is not there.
void require_present(const std::string& path);
/// An Outcome object for a deal scored under a ruleset.
py::object make_outcome(const RulesetHandle& rules, const Deal& deal);

// batches.cpp, diffs.cpp, statistics.cpp
void bind_batches(py::module_& m);
void bind_diffs(py::module_& m);
void bind_statistics(py::module_& m);

// arena.cpp
void bind_arena(py::module_& m);

// sheets.cpp
void bind_sheets(py::module_& m);


// play.cpp
void bind_play(py::module_& m);
/// What a mène is played from: the hands, the kind and trump, the first
/// leader, and the takers a solve counts for (when a taker was named).
struct MeneStart {
  PlayContext play;
  PerSeat<CardSet> hands;
  Seat first = Seat::N;
  std::optional<Team> takers;
};
/// Reads the hands ({'N': "JH 9H …", …}, or a JSON Lines deal whose hands,
/// trump, kind, first and taker fill in the arguments not given); raises PlayError.
/// Each of first, taker, trump and kind is a str or None (a TypeError naming it else).
MeneStart mene_start(const Ruleset& rules, const py::object& hands, const OptionalStr& first, const OptionalStr& taker,
                     const OptionalStr& trump, const OptionalStr& kind);
/// The four hands and the first leader, for what is played in every kind
/// (the table of every contract): as mene_start reads them, kind and trump aside.
struct DealStart {
  PerSeat<CardSet> hands;
  Seat first = Seat::N;
};
DealStart deal_start(const Ruleset& rules, const py::object& hands, const OptionalStr& first);
/// A mène played card by card.
struct PyMene {
  RulesetHandle rules;
  std::optional<Team> takers;
  PlayedMene mene;
};
/// Cards as the program writes them ("JH", "10S").
py::list card_list(const Deck& deck, CardSet cards);

// solve.cpp
void bind_solve(py::module_& m);
/// What a status is called in Python: solved, node_limit, time_limit.
const char* solve_status_name(SolveStatus status);

// table.cpp, auction.cpp (after the table: IllegalCall is an IllegalAction)
void bind_table(py::module_& m);
void bind_auction(py::module_& m);
/// A belote.Table holding a copy of `table`, played under `rules`: what a player written in Python is handed.
py::object table_object(const RulesetHandle& rules, const Table& table);
/// The action `choice` names at `table_object` (a number or its text), as Table.apply() reads it:
/// IllegalAction or TypeError else. Holds the GIL.
Action chosen_action(const py::handle& table_object, const py::handle& choice);

// construction.cpp (after every class is bound)
/// No instance of the module's classes without its C++ value: Python's
/// `Table.__new__(Table)` would otherwise give one whose methods crash.
void guard_construction(py::module_& m);

/// Every core when not given (None); a ValueError outside 1 to 1024, a
/// TypeError for what is no whole number, each naming `threads`.
unsigned thread_count(const py::handle& threads);

/// A sequence of strings (a list, a tuple), not one str: a TypeError naming
/// the argument `what`, which holds `holds`, for anything else.
std::vector<std::string> string_list(const py::handle& value, const char* what, const char* holds);

/// The key of the first number in `value` (a dict, a list) that JSON cannot
/// hold, NaN or an infinity, as "result.points.NS"; empty when there is none.
std::string non_finite_key(const py::handle& value, const std::string& path, int depth = 0);

/// Text the engine wrote (a message naming a file), as a Python str: a byte
/// that is no UTF-8 (in a file's name) written as \xNN.
py::str py_text(const std::string& text);
/// A path the engine holds, as Python holds paths (os.fsdecode): a name that
/// is no UTF-8 kept, its bytes as surrogates.
py::str py_path(const std::string& path);
/// A path given as str, bytes or os.PathLike, as the system names it
/// (os.fsencode): a name that is no UTF-8, as os.listdir() gives it, opens.
/// Anything else is a TypeError naming the argument `what`, which holds `holds`.
std::string path_argument(const py::handle& path, const char* what = "path",
                          const char* holds = "a file's path (str, bytes or os.PathLike)");
/// A str as UTF-8 text; a ValueError naming `what` for one that holds no
/// text (a lone surrogate).
std::string utf8_argument(const py::handle& text, const std::string& what);

/// A text argument (a seat, a suit, a call): a str, as UTF-8. Anything else
/// is a TypeError naming the argument `what` and saying what it holds
/// (`holds`): "'leader' is a seat (\"N\", \"E\", \"S\" or \"W\"), not NoneType None",
/// as whole_number() words a number; a lone surrogate, as utf8_argument().
std::string text_argument(const py::handle& value, const char* what, const char* holds);
/// The same where None means the argument is not given.
std::optional<std::string> optional_text(const py::handle& value, const char* what, const char* holds);

/// What the text arguments hold, as their messages say it.
inline constexpr const char* kSeatText = "a seat (\"N\", \"E\", \"S\" or \"W\")";
inline constexpr const char* kSuitText = "a suit of the deck (\"H\")";
inline constexpr const char* kKindText = "a contract kind's name or alias (a str)";
/// Directories given as str, bytes or os.PathLike (rulesets_dirs), as path_argument() reads each.
std::vector<std::string> path_list(const py::handle& value, const char* what);

/// The name of a value's type, for messages.
std::string type_name(const py::handle& value);
/// What the caller gave, for a TypeError's "not …": its type and its repr ("NoneType None").
std::string shown_value(const py::handle& value);

/// A bool, Python's or NumPy's: no whole number, though NumPy's reads as
/// one (an index, with a DeprecationWarning).
bool is_bool(const py::handle& value);

/// A whole-number argument (a count, a seed, a limit): any Python integer, a
/// NumPy one too. A TypeError when it is none, a ValueError outside low to high,
/// each naming the argument: "count is a whole number from 0 to …, not -1".
std::uint64_t whole_number(const py::handle& value, const char* name, std::uint64_t low = 0,
                           std::uint64_t high = std::numeric_limits<std::uint64_t>::max());

/// The deals of a batch: any iterable but one str, bytes or dict, whose
/// characters or keys would each be read as a deal (a TypeError).
const py::handle& deals_iterable(const py::handle& deals);

/// Deal lines from a Python iterable, in chunks: dicts written as JSON, text
/// taken as it is. `number` counts items from 1, as line numbers do.
struct ItemLines {
  explicit ItemLines(const py::handle& iterable);
  /// Fills up to `chunks.size()` chunks; returns how many (0 at the end, or
  /// where the next deal is refused). Holds the GIL.
  std::size_t next(std::vector<LineChunk>& chunks);
  /// The dict that stopped next(), one that is no JSON (a NaN, a value of no
  /// JSON type): its error, in the place of its deal, for the caller to report
  /// after the chunks before it.
  std::optional<Diagnostic> take_refused() { return std::exchange(refused_, std::nullopt); }

 private:
  /// The dict's JSON text, or nullopt with `refused_` set.
  std::optional<std::string> dict_text(const py::handle& item);

  py::iterator it_;
  py::object dumps_;
  long number_ = 0;
  std::optional<Diagnostic> refused_;
};
inline const std::string kItemsDisplay = "<deals>";

}  // namespace belote::python
