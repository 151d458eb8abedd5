// `belote solve` bounded as the other batches: a deal whose search stops at
// a limit is an error in its place, counted with the input's other errors
// (the first 100 shown, the rest counted); and it starts no more threads than
// it has deals to solve, however many --threads allows (each holds a solver
// and its tables).
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_solve_bounds)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

std::size_t count_of(const std::string& text, const std::string& piece) {
  std::size_t n = 0;
  for (std::size_t at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
  return n;
}

}  // namespace

BOOST_AUTO_TEST_CASE(deals_stopped_at_a_limit_are_reported_at_most_a_hundred_per_input) {
  const std::string deals = random_deal_lines(8, 250);
  const RunResult run = run_belote({"solve", "--max-nodes", "10", "--threads", "2", "-"}, deals);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "");
  BOOST_TEST(count_of(run.err, "the search stopped at its limit of nodes (10 searched) before it was solved") == 100u);
  BOOST_TEST(run.err.find("belote: error: <stdin>:1 (random-8-0): the search stopped at its limit") == 0, run.err.substr(0, 200));
  BOOST_TEST(run.err.find("belote: error: <stdin>:100 (random-8-99): ") != std::string::npos);
  BOOST_TEST(run.err.ends_with("belote: error: ... and 150 more errors (the first 100 are shown)\n"));
  // Counted with the input's other errors: a bad line first takes one of the hundred.
  const RunResult mixed = run_belote({"solve", "--max-nodes", "10", "-"}, "1e400\n" + deals);
  BOOST_TEST(mixed.err.ends_with("belote: error: ... and 151 more errors (the first 100 are shown)\n"),
             mixed.err.substr(mixed.err.size() - 200));
  // Each input has its own hundred.
  const fs::path file = temp_dir("solve-bounds") / "deals.jsonl";
  write_file(file, deals);
  const RunResult two = run_belote({"solve", "--max-nodes", "10", file.string(), file.string()});
  BOOST_TEST(count_of(two.err, "... and 150 more errors (the first 100 are shown)") == 2u);
}

BOOST_AUTO_TEST_CASE(a_deal_is_solved_on_one_thread_however_many_are_allowed) {
  // Each thread started holds a solver and its first tables, half a megabyte:
  // 1024 of them would take over 500 MB more than one does. Measured against
  // the same deal on one thread, so that a sanitizer's own memory cancels out.
  const fs::path file = temp_dir("solve-threads") / "deal.toml";
  write_file(file, read_file(source_dir() / "examples" / "worked-example.toml"));
  const auto peak_kib = [&](const std::string& threads) {
    const pid_t pid = start_belote_quietly({"solve", "--threads", threads, file.string()});
    int status = 0;
    rusage usage{};
    BOOST_REQUIRE(wait4(pid, &status, 0, &usage) == pid);
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0), "--threads " << threads);
    return usage.ru_maxrss;
  };
  const long one = peak_kib("1");
  const long allowed_many = peak_kib("1024");
  BOOST_TEST(allowed_many < one + 64 * 1024, allowed_many << " KiB at the most, " << one << " KiB on one thread");
}

BOOST_AUTO_TEST_SUITE_END()
