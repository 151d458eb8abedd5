// A batch interrupted midway (Ctrl-C, a kill) leaves its output ending on a
// whole line: results are written a whole number of lines at a time, so what
// a script reads back is every line complete.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_interrupted_output)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

// Starts `belote args` with its output into `out`, stops it with `signal` after `after`, and returns the output.
std::string output_when_stopped(const std::vector<std::string>& args, const fs::path& out, int signal,
                                std::chrono::milliseconds after) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> words{BELOTE_PROGRAM};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  BOOST_REQUIRE(posix_spawn(&pid, BELOTE_PROGRAM, &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  // Stopped once it has written a good deal, whatever the machine's speed.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const auto written = [&] {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(out, ec);
    return ec ? 0 : size;
  };
  while (written() < (1u << 18) && std::chrono::steady_clock::now() < give_up) std::this_thread::sleep_for(after);
  ::kill(pid, signal);
  int status = 0;
  BOOST_REQUIRE(waitpid(pid, &status, 0) == pid);
  BOOST_TEST(WIFSIGNALED(status));
  return read_file(out);
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_interrupted_batch_ends_on_a_whole_line) {
  const fs::path dir = temp_dir("interrupted");
  // Many deals made and scored: far more than can be written before the signal.
  for (const auto& [args, signal] :
       {std::pair{std::vector<std::string>{"deal", "--random", "100000000"}, SIGINT},
        {std::vector<std::string>{"diff", "classique", "traditionnelle", "--random", "100000000", "--each", "--rulesets-dir",
                                  BELOTE_RULESETS_DIR},
         SIGTERM},
        {std::vector<std::string>{"deal", "--random", "100000000"}, SIGHUP}}) {
    const std::string text = output_when_stopped(args, dir / "out.jsonl", signal, std::chrono::milliseconds(20));
    BOOST_TEST_MESSAGE(text.size() << " bytes written before signal " << signal);
    BOOST_REQUIRE(text.size() > (1u << 16));
    BOOST_TEST(text.back() == '\n', "signal " << signal << ": the output ends in the middle of a line");
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_interrupted_output
