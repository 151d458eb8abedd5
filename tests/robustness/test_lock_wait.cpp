// An edit waits for another one holding the sheet's lock at most --lock-wait
// seconds (10 by default): a holder stopped midway (SIGSTOP) no longer makes
// every other writer wait forever. The message names the file and the
// process holding it, and the sheet is left as it was.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <fcntl.h>
#include <fmt/format.h>
#include <memory>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_lock_wait)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

// The sheet's lock, held by this process as a stopped editor would hold it
// (not inherited by the programs it starts, which would then hold it too).
struct HeldLock {
  explicit HeldLock(const fs::path& path) : fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    BOOST_REQUIRE(fd >= 0);
    BOOST_REQUIRE(::flock(fd, LOCK_EX) == 0);
  }
  ~HeldLock() { ::close(fd); }
  int fd;
};

}  // namespace

BOOST_AUTO_TEST_CASE(an_edit_gives_up_after_the_lock_wait_naming_the_holder) {
  const fs::path dir = temp_dir("lock-wait");
  const fs::path sheet = dir / "game.toml";
  BOOST_REQUIRE(run_belote({"sheet", "new", sheet.string()}).status == 0);
  const std::string before = read_file(sheet);
  HeldLock lock(sheet);
  const auto start = std::chrono::steady_clock::now();
  const RunResult run = run_belote({"sheet", "add", sheet.string(), "--lock-wait", "1", "--taker", "N", "--trump", "H",
                                    "--points", "NS=90,EW=72"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.starts_with(fmt::format("belote: error: {}: is being edited by process {} (", sheet.string(), ::getpid())),
             run.err);
  BOOST_TEST(run.err.find("was not let go within 1 s; it is left as it was") != std::string::npos, run.err);
  BOOST_TEST(seconds >= 0.9);
  BOOST_TEST(seconds < 8);
  BOOST_TEST(read_file(sheet) == before);
  // undo gives up alike; --lock-wait 0 does not wait at all.
  BOOST_TEST(run_belote({"sheet", "undo", sheet.string(), "--lock-wait", "0"}).status == 1);
}

BOOST_AUTO_TEST_CASE(an_edit_waits_for_a_holder_that_lets_go_in_time) {
  const fs::path dir = temp_dir("lock-let-go");
  const fs::path sheet = dir / "game.toml";
  BOOST_REQUIRE(run_belote({"sheet", "new", sheet.string()}).status == 0);
  auto lock = std::make_unique<HeldLock>(sheet);
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    lock.reset();
  });
  const RunResult run = run_belote({"sheet", "add", sheet.string(), "--lock-wait", "20", "--taker", "N", "--trump", "H",
                                    "--points", "NS=90,EW=72"});
  release.join();
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(read_file(sheet).find("\n[[mene]]") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_lock_wait_is_a_whole_number_of_seconds) {
  const RunResult run = run_belote({"sheet", "add", "game.toml", "--lock-wait", "-1", "--taker", "N"});
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.err.find("--lock-wait takes a whole number from 0 to 3600, not '-1'") != std::string::npos, run.err);
}

// `sheet new` checks it too, though only a sheet it replaces is waited for: no file is written.
BOOST_AUTO_TEST_CASE(a_new_sheet_refuses_a_lock_wait_out_of_range) {
  const fs::path dir = temp_dir("lock-wait-new");
  const fs::path sheet = dir / "game.toml";
  for (const char* seconds : {"3601", "abc"}) {
    const RunResult run = run_belote({"sheet", "new", sheet.string(), "--lock-wait", seconds});
    BOOST_TEST(run.status == 2, seconds);
    BOOST_TEST(run.err.find(std::string("--lock-wait takes a whole number from 0 to 3600, not '") + seconds + "'") != std::string::npos, run.err);
    BOOST_TEST(!fs::exists(sheet), seconds);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_lock_wait
