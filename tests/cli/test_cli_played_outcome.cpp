// The outcome of a played mène as programs read it: its tricks (leader, cards
// with their seats, winner, card points, roem and its keys), tricks per seat
// and team, the capot's value beside the points as played, and a revoke the
// mène states (`revoke`) scored by the ruleset's [play.revoke]; an illegal card
// no `revoke` states is refused under every ruleset.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_played_outcome)

using namespace belote;
using namespace belote::test;
using nlohmann::json;
namespace bdata = boost::unit_test::data;

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
  // Written as a deal (belote deal, Python's read_deal), the mène states its revoke and reads back with it.
  const auto written = deal_json(*rules, deal);
  BOOST_TEST(written["revoke"].dump() == R"({"seat":"N","trick":2})");
  Deal back;
  BOOST_TEST_REQUIRE(json_deal_errors(*rules, written.dump(), &back).empty());
  BOOST_TEST((back.result.revoke == Seat::N && back.result.revoke_trick == 2));
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

namespace {

// A file of tests/data/play with its `revoke` line replaced by `line` (none: removed), written where the tests write.
std::string with_revoke(const std::string& name, const std::string& line) {
  std::string text = read_file(play_file(name));
  const std::size_t at = text.find("revoke = ");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  const std::size_t end = text.find('\n', at) + 1;
  text.replace(at, end - at, line.empty() ? "" : line + "\n");
  static const std::filesystem::path dir = temp_dir("played-revoke");
  static int files = 0;
  const std::filesystem::path path = dir / fmt::format("{}-{}", ++files, name);
  write_file(path, text);
  return path.string();
}

struct Unstated {
  std::string ruleset, file, message;
  friend std::ostream& operator<<(std::ostream& out, const Unstated& u) { return out << u.ruleset << " " << u.file; }
};

// The shipped rulesets that score a revoke, and those that state none: without `revoke`, the same section-6 error.
const std::vector<Unstated> kUnstated = {
    {"classique", "classique-revoke.toml", ":10:22: trick 1, S: JC is not legal (follow suit): must follow the led suit; legal: 7D KD"},
    {"traditionnelle", "classique-revoke.toml", ":10:22: trick 1, S: JC is not legal (follow suit): must follow the led suit; legal: 7D KD"},
    {"bulgare", "classique-revoke.toml", ":10:22: trick 1, S: JC is not legal (follow suit): must follow the led suit; legal: 7D KD"},
    {"klaverjas", "klaverjas-revoke.toml", ":11:22: trick 2, N: 8D is not legal (follow suit): must follow the led suit; legal: JS"},
    {"klaverjas-amsterdam", "klaverjas-revoke.toml", ":11:22: trick 2, N: 8D is not legal (follow suit): must follow the led suit; legal: JS"},
};

}  // namespace

BOOST_DATA_TEST_CASE(an_illegal_card_no_revoke_states_is_refused, bdata::make(kUnstated), u) {
  const std::string file = with_revoke(u.file, "");
  const RunResult run = run_belote({"score", "--ruleset", u.ruleset, file});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "");
  BOOST_TEST(run.err.find(file + u.message) != std::string::npos, run.err);
}

namespace {

struct BadRevoke {
  std::string ruleset, file, line, message;
  friend std::ostream& operator<<(std::ostream& out, const BadRevoke& b) { return out << b.line; }
};

// Each error of a stated revoke, at its key.
const std::vector<BadRevoke> kBadRevokes = {
    {"bulgare", "classique-revoke.toml", R"(revoke = "S")",
     ":9:1: 'deal.revoke': ruleset 'bulgare' has no revoke rule ([play.revoke]): it scores no revoke, and a played "
     "mène with a card that breaks a duty is refused"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = "E")",
     ":9:1: 'deal.revoke': E revoked, but the first card that breaks a duty is N's (trick 2, N: 8D is not legal "
     "(follow suit): must follow the led suit; legal: JS)"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = { seat = "N", trick = 5 })",
     ":9:1: 'deal.revoke': N revoked in trick 5, but the first card that breaks a duty is in trick 2 (trick 2, N: 8D "
     "is not legal (follow suit): must follow the led suit; legal: JS)"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = "X")", ":9:10: 'deal.revoke': unknown seat 'X' (seats: N E S W)"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = { seat = "north" })",
     ":9:19: 'deal.revoke.seat': unknown seat 'north' (seats: N E S W)"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = { trick = 2 })", ":9:1: missing key 'deal.revoke.seat'"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = { seat = "N", trick = 9 })",
     ":9:32: 'deal.revoke.trick' must be an integer from 1 to 8"},
    {"klaverjas", "klaverjas-revoke.toml", R"(revoke = { seat = "N", card = "8D" })",
     ":9:24: unknown key 'deal.revoke.card'"},
    {"klaverjas", "klaverjas-revoke.toml", "revoke = 2",
     ":9:10: 'deal.revoke' must be the seat that revoked (N E S W) or a table { seat, trick }, not an integer"},
};

}  // namespace

BOOST_DATA_TEST_CASE(a_stated_revoke_is_checked, bdata::make(kBadRevokes), b) {
  const std::string file = with_revoke(b.file, b.line);
  const RunResult run = run_belote({"score", "--ruleset", b.ruleset, file});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "");
  BOOST_TEST(run.err.find(file + b.message) != std::string::npos, run.err);
}

BOOST_AUTO_TEST_CASE(a_revoke_stated_where_no_card_breaks_a_duty_is_refused) {
  // The same mène as klaverjas-revoke.toml before its two cards were swapped: every card legal.
  std::string text = read_file(play_file("klaverjas-roem.toml"));
  text.insert(text.find("play = ["), "revoke = \"N\"\n");
  const std::filesystem::path path = temp_dir("played-no-revoke") / "klaverjas-roem.toml";
  write_file(path, text);
  const RunResult run = run_belote({"score", "--ruleset", "klaverjas", path.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.find(path.string() + ":6:1: 'deal.revoke': N revoked, but no card of the play breaks a duty of [play]") !=
                 std::string::npos, run.err);
}

BOOST_AUTO_TEST_CASE(a_revoke_in_a_json_line_is_read_as_in_a_deal_file) {
  const std::string line =
      R"({"trump":"C","taker":"E","first":"W","revoke":{"seat":"N","trick":2},"play":[["10D","JD","7D","9D"],["QS","KS","7S","8D"],)"
      R"(["AS","9S","JS","8C"],["7C","7H","AC","JC"],["KH","QH","9H","JH"],["10H","9C","8H","8S"],["QC","AD","QD","10C"],)"
      R"(["AH","KC","10S","KD"]]})";
  const RunResult run = run_belote({"score", "--ruleset", "klaverjas", "--format", "json", "-"}, line + "\n");
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(json::parse(run.out)["revoke"] == json({{"seat", "N"}, {"team", "NS"}, {"trick", 2}, {"card", "8D"}}));
  const RunResult wrong = run_belote({"score", "--ruleset", "klaverjas", "-"}, with(line, R"("seat":"N")", R"("seat":"S")") + "\n");
  BOOST_TEST(wrong.status == 1);
  BOOST_TEST(wrong.err.find(":1:38: 'revoke': S revoked, but the first card that breaks a duty is N's") != std::string::npos,
             wrong.err);
}

BOOST_AUTO_TEST_SUITE_END()
