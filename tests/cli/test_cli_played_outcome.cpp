// The outcome of a played mène as programs read it: its tricks (leader, cards
// with their seats, winner, card points, roem and its keys), tricks per seat
// and team, the capot's value beside the points as played, and a revoke
// scored by the ruleset's [play.revoke] or refused where it has none.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <map>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_played_outcome)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

std::string play_file(const std::string& name) { return (tests_dir() / "data" / "play" / name).string(); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The one outcome `belote score --format json` writes for a file.
json scored(const std::string& ruleset, const std::string& file, bool compact = false) {
  std::vector<std::string> args{"score", "--ruleset", ruleset, "--format", "json", file};
  if (compact) args.push_back("--compact");
  const RunResult run = run_belote(args);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  return json::parse(run.out);
}

// What every played mène's tricks must agree with: the winners give the
// tricks per seat and team, the tricks' points the card points as played.
void check_tricks(const json& outcome, bool roem) {
  BOOST_TEST_REQUIRE(outcome["tricks"].is_array());
  std::map<std::string, int> by_seat, by_team, points, roem_by_team;
  std::string leader = outcome["tricks"][0]["leader"];
  for (const json& trick : outcome["tricks"]) {
    BOOST_TEST(trick["leader"] == leader);
    BOOST_TEST_REQUIRE(trick["cards"].size() == 4u);
    BOOST_TEST(trick["cards"][0]["seat"] == leader);
    const std::string winner = trick["winner"];
    const std::string team = winner == "N" || winner == "S" ? "NS" : "EW";
    ++by_seat[winner];
    ++by_team[team];
    points[team] += int(trick["points"]);
    BOOST_TEST(trick.contains("roem") == roem);
    if (roem) {
      roem_by_team[team] += int(trick["roem"]["points"]);
      BOOST_TEST(trick["roem"]["keys"].empty() == (trick["roem"]["points"] == 0));
    }
    leader = winner;
  }
  for (const char* seat : {"N", "E", "S", "W"}) BOOST_TEST(outcome["tricks_by_seat"][seat] == by_seat[seat]);
  for (const char* team : {"NS", "EW"}) {
    BOOST_TEST(outcome["tricks_by_team"][team] == by_team[team]);
    BOOST_TEST(outcome["card_points_played"][team] == points[team]);
    if (roem && outcome["capot"].is_null()) BOOST_TEST(outcome["roem"][team] == roem_by_team[team]);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_played_menes_give_the_librarys_bytes_and_consistent_tricks) {
  for (const char* name : {"classique", "klaverjas", "bulgare"}) {
    const RunResult deals = run_belote({"deal", "--random", "40", "--seed", "9", "--played", "--ruleset", name});
    BOOST_TEST_REQUIRE(deals.status == 0);
    const auto rules = ruleset(name);
    const RunResult full = run_belote({"score", "--ruleset", name, "--format", "json", "-"}, deals.out);
    const RunResult compact = run_belote({"score", "--ruleset", name, "--format", "json", "--compact", "-"}, deals.out);
    BOOST_TEST_REQUIRE(full.status == 0);
    const auto lines = lines_of(deals.out);
    const auto full_lines = lines_of(full.out);
    const auto compact_lines = lines_of(compact.out);
    BOOST_TEST_REQUIRE(full_lines.size() == lines.size());
    BOOST_TEST_REQUIRE(compact_lines.size() == lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      Deal deal;
      BOOST_TEST_REQUIRE(json_deal_errors(*rules, lines[i], &deal).empty());
      auto library = outcome_json(*rules, deal, evaluate(*rules, deal));
      BOOST_TEST(full_lines[i] == library.dump());
      library.erase("explanation");
      BOOST_TEST(compact_lines[i] == library.dump());
      const json outcome = json::parse(compact_lines[i]);
      check_tricks(outcome, rules->roem.any());
      BOOST_TEST(outcome["revoke"].is_null());
    }
  }
}

BOOST_AUTO_TEST_CASE(a_capot_keeps_its_value_beside_the_points_as_played) {
  const json outcome = scored("classique", play_file("classique-capot.jsonl"));
  BOOST_TEST(outcome["capot"] == "NS");
  BOOST_TEST(outcome["card_points"] == json({{"NS", 252}, {"EW", 0}}));
  BOOST_TEST(outcome["card_points_played"] == json({{"NS", 162}, {"EW", 0}}));
  BOOST_TEST(outcome["tricks_by_team"] == json({{"NS", 8}, {"EW", 0}}));
  check_tricks(outcome, false);
  BOOST_TEST(outcome["tricks"][7]["points"] > 10);  // the last trick's 10 with its cards
  const RunResult text = run_belote({"score", "--ruleset", "classique", play_file("classique-capot.jsonl")});
  BOOST_TEST(text.out.find("NS took all 8 tricks: capot, 252 card points (contract.capot; 162 as played), EW 0.") !=
             std::string::npos, text.out);
  // A deal written with its result has no tricks to give, but its tricks per team.
  const json by_result = scored("classique", (source_dir() / "examples" / "worked-example.toml").string());
  BOOST_TEST(by_result["tricks"].is_null());
  BOOST_TEST(by_result["tricks_by_seat"].is_null());
  BOOST_TEST(by_result["tricks_by_team"] == json({{"NS", 5}, {"EW", 3}}));
  BOOST_TEST(by_result["card_points_played"] == json({{"NS", 88}, {"EW", 74}}));
}

BOOST_AUTO_TEST_CASE(a_no_trump_mene_gives_its_tricks_in_the_kinds_points) {
  const json outcome = scored("bulgare", play_file("bulgare-no-trumps.jsonl"), true);
  BOOST_TEST(outcome["kind"] == "no-trumps");
  BOOST_TEST(outcome["trump"].is_null());
  BOOST_TEST(outcome["card_points_played"] == json({{"NS", 34}, {"EW", 226}}));
  BOOST_TEST(outcome["tricks_by_team"] == json({{"NS", 1}, {"EW", 7}}));
  check_tricks(outcome, false);
  BOOST_TEST(!outcome.contains("explanation"));
}

BOOST_AUTO_TEST_CASE(a_klaverjas_trick_gives_its_roem_and_keys) {
  const json outcome = scored("klaverjas", play_file("klaverjas-roem.toml"), true);
  check_tricks(outcome, true);
  BOOST_TEST(outcome["tricks"][0] == json::parse(R"({"leader":"W","cards":[{"seat":"W","card":"10D"},{"seat":"S","card":"JD"},)"
                                                 R"({"seat":"E","card":"7D"},{"seat":"N","card":"9D"}],"winner":"W","points":12,)"
                                                 R"("roem":{"points":20,"keys":["roem.runs"]}})"));
  BOOST_TEST(outcome["roem"] == json({{"NS", 20}, {"EW", 20}}));
  BOOST_TEST(outcome["tricks"][7]["points"] == 39);  // A♥ 11, K♣ 4, 10♠ 10, K♦ 4 and 10 for the last trick
}

BOOST_AUTO_TEST_CASE(a_klaverjas_revoke_gives_the_other_side_all_points_and_roem) {
  const json outcome = scored("klaverjas", play_file("klaverjas-revoke.toml"));
  BOOST_TEST(outcome["revoke"] == json({{"seat", "N"}, {"team", "NS"}, {"trick", 2}, {"card", "8D"}}));
  BOOST_TEST(outcome["score"] == json({{"NS", 0}, {"EW", 202}}));
  BOOST_TEST(outcome["contract"] == "made");
  // The program's writer and the library's outcome_json agree on a revoke too.
  const auto rules = ruleset("klaverjas");
  const Deal deal = deal_from_toml(*rules, read_file(play_file("klaverjas-revoke.toml")));
  const RunResult line = run_belote({"score", "--ruleset", "klaverjas", "--format", "json", play_file("klaverjas-revoke.toml")});
  BOOST_TEST(line.out == outcome_json(*rules, deal, evaluate(*rules, deal)).dump() + "\n");
  const RunResult text = run_belote({"score", "--ruleset", "klaverjas", play_file("klaverjas-revoke.toml")});
  BOOST_TEST(text.status == 0);
  for (const char* words :
       {"Revoke: trick 2, N: 8D is not legal (follow suit): must follow the led suit; legal: JS. It loses the mène for NS "
        "(play.revoke): the contract is made.",
        "The team that revoked, NS, writes nothing (play.revoke.offenders); EW write all the card points 162 + all the "
        "roem 40 = 202 (play.revoke.others).",
        "Score: NS 0, EW 202"})
    BOOST_TEST(text.out.find(words) != std::string::npos, words << "\n" << text.out);
}

BOOST_AUTO_TEST_CASE(a_classique_revoke_is_scored_as_the_side_at_fault_failing) {
  const json outcome = scored("classique", play_file("classique-revoke.toml"));
  BOOST_TEST(outcome["revoke"] == json({{"seat", "S"}, {"team", "NS"}, {"trick", 1}, {"card", "JC"}}));
  BOOST_TEST(outcome["score"] == json({{"NS", 0}, {"EW", 162}}));
  // The card points as played stay what they were: the revoke decides the score only.
  BOOST_TEST(outcome["card_points_played"] == json({{"NS", 138}, {"EW", 24}}));
}

BOOST_AUTO_TEST_CASE(a_revoke_is_refused_where_the_ruleset_has_no_rule) {
  const RunResult run = run_belote({"score", "--ruleset", "bulgare", play_file("classique-revoke.toml")});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "");
  BOOST_TEST(run.err.find("classique-revoke.toml:10:22: trick 1, S: JC is not legal (follow suit): must follow the led "
                          "suit; legal: 7D KD") != std::string::npos, run.err);
}

BOOST_AUTO_TEST_SUITE_END()
