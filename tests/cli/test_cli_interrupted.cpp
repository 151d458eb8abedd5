// belote play, belote arena and belote advise stopped by a signal (Ctrl-C,
// SIGTERM): the record of the mènes finished, the result of the deals played
// whole, or the advice of the worlds solved, is written, the program then ends
// as the signal ends it, and an engine player that thinks for seconds stops
// thinking at once.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_interrupted)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

// `belote ARGS` whose standard input is a pipe this test holds open (a person who
// does not answer), its output and errors into files of `dir`.
class RunningCommand {
 public:
  RunningCommand(const fs::path& dir, const std::vector<std::string>& args) : out_(dir / "out.txt"), err_(dir / "err.txt") {
    BOOST_REQUIRE(pipe(input_) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input_[0], 0);
    posix_spawn_file_actions_addclose(&actions, input_[1]);
    posix_spawn_file_actions_addopen(&actions, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    // A test run in the background inherits SIGINT ignored (the program keeps an ignored
    // signal ignored), and may run with signals blocked: the program gets them as a shell's would.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults, unblocked;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigemptyset(&unblocked);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &unblocked);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    std::vector<std::string> words{BELOTE_PROGRAM};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    BOOST_REQUIRE(posix_spawn(&pid_, BELOTE_PROGRAM, &actions, &attributes, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(input_[0]);
  }
  ~RunningCommand() {
    close(input_[1]);
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  /// Waits (a minute at most) until the output holds `text`.
  void wait_for_output(const std::string& text) const {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (read_file(out_).find(text) == std::string::npos && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    BOOST_REQUIRE_MESSAGE(read_file(out_).find(text) != std::string::npos, "no '" << text << "' in:\n" << read_file(out_));
  }
  /// Sends `signal` and waits for the program to end; returns the seconds it took.
  double stop_with(int signal) {
    const auto sent = std::chrono::steady_clock::now();
    ::kill(pid_, signal);
    BOOST_REQUIRE(waitpid(pid_, &status_, 0) == pid_);
    pid_ = -1;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  }
  int status() const { return status_; }
  std::string out() const { return read_file(out_); }
  std::string err() const { return read_file(err_); }

 private:
  fs::path out_, err_;
  int input_[2] = {-1, -1};
  pid_t pid_ = -1;
  int status_ = 0;
};

}  // namespace

BOOST_AUTO_TEST_CASE(ctrl_c_at_a_persons_turn_writes_the_record_and_ends_the_program_by_the_signal) {
  const fs::path dir = temp_dir("play-interrupted");
  RunningCommand game(dir, {"play", "--ruleset", "coinche", "--seed", "3", "--players", "random", "--record", (dir / "game.json").string(),
                         "--record", (dir / "game.toml").string()});
  game.wait_for_output("N> ");
  game.stop_with(SIGINT);
  BOOST_TEST(WIFSIGNALED(game.status()));
  BOOST_TEST(WTERMSIG(game.status()) == SIGINT);
  BOOST_TEST(game.err() == "belote: error: interrupted: stopped in mène 1; the record holds the mènes finished\n");
  const auto record = nlohmann::json::parse(read_file(dir / "game.json"));
  BOOST_TEST(record["ruleset"] == "coinche");
  BOOST_TEST(record["table"]["seed"] == 3);
  BOOST_TEST(record["mene"].empty());
  BOOST_TEST(fs::exists(dir / "game.toml"));
}

BOOST_AUTO_TEST_CASE(a_sampled_player_thinking_stops_at_a_signal_and_the_record_is_written) {
  const fs::path dir = temp_dir("play-interrupted-thinking");
  // N's first call under schieber solves every contract in 32 worlds of 36 cards: seconds.
  RunningCommand game(dir, {"play", "--ruleset", "schieber", "--seed", "3", "--seat", "none", "--players", "sampled:32,heuristic,sampled:32,heuristic",
                         "--threads", "1", "--record", (dir / "game.json").string()});
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // well into it (its output is held until a line is due)
  const double seconds = game.stop_with(SIGTERM);
  BOOST_TEST(WIFSIGNALED(game.status()));
  BOOST_TEST(WTERMSIG(game.status()) == SIGTERM);
  BOOST_TEST(game.err() == "belote: error: interrupted: stopped in mène 1; the record holds the mènes finished\n");
  BOOST_TEST(nlohmann::json::parse(read_file(dir / "game.json"))["mene"].empty());
  // The worlds are given up between one and the next (a world's contracts take a fraction
  // of a second), not after the 32 of the decision.
  BOOST_TEST(seconds < 3.0);
}

BOOST_AUTO_TEST_CASE(ctrl_c_in_an_arena_writes_the_result_of_the_deals_played_whole_as_a_run_of_that_many) {
  const fs::path dir = temp_dir("arena-interrupted");
  const std::vector<std::string> arena{"arena", "--ruleset", "coinche", "--players", "sampled:8,heuristic", "--seed", "1", "--format", "json"};
  std::vector<std::string> args = arena;
  args.insert(args.end(), {"--deals", "100000", "--threads", "2", "--records", (dir / "records.jsonl").string()});
  RunningCommand run(dir, args);
  // Stopped once a deal has been played whole (its two plays' records written; a fraction of a
  // second on a quiet machine, seconds under the sanitizers on a loaded one), a minute at most.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const auto records_written = [&] {
    const std::string records = fs::exists(dir / "records.jsonl") ? read_file(dir / "records.jsonl") : "";
    return std::count(records.begin(), records.end(), '\n');
  };
  while (records_written() < 2 && std::chrono::steady_clock::now() < give_up) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  run.stop_with(SIGINT);
  BOOST_TEST(WIFSIGNALED(run.status()));
  BOOST_TEST(WTERMSIG(run.status()) == SIGINT);
  const auto result = nlohmann::json::parse(run.out());
  const std::uint64_t deals = result["deals"];
  BOOST_TEST_REQUIRE(deals >= 1u);
  BOOST_TEST(result["games"] == deals);
  BOOST_TEST(run.err() == fmt::format("belote: error: interrupted: the result is that of the {} played whole, 0 to {}; go on with "
                                      "--first-deal {}\n",
                                      deals == 1 ? std::string("1 deal") : fmt::format("{} deals", deals), deals - 1, deals));
  // The first deals, as a run of that many plays them (the threads change nothing), with their records.
  args = arena;
  args.insert(args.end(), {"--deals", std::to_string(deals), "--threads", "1"});
  const RunResult same = run_belote(args);
  BOOST_TEST_REQUIRE(same.status == 0, same.err);
  BOOST_TEST(same.out == run.out());
  const std::string records = read_file(dir / "records.jsonl");
  BOOST_TEST(std::size_t(std::count(records.begin(), records.end(), '\n')) == 2 * deals);
}

BOOST_AUTO_TEST_CASE(ctrl_c_in_advice_writes_the_advice_of_the_worlds_solved_as_that_many_worlds_give_it) {
  const fs::path dir = temp_dir("advise-interrupted");
  const fs::path record = dir / "game.json";
  const RunResult game = run_belote({"play", "--ruleset", "coinche", "--seed", "5", "--seat", "none", "--players", "heuristic", "--menes",
                                     "1", "--quiet", "--record", record.string()});
  BOOST_TEST_REQUIRE(game.status == 0, game.err);
  // The first call of the mène: every contract solved in each world, thousands of worlds.
  const std::vector<std::string> advise{"advise", "--mene", "1", "--action", "0", "--seed", "2", "--format", "json"};
  std::vector<std::string> args = advise;
  args.insert(args.end(), {"--worlds", "4096", "--threads", "2", record.string()});
  RunningCommand run(dir, args);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const double seconds = run.stop_with(SIGINT);
  BOOST_TEST(WIFSIGNALED(run.status()));
  BOOST_TEST(WTERMSIG(run.status()) == SIGINT);
  BOOST_TEST(seconds < 2.0);
  auto interrupted = nlohmann::json::parse(run.out());
  const int worlds = interrupted["worlds"];
  BOOST_TEST_REQUIRE(worlds >= 1);
  BOOST_TEST(worlds < 4096);
  BOOST_TEST(interrupted["stopped"] == true);
  BOOST_TEST(run.err() == fmt::format("belote: error: interrupted: the advice of the {} solved\n",
                                      worlds == 1 ? std::string("1 world") : fmt::format("{} worlds", worlds)));
  // The first worlds drawn, whole: the advice of that many worlds (the threads change nothing).
  args = advise;
  args.insert(args.end(), {"--worlds", std::to_string(worlds), "--threads", "1", record.string()});
  const RunResult same = run_belote(args);
  BOOST_TEST_REQUIRE(same.status == 0, same.err);
  auto whole = nlohmann::json::parse(same.out);
  BOOST_TEST(whole["stopped"] == false);
  whole["stopped"] = true;
  BOOST_TEST(whole == interrupted);
}

BOOST_AUTO_TEST_SUITE_END()
