#include "test_support.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <boost/test/unit_test.hpp>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace belote::test {

namespace fs = std::filesystem;

fs::path source_dir() { return BELOTE_SOURCE_DIR; }
fs::path tests_dir() { return BELOTE_TESTS_DIR; }
fs::path rulesets_dir() { return BELOTE_RULESETS_DIR; }

std::vector<fs::path> toml_files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".toml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> case_files() { return toml_files_in(tests_dir() / "cases"); }

std::vector<std::string> shipped_ruleset_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(rulesets_dir()))
    if (entry.path().extension() == ".toml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> classic_contract_ruleset_names() {
  std::vector<std::string> names;
  for (const auto& name : shipped_ruleset_names()) {
    const LoadedRuleset loaded = shipped_loader().load(name);
    if (!loaded.ok()) continue;
    const Ruleset& r = *loaded.ruleset;
    const bool classic = !r.kinds_named && !r.bids.any() && r.doubling.empty() && r.rounding.step == 1 &&
                         r.rounding.unit == 1 && r.contract.test == ContractTest::more_than_defenders &&
                         std::none_of(r.scoring.given.begin(), r.scoring.given.end(), [](bool given) { return given; });
    if (classic) names.push_back(name);
  }
  return names;
}

RulesetLoader shipped_loader(const std::vector<fs::path>& extra) {
  RulesetSearchPath search;
  for (const auto& dir : extra) search.add(dir, "--rulesets-dir");
  search.add(rulesets_dir(), "installed");
  return RulesetLoader(search);
}

std::shared_ptr<const Ruleset> ruleset(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  auto& slot = cache[name];
  if (!slot) {
    LoadedRuleset loaded = shipped_loader().load(name);
    for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
    BOOST_REQUIRE_MESSAGE(loaded.ok(), "ruleset " << name << " does not load");
    slot = loaded.ruleset;
  }
  return slot;
}

LoadedRuleset load_text(const std::string& toml, const std::string& display) {
  return shipped_loader().load_string(toml, display, "test");
}

Deal deal_from_toml(const Ruleset& rules, const std::string& toml) {
  Deal deal;
  const Diagnostics errors = toml_deal_errors(rules, toml, &deal);
  for (const auto& e : errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_REQUIRE_MESSAGE(errors.empty(), "the deal does not read");
  return deal;
}

Diagnostics json_deal_errors(const Ruleset& rules, const std::string& line, Deal* deal) {
  Deal local;
  Diagnostics errors;
  DealReader(rules).read_json_line(line, "deals.jsonl", 1, deal ? *deal : local, errors);
  return errors;
}

Diagnostics toml_deal_errors(const Ruleset& rules, const std::string& toml, Deal* deal) {
  Deal local;
  Diagnostics errors;
  DealReader(rules).read_toml(toml, "deal.toml", deal ? *deal : local, errors);
  return errors;
}

std::string random_deal_lines(std::uint64_t seed, std::uint64_t count) {
  const RandomDeals random(classic_deck(), seed);
  std::string out;
  Deal deal;
  for (std::uint64_t i = 0; i < count; ++i) {
    random.make(i, deal);
    out += deal_json(classic_deck(), deal).dump() + "\n";
  }
  return out;
}

CardSet cards_of(const Deck& deck, const std::string& text) {
  CardSet cards = 0;
  std::istringstream tokens(text);
  for (std::string token; tokens >> token;) {
    const auto card = deck.parse_card(token);
    if (!card) throw std::invalid_argument("not a card: '" + token + "'");
    cards |= card_bit(*card);
  }
  return cards;
}

std::string with(const std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
    throw std::logic_error("the edit '" + from + "' does not match exactly once");
  return text.substr(0, at) + to + text.substr(at + from.size());
}

namespace {

std::uint64_t whole_number_from(const char* variable) {
  const char* text = std::getenv(variable);
  return std::max<std::uint64_t>(1, text && *text ? std::strtoull(text, nullptr, 10) : 1);
}

}  // namespace

std::uint64_t scaled(std::uint64_t count) {
  return std::max<std::uint64_t>(1, count * whole_number_from("BELOTE_TEST_DEPTH") / whole_number_from("BELOTE_TEST_SCALE"));
}

fs::path temp_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("belote-test-{}-{}", getpid(), name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write_file(const fs::path& path, const std::string& text) {
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

RunResult run_belote(const std::vector<std::string>& args, const std::string& input,
                     const std::vector<std::string>& env) {
  return run_program(BELOTE_PROGRAM, args, input, env);
}

pid_t start_belote_quietly(const std::vector<std::string>& args) {
  std::vector<std::string> strings{BELOTE_PROGRAM};
  strings.insert(strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  BOOST_REQUIRE(posix_spawn(&pid, BELOTE_PROGRAM, &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

std::string ruleset_of_44_cards() {
  // C(44, 11) = 7,669,339,132 hands.
  return R"(extends = "classique"
[deck]
ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_order = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
plain_order = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
hand_size = 11
trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0, 6 = 0, 5 = 0, 4 = 0 }
plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0, 6 = 0, 5 = 0, 4 = 0 }
[carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0, 5 = 0, 4 = 0 }
order = ["4", "5", "6", "7", "8", "9", "J", "Q", "K", "10", "A"]
)";
}

RunResult run_program(const std::string& program, const std::vector<std::string>& args, const std::string& input,
                      const std::vector<std::string>& env) {
  // The program may stop reading its input early (a limit, an error): see EPIPE, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2], err_pipe[2];
  BOOST_REQUIRE(pipe(in_pipe) == 0 && pipe(out_pipe) == 0 && pipe(err_pipe) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
    posix_spawn_file_actions_addclose(&actions, fd);

  std::vector<std::string> argv_strings{program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  for (const std::string& setting : env) {
    const std::string key = setting.substr(0, setting.find('=') + 1);
    std::erase_if(env_strings, [&](const std::string& s) { return s.starts_with(key); });
    env_strings.push_back(setting);
  }
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  BOOST_REQUIRE_MESSAGE(spawned == 0, "cannot start " << program);

  // Feed stdin and drain both outputs together, so no pipe fills up and blocks.
  RunResult result;
  std::size_t written = 0;
  fcntl(in_pipe[1], F_SETFL, O_NONBLOCK);
  if (input.empty()) {
    close(in_pipe[1]);
    in_pipe[1] = -1;
  }
  int open_outputs = 2;
  char buffer[1 << 16];
  while (open_outputs > 0) {
    pollfd fds[3] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}, {in_pipe[1], POLLOUT, 0}};
    poll(fds, in_pipe[1] >= 0 ? 3 : 2, -1);
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        (i == 0 ? result.out : result.err).append(buffer, std::size_t(n));
      } else {
        close(fds[i].fd);
        (i == 0 ? out_pipe[0] : err_pipe[0]) = -1;
        --open_outputs;
      }
    }
    if (in_pipe[1] >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = write(in_pipe[1], input.data() + written, input.size() - written);
      if (n > 0) written += std::size_t(n);
      if (n < 0 || written == input.size()) {
        close(in_pipe[1]);
        in_pipe[1] = -1;
      }
    }
    if (out_pipe[0] < 0 && err_pipe[0] < 0) break;
    if (out_pipe[0] < 0) fds[0].fd = -1;
  }
  if (in_pipe[1] >= 0) close(in_pipe[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace belote::test
