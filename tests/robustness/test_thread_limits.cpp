// Work on every core when the system refuses threads: a limit on processes
// (RLIMIT_NPROC, ulimit -u) or on memory (RLIMIT_AS, ulimit -v, which a
// thread's stack counts against). Every command that starts threads goes on
// with those that started, writing the same bytes as with all of them, or
// stops with a message and status 1 when it needs one that none could be;
// none aborts ("terminate called without an active exception").
//
// The limits are set by prlimit in the child: on processes as a user of its
// own (root is exempt from RLIMIT_NPROC, and the count is per user), on
// memory with each thread's stack made as large as a quarter of the limit.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <optional>
#include <unistd.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_thread_limits)

using namespace belote;
using namespace belote::test;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

enum class Limit { processes, memory };

// Runs `belote args` with `input` on standard input where at most `threads`
// threads besides the main one can start; nothing when this system cannot
// set that limit here (said in the test's log).
std::optional<RunResult> run_with_threads(Limit limit, unsigned threads, std::vector<std::string> args,
                                          const std::string& input) {
  std::vector<std::string> words;
  if (limit == Limit::processes) {
    if (geteuid() != 0) {
      BOOST_TEST_MESSAGE("a limit on processes needs root, to run the program as a user with no other process");
      return std::nullopt;
    }
    // A user no other process has, one per test process: the limit counts every process and thread of the user.
    const std::string user = std::to_string(200000 + getpid());
    words = {fmt::format("--nproc={0}:{0}", threads + 1), "setpriv", "--reuid", user, "--regid", user, "--clear-groups"};
  } else {
    // The sanitizers reserve terabytes of address space: no limit on it can hold.
    if (kSanitized) {
      BOOST_TEST_MESSAGE("a limit on address space does not hold under AddressSanitizer");
      return std::nullopt;
    }
    // Each thread's stack is as large as the stack limit: 512 MiB of a limit
    // of 512 MiB more than that many stacks leaves room for the program
    // itself and no more threads.
    constexpr unsigned long long kStack = 512ull << 20;
    words = {fmt::format("--stack={}", kStack), fmt::format("--as={}", kStack * (threads + 1))};
  }
  words.push_back(BELOTE_PROGRAM);
  words.insert(words.end(), args.begin(), args.end());
  RunResult run = run_program("prlimit", words, input, {"ASAN_OPTIONS=detect_leaks=0"});
  if (run.status == 126 || run.status == 127 || run.err.starts_with("prlimit:") || run.err.starts_with("setpriv:")) {
    BOOST_TEST_MESSAGE("cannot run the program under a limit here: " << run.err);
    return std::nullopt;
  }
  return run;
}

std::string deal_lines() { return random_deal_lines(11, 3000); }

struct Command {
  std::string name;
  std::vector<std::string> args;
  std::string input;
  bool needs_threads;  ///< a batch, which cannot work without a thread of its own
};

std::vector<Command> commands() {
  const std::string rulesets = BELOTE_RULESETS_DIR;
  return {
      {"score", {"score", "--rulesets-dir", rulesets, "--format", "json", "--threads", "64", "-"}, deal_lines(), true},
      {"deal --check", {"deal", "--check", "--rulesets-dir", rulesets, "--threads", "64", "-"}, deal_lines(), true},
      {"diff on files",
       {"diff", "classique", "traditionnelle", "--rulesets-dir", rulesets, "--threads", "64", "--show", "3", "-"},
       deal_lines(),
       true},
      {"solve", {"solve", "--rulesets-dir", rulesets, "--threads", "1024", "-"}, random_deal_lines(5, 24), true},
      {"stats --random",
       {"stats", "--rulesets-dir", rulesets, "--random", "300000", "--threads", "64"},
       "",
       false},
      {"diff --random",
       {"diff", "classique", "traditionnelle", "--rulesets-dir", rulesets, "--random", "300000", "--threads", "64",
        "--summary"},
       "",
       false},
  };
}

void check_no_abort(const RunResult& run) {
  BOOST_TEST(run.err.find("terminate called") == std::string::npos, run.err);
  BOOST_TEST(run.err.find("internal error") == std::string::npos, run.err);
  BOOST_TEST(run.status < 128, "ended by signal " << run.status - 128);
}

// With `threads` besides the main one, each command writes what it writes with all of them.
void check_same_output_with(Limit limit, unsigned threads) {
  for (const Command& command : commands()) {
    BOOST_TEST_CONTEXT(command.name << " with " << threads << " threads besides the main one") {
      const RunResult free = run_belote(command.args, command.input);
      BOOST_REQUIRE(free.status <= 1);
      const auto limited = run_with_threads(limit, threads, command.args, command.input);
      if (!limited) return;
      check_no_abort(*limited);
      BOOST_TEST(limited->status == free.status);
      BOOST_TEST(limited->err == free.err);
      BOOST_TEST((limited->out == free.out), "the output differs: " << limited->out.size() << " bytes, not " << free.out.size());
    }
  }
}

// With no thread besides the main one, a batch says so and stops; sampling works on the main thread.
void check_without_threads(Limit limit) {
  for (const Command& command : commands()) {
    BOOST_TEST_CONTEXT(command.name) {
      const auto limited = run_with_threads(limit, 0, command.args, command.input);
      if (!limited) return;
      check_no_abort(*limited);
      if (!command.needs_threads) {
        BOOST_TEST(limited->status == 0);
        BOOST_TEST((limited->out == run_belote(command.args, command.input).out), "the output differs");
        continue;
      }
      BOOST_TEST(limited->status == 1);
      BOOST_TEST(limited->out == "");
      BOOST_TEST(limited->err.starts_with("belote: error: cannot start a thread to work on the deals: Resource temporarily "
                                          "unavailable (the system's limit on processes or on memory: ulimit -u, ulimit -v)"),
                 limited->err);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(under_a_limit_on_processes_the_threads_that_start_write_the_same_output) {
  check_same_output_with(Limit::processes, 2);
  check_same_output_with(Limit::processes, 5);
}

BOOST_AUTO_TEST_CASE(under_a_limit_on_processes_with_no_thread_a_batch_stops_with_a_message) {
  check_without_threads(Limit::processes);
}

BOOST_AUTO_TEST_CASE(under_a_limit_on_memory_the_threads_that_start_write_the_same_output) {
  check_same_output_with(Limit::memory, 2);
}

BOOST_AUTO_TEST_CASE(under_a_limit_on_memory_with_no_thread_a_batch_stops_with_a_message) {
  check_without_threads(Limit::memory);
}

BOOST_AUTO_TEST_SUITE_END()
