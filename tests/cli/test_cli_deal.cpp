// `belote deal`: random deals as a user gets them, read back by `deal --check`
// and `score`; checking files with errors; usage errors.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_deal)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return lines;
}

const std::string& seed_7() {
  static const std::string out = [] {
    const RunResult run = run_belote({"deal", "--random", "1000", "--seed", "7"});
    BOOST_REQUIRE(run.status == 0);
    BOOST_REQUIRE(run.err.empty());
    return run.out;
  }();
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_deals_are_the_generators_bytes) {
  BOOST_TEST(lines_of(seed_7()).size() == 1000u);
  BOOST_TEST(seed_7() == random_deal_lines(7, 1000));
}

BOOST_AUTO_TEST_CASE(random_deals_are_accepted_by_check_from_stdin) {
  const RunResult run = run_belote({"deal", "--check", "-"}, seed_7());
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.out == "1000 valid deals\n");
  BOOST_TEST(run.err == "");
}

BOOST_AUTO_TEST_CASE(random_deals_are_scored_one_outcome_each) {
  const RunResult run = run_belote({"score", "--format", "json", "-"}, seed_7());
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.err == "");
  const auto lines = lines_of(run.out);
  BOOST_REQUIRE(lines.size() == 1000u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto outcome = nlohmann::json::parse(lines[i]);
    BOOST_REQUIRE(outcome.at("id") == "random-7-" + std::to_string(i));
    BOOST_REQUIRE(outcome.at("ruleset") == "classique");
    BOOST_REQUIRE(outcome.at("score").is_object());
  }
}

BOOST_AUTO_TEST_CASE(the_same_seed_gives_the_same_bytes_and_a_prefix_for_fewer) {
  const RunResult fifty = run_belote({"deal", "--random", "50", "--seed", "7"});
  BOOST_TEST(fifty.out == seed_7().substr(0, fifty.out.size()));
  BOOST_TEST(lines_of(fifty.out).size() == 50u);
  const RunResult none = run_belote({"deal", "--random", "0"});
  BOOST_TEST(none.status == 0);
  BOOST_TEST(none.out == "");
  BOOST_TEST(run_belote({"deal", "--random", "20"}).out == random_deal_lines(0, 20));  // the seed defaults to 0
  BOOST_TEST(run_belote({"deal", "--random", "20", "--seed", "8"}).out != seed_7().substr(0, fifty.out.size()));
}

BOOST_AUTO_TEST_CASE(the_shipped_example_is_seed_1) {
  const std::string example = read_file(source_dir() / "examples" / "random-deals.jsonl");
  const auto count = lines_of(example).size();
  BOOST_TEST(count > 0u);
  BOOST_TEST(example == run_belote({"deal", "--random", std::to_string(count), "--seed", "1"}).out);
}

BOOST_AUTO_TEST_CASE(check_reports_the_bad_line_and_counts_the_valid_ones) {
  const auto lines = lines_of(seed_7());
  std::string batch;
  for (int i = 0; i < 4; ++i) batch += lines[i] + "\n";
  std::string bad = lines[4];
  bad.replace(bad.find("\"tricks\":{\"NS\":"), 15, "\"tricks\":{\"NS\":-");
  batch += bad + "\n";
  batch += "\n";  // a blank line is no deal and no error
  for (int i = 5; i < 9; ++i) batch += lines[i] + "\n";
  const auto dir = temp_dir("cli-deal-check");
  write_file(dir / "batch.jsonl", batch);

  const RunResult run = run_belote({"deal", "--check", (dir / "batch.jsonl").string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "8 valid deals\n");
  const std::string where = (dir / "batch.jsonl").string() + ":5:";
  BOOST_TEST(run.err.find("belote: error: " + where) == 0u, run.err);
  BOOST_TEST(run.err.find("'result.tricks.NS' must be an integer from 0 to 8") != std::string::npos, run.err);
  const auto err_lines = lines_of(run.err);
  BOOST_TEST(std::count_if(err_lines.begin(), err_lines.end(), [](const std::string& l) { return l.starts_with("belote: error:"); }) == 1,
             run.err);

  // The same through standard input, and with a TOML file beside it.
  const RunResult piped = run_belote({"deal", "--check", "-"}, batch);
  BOOST_TEST(piped.status == 1);
  BOOST_TEST(piped.err.find("belote: error: <stdin>:5:") == 0u, piped.err);
  const RunResult both = run_belote({"deal", "--check", (dir / "batch.jsonl").string(),
                                     (source_dir() / "examples" / "worked-example.toml").string()});
  BOOST_TEST(both.status == 1);
  BOOST_TEST(both.out == "9 valid deals\n");
}

BOOST_AUTO_TEST_CASE(check_reads_with_the_ruleset_named_before_or_after_the_files) {
  // Under traditionnelle no card serves twice; under classique a card may.
  const std::string line =
      R"({"trump": "S", "taker": "N", "announcements": {"N": ["carre J", "tierce KH"]}, )"
      R"("result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}})";
  const std::string refusal = "<stdin>:1:65: 'announcements.N': JH serves in a carré and a sequence, and this ruleset lets no card serve twice";
  for (const auto& args : std::vector<std::vector<std::string>>{{"deal", "--check", "--ruleset", "traditionnelle", "-"},
                                                                {"deal", "--check", "-", "--ruleset", "traditionnelle"}}) {
    const RunResult run = run_belote(args, line + "\n");
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out == "0 valid deals\n");
    BOOST_TEST(run.err.find(refusal) != std::string::npos, run.err);
  }
  const RunResult classique = run_belote({"deal", "--check", "-"}, line + "\n");
  BOOST_TEST(classique.status == 0);
  BOOST_TEST(classique.out == "1 valid deal\n");
}

BOOST_AUTO_TEST_CASE(check_names_a_file_it_cannot_open) {
  const auto dir = temp_dir("cli-deal-missing");
  const RunResult run = run_belote({"deal", "--check", (dir / "absent.jsonl").string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "0 valid deals\n");
  BOOST_TEST(run.err.find((dir / "absent.jsonl").string() + ": no such file") != std::string::npos, run.err);
}

namespace {

struct Misuse {
  std::vector<std::string> args;
  std::string message;
};
std::ostream& operator<<(std::ostream& out, const Misuse& m) {
  for (const auto& a : m.args) out << a << ' ';
  return out;
}

const std::vector<Misuse> kMisuses = {
    {{"deal"}, "give either --random N (to write deals) or --check DEAL... (to read them)"},
    {{"deal", "--seed", "3"}, "give either --random N (to write deals) or --check DEAL... (to read them)"},
    {{"deal", "--random", "5", "--check", "-"}, "give either --random N (to write deals) or --check DEAL... (to read them)"},
    {{"deal", "--random", "ten"}, "--random takes a whole number from 0 to 1000000000000, not 'ten'"},
    {{"deal", "--random", "-5"}, "--random takes a whole number from 0 to 1000000000000, not '-5'"},
    {{"deal", "--random=-1"}, "--random takes a whole number from 0 to 1000000000000, not '-1'"},
    {{"deal", "--random", "1e3"}, "--random takes a whole number from 0 to 1000000000000, not '1e3'"},
    {{"deal", "--random", "18446744073709551616"}, "--random takes a whole number from 0 to 1000000000000, not '18446744073709551616'"},
    {{"deal", "--random", "5", "--seed", "-1"}, "--seed takes a whole number from 0 to 18446744073709551615, not '-1'"},
    {{"deal", "--random", "5", "--seed", ""}, "--seed takes a whole number from 0 to 18446744073709551615, not ''"},
    {{"deal", "--random"}, "--random needs N: write N random deals as JSON Lines"},
    {{"deal", "--random", "5", "--shuffle"}, "unknown option '--shuffle'"},
    {{"deal", "--check"}, "missing DEAL...: the deal files to check, each a FILE.toml (one deal), a JSON Lines file or - (standard input)"},
    {{"deal", "--random", "3", "deals.jsonl"}, "unexpected argument 'deals.jsonl': --random writes deals, --check reads them"},
    {{"deal", "deals.jsonl"}, "give either --random N (to write deals) or --check DEAL... (to read them)"},
    {{"deal", "--random", "3", "--threads", "2"}, "--threads goes with --check"},
    {{"deal", "--check", "--seed", "3", "-"}, "--seed goes with --random: --check reads the deals it is given"},
    {{"deal", "--check", "--threads", "0", "-"}, "--threads takes a whole number from 1 to 1024, not '0'"},
    {{"deal", "--check", "--threads", "2000", "-"}, "--threads takes a whole number from 1 to 1024, not '2000'"},
};

}  // namespace

BOOST_DATA_TEST_CASE(usage_errors_exit_2_with_a_message, bdata::make(kMisuses), misuse) {
  const RunResult run = run_belote(misuse.args);
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.out == "");
  BOOST_TEST(run.err == "belote: error: deal: " + misuse.message + " (see 'belote deal --help')\n");
}

BOOST_AUTO_TEST_CASE(help_shows_usage_and_an_example) {
  const RunResult run = run_belote({"deal", "--help"});
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.out.find("usage: belote deal --random N [--seed N] [--played] [--ruleset NAME] [--rulesets-dir DIR]... [--untrusted] | "
                          "belote deal --check [--threads N] [--ruleset NAME] [--rulesets-dir DIR]... [--untrusted] DEAL...") == 0u);
  BOOST_TEST(run.out.find("belote deal --random 1000 --seed 7") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_deal
