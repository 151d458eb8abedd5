// The bot protocol: a bot program spoken to over pipes (the messages are the engine's: belote/bot_messages.h).
#include "belote/ruleset_search.h"
#include "bot_protocol.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <poll.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <system_error>
#include <thread>
#include <unistd.h>

#include "cli_support.h"
#include "shell_command.h"

extern char** environ;

namespace belote::cli {

namespace bot_protocol {
namespace {

// A bot's line longer than this is refused: an answer is a few bytes.
constexpr std::size_t kMaxAnswer = 1 << 20;

// Milliseconds between looks at an ending signal while a bot thinks: in an
// arena the signal interrupts another thread's wait, not this one's.
constexpr int kSignalLook = 100;

// How long, after a refused answer, the game waits for a line a bot out of step would write.
constexpr std::chrono::milliseconds kOutOfStepWait{100};

// Milliseconds left before `deadline`, for poll(); 0 once it has passed.
int left_until(std::chrono::steady_clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  return left.count() <= 0 ? 0 : int(std::min<std::int64_t>(left.count(), 1 << 30));
}

std::string seconds_text(std::chrono::milliseconds timeout) {
  const auto ms = timeout.count();
  return ms % 1000 == 0 ? fmt::format("{} s", ms / 1000) : fmt::format("{:.3g} s", double(ms) / 1000);
}

// A line of a bot's standard error longer than this is passed on in pieces of
// this many bytes, each a line of its own: a bot that writes megabytes without
// a line feed holds no more of them in memory than this.
constexpr std::size_t kStderrPiece = 4096;

// What is still read of a bot's standard error once the bot has ended: a
// process it started that left its group (setsid) and writes on is not waited for.
constexpr std::size_t kStderrAfterEnd = 1 << 20;

// One line of a bot's standard error, written to this program's after its
// label in one write, with standard error's lock held: the lines of the bots
// (threads of their own) and the program's own messages never mix mid-line.
// Escaped as the program escapes whatever it quotes (terminal_safe, tabs kept):
// on the terminal the bot's lines sit among the game's and the other bots', and
// a carriage return or an escape sequence could rewrite the label, another
// line, or the screen, so that what a seat wrote could pass for another's or
// for the game's. A bot's colours are lost; its words, even in bytes that are
// not UTF-8, all reach the terminal as text.
void pass_on(std::string_view label, std::string_view text, std::string& line) {
  line.assign(label);
  line += terminal_safe(text);
  line += '\n';
  const int saved = errno;
  flockfile(stderr);
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t n = write(STDERR_FILENO, line.data() + done, line.size() - done);
    if (n > 0) done += std::size_t(n);
    else if (n < 0 && errno == EINTR) continue;
    else break;  // standard error closed, full or gone: the bot's lines are dropped, as the program's would be
  }
  funlockfile(stderr);
  errno = saved;
}

// Reads a bot's standard error (`from`, not blocking) until every process
// holding it has ended, or until `ended` is told and what was written is
// read, passing each line on; the thread of one bot. It reads whatever comes,
// so a bot that writes much while the game waits for its answer never waits
// on a full pipe.
void relay_stderr(int from, int ended, std::string label) {
  std::string pending, line;
  // Each whole line, and pieces of a line too long to wait for its end.
  const auto pass_on_lines = [&] {
    std::size_t at = 0;
    for (;;) {
      const std::string_view rest = std::string_view(pending).substr(at);
      // A line of a piece's length ended CR LF is one line still: its CR is no part of it.
      std::size_t end = rest.substr(0, kStderrPiece + 2).find('\n');
      if (end == kStderrPiece + 1 && rest[kStderrPiece] != '\r') end = std::string_view::npos;
      if (end != std::string_view::npos) {
        std::string_view text = rest.substr(0, end);
        if (text.ends_with('\r')) text.remove_suffix(1);  // a line ended CR LF
        pass_on(label, text, line);
        at += end + 1;
        continue;
      }
      if (rest.size() <= kStderrPiece) break;
      // Not in the middle of a UTF-8 character: each piece is escaped alone.
      std::size_t cut = kStderrPiece;
      while (cut > kStderrPiece - 3 && (static_cast<unsigned char>(rest[cut]) & 0xC0) == 0x80) --cut;
      pass_on(label, rest.substr(0, cut), line);
      at += cut;
    }
    pending.erase(0, at);
  };
  bool ending = false;
  std::size_t after_end = 0;
  char buffer[4096];
  for (;;) {
    if (!ending) {
      pollfd wait[2] = {{from, POLLIN, 0}, {ended, POLLIN, 0}};
      if (poll(wait, 2, -1) < 0) {
        if (errno == EINTR || errno == EAGAIN || errno == ENOMEM) continue;
        break;
      }
      ending = wait[1].revents != 0;
      if (wait[0].revents == 0 && !ending) continue;
    }
    const ssize_t n = read(from, buffer, sizeof buffer);
    if (n > 0) {
      pending.append(buffer, std::size_t(n));
      pass_on_lines();
      if (ending && (after_end += std::size_t(n)) > kStderrAfterEnd) break;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      if (ending) break;  // all it wrote is read
    } else {
      break;  // its end: every process that held it has ended
    }
  }
  // The last line, where the bot ended it without a line feed.
  std::string_view last = pending;
  if (last.ends_with('\r')) last.remove_suffix(1);
  if (!last.empty()) pass_on(label, last, line);
  close(from);
}

// How a bot's process ended, from its wait status.
std::string exit_text(int status) {
  if (WIFEXITED(status)) {
    // The shell's own statuses: the command could not be run at all.
    const int code = WEXITSTATUS(status);
    const char* why = code == 127 ? " (/bin/sh's status for a command not found)"
                      : code == 126 ? " (/bin/sh's status for a command it cannot run: not executable)"
                                    : "";
    return fmt::format("exited with status {}{}", code, why);
  }
  if (WIFSIGNALED(status)) return fmt::format("was ended by signal {}", WTERMSIG(status));
  return "has ended";
}

#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34)))
// Where the child cannot be told to close them: every descriptor above 2 marked close-on-exec.
void close_on_exec_above_2() {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    const std::string name = entry.path().filename().string();
    const int fd = std::atoi(name.c_str());
    if (fd > 2) fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
  }
}
#endif

}  // namespace
}  // namespace bot_protocol

Bot::Bot(Seat seat, std::string command, std::chrono::milliseconds timeout)
    : seat_(seat), command_(std::move(command)), timeout_(timeout), stderr_label_(fmt::format("[bot {}] ", name(seat))) {}

Bot::~Bot() { stop(); }

std::string Bot::describe() const { return fmt::format("bot {} ({})", name(seat_), shown(command_)); }

std::string Bot::start() {
  int to[2], from[2];
  if (pipe2(to, O_CLOEXEC) != 0) return fmt::format("{}: cannot make a pipe: {}", describe(), std::strerror(errno));
  if (pipe2(from, O_CLOEXEC) != 0) {
    const int error = errno;
    close(to[0]);
    close(to[1]);
    return fmt::format("{}: cannot make a pipe: {}", describe(), std::strerror(error));
  }
  const int stderr_end = relay_stderr();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from[1], 1);
  if (stderr_end >= 0) posix_spawn_file_actions_adddup2(&actions, stderr_end, 2);
  // Nothing but its pipes and standard error: a file this program has open (an arena's --records, one it
  // inherited) is not the bot's to write.
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#else
  bot_protocol::close_on_exec_above_2();
#endif
  // The bot's own process group, so that one that does not end is ended with
  // whatever it started; signals this program ignores are the bot's again.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGXFSZ);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
  // A simple command replaces the shell: a bot that closes its output is then seen to, though it goes on running.
  std::string shell = "/bin/sh", dash_c = "-c", line = replacing_the_shell(command_);
  char* argv[] = {shell.data(), dash_c.data(), line.data(), nullptr};
  const int failed = posix_spawn(&pid_, "/bin/sh", &actions, &attributes, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(to[0]);
  close(from[1]);
  if (stderr_end >= 0) close(stderr_end);
  if (failed != 0) {
    pid_ = -1;
    close(to[1]);
    close(from[0]);
    finish_stderr();
    return fmt::format("{}: cannot start /bin/sh: {}", describe(), std::strerror(failed));
  }
  group_ = pid_;
  end_group_with_program(group_);
  to_bot_ = to[1];
  from_bot_ = from[0];
  fcntl(to_bot_, F_SETFL, fcntl(to_bot_, F_GETFL) | O_NONBLOCK);
  fcntl(from_bot_, F_SETFL, fcntl(from_bot_, F_GETFL) | O_NONBLOCK);
  return {};
}

int Bot::relay_stderr() {
  int pipe_ends[2];
  if (pipe2(pipe_ends, O_CLOEXEC) != 0) return -1;
  const int ended = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (ended < 0) {
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    return -1;
  }
  fcntl(pipe_ends[0], F_SETFL, fcntl(pipe_ends[0], F_GETFL) | O_NONBLOCK);
  // No signal is the thread's: Ctrl-C is for the game's threads, to cut their waits short, and a write
  // to a standard error gone fails (EPIPE) instead of ending the program.
  sigset_t all, kept;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &kept);
  try {
    stderr_relay_ = std::thread(bot_protocol::relay_stderr, pipe_ends[0], ended, stderr_label_);
  } catch (const std::system_error&) {
    // No thread to be had: the bot's lines unlabelled are better than no game.
  }
  pthread_sigmask(SIG_SETMASK, &kept, nullptr);
  if (!stderr_relay_.joinable()) {
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    close(ended);
    return -1;
  }
  stderr_ended_ = ended;
  return pipe_ends[1];
}

void Bot::finish_stderr() {
  if (!stderr_relay_.joinable()) return;
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t told = write(stderr_ended_, &one, sizeof one);
  stderr_relay_.join();
  close(stderr_ended_);
  stderr_ended_ = -1;
}

std::string Bot::ended() {
  // The output closes as the bot exits: give it a moment to be reaped.
  for (int i = 0; i < 100 && !status_ && pid_ > 0; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      forget_group(pid_);
      status_ = status;
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // Its last words on standard error (a traceback, why it gave up) come before the game's message,
  // once no process of its group is left to write more.
  if (status_ && !(group_ > 0 && kill(-group_, 0) == 0)) finish_stderr();
  if (!status_) return fmt::format("{} closed its output", describe());
  return fmt::format("{} {}", describe(), bot_protocol::exit_text(*status_));
}

std::optional<std::string> Bot::failed_exit() const {
  if (!status_) return std::nullopt;
  if (WIFEXITED(*status_) && WEXITSTATUS(*status_) == 0) return std::nullopt;
  if (WIFSIGNALED(*status_) && signalled_ && (WTERMSIG(*status_) == SIGTERM || WTERMSIG(*status_) == SIGKILL))
    return std::nullopt;
  return fmt::format("{} {}", describe(), bot_protocol::exit_text(*status_));
}

std::string Bot::send(std::string_view message) {
  if (to_bot_ < 0) return fmt::format("{} is not running", describe());
  std::string line(message);
  line += '\n';
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t n = write(to_bot_, line.data() + done, line.size() - done);
    if (n > 0) {
      done += std::size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {
      pollfd wait{to_bot_, POLLOUT, 0};
      const int left = bot_protocol::left_until(deadline);
      const int ready = poll(&wait, 1, std::min(left, bot_protocol::kSignalLook));
      if (ending_signal()) return fmt::format("{}: interrupted while it read nothing", describe());
      if (ready == 0 && left <= bot_protocol::kSignalLook)
        return fmt::format("{} read nothing for {} (--bot-timeout)", describe(), bot_protocol::seconds_text(timeout_));
      continue;
    }
    if (errno == EPIPE) return ended();
    return fmt::format("{}: cannot write to it: {}", describe(), std::strerror(errno));
  }
  return {};
}

std::optional<std::string> Bot::receive(std::string& error) {
  if (from_bot_ < 0) {
    error = fmt::format("{} is not running", describe());
    return std::nullopt;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  for (;;) {
    if (const auto end = pending_.find('\n'); end != std::string::npos) {
      std::string line = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (pending_.size() > bot_protocol::kMaxAnswer) {
      error = fmt::format("{} wrote a line longer than {} bytes", describe(), bot_protocol::kMaxAnswer);
      return std::nullopt;
    }
    pollfd wait{from_bot_, POLLIN, 0};
    const int left = bot_protocol::left_until(deadline);
    const int ready = poll(&wait, 1, std::min(left, bot_protocol::kSignalLook));
    if (ending_signal()) {
      error = fmt::format("{}: interrupted while it thought", describe());
      return std::nullopt;
    }
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0 && left > bot_protocol::kSignalLook) continue;
    if (ready == 0) {
      if (!pending_.empty())
        error = fmt::format("{} wrote '{}' but did not end the line within {} (--bot-timeout): end each answer with a newline",
                            describe(), shown(pending_), bot_protocol::seconds_text(timeout_));
      else
        error = fmt::format("{} did not answer within {} (--bot-timeout)", describe(), bot_protocol::seconds_text(timeout_));
      return std::nullopt;
    }
    char buffer[4096];
    const ssize_t n = read(from_bot_, buffer, sizeof buffer);
    if (n > 0) {
      pending_.append(buffer, std::size_t(n));
    } else if (n == 0) {
      error = ended();
      return std::nullopt;
    } else if (errno != EINTR && errno != EAGAIN) {
      error = fmt::format("{}: cannot read from it: {}", describe(), std::strerror(errno));
      return std::nullopt;
    }
  }
}

std::optional<std::string> Bot::unasked(std::chrono::milliseconds wait) {
  if (pending_.empty() && from_bot_ >= 0 && wait.count() > 0) {
    pollfd ready{from_bot_, POLLIN, 0};
    poll(&ready, 1, int(wait.count()));
  }
  while (from_bot_ >= 0 && pending_.size() <= bot_protocol::kMaxAnswer) {
    char buffer[4096];
    const ssize_t n = read(from_bot_, buffer, sizeof buffer);
    if (n > 0) pending_.append(buffer, std::size_t(n));
    else if (n < 0 && errno == EINTR) continue;
    else break;  // nothing more now, or the end: receive() tells which
  }
  if (pending_.empty()) return std::nullopt;
  std::string line = pending_.substr(0, pending_.find('\n'));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

void Bot::end_input() {
  if (to_bot_ >= 0) close(to_bot_);
  to_bot_ = -1;
}

bool Bot::exited() {
  if (pid_ > 0) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
    status_ = status;
    pid_ = -1;
  }
  // What the shell started may outlive it in its group (a command it did not exec).
  if (group_ > 0 && kill(-group_, 0) == 0) return false;
  if (group_ > 0) forget_group(group_);
  group_ = -1;
  return true;
}

void Bot::stop_all(std::span<Bot* const> bots) {
  for (Bot* bot : bots) bot->end_input();
  const auto all_exited = [&] { return std::ranges::all_of(bots, [](Bot* bot) { return bot->exited(); }); };
  // A second to end on its own after its input ends, another after SIGTERM: for all of them together.
  for (int signal : {0, SIGTERM, SIGKILL}) {
    if (signal)
      for (Bot* bot : bots)
        if (bot->group_ > 0) {
          if (bot->pid_ > 0) bot->signalled_ = true;
          kill(-bot->group_, signal);
        }
    for (int i = 0; i < 100 && !all_exited(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (all_exited()) break;
  }
  for (Bot* bot : bots) {
    if (int status = 0; bot->pid_ > 0 && waitpid(bot->pid_, &status, 0) == bot->pid_) bot->status_ = status;
    bot->pid_ = -1;
    if (bot->group_ > 0) forget_group(bot->group_);
    bot->group_ = -1;
    if (bot->from_bot_ >= 0) close(bot->from_bot_);
    bot->from_bot_ = -1;
    bot->finish_stderr();
  }
}

std::string bot_ruleset_reference(const std::string& given) {
  if (!is_ruleset_path(given)) return given;
  std::error_code ec;
  return std::filesystem::absolute(given, ec).lexically_normal().string();
}

namespace bot_protocol {
namespace {

// A line the bot wrote unasked, shown after the lines it wrote since it was
// last in step: which of them was the extra one (a banner, a second answer)
// only the bot knows, and it may have been taken for an answer already.
std::string unasked_error(const Bot& bot, const std::string& line) {
  const Bot::Turn& turn = bot.turn();
  if (turn.acts == 0)
    return fmt::format("{} wrote a line before its first act: '{}' (a bot writes one line for each act, its answer, and no other)",
                       bot.describe(), shown(line));
  // The last few are enough to see where it went wrong.
  constexpr std::size_t kShown = 6;
  std::string written = turn.lines.size() > kShown ? "…, " : "";
  for (std::size_t i = turn.lines.size() - std::min(turn.lines.size(), kShown); i < turn.lines.size(); ++i)
    written += turn.lines[i] + ", ";
  return fmt::format("{} wrote more lines than it was asked for: to its last {} it wrote {} lines: {}'{}' (a bot writes one "
                     "line for each act, its answer, and no other)",
                     bot.describe(), turn.acts == 1 ? std::string("act") : fmt::format("{} acts", turn.acts),
                     turn.lines.size() + 1, written, shown(line));
}

}  // namespace
}  // namespace bot_protocol

std::optional<std::pair<belote::Action, std::string>> ask_bot(Bot& bot, Table& table,
                                                      const std::function<std::string(const Table&, belote::Action)>& words,
                                                      std::string& error) {
  const std::string request = bot_act_message(table);
  // A line written before it was asked would be read as this answer: the bot and the game no longer agree.
  if (const auto early = bot.unasked()) {
    error = bot_protocol::unasked_error(bot, *early);
    return std::nullopt;
  }
  // A turn answered in one line leaves the bot in step; after a refusal, an extra line may have been
  // taken for an answer and show only later: the lines are kept until a turn is answered so.
  Bot::Turn& turn = bot.turn();
  if (turn.acts == 1 && turn.lines.size() == 1) turn = {};
  std::string wrong;
  for (int attempt = 1; attempt <= kBotTries; ++attempt) {
    if (attempt > 1) {
      // The refused line may have been one it was not asked for (a banner, a second answer) and its
      // answer on its way: a bot in step writes nothing now, one out of step soon does.
      if (const auto early = bot.unasked(bot_protocol::kOutOfStepWait)) {
        error = bot_protocol::unasked_error(bot, *early);
        return std::nullopt;
      }
      if (error = bot.send(bot_error_message(wrong, kBotTries - attempt + 1)); !error.empty())
        return std::nullopt;
    }
    if (error = bot.send(request); !error.empty()) return std::nullopt;
    ++turn.acts;
    const auto line = bot.receive(error);
    if (!line) return std::nullopt;
    std::optional<belote::Action> action = read_bot_answer(table, *line, wrong);
    if (action) {
      std::string said = words(table, *action);
      const std::string text = table.action_text(*action);
      const auto refused = table.apply(*action);
      if (!refused) {
        turn.lines.push_back(fmt::format("'{}' (played: {})", shown(*line), text));
        return std::pair{*action, std::move(said)};
      }
      // The answer as the bot wrote it, then the action it names: {"action":0} is a card.
      wrong = fmt::format("'{}' ({}): {}", shown(*line), text, refused->message);
    }
    turn.lines.push_back(fmt::format("'{}' (refused)", shown(*line)));
  }
  error = fmt::format("{} gave no legal action in {} answers; the last: {}", bot.describe(), kBotTries, wrong);
  return std::nullopt;
}

}  // namespace belote::cli
