// The outcome writer against outcome_json, the reference: the same bytes as
// outcome_json(...).dump() for every outcome, and the compact form is that
// object less its explanation. Under every shipped ruleset, on random deals
// of every form, on the worked cases and on tests/data.
#include <boost/test/unit_test.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "deal_lines.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_outcome_writer)

using namespace belote;
using namespace belote::test;

namespace {

// The writers of a ruleset, made once and used for many outcomes, as a batch uses them.
struct Writers {
  OutcomeWriter full, compact;
  explicit Writers(const Ruleset& rules) : full(rules), compact(rules, OutcomeDetail::compact) {}
};

void compare(const Ruleset& rules, const Deal& deal, const Writers& writers) {
  const Outcome outcome = evaluate(rules, deal);
  nlohmann::ordered_json reference = outcome_json(rules, deal, outcome);
  std::string full = "kept";
  const bool full_safe = writers.full.append(full, deal, outcome);
  BOOST_REQUIRE_EQUAL(full, "kept" + reference.dump());
  // What the writer says of its text, found as it writes, is what a scan finds.
  BOOST_REQUIRE_EQUAL(full_safe, is_terminal_safe(full.substr(4)));
  std::string once;
  append_outcome_json(once, rules, deal, outcome);
  BOOST_REQUIRE_EQUAL(once, reference.dump());
  std::string compact;
  const bool compact_safe = writers.compact.append(compact, deal, outcome);
  reference.erase("explanation");
  BOOST_REQUIRE_EQUAL(compact, reference.dump());
  BOOST_REQUIRE_EQUAL(compact_safe, is_terminal_safe(compact));
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_deals_of_every_form_under_every_ruleset) {
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    const Writers writers(*rules);
    for (std::uint64_t i = 0; i < scaled(1500); ++i) {
      Deal deal;
      Diagnostics errors;
      BOOST_REQUIRE(DealReader(*rules).read_json_line(deal_line_in_any_form(*rules, 21, i), "d", 1, deal, errors));
      compare(*rules, deal, writers);
    }
  }
}

// Each ruleset scores the files it reads (a ruleset with bids reads only deals that give one).
BOOST_AUTO_TEST_CASE(worked_cases_and_test_data) {
  std::uint64_t compared = 0;
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    const DealReader reader(*rules);
    const Writers writers(*rules);
    Deal deal;
    for (const auto& file : case_files()) {
      Diagnostics errors;
      if (!reader.read_toml(read_file(file), file.string(), deal, errors)) continue;
      compare(*rules, deal, writers);
      ++compared;
    }
    std::ifstream lines(tests_dir() / "data" / "diff-deals.jsonl");
    std::string line;
    while (std::getline(lines, line)) {
      Diagnostics errors;
      if (!reader.read_json_line(line, "d", 1, deal, errors)) continue;
      compare(*rules, deal, writers);
      ++compared;
    }
  }
  BOOST_TEST(compared > 100u);
}

BOOST_AUTO_TEST_CASE(text_to_escape_is_escaped_as_the_reference_does) {
  const auto rules = ruleset("classique");
  const Writers writers(*rules);
  Deal deal = deal_from_toml(*rules, read_file(tests_dir() / "cases" / "seed000-worked-example.toml"));
  for (const std::string id : {"quote \" and backslash \\", "tab\tand\x7f", "é → ♥", "\U0001F0A1 ü × 2", "\x7f→", "\x01\x1f", "eight ok", "seven\"7",
                               "12345678\\", "1234567\x1f", "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f",
                               // Copied as they are by JSON, and acting on a terminal: the writer says so.
                               "\u202Egnp.exe", "line\u2028break", "c1 \u0085", "\x1b[31m red"}) {
    deal.id = id;
    compare(*rules, deal, writers);
  }
  std::string text;
  deal.id = "\u202Egnp.exe";
  BOOST_TEST(!writers.compact.append(text, deal, evaluate(*rules, deal)));
  deal.id = "é → ♥";
  BOOST_TEST(writers.compact.append(text, deal, evaluate(*rules, deal)));
}

BOOST_AUTO_TEST_SUITE_END()  // test_outcome_writer
