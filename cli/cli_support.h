// What every subcommand shares: exit statuses, error messages, output that
// survives a closed pipe, the ruleset options, and reading deal files.
#pragma once

#include <array>
#include <boost/program_options.hpp>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <belote/belote.h>

namespace belote::cli {

namespace po = boost::program_options;

/// Exit statuses, documented in `belote --help` and docs/cli.md.
enum Exit : int {
  kSuccess = 0,
  kInvalidInput = 1,  ///< some or all input was invalid (the rest was processed)
  kUsage = 2,         ///< bad options or arguments
  kOutputFailed = 3,  ///< output could not be written (other than a closed pipe); a file to change is left as it was
  kNotReported = 4,   ///< a file was changed, but the report of the change could not be written
  kStopped = 5,       ///< belote play: standard input ended before the game did
  kBotFailed = 6,     ///< belote play: a bot exited, timed out or gave no legal action
};

/// A usage error: printed with a pointer to --help, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
  /// The command or action whose help the message points to ("rulesets show"); set on the way out.
  std::string command;
};

/// What the system refused a command (a thread): the message, then exit status 1.
struct ResourceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Arguments after the subcommand's name.
struct Args {
  std::string command;  ///< e.g. "score", "rulesets show"
  std::vector<std::string> words;
};

/// One action of a command that has several (`belote rulesets show`, `belote sheet add`).
struct Action {
  std::string_view name;
  std::string_view summary;
  int (*run)(const Args&);
};

/// Runs the action the first word names, with the words after it; with no
/// word or --help, lists the actions and `example`.
int run_action(const Args& args, std::span<const Action> actions, std::string_view example);

/// "belote: error: ..." on stderr (in colour on a terminal, never with NO_COLOR or
/// TERM=dumb), with whatever could act on the terminal escaped.
void print_error(std::string_view message);
void print_warning(std::string_view message);
/// "belote: note: ...": what may help after an error.
void print_note(std::string_view message);
/// How a diagnostic is printed: "belote: error: ..." or "belote: warning: ...".
enum class Severity { error, warning };
/// A diagnostic with its location and, when known, the line and a caret.
void print_diagnostic(const Diagnostic& diagnostic, Severity severity = Severity::error);
void print_diagnostics(const Diagnostics& diagnostics);
/// A loaded ruleset's warnings ("belote: warning: file:line:col: 'KEY' has no effect: ..."), each with its caret.
void print_ruleset_warnings(const LoadedRuleset& loaded);
bool stderr_is_terminal();
/// Writes `text` to standard error as it is; a failure (closed, full) is ignored.
void write_stderr(std::string_view text);
bool stdout_is_terminal();
/// A terminal that moves the cursor and shows colours: not TERM=dumb.
bool stderr_takes_escape_sequences();

/// Makes Ctrl-C, SIGTERM and SIGHUP wait for a write of the output in
/// progress, so that output cut short ends on a whole line (called once, first).
void end_output_on_whole_lines();
/// For a command that ends itself on such a signal, after writing what it
/// must keep (`belote play`, its record): from now on the first one is only
/// noted, and interrupts a blocking read or wait (EINTR); a second one still
/// ends the program at once.
void note_ending_signals();
/// The signal noted by note_ending_signals (0: none yet).
int ending_signal();
/// Ends the program as the noted signal would have (returns when none was).
void end_by_ending_signal();
/// A child's process group (a bot's) that such a signal, ending this program,
/// ends too (SIGTERM): in a group of its own, the child does not see the
/// terminal's Ctrl-C. Returns false when too many are held.
bool end_group_with_program(int group);
/// The group has been ended or reaped: a signal leaves it alone.
void forget_group(int group);

/// Standard output that stops quietly when the reader goes away.
class Output {
 public:
  static Output& standard();
  /// Writes `text`, with whatever could act on a terminal escaped (terminal_safe).
  void write(std::string_view text);
  void line(std::string_view text) { write(text); write("\n"); }
  /// Writes text already made terminal-safe, as it is.
  void write_safe(std::string_view text);
  /// True once writing failed: producers should stop.
  bool closed() const { return failed_; }
  /// Writes what is held back, a part of a line included.
  void flush();
  /// Flushes; returns kSuccess, or kOutputFailed after an error other than a closed pipe.
  int finish();

 private:
  /// Writes `first` then `second` with a signal held off until both are out.
  void send(std::string_view first, std::string_view second = {});

  std::string pending_;  ///< written once it ends a line and holds enough
  bool failed_ = false;
  bool broken_pipe_ = false;
  bool reported_ = false;
  int error_ = 0;  ///< errno of the failed write, read before anything else could change it
};

/// The words of a command that are not options (deal files, ruleset names): the
/// usage line names them, the options list does not, and a missing one is asked
/// for in the user's words.
class Operands {
 public:
  /// `placeholder` is how the usage line writes it ("DEAL..."), `what` what to give ("the deals to score: …").
  /// `max` is how many words it takes (-1: the rest).
  Operands& add(const char* name, const po::value_semantic* value, int max, std::string_view placeholder,
                std::string_view what);
  const po::options_description& options() const { return options_; }
  const po::positional_options_description& positional() const { return positional_; }
  /// "missing NAME: the ruleset to show", for the operand given the option name "--ruleset", or "".
  std::string missing(std::string_view option) const;

 private:
  struct Operand {
    std::string name, placeholder, what;
  };
  po::options_description options_;
  po::positional_options_description positional_;
  std::vector<Operand> list_;
};

/// Parses a subcommand's options and operands; --help prints `usage`, the
/// options and `example`. Returns false when help was printed.
bool parse_options(const Args& args, const po::options_description& options, const Operands& operands,
                   po::variables_map& vm, std::string_view usage, std::string_view example);

/// --rulesets-dir and --untrusted, shared by every subcommand that reads a ruleset.
struct RulesetOptions {
  std::vector<std::string> dirs;
  bool untrusted = false;
  void add_dirs(po::options_description& options);
  /// The search path; a `--rulesets-dir` that is no directory is a usage error
  /// (a mistyped one would otherwise leave the rulesets in it unfound, unsaid).
  RulesetSearchPath search() const;
  RulesetLoader loader() const {
    return RulesetLoader(search(), untrusted ? RulesetTrust::untrusted : RulesetTrust::trusted);
  }
};

/// The ruleset a user names, or nullptr after printing every error.
std::shared_ptr<const Ruleset> load_ruleset(const RulesetLoader& loader, const std::string& name_or_path);
/// The same, with the files of its chain (empty `ruleset` on errors, already reported).
LoadedRuleset load_ruleset_files(const RulesetLoader& loader, const std::string& name_or_path);
/// Why `option`'s output `file` may not be written: it is a file `loaded` is read from (its own, a
/// base's, a record's given as the ruleset), which writing would replace; empty where it may. An
/// empty `option` (a command's operand) puts no name before the file.
std::string output_over_ruleset_refusal(const std::string& option, const std::string& file, const LoadedRuleset& loaded);

/// True when the ruleset states an auction (a game can be dealt and played at
/// the table); else prints why not and returns false.
bool states_auction(const Ruleset& rules);

/// The ruleset used when none is named: $BELOTE_RULESET, else "classique".
std::string default_ruleset_name();

std::string to_lower_ascii(std::string_view text);
/// Checks a --format value: "text" or "json", else a usage error naming it.
void require_text_or_json(const std::string& format);
/// Columns as wide as a terminal shows them: UTF-8 characters, not bytes.
std::size_t display_width(std::string_view text);
/// Rows in columns as wide as their widest cell, two spaces apart; the last column is not padded.
void write_table(Output& out, std::span<const std::array<std::string, 4>> rows);

/// A count and its noun, which takes an s after every count but 1: "1 deal", "3 deals".
std::string number_of(std::uint64_t count, std::string_view noun);
/// The first `count` of a list: "first differing deal" for 1, "first 3 differing deals" else.
std::string first_of(std::uint64_t count, std::string_view noun);

/// `part` as a share of `whole` (0 when there is none).
inline double share(std::uint64_t part, std::uint64_t whole) { return whole ? double(part) / double(whole) : 0.0; }

/// More threads than this would only cost memory: the work is bounded by the cores.
inline constexpr unsigned kMaxThreads = 1024;

/// The most random deals one run makes: days of work, and far from any count
/// that could wrap around.
inline constexpr std::uint64_t kMaxRandomDeals = 1'000'000'000'000;

/// A count or seed given as an option: digits only (no sign, space or
/// exponent; Boost would read "-5" into an unsigned option as a huge number),
/// from `min` to `max`. Anything else is a usage error that gives the range.
/// Every command reads its counts here, so all accept the same text.
std::uint64_t whole_number(std::string_view text, std::string_view option, std::uint64_t min, std::uint64_t max);

/// Suits as symbols (♥) in text output, or as letters (H) with --ascii.
SuitStyle suit_style(bool ascii);
/// The same for an output that may be JSON, which always writes suits as letters.
SuitStyle suit_style(bool ascii, bool json);

/// What a turned-card auction proposes, as "; turned card A♣", or "; turned
/// suit ♦" where only a suit is turned (klaverjas) or a later round turns
/// another (the last of `proposals`); empty in an auction that turns nothing.
std::string turned_text(const Deck& deck, int turned_card, std::span<const Suit> proposals, SuitStyle style);

}  // namespace belote::cli
