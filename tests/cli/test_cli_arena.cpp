// belote arena and belote diff --played from the terminal: the text and the
// JSON of a run, the same whatever --threads, ranges merged with --merge, the
// records scored again by belote score, a bot as a side (sent every message
// of belote play's, ended at once by a signal while it thinks, its standard
// error labelled with its seat, deal and play), and each error.
#include <algorithm>
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>

#include "ruleset_chain.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_arena)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<std::string> with(std::vector<std::string> words, const std::vector<std::string>& more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

std::string read_file_or_empty(const fs::path& path) { return fs::exists(path) ? read_file(path) : std::string(); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

const std::vector<std::string> kRun{"arena", "--ruleset", "klaverjas", "--players", "heuristic,random", "--seed", "1"};

}  // namespace

BOOST_AUTO_TEST_CASE(a_run_prints_its_figures_as_text_and_as_json) {
  const RunResult text = run_belote(with(kRun, {"--deals", "6"}));
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(text.out ==
             "klaverjas: deals 0 to 5 of seed 1, each played twice, the players changing sides; 1 mène a play\n"
             "A: heuristic (N-S in a deal's first play), B: random\n"
             "A less B per game (a deal's two plays): +81.0  (95% interval -83.3 to +245.3)\n"
             "A less B per mène (12 mènes): +40.5  (95% interval -41.7 to +122.7)\n"
             "games: A ahead 4, even 0, B ahead 2\n"
             "contracts: A took 7 (made 6, failed 1); B took 5 (made 2, failed 3)\n");
  const RunResult json = run_belote(with(kRun, {"--deals", "6", "--format", "json"}));
  const auto j = nlohmann::json::parse(json.out);
  BOOST_TEST(j["games"] == 6);
  BOOST_TEST(j["menes"] == 12);
  BOOST_TEST(j["per_game"]["mean"] == 81.0);
  BOOST_TEST(j["players"]["A"] == "heuristic");
  BOOST_TEST(j["sums"]["difference"] == 486);
}

BOOST_AUTO_TEST_CASE(an_arena_of_one_deal_says_so) {
  const RunResult run = run_belote(with(kRun, {"--deals", "1", "--first-deal", "3"}));
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.out.starts_with("klaverjas: deal 3 of seed 1, played twice, the players changing sides; 1 mène a play\n"),
             run.out);
}

BOOST_AUTO_TEST_CASE(the_threads_change_nothing_and_ranges_merge_into_the_whole) {
  const fs::path dir = temp_dir("arena-merge");
  const RunResult one = run_belote(with(kRun, {"--deals", "10", "--threads", "1", "--format", "json"}));
  const RunResult three = run_belote(with(kRun, {"--deals", "10", "--threads", "3", "--format", "json"}));
  BOOST_TEST(one.out == three.out);
  write_file(dir / "a.json", run_belote(with(kRun, {"--deals", "4", "--first-deal", "6", "--format", "json"})).out);
  write_file(dir / "b.json", run_belote(with(kRun, {"--deals", "6", "--format", "json"})).out);
  const RunResult merged = run_belote({"arena", "--merge", "--format", "json", (dir / "a.json").string(), (dir / "b.json").string()});
  BOOST_TEST(merged.status == 0, merged.err);
  BOOST_TEST(merged.out == one.out);
  const RunResult gap = run_belote({"arena", "--merge", (dir / "a.json").string()});
  BOOST_TEST(gap.status == 0);
  write_file(dir / "c.json", run_belote(with(kRun, {"--deals", "4", "--format", "json"})).out);
  const RunResult bad = run_belote({"arena", "--merge", (dir / "a.json").string(), (dir / "c.json").string()});
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(bad.err == "belote: error: " + (dir / "a.json").string() + ": 'first_deal' is 6, but " + (dir / "c.json").string() +
                            " holds deals 0 to 3: deals 4 to 5 are in no result (the ranges leave a gap)\n");
  write_file(dir / "d.json", "{\"ruleset\": 1}");
  const RunResult unread = run_belote({"arena", "--merge", (dir / "d.json").string()});
  BOOST_TEST(unread.status == 1);
  // The line is quoted, a caret under the value.
  BOOST_TEST(unread.err == "belote: error: " + (dir / "d.json").string() +
                               ":1:13: 'ruleset' is 1, not a string\n  {\"ruleset\": 1}\n              ^\n");
}

// A house file named as a shipped ruleset, with other conventions: its results and the shipped one's name
// the same ruleset, but their fingerprints differ. Results written before the fingerprint merge by the name.
BOOST_AUTO_TEST_CASE(results_of_two_rulesets_of_one_name_do_not_merge) {
  const fs::path dir = temp_dir("arena-fingerprint");
  fs::create_directories(dir / "alt");
  write_file(dir / "alt" / "classique.toml", "extends = \"classique\"\n[contract]\nfailed_belote = \"defenders\"\n");
  const std::vector<std::string> run{"arena", "--players", "random,random", "--seed", "5", "--deals", "10", "--format", "json"};
  const std::string s1 = (dir / "s1.json").string(), s2 = (dir / "s2.json").string(), s3 = (dir / "s3.json").string(),
                    earlier = (dir / "earlier.json").string();
  write_file(s1, run_belote(with(run, {"--ruleset", "classique"})).out);
  write_file(s2, run_belote(with(run, {"--ruleset", (dir / "alt" / "classique.toml").string(), "--first-deal", "10"})).out);
  write_file(s3, run_belote(with(run, {"--ruleset", "classique", "--first-deal", "10"})).out);
  const auto fingerprint = [](const std::string& file) {
    return nlohmann::json::parse(read_file(file))["ruleset_fingerprint"].get<std::string>();
  };
  BOOST_TEST(fingerprint(s1) == fingerprint(s3));
  const RunResult refused = run_belote({"arena", "--merge", s1, s2});
  BOOST_TEST(refused.status == 1);
  BOOST_TEST(refused.out.empty());
  BOOST_TEST(refused.err == "belote: error: " + s2 + ": 'ruleset_fingerprint' is " + fingerprint(s2) + ", but " +
                                fingerprint(s1) + " in " + s1 +
                                ": the results are of two rulesets named 'classique' whose conventions differ\n");
  BOOST_TEST(run_belote({"arena", "--merge", s1, s3}).status == 0);
  // A result without the key, as an earlier version wrote it, merges with a new one and takes its fingerprint.
  auto j = nlohmann::ordered_json::parse(read_file(s1));
  j.erase("ruleset_fingerprint");
  write_file(earlier, j.dump(2) + "\n");
  const RunResult merged = run_belote({"arena", "--merge", "--format", "json", earlier, s3});
  BOOST_TEST_REQUIRE(merged.status == 0, merged.err);
  BOOST_TEST(nlohmann::json::parse(merged.out)["ruleset_fingerprint"] == fingerprint(s3));
  BOOST_TEST(run_belote({"arena", "--merge", "--format", "json", earlier}).out == j.dump(2) + "\n");
}

// The results kept in the repository were written before the fingerprint: they still merge.
BOOST_AUTO_TEST_CASE(the_results_kept_in_the_repository_merge_without_a_fingerprint) {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(fs::path(BELOTE_SOURCE_DIR) / "bench" / "arena-ranges" / "schieber"))
    if (entry.path().extension() == ".json") files.push_back(entry.path().string());
  BOOST_TEST_REQUIRE(files.size() > 1u);
  const RunResult run = run_belote(with({"arena", "--merge"}, files));
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(run.out.starts_with("schieber: deals 0 to "), run.out);
}

// Each file that does not fit with the others is named, with the key that says why.
BOOST_AUTO_TEST_CASE(a_result_that_does_not_merge_is_named_by_its_file_and_key) {
  const fs::path dir = temp_dir("arena-refused");
  const auto file = [&](const std::string& name, const std::string& seed, const std::string& deals, const std::string& first) {
    write_file(dir / name, run_belote({"arena", "--ruleset", "klaverjas", "--players", "heuristic,random", "--seed", seed,
                                       "--deals", deals, "--first-deal", first, "--format", "json"}).out);
    return (dir / name).string();
  };
  const std::string a = file("a.json", "1", "4", "0"), overlapping = file("b.json", "1", "4", "2"),
                    other_seed = file("c.json", "2", "2", "4");
  write_file(dir / "d.json", "{\"ruleset\": \"klaverjas\",\n  \"seed\": 1,, }");
  const auto refused = [](const std::vector<std::string>& files) {
    const RunResult run = run_belote(with({"arena", "--merge"}, files));
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out.empty());
    return run.err;
  };
  BOOST_TEST(refused({overlapping, a}) ==
             "belote: error: " + overlapping + ": 'first_deal' is 2, but " + a + " holds deals 0 to 3: the ranges overlap\n");
  BOOST_TEST(refused({a, other_seed}) == "belote: error: " + other_seed + ": 'seed' is 2, but 1 in " + a +
                                             ": the results are of two arenas (ruleset, players, seed and menes_per_play "
                                             "must be the same)\n");
  BOOST_TEST(refused({a, (dir / "d.json").string()}) ==
             "belote: error: " + (dir / "d.json").string() +
                 ":2:13: JSON syntax error while parsing object key - unexpected ','; expected string literal\n"
                 "    \"seed\": 1,, }\n              ^\n");
  const RunResult missing = run_belote({"arena", "--merge", (dir / "none.json").string()});
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(missing.err == "belote: error: " + (dir / "none.json").string() + ": no such file\n");
  const RunResult directory = run_belote({"arena", "--merge", dir.string()});
  BOOST_TEST(directory.status == 1);
  BOOST_TEST(directory.err == "belote: error: " + dir.string() + ": is a directory, not a file\n");
}

// A result is read strictly: a file edited, or of another program, that says
// what no arena played is refused at its line and column, by its key.
BOOST_AUTO_TEST_CASE(a_result_whose_keys_counts_or_sums_no_arena_gives_is_refused_by_its_place_and_key) {
  const fs::path dir = temp_dir("arena-strict");
  const RunResult run = run_belote(with(kRun, {"--deals", "6", "--format", "json"}));
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto result = nlohmann::ordered_json::parse(run.out);
  int files = 0;
  // The result changed by `change`, written as arena writes it: what --merge says of it, after "belote: error: FILE:".
  const auto refused = [&](const std::function<void(nlohmann::ordered_json&)>& change) {
    nlohmann::ordered_json changed = result;
    change(changed);
    const fs::path file = dir / ("r" + std::to_string(++files) + ".json");
    write_file(file, changed.dump(2) + "\n");
    const RunResult merge = run_belote({"arena", "--merge", file.string()});
    BOOST_TEST(merge.status == 1);
    BOOST_TEST(merge.out.empty());
    const std::string prefix = "belote: error: " + file.string() + ":";
    BOOST_TEST(merge.err.starts_with(prefix), merge.err);
    // The message's line, then the line of the file it is about and a caret under its column.
    const std::size_t end = std::min(merge.err.find('\n'), merge.err.size());
    const std::string message = merge.err.substr(0, end + 1);
    BOOST_TEST(std::count(merge.err.begin(), merge.err.end(), '\n') == 3, merge.err);
    BOOST_TEST(merge.err.ends_with("^\n"), merge.err);
    return message.substr(std::min(prefix.size(), message.size()));
  };
  // Unchanged, it merges into itself.
  write_file(dir / "same.json", run.out);
  BOOST_TEST(run_belote({"arena", "--merge", "--format", "json", (dir / "same.json").string()}).out == run.out);
  // Keys.
  BOOST_TEST(refused([](auto& j) { j["bogus"] = 1; }) ==
             "49:3: unknown key 'bogus' (an arena's result holds ruleset, players, seed, first_deal, deals, menes_per_play, "
             "games, menes, per_game, per_mene, games_ahead, contracts, sums and ruleset_fingerprint)\n");
  BOOST_TEST(refused([](auto& j) { j["contracts"]["B"]["tken"] = 1; }) ==
             "40:7: unknown key 'contracts.B.tken' (did you mean 'taken'?) ('contracts.B' holds taken, made, failed and litige)\n");
  BOOST_TEST(refused([](auto& j) { j["sums"].erase("difference"); }) == "42:3: 'sums.difference' is missing\n");
  // Types and ranges.
  BOOST_TEST(refused([](auto& j) { j["players"] = nlohmann::ordered_json::array(); }) == "3:14: 'players' is [], not an object\n");
  BOOST_TEST(refused([](auto& j) { j["per_game"]["low"] = "x"; }) == "15:12: 'per_game.low' is \"x\", not a number or null\n");
  BOOST_TEST(refused([](auto& j) { j["per_mene"]["mean"] = nullptr; }) == "19:13: 'per_mene.mean' is null, not a number\n");
  BOOST_TEST(refused([](auto& j) { j["deals"] = j["games"] = std::uint64_t(1) << 63; }) ==
             "9:12: 'deals' is 9223372036854775808, not a whole number from 1 to 1000000000000\n");
  BOOST_TEST(refused([](auto& j) { j["menes_per_play"] = 4294967297; }) ==
             "10:21: 'menes_per_play' is 4294967297, not a whole number from 1 to 100\n");
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference_squared"] = -5; }) ==
             "44:27: 'sums.difference_squared' is -5, not a whole number from 0 to 9223372036854775807\n");
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference_squared"] = 18446744073709551611u; }) ==
             "44:27: 'sums.difference_squared' is 18446744073709551611, not a whole number from 0 to 9223372036854775807\n");
  BOOST_TEST(refused([](auto& j) { j["first_deal"] = 18446744073709551613u; }) ==
             "8:17: 'first_deal' is 18446744073709551613, not a whole number from 0 to 18446744073709551609: with 'deals' 6, "
             "the last deal's number would pass 18446744073709551614\n");
  // Counts that disagree.
  BOOST_TEST(refused([](auto& j) { j["games"] = 5; }) == "11:12: 'games' (5) is not 'deals' (6): a result of a run that stopped\n");
  BOOST_TEST(refused([](auto& j) { j["menes"] = 11; }) ==
             "12:12: 'menes' is 11, not 12: each of the 6 games is two plays of 1 mène ('menes_per_play')\n");
  BOOST_TEST(refused([](auto& j) { j["games_ahead"]["A"] = 5; }) ==
             "23:3: 'games_ahead' counts 7 games (A 5, even 0, B 2), but 'games' is 6: each game is counted once\n");
  BOOST_TEST(refused([](auto& j) { j["contracts"]["A"]["taken"] = 9; }) ==
             "30:16: 'contracts.A.taken' is 9, but made, failed and litige add up to 7: each contract taken is one of them\n");
  BOOST_TEST(refused([](auto& j) {
               for (const char* side : {"A", "B"})
                 for (auto& count : j["contracts"][side]) count = count.template get<int>() * 3;
             }) == "28:3: 'contracts' holds 36 contracts taken, more than the 12 mènes played ('menes'): a mène has one "
                   "contract at most\n");
  // Sums that no differences have: n·Σd² ≥ (Σd)², Σm² within what 2 to 2·menes_per_play mènes a game give, (Σdm)² ≤ Σd²·Σm².
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference_squared"] = 3; }) ==
             "44:27: 'sums.difference_squared' is 3: too small for 6 games whose differences add up to 486 "
             "('sums.difference'): games × difference_squared is at least difference²\n");
  BOOST_TEST(refused([](auto& j) { j["sums"]["menes_squared"] = 0; }) ==
             "45:22: 'sums.menes_squared' is 0, not 24: the sum of the squares of 6 games' mènes, 2 each and 12 in all ('menes')\n");
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference_by_menes"] = 1000000000; }) ==
             "46:28: 'sums.difference_by_menes' is 1000000000: beyond what 'sums.difference_squared' and "
             "'sums.menes_squared' allow (its square is at most their product)\n");
  // One mène a play: every game is 2 mènes, so Σdm is 2·Σd exactly, however the other sums allow it.
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference_by_menes"] = 1; }) ==
             "46:28: 'sums.difference_by_menes' is 1, not 972: every game is 2 mènes ('menes_squared' is 24), so the "
             "differences times the mènes add up to 2 × 'sums.difference' (486)\n");
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference"] = 488; }) ==
             "46:28: 'sums.difference_by_menes' is 972, not 976: every game is 2 mènes ('menes_squared' is 24), so the "
             "differences times the mènes add up to 2 × 'sums.difference' (488)\n");
  // A sum of squares is even or odd as its sum is.
  BOOST_TEST(refused([](auto& j) { j["sums"]["difference_squared"] = j["sums"]["difference_squared"].template get<long long>() + 1; })
                 .find("'sums.difference_squared' is ") == 7u);
  // Games ahead and the differences: A ahead in none, yet differences that add up to more than 0.
  BOOST_TEST(refused([](auto& j) {
               j["games_ahead"] = {{"A", 0}, {"even", 0}, {"B", 6}};
             }).starts_with("23:3: 'games_ahead' has A ahead in 0 games, B in 6 and 0 even, but 'sums.difference' is 486"));
  // The means and intervals are those the sums give: one that says otherwise is refused, not computed again.
  BOOST_TEST(refused([](auto& j) { j["per_game"]["mean"] = 999; }) ==
             "14:13: 'per_game.mean' is 999, not 81, the mean the sums give ('sums.difference' / 'games')\n");
  BOOST_TEST(refused([](auto& j) { j["per_mene"]["high"] = 1; }).starts_with(
      "21:13: 'per_mene.high' is 1, not 122.6655"));
  // A player no arena plays.
  BOOST_TEST(refused([](auto& j) { j["players"]["A"] = "bogus"; }) ==
             "4:10: 'players.A': unknown player 'bogus': a player of a result is random, heuristic, sampled:N, 'bot: COMMAND' or "
             "'python: NAME'\n");
  // A key given twice: the library would keep the last, and the file would say two things.
  std::string twice = run.out;
  twice.replace(twice.find("\"seed\": 1,"), 10, "\"seed\": 1, \"seed\": 2,");
  write_file(dir / "twice.json", twice);
  const RunResult merge = run_belote({"arena", "--merge", (dir / "twice.json").string()});
  BOOST_TEST(merge.status == 1);
  BOOST_TEST(merge.err == "belote: error: " + (dir / "twice.json").string() +
                              ":7:14: key 'seed' is given twice\n    \"seed\": 1, \"seed\": 2,\n               ^\n");
}

// Litiges are named where there were some (contract.on_tie), for both sides alike.
BOOST_AUTO_TEST_CASE(the_text_names_litiges_only_where_there_were_some) {
  const RunResult run = run_belote({"arena", "--ruleset", "classique", "--players", "random,heuristic", "--seed", "1", "--deals", "10"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, "contracts: A took 15 (made 8, failed 6, litige 1); B took 5 (made 5, failed 0, litige 0)\n"));
}

// A merged result is a result: no more deals than one arena plays.
BOOST_AUTO_TEST_CASE(ranges_that_hold_more_deals_than_an_arena_plays_do_not_merge) {
  const fs::path dir = temp_dir("arena-too-many");
  const std::uint64_t half = 600'000'000'000;
  // Every game even, one mène a play: sums that agree with the counts.
  const auto range = [&](const std::string& name, std::uint64_t first) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(run_belote(with(kRun, {"--deals", "2", "--format", "json"})).out);
    j["first_deal"] = first;
    j["deals"] = j["games"] = half;
    j["menes"] = 2 * half;
    j["games_ahead"] = {{"A", 0}, {"even", half}, {"B", 0}};
    for (const char* side : {"A", "B"}) j["contracts"][side] = {{"taken", 0}, {"made", 0}, {"failed", 0}, {"litige", 0}};
    j["sums"] = {{"difference", 0}, {"difference_squared", 0}, {"menes_squared", 4 * half}, {"difference_by_menes", 0}};
    // The means and intervals those sums give: 0, and 0 to 0.
    j["per_game"] = j["per_mene"] = {{"mean", 0.0}, {"low", 0.0}, {"high", 0.0}};
    write_file(dir / name, j.dump(2));
    return (dir / name).string();
  };
  const std::string a = range("a.json", 0), b = range("b.json", half);
  BOOST_TEST(run_belote({"arena", "--merge", a}).status == 0);
  const RunResult run = run_belote({"arena", "--merge", a, b});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + b + ": 'deals' is 600000000000: after the 600000000000 deals before it, the "
                        "results would hold 1200000000000 deals, more than the 1000000000000 an arena plays\n");
}

BOOST_AUTO_TEST_CASE(the_records_score_again_as_they_were_played) {
  const fs::path dir = temp_dir("arena-records");
  const fs::path records = dir / "games.jsonl";
  const RunResult run = run_belote(with(kRun, {"--deals", "5", "--records", records.string(), "--format", "json"}));
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const RunResult scored = run_belote({"score", "--ruleset", "klaverjas", "--format", "json", records.string()});
  BOOST_TEST_REQUIRE(scored.status == 0, scored.err);
  // Line 2k is deal k's first play (A at N-S), line 2k+1 its second (A at E-W).
  long long difference = 0;
  int line = 0;
  std::istringstream in(scored.out);
  for (std::string text; std::getline(in, text); ++line) {
    const auto outcome = nlohmann::json::parse(text);
    const long long ns = outcome["score"]["NS"], ew = outcome["score"]["EW"];
    difference += line % 2 == 0 ? ns - ew : ew - ns;
  }
  BOOST_TEST(line == 10);
  BOOST_TEST(difference == nlohmann::json::parse(run.out)["sums"]["difference"].get<long long>());
  const RunResult full = run_belote(with(kRun, {"--deals", "20", "--records", "/dev/full"}));
  BOOST_TEST(full.status == 3);
  BOOST_TEST(full.err == "belote: error: --records /dev/full: the records could not all be written\n");
  const RunResult unwritable = run_belote(with(kRun, {"--deals", "1", "--records", (dir / "no" / "such.jsonl").string()}));
  BOOST_TEST(unwritable.status == 3);
  BOOST_TEST(unwritable.err ==
             "belote: error: --records " + (dir / "no" / "such.jsonl").string() + ": cannot write it: No such file or directory\n");
}

// Each line names its deal, play and mène, and carries the points a litige held over into its mène:
// the records scored again give the arena's sums, play by play.
BOOST_AUTO_TEST_CASE(the_records_name_each_mene_and_carry_the_points_held_over_into_it) {
  const fs::path dir = temp_dir("arena-records-held");
  const fs::path records = dir / "games.jsonl";
  // Deal 17 of seed 1: the second play's second mène is a litige, whose 81 points go to EW in its third.
  const RunResult run = run_belote({"arena", "--ruleset", "classique", "--players", "heuristic,random", "--seed", "1",
                                    "--first-deal", "16", "--deals", "3", "--menes", "3", "--threads", "2", "--records",
                                    records.string(), "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::vector<nlohmann::json> lines;
  for (const std::string& text : lines_of(read_file(records))) lines.push_back(nlohmann::json::parse(text));
  int held = 0;
  std::set<std::string> ids;
  for (const auto& line : lines) {
    ids.insert(line["id"].get<std::string>());
    if (line.contains("held_over")) ++held;
  }
  BOOST_TEST(ids.size() == lines.size());
  BOOST_TEST(ids.count("deal-16-play-1-mene-1") == 1u);
  BOOST_TEST(ids.count("deal-17-play-2-mene-3") == 1u);
  BOOST_TEST(held >= 1);
  const RunResult scored = run_belote({"score", "--ruleset", "classique", "--format", "json", records.string()});
  BOOST_TEST_REQUIRE(scored.status == 0, scored.err);
  long long difference = 0;
  std::size_t line = 0;
  for (const std::string& text : lines_of(scored.out)) {
    const auto outcome = nlohmann::json::parse(text);
    const long long ns = outcome["score"]["NS"], ew = outcome["score"]["EW"];
    const std::string id = outcome["id"];
    BOOST_TEST(id == lines.at(line++)["id"].get<std::string>());
    difference += contains(id, "-play-1-") ? ns - ew : ew - ns;
  }
  BOOST_TEST(line == lines.size());
  BOOST_TEST(difference == nlohmann::json::parse(run.out)["sums"]["difference"].get<long long>());
  const auto r17 = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l["id"] == "deal-17-play-2-mene-3"; });
  BOOST_TEST_REQUIRE((r17 != lines.end()));
  BOOST_TEST((*r17)["held_over"] == 81);
}

BOOST_AUTO_TEST_CASE(a_bot_plays_a_side_and_a_failing_bot_stops_the_run) {
  const std::string bot = "python3 '" + (source_dir() / "examples" / "random_bot.py").string() + "'";
  const RunResult run = run_belote({"arena", "--ruleset", "coinche", "--players", "heuristic,bot", "--bot", bot, "--deals", "2",
                                    "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(nlohmann::json::parse(run.out)["players"]["B"] == "bot: " + bot);
  const RunResult failed = run_belote({"arena", "--ruleset", "coinche", "--players", "bot,random", "--bot", "exit 0", "--deals", "3"});
  BOOST_TEST(failed.status == 6);
  BOOST_TEST(contains(failed.err, "belote: error: deal 0: play 1 of 2 (A at N–S), mène 1: bot "), failed.err);
  BOOST_TEST(failed.out.empty());
}

BOOST_AUTO_TEST_CASE(a_bot_is_sent_what_belote_play_sends_its_bots_the_ends_of_menes_and_game_included) {
  // Each bot process keeps the messages it is sent in a file of its own, and answers at random.
  const fs::path dir = temp_dir("arena-bot-messages");
  const fs::path bot = dir / "keeping_bot.py";
  write_file(bot, "import json, os, random, sys\n"
                  "rng = random.Random(1)\n"
                  "log = open(os.path.join(sys.argv[1], str(os.getpid()) + '.jsonl'), 'w')\n"
                  "for line in sys.stdin:\n"
                  "    log.write(line)\n    log.flush()\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': rng.choice(m['legal'])['action']}), flush=True)\n");
  const fs::path logs = dir / "logs";
  fs::create_directories(logs);
  const RunResult run = run_belote({"arena", "--ruleset", "classique", "--players", "bot,heuristic", "--bot",
                                    "python3 '" + bot.string() + "' '" + logs.string() + "'", "--deals", "1", "--seed", "1",
                                    "--menes", "2", "--threads", "1"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  // N and S in the first play, E and W in the second.
  std::set<std::string> seats;
  for (const auto& entry : fs::directory_iterator(logs)) {
    std::vector<nlohmann::json> sent;
    std::istringstream lines(read_file(entry.path()));
    for (std::string line; std::getline(lines, line);) sent.push_back(nlohmann::json::parse(line));
    BOOST_TEST_REQUIRE(sent.size() >= 3u);
    BOOST_TEST(sent.front()["type"] == "start");
    seats.insert(sent.front()["seat"].get<std::string>());
    const auto& end = sent.back();
    BOOST_TEST(end["type"] == "game_end");
    BOOST_TEST(end["menes"] == 2);
    // The fields of belote play's messages (docs/table.md), each mène's end told in turn.
    BOOST_TEST(end.size() == 6u);
    int menes_ended = 0, menes_played = 0;
    nlohmann::json totals;
    for (const auto& m : sent) {
      if (m["type"] != "mene_end") continue;
      BOOST_TEST(m["mene"] == ++menes_ended);
      BOOST_TEST(m.size() == (m["redeal"] == true ? 8u : 9u));
      if (m["redeal"] == false) ++menes_played;
      totals = m["totals"];
    }
    BOOST_TEST(menes_played == 2);
    BOOST_TEST(end["totals"] == totals);
  }
  BOOST_TEST((seats == std::set<std::string>{"N", "S", "E", "W"}));
}

BOOST_AUTO_TEST_CASE(a_signal_ends_an_arena_at_once_while_its_bot_thinks_and_no_bot_starts_after_it) {
  const fs::path dir = temp_dir("arena-signal");
  const fs::path starts = dir / "starts";
  // A bot that notes its start and never answers: without the signal the arena would wait out --bot-timeout.
  const std::string bot = "echo $$ >> '" + starts.string() + "' && exec sleep 1000";
  const pid_t arena = start_belote_quietly({"arena", "--ruleset", "coinche", "--players", "bot,heuristic", "--bot", bot,
                                            "--bot-timeout", "60", "--deals", "4", "--seed", "1", "--threads", "1"});
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (read_file_or_empty(starts).empty() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  // Let it settle in its wait for the answer.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::string started = read_file_or_empty(starts);
  BOOST_REQUIRE(!started.empty());
  const auto signalled = std::chrono::steady_clock::now();
  ::kill(arena, SIGTERM);
  int status = 0;
  while (waitpid(arena, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() - signalled > std::chrono::seconds(15)) {
      ::kill(arena, SIGKILL);
      waitpid(arena, &status, 0);
      BOOST_FAIL("the arena still ran 15 s after SIGTERM");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // A second to let the bot end on its input's end, then SIGTERM: not the 60 s of --bot-timeout.
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - signalled).count();
  BOOST_TEST(seconds < 8.0);
  BOOST_TEST((WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM));
  BOOST_TEST(read_file_or_empty(starts) == started);
  // The bot was ended with the arena (gone, or a zombie not yet reaped by whoever inherited it).
  const pid_t bot_pid = pid_t(std::stol(started));
  const std::string stat = read_file_or_empty("/proc/" + std::to_string(bot_pid) + "/stat");
  BOOST_TEST((stat.empty() || stat.find(") Z") != std::string::npos), "the bot still runs: " << stat);
  if (!stat.empty() && stat.find(") Z") == std::string::npos) ::kill(bot_pid, SIGKILL);
}

BOOST_AUTO_TEST_CASE(each_bad_option_is_a_usage_error_that_says_why) {
  const auto error = [](const std::vector<std::string>& args) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2, run.err);
    BOOST_TEST(run.out.empty());
    return run.err;
  };
  const std::string tail = " (see 'belote arena --help')\n";
  BOOST_TEST(error({"arena", "--deals", "3"}) ==
             "belote: error: arena: give the two players: --players A,B (e.g. --players heuristic,random)" + tail);
  BOOST_TEST(error({"arena", "--players", "random,random"}) == "belote: error: arena: give the number of deals: --deals N" + tail);
  BOOST_TEST(error({"arena", "--players", "random", "--deals", "3"}) ==
             "belote: error: arena: --players is two players separated by a comma, A,B, not 'random'" + tail);
  BOOST_TEST(error({"arena", "--players", "random,random,random", "--deals", "3"}) ==
             "belote: error: arena: --players is two players separated by a comma, A,B, not 'random,random,random'" + tail);
  BOOST_TEST(error({"arena", "--players", "random,genius", "--deals", "3"}) ==
             "belote: error: arena: --players: unknown player 'genius': a player is random, heuristic, sampled:N or bot" + tail);
  for (const std::string bad : {"sampled:0", "sampled:x", "sampled:99999999"})
    BOOST_TEST(error({"arena", "--players", bad + ",random", "--deals", "3"}) ==
               "belote: error: arena: --players: player '" + bad + "': sampled:N takes a number of worlds from 1 to 4096" + tail);
  BOOST_TEST(error({"arena", "--players", "bot,random", "--deals", "3"}) ==
             "belote: error: arena: --players: player A is a bot, but no --bot gives its command" + tail);
  BOOST_TEST(error({"arena", "--players", "random,random", "--deals", "3", "--bot", "x"}) ==
             "belote: error: arena: --bot 'x' plays no side: name it bot in --players" + tail);
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "0"}), "--deals takes a whole number from 1 to"));
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "x"}), "--deals takes a whole number from 1 to"));
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "2", "--menes", "0"}),
                      "--menes takes a whole number from 1 to 100"));
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "2", "--threads", "0"}),
                      "--threads takes a whole number from 1 to 1024"));
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "2", "--seed", "-1"}), "--seed takes a whole number"));
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "2", "--first-deal", "18446744073709551615"}),
                      "--first-deal takes a whole number from 0 to 18446744073709551614"));
  // The last deal is first deal + deals - 1: the first deal's limit depends on --deals, and the message says so.
  BOOST_TEST(error({"arena", "--players", "random,random", "--deals", "2", "--first-deal", "18446744073709551614"}) ==
             "belote: error: arena: --first-deal 18446744073709551614 with --deals 2: the first deal plus the deals must "
             "be at most 18446744073709551615, so --first-deal is at most 18446744073709551613 with --deals 2" + tail);
  BOOST_TEST(run_belote({"arena", "--players", "random,random", "--deals", "1", "--first-deal", "18446744073709551614"}).status == 0);
  BOOST_TEST(contains(error({"arena", "--players", "random,random", "--deals", "2", "--bot-timeout", "0"}),
                      "--bot-timeout takes a whole number from 1 to 86400"));
  BOOST_TEST(error({"arena", "--players", "random,random", "--deals", "2", "--format", "xml"}).find("xml") != std::string::npos);
  BOOST_TEST(error({"arena", "--players", "random,random", "--deals", "2", "results.json"}) ==
             "belote: error: arena: 'results.json': arena takes no files but with --merge" + tail);
  BOOST_TEST(error({"arena", "--merge"}) ==
             "belote: error: arena: --merge: give the result files to merge (written by --format json)" + tail);
  BOOST_TEST(error({"arena", "--merge", "--deals", "3", "a.json"}) ==
             "belote: error: arena: --merge takes result files only, not --deals" + tail);
}

// Standard output carries the result: records there would mix with it, and a file named "-" would surprise.
BOOST_AUTO_TEST_CASE(records_are_not_written_to_standard_output_nor_to_a_file_named_dash) {
  const fs::path dir = temp_dir("arena-records-dash");
  const RunResult run = run_program("sh", {"-c", "cd \"$0\" && exec \"$1\" arena --players random,random --deals 2 --records -",
                                           dir.string(), BELOTE_PROGRAM});
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.out.empty());
  BOOST_TEST(run.err == "belote: error: arena: --records -: standard output carries the arena's result; give the records "
                        "a file of their own (a FIFO will do) (see 'belote arena --help')\n");
  BOOST_TEST(!fs::exists(dir / "-"));
}

// The records are written from the first deal: over a file the ruleset is read from, they would replace it.
BOOST_AUTO_TEST_CASE(records_over_a_file_the_ruleset_reads_are_refused_before_the_first_deal) {
  const RulesetChain chain(temp_dir("arena-records-over-ruleset"));
  for (const fs::path& over : {chain.house, chain.base}) {
    const RunResult run = run_belote({"arena", "--ruleset", chain.house.string(), "--players", "random,random", "--deals", "1",
                                      "--threads", "1", "--records", over.string()});
    BOOST_TEST(run.status == 3);
    BOOST_TEST(run.out.empty(), run.out);
    BOOST_TEST(run.err == RulesetChain::refusal("--records", over, "no deal is played"));
  }
  BOOST_TEST(chain.untouched());
}

BOOST_AUTO_TEST_CASE(a_ruleset_without_an_auction_cannot_be_played) {
  const std::string none = (tests_dir() / "data" / "auction" / "no-auction.toml").string();
  for (const auto& args : {std::vector<std::string>{"arena", "--ruleset", none, "--players", "random,random", "--deals", "2"},
                           std::vector<std::string>{"diff", "coinche", none, "--random", "2", "--played", "random"}}) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.err ==
               "belote: error: ruleset 'no-auction' states no auction: it has no [auction] table (docs/rulesets.md, \"The auction\")\n");
  }
}

BOOST_AUTO_TEST_CASE(diff_played_compares_two_rulesets_in_play_and_its_examples_score_again) {
  const RunResult run = run_belote({"diff", "klaverjas", "klaverjas-amsterdam", "--random", "40", "--seed", "1", "--played",
                                    "heuristic", "--show", "1", "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["mode"] == "played");
  BOOST_TEST(j["deals"] == 40);
  BOOST_TEST_REQUIRE(j["differing"].get<int>() > 0);
  BOOST_TEST_REQUIRE(j["examples"].size() == 1u);
  // The example as played under each ruleset scores again, and the change is the one counted.
  long long margin[2];
  for (int side = 0; side < 2; ++side) {
    const std::string name = side == 0 ? "klaverjas" : "klaverjas-amsterdam";
    const RunResult scored = run_belote({"score", "--ruleset", name, "--format", "json", "-"},
                                        j["examples"][0][side == 0 ? "a" : "b"].dump() + "\n");
    BOOST_TEST_REQUIRE(scored.status == 0, scored.err);
    const auto outcome = nlohmann::json::parse(scored.out);
    margin[side] = outcome["score"]["NS"].get<long long>() - outcome["score"]["EW"].get<long long>();
  }
  BOOST_TEST(margin[0] != margin[1]);
  const RunResult again = run_belote({"diff", "klaverjas", "klaverjas-amsterdam", "--random", "40", "--seed", "1", "--played",
                                      "heuristic", "--show", "1", "--format", "json", "--threads", "1"});
  BOOST_TEST(again.out == run.out);
  // In text, the count of examples reads right for one and for more.
  const auto text = [](const std::string& show) {
    return run_belote({"diff", "klaverjas", "klaverjas-amsterdam", "--random", "40", "--seed", "1", "--played", "heuristic",
                       "--show", show}).out;
  };
  BOOST_TEST(contains(text("1"), "\nThe first differing deal as played, to replay with `belote score --ruleset NAME -`:\n"));
  BOOST_TEST(contains(text("2"), "\nThe first 2 differing deals as played, to replay with `belote score --ruleset NAME -`:\n"));
  const RunResult one = run_belote({"diff", "klaverjas", "klaverjas-amsterdam", "--random", "1", "--played", "heuristic"});
  BOOST_TEST(contains(one.out, ": 1 deal (seed 0) played by heuristic under each"), one.out);
}

BOOST_AUTO_TEST_CASE(diff_played_options_are_checked) {
  const auto error = [](const std::vector<std::string>& args) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2, run.err);
    return run.err;
  };
  const std::string tail = " (see 'belote diff --help')\n";
  BOOST_TEST(error({"diff", "coinche", "contree", "examples/coinche-deal.toml", "--played", "random"}) ==
             "belote: error: diff: --played compares two rulesets on --random N deals" + tail);
  BOOST_TEST(error({"diff", "coinche", "contree", "--random", "5", "--played", "random", "--solved"}) ==
             "belote: error: diff: --solved, --each and --summary do not go with --played" + tail);
  BOOST_TEST(error({"diff", "coinche", "contree", "--random", "5", "--played", "genius"}) ==
             "belote: error: diff: --played: unknown player 'genius': a player is random, heuristic or sampled:N" + tail);
  BOOST_TEST(error({"diff", "coinche", "contree", "--random", "5", "--played", "sampled:x"}) ==
             "belote: error: diff: --played: player 'sampled:x': sampled:N takes a number of worlds from 1 to 4096" + tail);
  BOOST_TEST(error({"diff", "coinche", "contree", "--random", "5", "--played", "random,random,random"}) ==
             "belote: error: diff: --played is one player for every seat, or two separated by a comma (N-S,E-W), not "
             "'random,random,random'" + tail);
}


// --merge reads each result as every whole file is read: a FIFO, standard
// input through a pipe or a device is refused at once, never read without end.
BOOST_AUTO_TEST_CASE(merge_refuses_a_fifo_or_a_pipe_at_once) {
  const fs::path dir = temp_dir("arena-merge-fifo");
  const fs::path fifo = dir / "range.json";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const RunResult named = run_program("timeout", {"10", BELOTE_PROGRAM, "arena", "--merge", fifo.string()});
  BOOST_TEST(named.status == 1, named.err);
  BOOST_TEST(named.err == "belote: error: " + fifo.string() + ": is not a regular file (a FIFO), not read\n");
  const RunResult piped = run_program("timeout", {"10", BELOTE_PROGRAM, "arena", "--merge", "/dev/stdin"}, "{}\n");
  BOOST_TEST(piped.status == 1, piped.err);
  BOOST_TEST(piped.err == "belote: error: /dev/stdin: is not a regular file (a FIFO), not read\n");
  const RunResult device = run_program("timeout", {"10", BELOTE_PROGRAM, "arena", "--merge", "/dev/zero"});
  BOOST_TEST(device.status == 1, device.err);
  BOOST_TEST(device.err == "belote: error: /dev/zero: is not a regular file (a character device), not read\n");
}

BOOST_AUTO_TEST_CASE(a_bot_is_given_no_descriptor_of_the_arenas_not_even_the_records) {
  const fs::path dir = temp_dir("arena-bot-descriptors");
  const fs::path bot = dir / "fds.py";
  write_file(bot, "import json, os, sys\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'start':\n"
                  "        fds = []\n"
                  "        for f in os.listdir('/proc/self/fd'):\n"
                  "            try:\n                os.readlink('/proc/self/fd/' + f)\n                fds.append(int(f))\n"
                  "            except OSError:\n                pass\n"
                  "        print('fds', sorted(fds), file=sys.stderr, flush=True)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': m['legal'][0]['action']}), flush=True)\n");
  const RunResult run = run_belote({"arena", "--ruleset", "coinche", "--players", "bot,random", "--bot", "python3 '" + bot.string() + "'",
                                    "--deals", "1", "--threads", "1", "--records", (dir / "records.jsonl").string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  // N and S in the first play, E and W in the second, each line labelled (the seats of a play in either order).
  std::vector<std::string> told = lines_of(run.err);
  std::ranges::sort(told);
  BOOST_TEST((told == std::vector<std::string>{"[bot E, deal 0, play 2] fds [0, 1, 2]", "[bot N, deal 0, play 1] fds [0, 1, 2]",
                                               "[bot S, deal 0, play 1] fds [0, 1, 2]", "[bot W, deal 0, play 2] fds [0, 1, 2]"}),
             run.err);
}

BOOST_AUTO_TEST_CASE(a_bots_standard_error_is_labelled_with_its_seat_deal_and_play) {
  // Each bot process writes its seat as it starts and, as its input ends, its play's seed without a line
  // feed: deals 5 to 7 on two threads, the bots of several deals writing at once.
  const fs::path dir = temp_dir("arena-bot-stderr");
  const fs::path bot = dir / "talker.py";
  write_file(bot, "import json, sys\n"
                  "seed = None\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'start':\n"
                  "        print('seat', m['seat'], file=sys.stderr, flush=True)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': m['legal'][0]['action']}), flush=True)\n"
                  "    if m['type'] == 'game_end':\n"
                  "        seed = m['seed']\n"
                  "sys.stderr.write('seed ' + str(seed))\n");
  const RunResult run = run_belote({"arena", "--ruleset", "coinche", "--players", "bot,random", "--bot", "python3 '" + bot.string() + "'",
                                    "--deals", "3", "--first-deal", "5", "--seed", "2", "--threads", "2"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  // The bot is A: N and S in a deal's first play, E and W in its second; each process's two lines.
  static const std::regex labelled(R"(\[bot ([NESW]), deal ([5-7]), play ([12])\] (seat ([NESW])|seed (\d+)))");
  std::map<std::string, int> lines_of_process;
  for (const std::string& line : lines_of(run.err)) {
    std::smatch match;
    BOOST_TEST_REQUIRE(std::regex_match(line, match, labelled), run.err);
    const std::string seat = match[1], play = match[3];
    BOOST_TEST((play == "1") == (seat == "N" || seat == "S"), line);
    if (match[5].matched) BOOST_TEST(match[5] == seat, line);
    else BOOST_TEST(std::stoull(match[6]) == arena_deal_seed(2, std::stoull(match[2])), line);
    ++lines_of_process[line.substr(0, line.find(']'))];
  }
  BOOST_TEST(lines_of_process.size() == 12u, run.err);
  for (const auto& [process, lines] : lines_of_process) BOOST_TEST(lines == 2, process);
}

BOOST_AUTO_TEST_CASE(a_bot_that_fails_after_its_plays_last_action_is_told_of_and_the_deal_counts) {
  // It exits with status 1 as it reads the end of the play's one mène: its four processes (two seats
  // in each play) are each told of, and the result is the run's.
  const fs::path dir = temp_dir("arena-bot-fails-at-the-end");
  const fs::path bot = dir / "crash.py";
  write_file(bot, "import json, sys\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': m['legal'][0]['action']}), flush=True)\n"
                  "    if m['type'] == 'mene_end' and not m['redeal']:\n"
                  "        sys.exit(1)\n");
  const std::vector<std::string> args{"arena", "--ruleset", "coinche", "--players", "bot,random", "--bot",
                                      "python3 '" + bot.string() + "'", "--deals", "2", "--threads", "1", "--format", "json"};
  const RunResult run = run_belote(args);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(nlohmann::json::parse(run.out)["games"] == 2);
  const std::vector<std::string> told = lines_of(run.err);
  BOOST_TEST_REQUIRE(told.size() == 8u, run.err);
  static const std::regex warning(R"(belote: warning: deal [01]: play [12] of 2 \([AB] at N–S\), mène \d+: bot [NESW] \(python3 .*\) )"
                                  R"(exited with status 1 at the game's end; the deal counts)");
  for (const std::string& line : told) BOOST_TEST(std::regex_match(line, warning), line);
  BOOST_TEST(told.front().starts_with("belote: warning: deal 0: play 1 of 2 (A at N–S), "), told.front());
  BOOST_TEST(told.back().starts_with("belote: warning: deal 1: play 2 of 2 (B at N–S), "), told.back());
}

BOOST_AUTO_TEST_CASE(bots_that_never_bid_are_named_with_their_seats) {
  const fs::path dir = temp_dir("arena-never-bid");
  const fs::path bot = dir / "pass.py";
  write_file(bot, "import json, sys\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': next(a['action'] for a in m['legal'] if a['text'] == 'pass')}), flush=True)\n");
  const std::string command = "python3 '" + bot.string() + "'";
  const RunResult run = run_belote({"arena", "--ruleset", "coinche", "--players", "bot,bot", "--bot", command, "--bot",
                                    "exec " + command, "--deals", "1", "--threads", "1"});
  BOOST_TEST(run.status == 6);
  static const std::regex told(R"(belote: error: deal 0: play 1 of 2 \(A at N–S\), mène 1001: 1000 redeals in a row: the players never )"
                               R"(bid: A \(bot: python3 '.*\) at N–S, B \(bot: exec python3 '.*\) at E–W\n)");
  BOOST_TEST(std::regex_match(run.err, told), run.err);
}

BOOST_AUTO_TEST_CASE(merge_refuses_a_bare_bot_naming_the_forms_a_result_holds) {
  const fs::path dir = temp_dir("arena-merge-bare-bot");
  nlohmann::json result = nlohmann::json::parse(run_belote(with(kRun, {"--deals", "1", "--format", "json"})).out);
  result["players"]["B"] = "bot";
  write_file(dir / "bare.json", result.dump(2));
  const RunResult run = run_belote({"arena", "--merge", (dir / "bare.json").string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(contains(run.err, "'players.B': unknown player 'bot': a player of a result is random, heuristic, sampled:N, "
                               "'bot: COMMAND' or 'python: NAME'"),
             run.err);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_arena
