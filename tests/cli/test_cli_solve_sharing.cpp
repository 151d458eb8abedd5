// Batches whose deals are dear to work on share them among their threads
// however few there are: `klaverjas` deals solved on two threads keep both
// busy, with `belote solve` as with `belote stats --solved` (200 deals there,
// each solved for its value alone). A thread may end its last deal alone, so
// the split is as even as the dearest deal is small beside the whole: 120
// deals, where a deal is at most a few hundredths of the work (of 40, the
// dearest is about a tenth).
//
// The split is measured in CPU time per thread (/proc/PID/task/TID/stat,
// sampled while the program runs), not in wall clock. As the deals are handed
// out one by one, a thread that other programs keep from its core takes fewer
// of them: ctest runs these cases with no other test beside them
// (RUN_SERIAL, tests/CMakeLists.txt). Each thread's last sample may miss the
// few milliseconds between two samples; the deals take seconds in all.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <thread>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_solve_sharing)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

// A thread's CPU time so far in clock ticks (user and system), or -1 once it has ended.
long cpu_ticks(const fs::path& stat) {
  std::ifstream in(stat);
  std::string text;
  if (!std::getline(in, text)) return -1;
  // The fields after the command name (which may hold spaces), from the third.
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  long user = -1, system = -1;
  for (int i = 3; fields >> field; ++i) {
    if (i == 14) user = std::stol(field);
    if (i == 15) {
      system = std::stol(field);
      break;
    }
  }
  return user < 0 || system < 0 ? -1 : user + system;
}

// Runs belote and gives each of its threads' CPU time, in clock ticks, as last sampled.
std::vector<long> cpu_by_thread(const std::vector<std::string>& args) {
  const pid_t pid = start_belote_quietly(args);
  const fs::path tasks = fs::path("/proc") / std::to_string(pid) / "task";
  std::map<std::string, long> last;
  int status = 0;
  for (;;) {
    std::error_code error;
    for (const auto& task : fs::directory_iterator(tasks, error)) {
      const long ticks = cpu_ticks(task.path() / "stat");
      if (ticks >= 0) last[task.path().filename().string()] = ticks;
    }
    const pid_t done = waitpid(pid, &status, WNOHANG);
    BOOST_REQUIRE(done >= 0);
    if (done == pid) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  std::vector<long> ticks;
  for (const auto& [task, t] : last) ticks.push_back(t);
  return ticks;
}

// No thread did more than 60% of the work: the two workers split it.
void check_shared(const std::vector<std::string>& args) {
  if (!fs::exists("/proc/self/task")) {
    BOOST_TEST_MESSAGE("no /proc/PID/task here: the threads' CPU time cannot be read");
    return;
  }
  const std::vector<long> ticks = cpu_by_thread(args);
  const long total = std::accumulate(ticks.begin(), ticks.end(), 0L);
  const long busiest = ticks.empty() ? 0 : *std::max_element(ticks.begin(), ticks.end());
  BOOST_TEST_MESSAGE(fmt::format("{}: the busiest thread {} ticks of {}", fmt::join(args, " "), busiest, total));
  // Enough work for the ticks to tell (a tick is 10 ms).
  BOOST_TEST_REQUIRE(total >= 20, total << " ticks of CPU time: too few to tell how they were shared");
  BOOST_TEST(double(busiest) <= 0.6 * double(total), "the busiest thread did " << busiest << " ticks of " << total);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_hundred_and_twenty_deals_keep_two_threads_busy) {
  const fs::path dir = temp_dir("solve-sharing");
  const RunResult deals = run_belote({"deal", "--random", "120", "--seed", "5", "--ruleset", "klaverjas"});
  BOOST_TEST_REQUIRE(deals.status == 0, deals.err);
  write_file(dir / "deals.jsonl", deals.out);
  // Every contract of each deal (--table), so that the CPU time is many clock ticks even on a fast machine.
  check_shared({"solve", "--ruleset", "klaverjas", "--table", "--threads", "2", (dir / "deals.jsonl").string()});
}

BOOST_AUTO_TEST_CASE(random_deals_solved_for_figures_keep_two_threads_busy) {
  // The value alone, with no best cards: more deals for as many clock ticks.
  check_shared({"stats", "--ruleset", "klaverjas", "--random", "200", "--solved", "--threads", "2"});
}

BOOST_AUTO_TEST_SUITE_END()
