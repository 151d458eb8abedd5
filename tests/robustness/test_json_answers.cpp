// Every answer in JSON is JSON, whatever bytes the user's text holds. A call
// of an auction, a deal file's name, a deal's id built in code may hold bytes
// that are not UTF-8, which the JSON library refuses to write; every writer
// of the engine and the program writes them as U+FFFD (json_text), so a
// program reading the answer always can, and nothing ends in an internal
// error.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_json_answers)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Each line of `text` parses as JSON; returns them.
std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string line = text.substr(start, end - start);
    BOOST_TEST(nlohmann::json::accept(line), "not JSON: " << line);
    if (nlohmann::json::accept(line)) lines.push_back(nlohmann::json::parse(line));
  }
  BOOST_TEST(start == text.size(), "the output does not end with a whole line");
  return lines;
}

void check_no_internal_error(const RunResult& run) {
  BOOST_TEST(run.err.find("internal error") == std::string::npos, run.err);
  BOOST_TEST(run.status <= 1, run.err);
}

// A directory holding the worked example and random deals under names that are not UTF-8.
struct BadNames {
  fs::path dir = temp_dir("json-answers");
  fs::path toml = dir / "worked-\xfe.toml";
  fs::path lines = dir / "deals-\xff\xc3.jsonl";
  BadNames() {
    write_file(toml, read_file(source_dir() / "examples" / "worked-example.toml"));
    write_file(lines, random_deal_lines(4, 30));
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(an_auction_answers_in_json_whatever_bytes_a_call_holds) {
  for (const std::string call : {"80 \xffH", "\xff", "80 H\xc3", "coinche\xed\xa0\x80", "pass\x80"}) {
    BOOST_TEST_CONTEXT(terminal_safe(call)) {
      const RunResult run = run_belote({"auction", "--ruleset", "coinche", "--format", "json", "pass", call});
      check_no_internal_error(run);
      BOOST_TEST(run.status == 1);
      const auto answer = json_lines(run.out);
      BOOST_TEST_REQUIRE(answer.size() == 1u);
      BOOST_TEST(answer[0]["error"] == "auction");
      BOOST_TEST(answer[0]["position"] == 2);
      BOOST_TEST(answer[0]["given"].get<std::string>().find(kReplacement) != std::string::npos);
    }
  }
  // The library's writer, as the web module calls it.
  const auto rules = ruleset("coinche");
  const std::vector<std::string> calls{"\xff"};
  const AuctionReplay replay = replay_given_calls(*rules, Auction(*rules, Seat::N, std::nullopt, {}), calls);
  BOOST_TEST(nlohmann::json::accept(auction_answer_json(*rules, replay)));
}

BOOST_AUTO_TEST_CASE(solve_answers_in_json_for_a_deal_file_of_any_name) {
  const BadNames files;
  for (const fs::path& file : {files.toml, files.lines}) {
    for (const std::string table : {"", "--table"}) {
      std::vector<std::string> args{"solve", "--format", "json", "--max-nodes", "200000", file.string()};
      if (!table.empty()) args.push_back(table);
      const RunResult run = run_belote(args);
      check_no_internal_error(run);
      const auto answers = json_lines(run.out);
      BOOST_TEST_REQUIRE(!answers.empty());
      BOOST_TEST(answers[0]["deal"].get<std::string>().find(kReplacement) != std::string::npos, answers[0]["deal"]);
    }
  }
}

BOOST_AUTO_TEST_CASE(diff_answers_in_json_for_a_deal_file_of_any_name) {
  const BadNames files;
  const RunResult run = run_belote({"diff", "classique", "classique-hors-contrat", "--format", "json", "--show", "2",
                                    files.lines.string(), files.toml.string()});
  check_no_internal_error(run);
  const auto answers = json_lines(run.out);
  BOOST_TEST_REQUIRE(answers.size() >= 2u);
  BOOST_TEST(answers.front()["id"].get<std::string>().find(kReplacement) != std::string::npos);
  BOOST_TEST(answers.back()["source"]["files"][0].get<std::string>().find(kReplacement) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(score_and_stats_answer_in_json_under_a_ruleset_file_of_any_name) {
  const BadNames files;
  const fs::path ruleset_file = files.dir / "\xff.toml";
  write_file(ruleset_file, "extends = \"classique\"\n");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"score", "--format", "json", "--ruleset", ruleset_file.string(), files.toml.string()},
        {"score", "--format", "json", "--compact", "--ruleset", ruleset_file.string(), files.lines.string()},
        {"stats", "--format", "json", "--random", "100", "--ruleset", ruleset_file.string()},
        {"rulesets", "diff", ruleset_file.string(), "classique", "--format", "json"}}) {
    BOOST_TEST_CONTEXT(args[0]) {
      const RunResult run = run_belote(args);
      check_no_internal_error(run);
      BOOST_TEST(!json_lines(run.out).empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(the_engines_json_writers_write_json_for_text_built_in_code) {
  const auto rules = ruleset("classique");
  Deal deal = deal_from_toml(*rules, read_file(source_dir() / "examples" / "worked-example.toml"));
  deal.id = "id \xff\xfe end";
  const Outcome outcome = evaluate(*rules, deal);
  // The fast writer and the reference write the same JSON.
  std::string line;
  OutcomeWriter(*rules).append(line, deal, outcome);
  BOOST_TEST_REQUIRE(nlohmann::json::accept(line), line);
  BOOST_TEST(nlohmann::json::parse(line)["id"] == "id " + kReplacement + kReplacement + " end");
  BOOST_TEST(line == json_text(outcome_json(*rules, deal, outcome)));
  BOOST_TEST(nlohmann::json::accept(json_text(deal_json(*rules, deal))));
}

BOOST_AUTO_TEST_SUITE_END()
