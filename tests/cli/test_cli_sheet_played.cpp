// `belote sheet add --play`: a mène given as its played cards, checked card by
// card as a deal file is; and a whole klaverjas game of 16 mènes entered that
// way (one with a revoke) adding up to what `belote score` gives the same
// mènes (tests/data/klaverjas-game).
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_sheet_played)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string game_mene(int number) {
  return (tests_dir() / "data" / "klaverjas-game" / fmt::format("mene-{:02}.toml", number)).string();
}

fs::path new_sheet(const std::string& name, const std::string& ruleset) {
  const fs::path sheet = temp_dir(name) / "game.toml";
  fs::remove(sheet);
  const RunResult run = run_belote({"sheet", "new", sheet.string(), "--ruleset", ruleset});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  return sheet;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_klaverjas_game_of_played_menes_adds_up_as_belote_score_scores_them) {
  // belote score of the 16 files, in one run.
  std::vector<std::string> score{"score", "--ruleset", "klaverjas", "--format", "json", "--compact"};
  for (int n = 1; n <= 16; ++n) score.push_back(game_mene(n));
  const RunResult scored = run_belote(score);
  BOOST_TEST_REQUIRE(scored.status == 0, scored.err);
  std::vector<json> outcomes;
  std::istringstream lines(scored.out);
  for (std::string line; std::getline(lines, line);) outcomes.push_back(json::parse(line));
  BOOST_TEST_REQUIRE(outcomes.size() == 16u);
  int revokes = 0;
  PerTeam<int> totals;
  for (const json& outcome : outcomes) {
    revokes += !outcome["revoke"].is_null();
    for (Team team : kTeams) totals[team] += outcome["score"][std::string(name(team))].get<int>();
  }
  BOOST_TEST(revokes == 1);

  // The same mènes on a sheet, each added as its played cards (every other one from standard input).
  const fs::path sheet = new_sheet("klaverjas-played-game", "klaverjas");
  for (int n = 1; n <= 16; ++n) {
    const RunResult added = n % 2 ? run_belote({"sheet", "add", sheet.string(), "--play", game_mene(n)})
                                  : run_belote({"sheet", "add", sheet.string(), "--play", "-"}, read_file(game_mene(n)));
    BOOST_TEST_REQUIRE(added.status == 0, n << ": " << added.err);
    BOOST_TEST(added.out.starts_with(fmt::format("mène {} added to", n)));
  }
  const RunResult shown = run_belote({"sheet", "show", sheet.string(), "--format", "json"});
  BOOST_TEST_REQUIRE(shown.status == 0, shown.err);
  const json game = json::parse(shown.out);
  BOOST_TEST(game["played"] == 16);
  BOOST_TEST(game["decision"] == "deals-played");
  for (Team team : kTeams) BOOST_TEST(game["totals"][std::string(name(team))] == totals[team]);
  BOOST_TEST(game["winner"] == (totals[Team::NS] > totals[Team::EW] ? "NS" : "EW"));
  for (int i = 0; i < 16; ++i) {
    BOOST_TEST(game["menes"][i]["written"] == outcomes[std::size_t(i)]["score"], "mène " << i + 1);
    BOOST_TEST(game["menes"][i]["outcome"]["revoke"] == outcomes[std::size_t(i)]["revoke"], "mène " << i + 1);
  }
  const RunResult text = run_belote({"sheet", "show", sheet.string()});
  BOOST_TEST(text.out.find("revoke by N (NS)") != std::string::npos, text.out);
  // The sheet keeps the mène's statement of its revoke, and reads it back.
  BOOST_TEST(read_file(sheet).find("revoke = \"N\"\n") != std::string::npos, read_file(sheet));
  // The game is over: a seventeenth mène is refused, and the sheet is left as it was.
  const std::string before = read_file(sheet);
  const RunResult more = run_belote({"sheet", "add", sheet.string(), "--play", game_mene(1)});
  BOOST_TEST(more.status == 1);
  BOOST_TEST(more.err.find("mène 17 not added: the game ended at mène 16") != std::string::npos, more.err);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(a_played_mene_is_checked_card_by_card_with_its_file_line_and_column) {
  const fs::path sheet = new_sheet("played-mene-errors", "classique");
  const std::string worked = read_file(source_dir() / "examples" / "played-mene.toml");
  const auto refused = [&](const std::string& text) {
    const RunResult run = run_belote({"sheet", "add", sheet.string(), "--play", "-"}, text);
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out == "");
    return run.err;
  };
  const std::string before = read_file(sheet);
  BOOST_TEST(refused(with(worked, "\"10C\", \"8D\"]", "\"10C\", \"8X\"]")).starts_with(
      "belote: error: <stdin>:15:23: trick 3, N: bad card token '8X'\n"));
  BOOST_TEST(refused(with(worked, "[\"AC\", \"9C\", \"10C\", \"8D\"],\n", "")).starts_with(
      "belote: error: <stdin>:12:8: the play has 7 tricks; a mène has 8\n"));
  // A mène given as its play takes no result keys.
  BOOST_TEST(refused(with(worked, "first = \"N\"\n", "first = \"N\"\npoints = { NS = 90, EW = 72 }\n"))
                 .starts_with("belote: error: <stdin>:10:1: unknown key 'points' in a mène given as its play"));
  BOOST_TEST(refused("taker = \"S\"\ntrump = \"D\"\n").starts_with("belote: error: <stdin>:1:1: no 'play'"));
  // A revoke stated under a ruleset without a revoke rule is refused as in a deal file.
  const fs::path bulgare = new_sheet("played-mene-bulgare", "bulgare");
  const RunResult revoke = run_belote({"sheet", "add", bulgare.string(), "--play",
                                       (tests_dir() / "data" / "play" / "classique-revoke.toml").string()});
  BOOST_TEST(revoke.status == 1);
  BOOST_TEST(revoke.err.find("classique-revoke.toml:9:1: 'revoke': ruleset 'bulgare' has no revoke rule") !=
                 std::string::npos, revoke.err);
  BOOST_TEST(read_file(sheet) == before);
  // Under a ruleset with one, an illegal card no `revoke` states is refused, and stated it is scored.
  const fs::path klaverjas = new_sheet("played-mene-klaverjas", "klaverjas");
  const std::string mene9 = read_file(game_mene(9));
  const RunResult unstated = run_belote({"sheet", "add", klaverjas.string(), "--play", "-"},
                                        with(mene9, "revoke = \"N\"  # N plays 7D in trick 5\n", ""));
  BOOST_TEST(unstated.status == 1);
  BOOST_TEST(unstated.err.find("<stdin>:13:10: trick 5, N: 7D is not legal") != std::string::npos, unstated.err);
  const RunResult other = run_belote({"sheet", "add", klaverjas.string(), "--play", "-"},
                                     with(mene9, "revoke = \"N\"", "revoke = { seat = \"W\" }"));
  BOOST_TEST(other.status == 1);
  BOOST_TEST(other.err.find("<stdin>:8:1: 'revoke': W revoked, but the first card that breaks a duty is N's") !=
                 std::string::npos, other.err);
  BOOST_TEST(run_belote({"sheet", "add", klaverjas.string(), "--play", "-"}, mene9).status == 0);
  // The options of a mène given by its keys go without --play: a usage error.
  const RunResult both = run_belote({"sheet", "add", sheet.string(), "--play", "-", "--taker", "N"}, worked);
  BOOST_TEST(both.status == 2);
  BOOST_TEST(both.err.find("--taker goes without --play") != std::string::npos, both.err);
  // A file that does not exist is named.
  const RunResult missing = run_belote({"sheet", "add", sheet.string(), "--play", "no-such-mene.toml"});
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(missing.err.find("no-such-mene.toml") != std::string::npos, missing.err);
}

BOOST_AUTO_TEST_CASE(the_sheet_writes_the_menes_keys_without_its_id) {
  const fs::path sheet = new_sheet("played-mene-auction", "klaverjas");
  std::string mene = read_file(game_mene(1));
  const RunResult first = run_belote({"sheet", "add", sheet.string(), "--play", "-"}, mene);
  BOOST_TEST_REQUIRE(first.status == 0, first.err);
  BOOST_TEST(read_file(sheet).find("[[mene]]\ntaker = \"") != std::string::npos, read_file(sheet));
  BOOST_TEST(read_file(sheet).find("id = ") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
