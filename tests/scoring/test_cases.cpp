// The worked cases of the rule book (tests/cases/*.toml): every expectation,
// for every ruleset it names, through the library and through the CLI.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cases)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

struct Expectation {
  std::string file;
  std::string ruleset;
  bool is_void = false;
  std::string winner;  // "NS", "EW" or "none"
  std::string contract;
  int score_ns = 0, score_ew = 0, suspended = 0;
  std::map<std::string, int> announced;
};

std::ostream& operator<<(std::ostream& out, const Expectation& e) { return out << e.file << " under " << e.ruleset; }

std::vector<Expectation> expectations() {
  std::vector<Expectation> all;
  for (const auto& path : case_files()) {
    const toml::table file = toml::parse_file(path.string());
    for (auto&& [ruleset, node] : *file["expect"].as_table()) {
      const toml::table& expect = *node.as_table();
      Expectation e;
      e.file = path.filename().string();
      e.ruleset = std::string(ruleset.str());
      e.is_void = expect["void"].value_or(false);
      if (!e.is_void) {
        e.winner = expect["winner"].value_or(std::string());
        e.contract = expect["contract"].value_or(std::string());
        e.score_ns = expect["score"]["NS"].value_or(-1);
        e.score_ew = expect["score"]["EW"].value_or(-1);
        e.suspended = expect["suspended"].value_or(-1);
        for (auto&& [seat, points] : *expect["announced"].as_table())
          e.announced[std::string(seat.str())] = int(points.value_or<std::int64_t>(-1));
      }
      all.push_back(e);
    }
  }
  return all;
}

std::string team_text(const std::optional<Team>& team) { return team ? std::string(name(*team)) : "none"; }

}  // namespace

BOOST_AUTO_TEST_CASE(every_case_names_only_shipped_rulesets) {
  const auto shipped = shipped_ruleset_names();
  const auto all = expectations();
  BOOST_TEST(all.size() >= 30u);
  for (const auto& e : all)
    BOOST_TEST((std::find(shipped.begin(), shipped.end(), e.ruleset) != shipped.end()), e.ruleset << " is shipped");
}

BOOST_DATA_TEST_CASE(library_outcome_matches_the_case, bdata::make(expectations()), e) {
  const auto rules = ruleset(e.ruleset);
  const Deal deal = deal_from_toml(*rules, read_file(tests_dir() / "cases" / e.file));
  const Outcome out = evaluate(*rules, deal);
  BOOST_TEST(out.is_void == e.is_void);
  if (e.is_void) return;
  BOOST_TEST(team_text(out.winner) == e.winner);
  BOOST_TEST(std::string(contract_name(out.contract)) == e.contract);
  BOOST_TEST(out.score[Team::NS] == e.score_ns);
  BOOST_TEST(out.score[Team::EW] == e.score_ew);
  BOOST_TEST(out.suspended == e.suspended);
  for (Seat seat : kSeats) BOOST_TEST(out.announcements[seat].points == e.announced.at(std::string(name(seat))));
}

BOOST_DATA_TEST_CASE(cli_json_matches_the_case, bdata::make(expectations()), e) {
  const RunResult run = run_belote({"score", "--ruleset", e.ruleset, "--format", "json", (tests_dir() / "cases" / e.file).string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["ruleset"] == e.ruleset);
  BOOST_TEST(j["void"].template get<bool>() == e.is_void);
  if (e.is_void) {
    BOOST_TEST(j["contract"].is_null());
    return;
  }
  BOOST_TEST((j["winner"].is_null() ? std::string("none") : j["winner"].template get<std::string>()) == e.winner);
  BOOST_TEST(j["contract"].template get<std::string>() == e.contract);
  BOOST_TEST(j["score"]["NS"].template get<int>() == e.score_ns);
  BOOST_TEST(j["score"]["EW"].template get<int>() == e.score_ew);
  BOOST_TEST(j["suspended"].template get<int>() == e.suspended);
  for (const auto& [seat, points] : e.announced) {
    const int got = j["announced"][seat].template get<int>();
    BOOST_TEST(got == points);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_cases
