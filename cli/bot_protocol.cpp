// The bot protocol: observations as JSON, and a bot program spoken to over pipes.
#include "belote/json_text.h"
#include "bot_protocol.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "cli_support.h"
#include "shell_command.h"

extern char** environ;

namespace belote::cli {

namespace bot_protocol {
namespace {

using nlohmann::ordered_json;

// A bot's line longer than this is refused: an answer is a few bytes.
constexpr std::size_t kMaxAnswer = 1 << 20;

std::string seat_text(Seat seat) { return std::string(name(seat)); }

// Milliseconds left before `deadline`, for poll(); 0 once it has passed.
int left_until(std::chrono::steady_clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  return left.count() <= 0 ? 0 : int(std::min<std::int64_t>(left.count(), 1 << 30));
}

std::string seconds_text(std::chrono::milliseconds timeout) {
  const auto ms = timeout.count();
  return ms % 1000 == 0 ? fmt::format("{} s", ms / 1000) : fmt::format("{:.3g} s", double(ms) / 1000);
}

// Why an answer that is no JSON is not, in the JSON library's words.
std::string why_not_json(const std::string& line) {
  try {
    [[maybe_unused]] const auto value = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& e) {
    return json_error_reason(e);
  }
  return "";
}

}  // namespace
}  // namespace bot_protocol


nlohmann::ordered_json per_team_json(const PerTeam<int>& values) {
  return nlohmann::ordered_json{{"NS", values[Team::NS]}, {"EW", values[Team::EW]}};
}

Bot::Bot(Seat seat, std::string command, std::chrono::milliseconds timeout)
    : seat_(seat), command_(std::move(command)), timeout_(timeout) {}

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
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from[1], 1);
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
  if (failed != 0) {
    pid_ = -1;
    close(to[1]);
    close(from[0]);
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
  if (!status_) return fmt::format("{} closed its output", describe());
  if (WIFEXITED(*status_)) {
    // The shell's own statuses: the command could not be run at all.
    const int code = WEXITSTATUS(*status_);
    const char* why = code == 127 ? " (/bin/sh's status for a command not found)"
                      : code == 126 ? " (/bin/sh's status for a command it cannot run: not executable)"
                                    : "";
    return fmt::format("{} exited with status {}{}", describe(), code, why);
  }
  if (WIFSIGNALED(*status_)) return fmt::format("{} was ended by signal {}", describe(), WTERMSIG(*status_));
  return fmt::format("{} has ended", describe());
}

std::string Bot::send(const nlohmann::ordered_json& message) {
  if (to_bot_ < 0) return fmt::format("{} is not running", describe());
  const std::string line = json_text(message) + "\n";
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
      if (poll(&wait, 1, bot_protocol::left_until(deadline)) == 0)
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
      last_line_ = line;
      return line;
    }
    if (pending_.size() > bot_protocol::kMaxAnswer) {
      error = fmt::format("{} wrote a line longer than {} bytes", describe(), bot_protocol::kMaxAnswer);
      return std::nullopt;
    }
    pollfd wait{from_bot_, POLLIN, 0};
    const int ready = poll(&wait, 1, bot_protocol::left_until(deadline));
    if (ready < 0 && errno == EINTR && ending_signal()) {
      error = fmt::format("{}: interrupted while it thought", describe());
      return std::nullopt;
    }
    if (ready < 0 && errno == EINTR) continue;
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

std::optional<std::string> Bot::unasked() {
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
  for (Bot* bot : bots) {
    if (bot->to_bot_ >= 0) close(bot->to_bot_);
    bot->to_bot_ = -1;
  }
  const auto all_exited = [&] { return std::ranges::all_of(bots, [](Bot* bot) { return bot->exited(); }); };
  // A second to end on its own after its input ends, another after SIGTERM: for all of them together.
  for (int signal : {0, SIGTERM, SIGKILL}) {
    if (signal)
      for (Bot* bot : bots)
        if (bot->group_ > 0) kill(-bot->group_, signal);
    for (int i = 0; i < 100 && !all_exited(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (all_exited()) break;
  }
  for (Bot* bot : bots) {
    if (bot->pid_ > 0) waitpid(bot->pid_, nullptr, 0);
    bot->pid_ = -1;
    if (bot->group_ > 0) forget_group(bot->group_);
    bot->group_ = -1;
    if (bot->from_bot_ >= 0) close(bot->from_bot_);
    bot->from_bot_ = -1;
  }
}

nlohmann::ordered_json start_message(const Table& table, Seat seat) {
  const TableSetup& setup = table.setup();
  return nlohmann::ordered_json{{"type", "start"},
                                {"protocol", 1},
                                {"ruleset", table.rules().info.name},
                                {"seat", bot_protocol::seat_text(seat)},
                                {"seed", setup.seed},
                                {"first_dealer", std::string(name(setup.first_dealer))},
                                {"target", table.target()},
                                {"menes", setup.max_menes},
                                {"deals", table.rules().game.deals},
                                {"teams", {{"NS", setup.teams[Team::NS]}, {"EW", setup.teams[Team::EW]}}},
                                {"actions", table.actions().size()}};
}

std::optional<std::pair<belote::Action, std::string>> ask_bot(Bot& bot, Table& table,
                                                      const std::function<std::string(const Table&, belote::Action)>& words,
                                                      std::string& error) {
  const Seat seat = table.to_act();
  const nlohmann::ordered_json request{{"type", "act"},
                             {"seat", bot_protocol::seat_text(seat)},
                             {"observation", nlohmann::ordered_json::parse(observation_json(table, table.observe(seat)))},
                             {"legal", nlohmann::ordered_json::parse(legal_actions_json(table))}};
  std::string wrong;
  for (int attempt = 1; attempt <= kBotTries; ++attempt) {
    if (attempt > 1) {
      if (error = bot.send(nlohmann::ordered_json{{"type", "error"}, {"message", wrong}, {"tries_left", kBotTries - attempt + 1}});
          !error.empty())
        return std::nullopt;
    }
    // A line written before it was asked would be read as this answer: the bot and the game no longer agree.
    // The line before it is named too: which of the two was the extra one, only the bot knows.
    if (const auto early = bot.unasked()) {
      const std::string after = bot.last_line() ? fmt::format(", after '{}'", shown(*bot.last_line())) : "";
      error = fmt::format("{} wrote a line it was not asked for: '{}'{} (a bot writes one line for each act, its answer)",
                          bot.describe(), shown(*early), after);
      return std::nullopt;
    }
    if (error = bot.send(request); !error.empty()) return std::nullopt;
    const auto line = bot.receive(error);
    if (!line) return std::nullopt;
    const auto answer = nlohmann::json::parse(*line, nullptr, false);
    std::optional<belote::Action> action;
    if (answer.is_discarded()) {
      wrong = fmt::format("'{}' is not JSON ({}): answer {{\"action\": N}} or {{\"text\": \"...\"}}", shown(*line),
                          terminal_safe_line(bot_protocol::why_not_json(*line), 120));
    } else if (!answer.is_object()) {
      wrong = fmt::format("'{}' is not a JSON object: answer {{\"action\": N}} or {{\"text\": \"...\"}}", shown(*line));
    } else if (answer.contains("action")) {
      const auto& number = answer["action"];
      if (number.is_number_unsigned() && number.get<std::uint64_t>() < std::uint64_t(table.actions().size()))
        action = belote::Action(number.get<std::uint64_t>());
      else
        wrong = fmt::format("'action': {} is not the number of one of the legal actions", shown(json_text(number)));
    } else if (answer.contains("text")) {
      const auto& text = answer["text"];
      if (text.is_string()) action = table.parse_action(text.get<std::string>());
      if (!action) wrong = fmt::format("'text': {} is no action here", shown(json_text(text)));
    } else {
      wrong = "the answer has neither 'action' nor 'text'";
    }
    if (action) {
      std::string said = words(table, *action);
      const std::string text = table.action_text(*action);
      const auto refused = table.apply(*action);
      if (!refused) return std::pair{*action, std::move(said)};
      wrong = fmt::format("{}: {}", text, refused->message);
    }
  }
  error = fmt::format("{} gave no legal action in {} answers; the last: {}", bot.describe(), kBotTries, wrong);
  return std::nullopt;
}

}  // namespace belote::cli
