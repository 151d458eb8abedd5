// The bot protocol of `belote play` (docs/table.md, "The bot protocol"): an
// external program plays one seat, reading one JSON object per line on its
// standard input and answering one per line on its standard output.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <thread>
#include <vector>

#include <belote/belote.h>

namespace belote::cli {

/// (The messages and the reading of an answer are the engine's: belote/bot_messages.h.)
/// The ruleset given as `given` (--ruleset) as a bot finds it: a name as it is, a path made absolute
/// (a bot may run `belote advise --ruleset` from a directory of its own).
std::string bot_ruleset_reference(const std::string& given);

/// A bot: a program started through `/bin/sh -c COMMAND`, its standard input
/// and output piped to this one, its standard error piped to a thread of this
/// program's that passes each line on to this program's standard error,
/// labelled with the bot's seat ("[bot N] "), and no other file of this
/// program's open in it.
class Bot {
 public:
  Bot(Seat seat, std::string command, std::chrono::milliseconds timeout);
  ~Bot();
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  Seat seat() const { return seat_; }
  /// "bot W (python3 bot.py)": how messages name it.
  std::string describe() const;
  /// What each line of its standard error is written after ("[bot N] " unless
  /// given before start()), as it is: the caller's text, not the bot's.
  void label_stderr(std::string label) { stderr_label_ = std::move(label); }

  /// Starts the program; an error in words, or empty.
  std::string start();
  /// Sends one message (a line of JSON, belote/bot_messages.h), adding its
  /// line feed; an error in words (the bot has exited, or did not read within
  /// the timeout), or empty.
  std::string send(std::string_view message);
  /// The next line the bot writes; none with `error` set when it exits, closes
  /// its output, writes a line over 1 MiB, says nothing within the timeout,
  /// or an ending signal comes (noted by note_ending_signals) while it thinks.
  std::optional<std::string> receive(std::string& error);
  /// What the bot has written and nobody asked for (a second answer, a line
  /// before its `act`), read waiting no longer than `wait` for it: its first
  /// line, or none.
  std::optional<std::string> unasked(std::chrono::milliseconds wait = {});
  /// The acts the bot was sent since its last turn answered in one line
  /// (ask_bot), and each line it wrote with what became of it: what an
  /// unasked line is shown after, since which line was the extra one only the
  /// bot knows.
  struct Turn {
    int acts = 0;
    std::vector<std::string> lines;
  };
  Turn& turn() { return turn_; }
  const Turn& turn() const { return turn_; }
  /// Closes the bot's input, without waiting: it should exit (stop() waits).
  void end_input();
  /// Closes the bot's input (its end of the game), waits a moment for it to
  /// exit, then ends it.
  void stop() { stop_all(std::span<Bot* const>(std::array<Bot*, 1>{this})); }
  /// The same for several bots at once: every input closed, then a second for
  /// all of them to exit, a second more after SIGTERM, then SIGKILL, so that
  /// a game of four bots that do not end on their own ends in two seconds.
  static void stop_all(std::span<Bot* const> bots);
  /// Once stopped: how the bot ended where it failed on its own ("bot E
  /// (COMMAND) exited with status 1", "… was ended by signal 11"); none where
  /// it exited with status 0, was ended by stop_all's signals, or never ran.
  std::optional<std::string> failed_exit() const;

 private:
  /// Whether the program has exited (its status kept), looking without waiting.
  bool exited();
  /// Why the bot's output ended: its exit status, once it has exited.
  std::string ended();
  /// Its standard error to a pipe that a thread reads (stderr_relay_): the
  /// pipe's end for the bot, or -1 where none could be made (it then writes
  /// to this program's standard error as it is).
  int relay_stderr();
  /// Once the bot has ended: what it wrote on its standard error passed on,
  /// the last line too where it has no line feed, and the thread ended.
  void finish_stderr();

  Seat seat_;
  std::string command_;
  std::chrono::milliseconds timeout_;
  pid_t pid_ = -1;
  /// The process group of the shell and what it started (its pid): ended whole.
  pid_t group_ = -1;
  int to_bot_ = -1;
  int from_bot_ = -1;
  std::string pending_;
  Turn turn_;
  std::optional<int> status_;
  /// Whether stop_all signalled its group before it had exited: a death by that signal is no failure of its own.
  bool signalled_ = false;
  std::string stderr_label_;
  std::thread stderr_relay_;
  /// An eventfd that tells stderr_relay_ the bot has ended: read what is left, without waiting for more.
  int stderr_ended_ = -1;
};

/// How many answers a bot may give for one turn before the game stops.
inline constexpr int kBotTries = 3;

/// Asks `bot` for the action of its seat, the seat to act at `table`, and
/// applies it. An answer that is no JSON, no legal action or no action at all
/// (or names two: an "action" and a "text" that differ) is sent back as an
/// error and the bot asked again, `kBotTries` answers in all. A line the bot
/// wrote before it was sent an `act` stops it. Returns the action applied and its words as `words` gives them before
/// it is applied, or none with `error` set.
std::optional<std::pair<belote::Action, std::string>> ask_bot(Bot& bot, Table& table,
                                                      const std::function<std::string(const Table&, belote::Action)>& words,
                                                      std::string& error);

}  // namespace belote::cli
