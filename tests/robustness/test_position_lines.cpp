// `belote legal` reads files of positions as `score` reads files of deals:
// whatever a line holds (a number beyond a double, a NUL byte, a key given
// twice, more bytes than a position may be) it is that line's error at
// FILE:LINE:COL and the lines after it are still answered; a line too long
// is skipped unread, so memory stays small; past 100 errors in one input the
// rest are counted.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <fstream>
#include <sys/resource.h>
#include <sys/wait.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_position_lines)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

const std::string kPosition = R"({"trump":"H","hand":"JH","seat":"N"})";
const std::string kAnswer = R"({"seat":"N","legal":["JH"]})" "\n";

RunResult legal(const std::string& input) { return run_belote({"legal", "--ruleset", "classique", "-"}, input); }

}  // namespace

BOOST_AUTO_TEST_CASE(a_number_beyond_a_double_is_its_lines_error_and_the_next_lines_are_answered) {
  const RunResult run = legal("1e400\n" + kPosition + "\n[1, -2e999]\n" +
                              R"({"trump":"H","hand":"JH","seat":"N","x":1e999})" "\n" + kPosition + "\n");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == kAnswer + kAnswer);
  BOOST_TEST(run.err ==
             "belote: error: <stdin>:1:1: JSON number overflow parsing '1e400'\n"
             "  1e400\n"
             "  ^\n"
             "belote: error: <stdin>:3:5: JSON number overflow parsing '-2e999'\n"
             "  [1, -2e999]\n"
             "      ^\n"
             "belote: error: <stdin>:4:41: JSON number overflow parsing '1e999'\n"
             "  {\"trump\":\"H\",\"hand\":\"JH\",\"seat\":\"N\",\"x\":1e999}\n"
             "                                          ^\n");
  BOOST_TEST(run.err.find("internal error") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_line_is_checked_as_a_deal_line_is) {
  const RunResult run = legal(std::string("{\"a\":1,\"a\":2}\n{\"trump\":\"H\"\0}\n", 29) + kPosition + "\n");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == kAnswer);
  BOOST_TEST(run.err.find("belote: error: <stdin>:1:8: key 'a' is given twice\n") == 0, run.err);
  BOOST_TEST(run.err.find("belote: error: <stdin>:2:13: NUL byte: a position line is JSON text\n") != std::string::npos, run.err);
}

BOOST_AUTO_TEST_CASE(a_line_too_long_is_skipped_unread_and_memory_stays_small) {
  const fs::path dir = temp_dir("position-lines");
  const auto file_with_a_line_of = [&](std::size_t mib) {
    const fs::path file = dir / fmt::format("{}-mib.jsonl", mib);
    // Written a piece at a time: the test's own memory counts in the program's peak (posix_spawn shares it until exec).
    std::ofstream out(file, std::ios::binary);
    out << kPosition << "\n";
    const std::string piece(1 << 20, 'x');
    for (std::size_t i = 0; i < mib; ++i) out << piece;
    out << "\n" << kPosition << "\n";
    return file;
  };
  const fs::path small = file_with_a_line_of(1), large = file_with_a_line_of(64);
  const RunResult run = run_belote({"legal", "--ruleset", "classique", large.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == kAnswer + kAnswer);
  BOOST_TEST(run.err == fmt::format("belote: error: {}:2: line too long (a position is at most 65536 bytes)\n", large.string()));

  // A reader that kept the line would hold 64 MiB more for the larger file.
  const auto peak_kib = [](const fs::path& file) {
    const pid_t pid = start_belote_quietly({"legal", "--ruleset", "classique", file.string()});
    int status = 0;
    rusage usage{};
    BOOST_REQUIRE(wait4(pid, &status, 0, &usage) == pid);
    BOOST_TEST(WIFEXITED(status));
    return usage.ru_maxrss;
  };
  const long small_peak = peak_kib(small), large_peak = peak_kib(large);
  BOOST_TEST(large_peak < small_peak + 8 * 1024, large_peak << " KiB against " << small_peak << " KiB");
}

BOOST_AUTO_TEST_CASE(past_a_hundred_errors_in_an_input_the_rest_are_counted) {
  std::string input;
  for (int i = 0; i < 250; ++i) input += "1e400\n";
  input += kPosition + "\n";
  const RunResult run = legal(input);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == kAnswer);
  std::size_t errors = 0;
  for (std::size_t at = run.err.find("belote: error: <stdin>:"); at != std::string::npos;
       at = run.err.find("belote: error: <stdin>:", at + 1))
    ++errors;
  BOOST_TEST(errors == 100u);
  BOOST_TEST(run.err.find("belote: error: <stdin>:100:1: ") != std::string::npos);
  BOOST_TEST(run.err.ends_with("belote: error: ... and 150 more errors (the first 100 are shown)\n"), run.err);
  // Each input has its own hundred.
  const RunResult two = run_belote({"legal", "--ruleset", "classique", "-", "-"}, input);
  BOOST_TEST(two.err.find("... and 150 more errors") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_position_of_a_kind_taken_out_is_told_so) {
  const std::string ruleset = (source_dir() / "examples" / "coinche-autre-table.toml").string();
  const RunResult run = run_belote({"legal", "--ruleset", ruleset, "-"},
                                   R"({"kind":"tout-atout","hand":"JH","seat":"N"})" "\n"
                                   R"({"kind":"toutatout","hand":"JH","seat":"N"})" "\n");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.find("belote: error: <stdin>:1:9: 'kind': kind 'tout-atout' is taken out of ruleset "
                          "'coinche-autre-table' by 'kinds.tout-atout.enabled = false' (kinds: couleur, sans-atout)\n") == 0,
             run.err);
  BOOST_TEST(run.err.find("belote: error: <stdin>:2:9: 'kind': unknown kind 'toutatout' (kinds: couleur, sans-atout)\n") !=
                 std::string::npos,
             run.err);
}

BOOST_AUTO_TEST_CASE(an_input_without_a_position_says_so) {
  const RunResult run = legal("\n  \n");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: <stdin>: holds no position (the file is empty or only blank lines)\n");
}

BOOST_AUTO_TEST_SUITE_END()
