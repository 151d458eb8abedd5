// `belote sheet add --play`: a mène given as its played cards, from a deal
// file in TOML or a deal line in JSON Lines (standard input too), checked card
// by card as a deal file is; and a whole klaverjas game of 16 mènes entered
// that way (one with a revoke) adding up to what `belote score` gives the
// same mènes (tests/data/klaverjas-game).
#include <fmt/format.h>

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <toml++/toml.h>

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

// A deal file's [deal] table as one deal line of JSON Lines, as `belote deal --played` writes a mène.
std::string deal_line(const std::string& toml_text) {
  const toml::table file = toml::parse(toml_text);
  std::ostringstream text;
  text << toml::json_formatter(*file["deal"].as_table());
  return json::parse(text.str()).dump() + "\n";
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

  // The same mènes on a sheet, each added as its played cards (every other one a deal line on standard input).
  const fs::path sheet = new_sheet("klaverjas-played-game", "klaverjas");
  for (int n = 1; n <= 16; ++n) {
    const RunResult added = n % 2 ? run_belote({"sheet", "add", sheet.string(), "--play", game_mene(n)})
                                  : run_belote({"sheet", "add", sheet.string(), "--play", "-"}, deal_line(read_file(game_mene(n))));
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

BOOST_AUTO_TEST_CASE(a_recorded_mene_is_added_with_the_sheets_comments_kept) {
  // A table's record in JSON Lines holds its tricks as objects: appended inline, not as [[play]] headers
  // that would read as another document and make the sheet rewritten without its comments.
  const fs::path dir = temp_dir("played-comments");
  const fs::path record = dir / "game.jsonl";
  fs::remove(record);
  const RunResult played = run_belote({"play", "--ruleset", "classique", "--seed", "7", "--players", "heuristic", "--seat", "none",
                                       "--menes", "1", "--quiet", "--record", record.string()});
  BOOST_TEST_REQUIRE(played.status == 0, played.err);
  const fs::path sheet = dir / "game.toml";
  const std::string text = "# The club's Tuesday game\nruleset = \"classique\"  # the house rules\n";
  write_file(sheet, text);
  const RunResult added = run_belote({"sheet", "add", sheet.string(), "--play", record.string()});
  BOOST_TEST_REQUIRE(added.status == 0, added.err);
  BOOST_TEST(added.err.empty(), added.err);
  BOOST_TEST(read_file(sheet).starts_with(text + "\n[[mene]]\n"), read_file(sheet));
  BOOST_TEST(read_file(sheet).find("[[mene.play]]") == std::string::npos);
  BOOST_TEST_REQUIRE(run_belote({"sheet", "undo", sheet.string()}).status == 0);
  BOOST_TEST(read_file(sheet) == text);
}

BOOST_AUTO_TEST_CASE(a_played_mene_is_checked_card_by_card_with_its_file_line_and_column) {
  const fs::path sheet = new_sheet("played-mene-errors", "classique");
  const std::string worked = read_file(source_dir() / "examples" / "played-mene.toml");
  // The mène in TOML, from a file of its own; its errors say where, after "FILE:".
  const fs::path mene = sheet.parent_path() / "mene.toml";
  const auto refused = [&](const std::string& text) {
    write_file(mene, text);
    const RunResult run = run_belote({"sheet", "add", sheet.string(), "--play", mene.string()});
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out == "");
    return with(run.err, mene.string() + ":", "<file>:");
  };
  const std::string before = read_file(sheet);
  BOOST_TEST(refused(with(worked, "\"10C\", \"8D\"]", "\"10C\", \"8X\"]")).starts_with(
      "belote: error: <file>:15:23: trick 3, N: bad card token '8X'\n"));
  BOOST_TEST(refused(with(worked, "[\"AC\", \"9C\", \"10C\", \"8D\"],\n", "")).starts_with(
      "belote: error: <file>:12:8: the play has 7 tricks; a mène has 8\n"));
  // A mène given as its play takes no result keys.
  BOOST_TEST(refused(with(worked, "first = \"N\"\n", "first = \"N\"\npoints = { NS = 90, EW = 72 }\n"))
                 .starts_with("belote: error: <file>:10:1: unknown key 'points' in a mène given as its play"));
  BOOST_TEST(refused("taker = \"S\"\ntrump = \"D\"\n").starts_with("belote: error: <file>:1:1: no 'play'"));
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
  write_file(mene, with(mene9, "revoke = \"N\"  # N plays 7D in trick 5\n", ""));
  const RunResult unstated = run_belote({"sheet", "add", klaverjas.string(), "--play", mene.string()});
  BOOST_TEST(unstated.status == 1);
  BOOST_TEST(unstated.err.find(mene.string() + ":13:10: trick 5, N: 7D is not legal") != std::string::npos, unstated.err);
  write_file(mene, with(mene9, "revoke = \"N\"", "revoke = { seat = \"W\" }"));
  const RunResult other = run_belote({"sheet", "add", klaverjas.string(), "--play", mene.string()});
  BOOST_TEST(other.status == 1);
  BOOST_TEST(other.err.find(mene.string() + ":8:1: 'revoke': W revoked, but the first card that breaks a duty is N's") !=
                 std::string::npos, other.err);
  BOOST_TEST(run_belote({"sheet", "add", klaverjas.string(), "--play", game_mene(9)}).status == 0);
  // The options of a mène given by its keys go without --play: a usage error.
  const RunResult both = run_belote({"sheet", "add", sheet.string(), "--play", "-", "--taker", "N"}, deal_line(worked));
  BOOST_TEST(both.status == 2);
  BOOST_TEST(both.err.find("--taker goes without --play") != std::string::npos, both.err);
  // A file that does not exist is named.
  const RunResult missing = run_belote({"sheet", "add", sheet.string(), "--play", "no-such-mene.toml"});
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(missing.err.find("no-such-mene.toml") != std::string::npos, missing.err);
}

BOOST_AUTO_TEST_CASE(the_sheet_writes_the_menes_keys_without_its_id) {
  const fs::path sheet = new_sheet("played-mene-auction", "klaverjas");
  const RunResult first = run_belote({"sheet", "add", sheet.string(), "--play", game_mene(1)});
  BOOST_TEST_REQUIRE(first.status == 0, first.err);
  BOOST_TEST(read_file(sheet).find("[[mene]]\ntaker = \"") != std::string::npos, read_file(sheet));
  BOOST_TEST(read_file(sheet).find("id = ") == std::string::npos);
}

// Standard input and a file whose name does not end in .toml are JSON Lines,
// as everywhere else: one deal line, as `belote deal --played` writes it.
BOOST_AUTO_TEST_CASE(a_played_mene_in_json_lines_is_one_deal_line_from_a_file_or_standard_input) {
  const fs::path from_toml = new_sheet("played-mene-from-toml", "classique");
  const std::string worked = (source_dir() / "examples" / "played-mene.toml").string();
  BOOST_TEST_REQUIRE(run_belote({"sheet", "add", from_toml.string(), "--play", worked}).status == 0);
  // The example's deal line gives the same sheet as its TOML, from a file and from standard input.
  const std::string line_file = (source_dir() / "examples" / "played-mene.jsonl").string();
  BOOST_TEST(json::parse(read_file(line_file)) == json::parse(deal_line(read_file(worked))));
  const fs::path from_file = new_sheet("played-mene-from-jsonl", "classique");
  const RunResult added = run_belote({"sheet", "add", from_file.string(), "--play", line_file});
  BOOST_TEST_REQUIRE(added.status == 0, added.err);
  BOOST_TEST(added.out.starts_with("mène 1 added to " + from_file.string() + "\n"), added.out);
  BOOST_TEST(read_file(from_file) == read_file(from_toml));
  const fs::path from_input = new_sheet("played-mene-from-stdin", "classique");
  const RunResult piped = run_belote({"sheet", "add", from_input.string(), "--play", "-"}, "\n" + read_file(line_file) + "\n");
  BOOST_TEST_REQUIRE(piped.status == 0, piped.err);
  BOOST_TEST(read_file(from_input) == read_file(from_toml));
  // Standard input also reads a mène in TOML, as it always did: its text never starts with '{'.
  const fs::path toml_input = new_sheet("played-mene-toml-stdin", "classique");
  const RunResult toml_piped = run_belote({"sheet", "add", toml_input.string(), "--play", "-"}, read_file(worked));
  BOOST_TEST_REQUIRE(toml_piped.status == 0, toml_piped.err);
  BOOST_TEST(read_file(toml_input) == read_file(from_toml));
  // What `belote deal --played` writes goes straight onto a sheet.
  const RunResult dealt = run_belote({"deal", "--random", "1", "--seed", "4", "--played"});
  BOOST_TEST_REQUIRE(dealt.status == 0, dealt.err);
  const RunResult second = run_belote({"sheet", "add", from_input.string(), "--play", "-"}, dealt.out);
  BOOST_TEST(second.status == 0, second.err);
  BOOST_TEST(second.out.starts_with("mène 2 added to"), second.out);
}

BOOST_AUTO_TEST_CASE(a_played_mene_in_json_lines_is_refused_by_its_line_unless_it_is_one_deal) {
  const fs::path sheet = new_sheet("played-mene-lines", "classique");
  const std::string before = read_file(sheet);
  const std::string line = read_file(source_dir() / "examples" / "played-mene.jsonl");
  const auto refused = [&](const std::string& input) {
    const RunResult run = run_belote({"sheet", "add", sheet.string(), "--play", "-"}, input);
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out == "");
    return run.err;
  };
  const std::string hint = "; a played mène in JSON Lines is one line holding a JSON object, as `belote deal --played` "
                           "writes it (a file whose name ends in .toml is read as TOML)\n";
  BOOST_TEST(refused("") == "belote: error: <stdin>: no mène: the input is empty" + hint);
  BOOST_TEST(refused(" \n\t\r\n") == "belote: error: <stdin>: no mène: its 2 lines are blank" + hint);
  const std::string second = refused(line + "\n" + line);
  BOOST_TEST(second.starts_with("belote: error: <stdin>:3:1: a second mène (line 1 holds one): a played mène's JSON "
                                "Lines hold one line; the mènes of a game are added one by one\n"), second);
  BOOST_TEST(refused("{\"taker\": \"S\", \"trump\": \"D\"}\n") ==
             "belote: error: <stdin>:1:1: no 'play': give the mène's tricks (\"play\": [[\"AH\", \"9H\", ...], ...])\n"
             "  {\"taker\": \"S\", \"trump\": \"D\"}\n  ^\n");
  // A card is placed on its line, as in any deal line.
  const std::string card = refused(with(line, "\"8D\"]", "\"8X\"]"));
  BOOST_TEST(card.starts_with("belote: error: <stdin>:1:202: trick 3, N: bad card token '8X'\n"), card);
  // A file not named .toml is JSON Lines, its errors named by the file: a line that is no
  // object, and a mène in TOML, told where TOML is read.
  const fs::path array = sheet.parent_path() / "array.jsonl";
  write_file(array, "[1]\n");
  const RunResult not_object = run_belote({"sheet", "add", sheet.string(), "--play", array.string()});
  BOOST_TEST(not_object.status == 1);
  BOOST_TEST(not_object.err.starts_with("belote: error: " + array.string() + ":1:1: a mène must be a JSON object, as a deal line is\n"),
             not_object.err);
  const fs::path toml_file = sheet.parent_path() / "mene.txt";
  write_file(toml_file, read_file(source_dir() / "examples" / "played-mene.toml"));
  const RunResult toml = run_belote({"sheet", "add", sheet.string(), "--play", toml_file.string()});
  BOOST_TEST(toml.status == 1);
  BOOST_TEST(toml.err.starts_with("belote: error: " + toml_file.string() + ":1:1: JSON syntax error while parsing value - invalid "
                                  "literal; last read: '#' (this input is JSON Lines, a JSON object a line; a mène in TOML is "
                                  "read from a file whose name ends in .toml)\n"),
             toml.err);
  const fs::path lines = sheet.parent_path() / "two.jsonl";
  write_file(lines, line + line);
  const RunResult two = run_belote({"sheet", "add", sheet.string(), "--play", lines.string()});
  BOOST_TEST(two.status == 1);
  BOOST_TEST(two.err.starts_with("belote: error: " + lines.string() + ":2:1: a second mène (line 1 holds one)"), two.err);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_SUITE_END()
