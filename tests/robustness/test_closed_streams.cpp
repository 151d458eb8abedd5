// Standard output and standard error the program cannot write: closed (2>&-),
// full (/dev/full), or read by a reader that goes away. Every error still ends
// with its documented exit status, never an abort; a sheet edit that was made
// but could not be reported says so with its own status (4), so that a
// script retrying on 3 does not make it twice; and the error named is the
// write's own.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_closed_streams)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

struct Shell {
  int status = -1;  ///< the program's exit status, as the script echoes it last
  std::string out;  ///< what the script wrote before it
};

// Runs `script` in sh with $BELOTE the program; the script ends with `echo "status $?"`.
Shell shell(const std::string& script) {
  const RunResult run = run_program("sh", {"-c", script + "; echo \"status $?\""}, "",
                                    {fmt::format("BELOTE={}", BELOTE_PROGRAM)});
  Shell result;
  const std::size_t at = run.out.rfind("status ");
  BOOST_REQUIRE(at != std::string::npos);
  result.status = std::stoi(run.out.substr(at + 7));
  result.out = run.out.substr(0, at);
  return result;
}

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

const std::string kRulesets = fmt::format("--rulesets-dir '{}'", BELOTE_RULESETS_DIR);

}  // namespace

BOOST_AUTO_TEST_CASE(an_error_with_standard_error_closed_ends_with_its_status_not_an_abort) {
  for (const std::string errors : {"2>&-", "2>/dev/full"}) {
    BOOST_TEST_CONTEXT(errors) {
      BOOST_TEST(shell(fmt::format("\"$BELOTE\" rulesets show no-such-ruleset {} {}", kRulesets, errors)).status == 1);
      BOOST_TEST(shell(fmt::format("\"$BELOTE\" score --no-such-option {}", errors)).status == 2);
      BOOST_TEST(shell(fmt::format("echo '{{}}' | \"$BELOTE\" score --threads 4 - {}", errors)).status == 1);
      BOOST_TEST(shell(fmt::format("\"$BELOTE\" no-such-command {}", errors)).status == 2);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_batch_of_errors_with_standard_error_full_scores_the_valid_deals) {
  const fs::path dir = temp_dir("closed-batch");
  std::string lines;
  for (int i = 0; i < 2000; ++i) lines += i % 2 ? "{}\n" : random_deal_lines(std::uint64_t(i), 1);
  write_file(dir / "deals.jsonl", lines);
  const Shell run = shell(fmt::format("\"$BELOTE\" score --format json --threads 8 {} 2>/dev/full | wc -l", quoted(dir / "deals.jsonl")));
  BOOST_TEST(std::stoi(run.out) == 1000);
}

BOOST_AUTO_TEST_CASE(a_closed_standard_error_never_lands_in_a_file_the_program_opens) {
  // With descriptor 2 closed, the next file opened would take it, and a message would go into the sheet.
  const fs::path dir = temp_dir("closed-sheet");
  const fs::path sheet = dir / "game.toml";
  BOOST_REQUIRE(run_belote({"sheet", "new", sheet.string()}).status == 0);
  const std::string before = read_file(sheet);
  const Shell run = shell(fmt::format("\"$BELOTE\" sheet add {} --taker Z --trump H --points NS=90,EW=72 2>&-", quoted(sheet)));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(a_sheet_edit_made_but_not_reported_exits_4_and_is_made_once) {
  const fs::path dir = temp_dir("unreported-edit");
  const fs::path sheet = dir / "game.toml";
  BOOST_REQUIRE(run_belote({"sheet", "new", sheet.string()}).status == 0);
  const Shell added = shell(fmt::format("\"$BELOTE\" sheet add {} --taker N --trump H --points NS=90,EW=72 > /dev/full", quoted(sheet)));
  BOOST_TEST(added.status == 4);
  const std::string written = read_file(sheet);
  // One mène table (the comment at the top names [[mene]] too, not at a line's start).
  BOOST_TEST(written.find("\n[[mene]]") != std::string::npos);
  BOOST_TEST(written.find("\n[[mene]]") == written.rfind("\n[[mene]]"));
  const Shell undone = shell(fmt::format("\"$BELOTE\" sheet undo {} > /dev/full", quoted(sheet)));
  BOOST_TEST(undone.status == 4);
  BOOST_TEST(read_file(sheet).find("\n[[mene]]") == std::string::npos);
  const Shell created = shell(fmt::format("\"$BELOTE\" sheet new {} > /dev/full", quoted(dir / "other.toml")));
  BOOST_TEST(created.status == 4);
  BOOST_TEST(fs::exists(dir / "other.toml"));
  // A refused edit writes nothing and reports nothing: still 1.
  BOOST_TEST(shell(fmt::format("\"$BELOTE\" sheet add {} --taker Z --points NS=90,EW=72 > /dev/full 2>&1", quoted(sheet))).status == 1);
}

BOOST_AUTO_TEST_CASE(an_output_that_cannot_be_written_names_the_writes_error) {
  const Shell diff = shell("\"$BELOTE\" diff classique traditionnelle --random 20000 --each " + kRulesets +
                           " 2>&1 > /dev/full");
  BOOST_TEST(diff.status == 3);
  BOOST_TEST(diff.out == "belote: error: cannot write the output: No space left on device\n");
}

BOOST_AUTO_TEST_CASE(a_game_whose_reader_goes_away_says_where_it_stopped) {
  const fs::path dir = temp_dir("play-closed");
  const fs::path record = dir / "game.toml", errors = dir / "errors", status = dir / "status";
  // The reader takes one line and goes: the game stops at its next write, long before its 300 mènes.
  const Shell run = shell(fmt::format("(\"$BELOTE\" play --seed 3 --seat none --target 100000 --menes 300 --record {} {} 2>{}; "
                                      "echo $? > {}) | head -n 1 > /dev/null; cat {}; (exit $(cat {}))",
                                      quoted(record), kRulesets, quoted(errors), quoted(status), quoted(errors), quoted(status)));
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.out.starts_with("belote: note: the output was closed: stopped in mène "), run.out);
  BOOST_TEST(run.out.ends_with("; the record holds the mènes finished\n"), run.out);
  const std::string written = read_file(record);
  std::size_t menes = 0;
  for (std::size_t at = written.find("\n[[mene]]"); at != std::string::npos; at = written.find("\n[[mene]]", at + 1)) ++menes;
  BOOST_TEST(menes < 300u, menes << " mènes recorded");
}

BOOST_AUTO_TEST_CASE(help_and_version_that_cannot_be_written_exit_3) {
  for (const std::string words : {"--help", "--version", "score --help", "sheet --help", "sheet add --help"}) {
    BOOST_TEST_CONTEXT(words) {
      const Shell run = shell(fmt::format("\"$BELOTE\" {} 2>&1 > /dev/full", words));
      BOOST_TEST(run.status == 3);
      BOOST_TEST(run.out == "belote: error: cannot write the output: No space left on device\n");
    }
  }
  BOOST_TEST(shell("\"$BELOTE\" --help > /dev/null").status == 0);
}

BOOST_AUTO_TEST_SUITE_END()  // test_closed_streams
