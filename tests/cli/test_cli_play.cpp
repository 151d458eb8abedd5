// belote play: a game at the table from the terminal. Four example bots play
// a whole game whose record scores as it was played; a person's seat driven
// by standard input (by number, by text, a refused answer asked again, the
// input ending); the bot protocol's messages, the forms of an answer, and its
// failures (garbage three times, a bot that exits, one that says nothing, one
// that answers twice, writes a banner or leaves its line open, a command the
// shell cannot run), the bots ended with
// the game when a signal ends it; a bot's standard error passed on line by
// line, labelled with its seat; the options' errors.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <map>
#include <cerrno>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <sys/wait.h>
#include <thread>

#include "ruleset_chain.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_play)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// The example bot, as a --bot command.
std::string random_bot() { return "python3 " + quoted(source_dir() / "examples" / "random_bot.py"); }

// "Totals: NS 0, EW 2000", the last line a game prints.
PerTeam<int> printed_totals(const std::string& out) {
  static const std::regex totals(R"(\nTotals: NS (-?\d+), EW (-?\d+)\n)");
  std::smatch match;
  BOOST_TEST_REQUIRE(std::regex_search(out, match, totals), out);
  return PerTeam<int>{{std::stoi(match[1]), std::stoi(match[2])}};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Each of `expected` is a line of `out`, in this order (other lines between them).
void expect_lines_in_order(const std::string& out, const std::vector<std::string>& expected) {
  const std::vector<std::string> printed = lines_of(out);
  std::size_t at = 0;
  for (const std::string& line : expected) {
    while (at < printed.size() && printed[at] != line) ++at;
    BOOST_TEST_REQUIRE(at < printed.size(), "missing, or out of order: " << line << "\n" << out);
    ++at;
  }
}

// A bot in Python: `body` runs for each message `m` (a dict); `say(obj)` answers.
fs::path python_bot(const fs::path& dir, const std::string& name, const std::string& body) {
  const fs::path file = dir / name;
  write_file(file, "import json, sys\n"
                   "def say(obj):\n    print(json.dumps(obj), flush=True)\n"
                   "for line in sys.stdin:\n    m = json.loads(line)\n" + body);
  return file;
}

std::vector<std::string> four_bots(const std::string& command) {
  std::vector<std::string> args;
  for (const std::string seat : {"N", "E", "S", "W"}) args.insert(args.end(), {"--bot", seat + "=" + command});
  return args;
}

std::vector<std::string> with(std::vector<std::string> words, const std::vector<std::string>& more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

}  // namespace

BOOST_AUTO_TEST_CASE(four_example_bots_play_a_game_whose_record_scores_as_it_was_played) {
  const fs::path dir = temp_dir("play-bots");
  const std::vector<std::string> args =
      with({"play", "--ruleset", "coinche", "--seed", "3"}, four_bots(random_bot()));
  const RunResult run = run_belote(with(args, {"--record", (dir / "game.json").string(), "--record",
                                               (dir / "game.toml").string(), "--record", (dir / "game.jsonl").string()}));
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.err.empty(), run.err);
  BOOST_TEST(contains(run.out, "coinche, seed 3, first dealer N, to 2000 points: N bot ("), run.out);
  BOOST_TEST(contains(run.out, " win the game at mène "), run.out);
  const PerTeam<int> totals = printed_totals(run.out);
  BOOST_TEST(std::max(totals[Team::NS], totals[Team::EW]) >= 2000);

  // The TOML record is a score sheet with the same totals and winner.
  const RunResult sheet = run_belote({"sheet", "show", "--format", "json", (dir / "game.toml").string()});
  BOOST_TEST_REQUIRE(sheet.status == 0, sheet.err);
  const auto scored = nlohmann::json::parse(sheet.out);
  BOOST_TEST(scored["totals"]["NS"].get<int>() == totals[Team::NS]);
  BOOST_TEST(scored["totals"]["EW"].get<int>() == totals[Team::EW]);
  const std::string winner = scored["winner"].get<std::string>();
  // The game's end in the sheet's words, its mènes counted alike.
  std::string decided;
  for (const std::string& line : lines_of(run_belote({"sheet", "show", (dir / "game.toml").string()}).out))
    if (contains(line, " win the game ")) decided = line;
  BOOST_TEST(decided.starts_with(winner + " win the game at mène " + std::to_string(scored["menes"].size()) + ", "), decided);
  BOOST_TEST_REQUIRE(decided.ends_with("."), decided);
  BOOST_TEST(contains(run.out, "\n" + decided.substr(0, decided.size() - 1)), run.out << "\n" << decided);

  // The JSON record has the same keys, and replays to the same end.
  const std::string json = read_file(dir / "game.json");
  const auto record = nlohmann::json::parse(json);
  BOOST_TEST(record["ruleset"] == "coinche");
  BOOST_TEST(record["table"]["seed"] == 3);
  BOOST_TEST(record["mene"].size() == scored["menes"].size());
  const ReplayedRecord replayed = replay_record(*ruleset("coinche"), json);
  BOOST_TEST_REQUIRE(replayed.error.empty(), replayed.error);
  BOOST_TEST(replayed.table->over());
  BOOST_TEST(replayed.table->tally().totals[Team::NS] == totals[Team::NS]);
  BOOST_TEST(replayed.table->tally().totals[Team::EW] == totals[Team::EW]);

  // The deal lines score, one played mène each.
  const RunResult deals = run_belote({"score", "--ruleset", "coinche", "--format", "json", (dir / "game.jsonl").string()});
  BOOST_TEST(deals.status == 0, deals.err);
  std::size_t played = 0;
  for (const auto& mene : record["mene"]) played += mene.contains("play") ? 1 : 0;
  BOOST_TEST(lines_of(deals.out).size() == played);

  // The bots seed themselves from the start message: the same game again.
  BOOST_TEST(run_belote(args).out == run.out);
}

BOOST_AUTO_TEST_CASE(a_bot_is_not_told_the_game_seed_until_the_game_ends) {
  // The deals are drawn from the game's seed: a bot told it could work out every hand. Its start message
  // gives a seed of its own (the same for the same game and seat, another for another seat), the game's
  // seed comes with game_end.
  const fs::path dir = temp_dir("play-bot-seed");
  // Each bot writes its start and game_end messages to a file of its seat.
  const fs::path bot = python_bot(dir, "log.py",
                                  "    if m['type'] == 'start':\n        seat = m['seat']\n"
                                  "    if m['type'] in ('start', 'game_end'):\n"
                                  "        open(sys.argv[1] + '/' + seat + '.log', 'a').write(json.dumps(m) + '\\n')\n"
                                  "    if m['type'] == 'act':\n        say({'action': m['legal'][0]['action']})\n");
  const auto messages = [&](const std::string& seed) {
    fs::remove(dir / "E.log");
    fs::remove(dir / "W.log");
    const std::string command = "python3 " + quoted(bot) + " " + quoted(dir);
    const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", seed, "--seat", "none", "--menes", "1", "--quiet",
                                      "--bot", "E=" + command, "--bot", "W=" + command});
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    std::vector<nlohmann::json> out;
    for (const std::string seat : {"E", "W"})
      for (const std::string& line : lines_of(read_file(dir / (seat + ".log")))) out.push_back(nlohmann::json::parse(line));
    return out;
  };
  const auto first = messages("3");
  BOOST_TEST_REQUIRE(first.size() == 4u);
  std::map<std::string, std::uint64_t> start_seeds;
  for (const auto& m : first) {
    if (m["type"] == "start") start_seeds[m["seat"].get<std::string>()] = m["seed"].get<std::uint64_t>();
    else BOOST_TEST(m["seed"].get<std::uint64_t>() == 3u);
  }
  BOOST_TEST_REQUIRE(start_seeds.size() == 2u);
  BOOST_TEST(start_seeds["E"] != 3u);
  BOOST_TEST(start_seeds["W"] != 3u);
  BOOST_TEST(start_seeds["E"] != start_seeds["W"]);
  const auto again = messages("3");
  for (const auto& m : again)
    if (m["type"] == "start") BOOST_TEST(m["seed"].get<std::uint64_t>() == start_seeds[m["seat"].get<std::string>()]);
}

BOOST_AUTO_TEST_CASE(a_drawn_seed_is_told_to_a_person_when_the_game_stops) {
  // Every hand follows from the seed: a person playing is told a drawn seed at the end, not at the start.
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--menes", "1", "--ascii"}, "quit\n");
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto lines = lines_of(run.out);
  BOOST_TEST_REQUIRE(!lines.empty());
  BOOST_TEST(lines.front().starts_with("coinche, seed told at the end, first dealer N"), lines.front());
  BOOST_TEST(lines.back().starts_with("Seed "), lines.back());
  BOOST_TEST(contains(lines.back(), " plays this game again."), lines.back());
  // Given, or with nobody at the table, it is shown at the start and not again.
  const RunResult given = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1", "--ascii"}, "quit\n");
  BOOST_TEST(lines_of(given.out).front().starts_with("coinche, seed 3, "), given.out);
  BOOST_TEST(!contains(given.out, "plays this game again"), given.out);
  const RunResult watched = run_belote({"play", "--ruleset", "coinche", "--seat", "none", "--menes", "1", "--quiet"});
  BOOST_TEST(!contains(watched.out, "seed told"), watched.out);
}

BOOST_AUTO_TEST_CASE(a_person_chooses_by_number_or_by_text_and_is_asked_again_after_a_refusal) {
  // Seed 3: N's first turn offers pass and coinche, the second pass alone;
  // in trick 1 N must follow hearts with 8H or AH.
  std::string input = "pass\n1\nzz\n99\n7C\nAH\n";
  for (int i = 0; i < 40; ++i) input += "1\n";
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1", "--ascii"}, input);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.err.empty(), run.err);
  const std::vector<std::string> expected{
      "coinche, seed 3, first dealer N, to 2000 points, 1 mène at most: N you, E random, S random, W random",
      "N to speak; hand: 8S JS 8H AH KD 7C 10C JC; calls: W 120 AT, S capot H, E generale S",
      "  1 pass       2 coinche",
      "N> pass",
      "N: pass",
      "N> 1",
      "N: pass",
      "N to play; hand: 8S JS 8H AH KD 7C 10C JC; trick: W JH, S 7H, E 9H",
      "  1 8H    2 AH",
      "N> zz",
      "refused: 'zz' is no card or call here: type a number from 1 to 2, or the answer as the list writes it (8H, AH); ? for help",
      "N> 99",
      "refused: choose a number from 1 to 2",
      "N> 7C",
      "refused: 7C: trick 1, N: 7C is not legal (follow suit): must follow the led suit; legal: 8H AH",
      "N> AH",
      "N: AH",
      "Stopped after 1 mène (--menes).",
  };
  const std::vector<std::string> printed = lines_of(run.out);
  std::size_t at = 0;
  for (const std::string& line : expected) {
    while (at < printed.size() && printed[at] != line) ++at;
    BOOST_TEST_REQUIRE(at < printed.size(), "missing, or out of order: " << line << "\n" << run.out);
    ++at;
  }
}

BOOST_AUTO_TEST_CASE(a_declaration_is_listed_in_words_the_answer_may_copy) {
  // Classique, seed 8: N passes, W chooses clubs, and at trick 1 N may
  // declare its tierce to the ace of hearts. The list's words, symbols or
  // letters, are an answer; "declare 1" names the first announcement.
  const std::string rest = "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n";
  for (const auto& [ascii, answer] :
       std::vector<std::pair<bool, std::string>>{{false, "declare tierce A♥ (Q♥ K♥ A♥)"},
                                                 {true, "declare tierce AH (QH KH AH)"},
                                                 {true, "declare 1"}}) {
    std::vector<std::string> args{"play", "--ruleset", "classique", "--seed", "8", "--menes", "1"};
    if (ascii) args.push_back("--ascii");
    const RunResult run = run_belote(args, "1\n" + answer + "\n" + rest);
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    const std::string listed = ascii ? "declare tierce AH (QH KH AH)" : "declare tierce A♥ (Q♥ K♥ A♥)";
    BOOST_TEST(contains(run.out, "  9 " + listed + "\n"), run.out);
    BOOST_TEST(contains(run.out, "N> " + answer + "\nN: " + listed + "\n"), run.out);
    BOOST_TEST(!contains(run.out, "refused"), run.out);
  }
  // `?` offers the declaration as the list writes it, and by its number.
  const RunResult help = run_belote({"play", "--ruleset", "classique", "--seed", "8", "--menes", "1"}, "1\n?\n");
  BOOST_TEST(contains(help.out, "\nType a number from 1 to 9, or the answer as the list writes it, without quotes, for example 9♠, "
                                "declare tierce A♥ (Q♥ K♥ A♥) or declare 1. Suits may be typed as letters (S H D C): 9S for 9♠. "
                                "Type hint for the engine's advice (as belote advise gives it), quit to stop the game.\n"),
             help.out);
}

BOOST_AUTO_TEST_CASE(another_seats_sequence_is_heard_by_its_name_and_shown_at_trick_2_only_when_it_wins) {
  // Coinche, seed 2: S declares a tierce, heard by its name and points; its team wins the
  // contest and shows it once trick 1 is played.
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "2", "--seat", "none", "--menes", "1", "--ascii"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, "\nS: declare tierce (20 points)\n"), run.out);
  BOOST_TEST(!contains(run.out, "S: declare tierce AC"), run.out);
  const std::size_t shown = run.out.find("  S shows tierce to AC (QC KC AC)\n");
  BOOST_TEST_REQUIRE(shown != std::string::npos, run.out);
  BOOST_TEST(run.out.find("takes trick 1 ") < shown, run.out);
  BOOST_TEST(run.out.find("takes trick 2 ") > shown, run.out);
}

BOOST_AUTO_TEST_CASE(declare_n_names_the_seats_nth_announcement_before_and_after_another_is_declared) {
  // Classique, seed 17: N passes and, at trick 1, holds two tierces. Once the first is declared, `?` names the
  // second by its own number, and `declare 1` is the one declared already.
  const RunResult run =
      run_belote({"play", "--ruleset", "classique", "--seed", "17", "--menes", "1", "--ascii"}, "1\ndeclare 1\n?\ndeclare 1\ndeclare 2\n");
  BOOST_TEST(contains(run.out, "N> declare 1\nN: declare tierce QS (10S JS QS)\n"), run.out);
  BOOST_TEST(contains(run.out, "without quotes, for example 8D, declare tierce 10D (8D 9D 10D) or declare 2. Type hint"), run.out);
  BOOST_TEST(contains(run.out, "N> declare 1\nrefused: declare tierce QS (10S JS QS): N has declared announcement 1 already\n"), run.out);
  BOOST_TEST(contains(run.out, "N> declare 2\nN: declare tierce 10D (8D 9D 10D)\n"), run.out);
}

BOOST_AUTO_TEST_CASE(a_refusal_names_the_cards_in_the_screens_suits) {
  // Seed 3, as above: 7C does not follow hearts. The rule's words are the
  // engine's, in letters; the screen writes their cards as it writes the hand.
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1"}, "pass\n1\n7C\nAH\n");
  BOOST_TEST(contains(run.out, "N> 7C\nrefused: 7♣: trick 1, N: 7♣ is not legal (follow suit): must follow the led suit; "
                               "legal: 8♥ A♥\nN> AH\nN: A♥\n"),
             run.out);
}

BOOST_AUTO_TEST_CASE(the_help_and_a_refusal_give_answers_of_the_list_in_the_rulesets_own_calls) {
  // Schieber, seed 2: N holds the 7 of hearts and so chooses first (the screen
  // says why); his calls are schieben and a choice, no bid and no pass. A mène
  // without a contract says so.
  std::string input = "?\npass\nzz\n";
  for (int i = 0; i < 40; ++i) input += "1\n";
  const RunResult run = run_belote({"play", "--ruleset", "schieber", "--seed", "2", "--menes", "1", "--ascii"}, input);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  expect_lines_in_order(run.out, {
      "Mène 1: N deals, N speaks first (holding 7H: auction.first_deal_speaker)",
      "N to speak; hand: 8S 9S AS 7H QH 7D 6C QC KC",
      "N> ?",
      "Type a number from 1 to 7, or the answer as the list writes it, without quotes, for example schieben, choose S. Type "
      "hint for the engine's advice (as belote advise gives it), quit to stop the game.",
      "N> pass",
      "refused: pass: call 1 (N pass): unknown-call: the ruleset's auction has no such call. Legal calls there: choose {S H D "
      "C obenabe undenufe}; schieben.",
      "N> zz",
      "refused: 'zz' is no card or call here: type a number from 1 to 7, or the answer as the list writes it (schieben, choose "
      "S); ? for help",
      "N> 1",
      "N: schieben",
  });
  static const std::regex scored(R"(\nMène 1 scored: NS \d+, EW \d+ \(no contract\); totals: )");
  BOOST_TEST(std::regex_search(run.out, scored), run.out);
  BOOST_TEST(!contains(run.out, "80 H"), run.out);

  // In symbols, the help says how to type a card's suit in letters.
  const RunResult symbols = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1"}, "pass\n1\n?\n");
  BOOST_TEST(contains(symbols.out, "N> ?\nContract: taker E (EW), bid generale, kind ♠, doubling coinche; first lead W; next "
                                   "dealer W.\nN to play; hand: 8♠ J♠ 8♥ A♥ K♦ 7♣ 10♣ J♣; trick: W J♥, S 7♥, E 9♥\n  1 8♥    2 A♥\n"
                                   "Type a number from 1 to 2, or the answer as the list writes it, without quotes, for example 8♥, A♥. "
                                   "Suits may be typed as letters (S H D C): 8H for 8♥. Type hint"),
             symbols.out);
}

BOOST_AUTO_TEST_CASE(a_klaverjas_seat_sees_the_turned_suit_and_the_roem_of_each_trick) {
  // Klaverjas turns a suit, not a card to a hand: the seat to speak must see
  // what "play" takes. Each trick says its roem and the roem so far, which add
  // up to the roem the mène's end counts.
  std::string input;
  for (int i = 0; i < 40; ++i) input += "1\n";
  const RunResult run =
      run_belote({"play", "--ruleset", "klaverjas", "--seed", "3", "--seat", "S", "--menes", "1", "--ascii"}, input);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  expect_lines_in_order(run.out, {
      "klaverjas, seed 3, first dealer N, of 16 mènes, 1 mène at most: N random, E random, S you, W random",
      "Mène 1: N deals, W speaks first; turned suit S",
      "S to speak; hand: 10S JS QS AS JH KH 8D 9D; turned suit S; calls: W pass",
      "  1 pass    2 play",
      "  W takes trick 4, roem 20: a run of 3 cards to QD (card points: NS 84, EW 15; roem: NS 0, EW 20)",
      "  S takes trick 5, roem 20: the stuk (card points: NS 91, EW 15; roem: NS 20, EW 20)",
      "  E takes trick 8 (card points: NS 111, EW 51; roem: NS 20, EW 20)",
      "  Roem in the tricks each team won ([roem]): NS 20, EW 20.",
  });
  // A variant that turns a new suit after four passes shows the new one.
  const RunResult draaien = run_belote({"play", "--ruleset", (tests_dir() / "data" / "auction" / "klaverjas-draaien.toml").string(),
                                        "--seed", "1", "--seat", "N", "--seat", "E", "--seat", "S", "--seat", "W", "--ascii"},
                                       "pass\npass\npass\npass\n");
  BOOST_TEST(draaien.status == 5);
  expect_lines_in_order(draaien.out, {
      "Mène 1: N deals, W speaks first; turned suit D",
      "W to speak; hand: 8S 9S 9H QH JD 7C JC AC; turned suit D",
      "N: pass",
      "W to speak; hand: 8S 9S 9H QH JD 7C JC AC; turned suit H; calls: W pass, S pass, E pass, N pass",
  });
}

BOOST_AUTO_TEST_CASE(a_quiet_game_shows_a_person_the_contract_before_the_first_card) {
  // Klaverjas, seed 4: W plays the turned hearts before S speaks; with --quiet
  // S sees no call, but must know the trump to play.
  std::string input;
  for (int i = 0; i < 10; ++i) input += "1\n";
  const RunResult run =
      run_belote({"play", "--ruleset", "klaverjas", "--seed", "4", "--seat", "S", "--menes", "1", "--quiet", "--ascii"}, input);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const std::vector<std::string> lines = lines_of(run.out);
  BOOST_TEST_REQUIRE(lines.size() > 2);
  BOOST_TEST(lines[1] == "Contract: taker W (EW), kind H; first lead W; next dealer W.");
  BOOST_TEST(lines[2].starts_with("S to play; "), run.out);
  // Engine players alone: only the scores.
  const RunResult watched = run_belote({"play", "--ruleset", "klaverjas", "--seed", "4", "--seat", "none", "--menes", "1", "--quiet"});
  BOOST_TEST(!contains(watched.out, "Contract:"), watched.out);
}

BOOST_AUTO_TEST_CASE(hint_gives_the_advice_belote_advise_gives_at_that_position) {
  // Coinche, seed 3: N's first card is the 13th action of mène 1. The hint is `belote advise` there, on the record
  // of the same game, figure for figure; the answer that follows is played as any other.
  const fs::path dir = temp_dir("play-hint");
  std::string input = "pass\n1\nhint\nAH\n";
  for (int i = 0; i < 40; ++i) input += "1\n";
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1", "--ascii", "--threads", "2",
                                    "--record", (dir / "game.json").string()},
                                   input);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, "N> hint\nThinking: 32 worlds drawn and solved...\nmène 1, action 12: N to play (trick 1); "),
             run.out);
  const RunResult advised = run_belote({"advise", "--mene", "1", "--action", "12", "--ascii", (dir / "game.json").string()});
  BOOST_TEST_REQUIRE(advised.status == 0, advised.err);
  BOOST_TEST(contains(advised.out, "\nbest: "), advised.out);
  BOOST_TEST(contains(run.out, "...\n" + advised.out + "N> AH\nN: AH\n"), run.out << "\n" << advised.out);
  // `advise` is the same word; in the auction the advice is of the calls.
  const RunResult auction = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--ascii"}, "advise\n");
  BOOST_TEST(contains(auction.out, "N> advise\nThinking: 32 worlds drawn and solved...\nmène 1, action 3: N to speak\n"),
             auction.out);
  BOOST_TEST(contains(auction.out, "\n  coinche "), auction.out);
}

BOOST_AUTO_TEST_CASE(quit_stops_the_game_with_status_0_and_the_record_of_the_menes_finished) {
  const fs::path dir = temp_dir("play-quit");
  // Coinche, seed 3, with --menes 1: `quit` in mène 2 keeps mène 1.
  std::string input = "pass\n1\n";
  for (int i = 0; i < 8; ++i) input += "1\n";
  const RunResult one = run_belote({"play", "--ruleset", "classique", "--seed", "5", "--seat", "S", "--players", "heuristic",
                                    "--record", (dir / "game.toml").string()},
                                   "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\nQUIT\n");
  BOOST_TEST_REQUIRE(one.status == 0, one.err);
  BOOST_TEST(one.err.empty(), one.err);
  BOOST_TEST(contains(one.out, "S> QUIT\nStopped in mène 2 (quit); the record holds the mènes finished.\nTotals: NS "), one.out);
  const auto sheet = nlohmann::json::parse(run_belote({"sheet", "show", "--format", "json", (dir / "game.toml").string()}).out);
  BOOST_TEST(sheet["menes"].size() == 1);
  const PerTeam<int> totals = printed_totals(one.out);
  BOOST_TEST(sheet["totals"]["NS"].get<int>() == totals[Team::NS]);
  // Without a record, nothing is said of one.
  const RunResult none = run_belote({"play", "--ruleset", "coinche", "--seed", "3"}, "quit\n");
  BOOST_TEST(none.status == 0, none.err);
  BOOST_TEST(none.out.ends_with("N> quit\nStopped in mène 1 (quit).\nTotals: NS 0, EW 0\n"), none.out);
}

BOOST_AUTO_TEST_CASE(the_contract_is_written_in_the_screens_suits_and_the_help_restates_it) {
  // Coinche, seed 3: E's generale in spades, coinched. Under --quiet the contract is said once, before the first
  // card; `?` says it again.
  const std::string contract = "Contract: taker E (EW), bid generale, kind ♠, doubling coinche; first lead W; next dealer W.\n";
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1", "--quiet"}, "pass\n1\n?\n");
  BOOST_TEST(contains(run.out, "N> 1\n" + contract + "N to play; "), run.out);
  BOOST_TEST(contains(run.out, "N> ?\n" + contract + "N to play; hand: 8♠ J♠ 8♥ A♥ K♦ 7♣ 10♣ J♣; trick: W J♥, S 7♥, E 9♥\n"),
             run.out);
  const RunResult ascii = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1", "--quiet", "--ascii"}, "pass\n1\n");
  BOOST_TEST(contains(ascii.out, "Contract: taker E (EW), bid generale, kind S, doubling coinche;"), ascii.out);
}

BOOST_AUTO_TEST_CASE(a_bid_may_be_typed_without_its_space_and_one_off_the_ladder_is_refused_with_the_rulesets_bids) {
  // Coinche, seed 6: W speaks first. 10H is a card (refused in the auction), 85 H no bid of the ladder, 80H 80 H.
  std::string input = "10H\n85 H\n85H\n80 X\n80H\n";
  for (int i = 0; i < 40; ++i) input += "1\n";
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "6", "--seat", "W", "--menes", "1", "--ascii"}, input);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  expect_lines_in_order(run.out, {
      "W> 10H",
      "refused: 10H: W: 10H is a card, but the auction goes on: W to speak",
      "W> 85 H",
      "refused: 85 H: bad-value: the value is not one of the ruleset's bids: 80 to 160 by 10, capot, generale ([bids])",
      "W> 85H",
      "refused: 85H: bad-value: the value is not one of the ruleset's bids: 80 to 160 by 10, capot, generale ([bids])",
      "W> 80 X",
      "refused: 80 X: bad-kind: the kind is not one of {S H D C NT AT}",
      "W> 80H",
      "W: 80 H",
  });
  // A single choice left is "1", not a range.
  const RunResult single = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--menes", "1", "--ascii"}, "pass\nzz\n2\n");
  expect_lines_in_order(single.out, {
      "  1 pass",
      "N> zz",
      "refused: 'zz' is no card or call here: type 1, or the answer as the list writes it (pass); ? for help",
      "N> 2",
      "refused: choose 1",
  });
}

BOOST_AUTO_TEST_CASE(the_games_end_is_said_as_the_sheet_of_its_record_says_it) {
  // Classique, seed 11: mène 1 is a redeal, and EW win at mène 10, the ninth played.
  const fs::path dir = temp_dir("play-end");
  const RunResult run = run_belote({"play", "--ruleset", "classique", "--seed", "11", "--seat", "none", "--players", "heuristic",
                                    "--quiet", "--record", (dir / "game.toml").string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, "\nEW win the game at mène 10, 1023 to 875 (game to 1000); 9 mènes played, 1 redeal.\n"
                               "Totals: NS 875, EW 1023\n"),
             run.out);
  const RunResult sheet = run_belote({"sheet", "show", (dir / "game.toml").string()});
  BOOST_TEST(contains(sheet.out, "\nEW win the game at mène 10, 1023 to 875 (game to 1000).\n"), sheet.out);
}

BOOST_AUTO_TEST_CASE(a_record_read_by_the_wrong_command_is_named_with_the_command_that_reads_it) {
  const fs::path dir = temp_dir("play-record-forms");
  const std::string json = (dir / "game.json").string(), toml = (dir / "game.toml").string();
  BOOST_TEST_REQUIRE(run_belote({"play", "--ruleset", "classique", "--seed", "5", "--seat", "none", "--players", "heuristic", "--menes",
                                 "1", "--quiet", "--record", json, "--record", toml})
                         .status == 0);
  const RunResult shown = run_belote({"sheet", "show", json});
  BOOST_TEST(shown.status == 0, shown.err);
  BOOST_TEST(shown.out == run_belote({"sheet", "show", toml}).out);
  const RunResult scored_json = run_belote({"score", "--ruleset", "classique", json});
  BOOST_TEST(scored_json.status == 1);
  BOOST_TEST(scored_json.err ==
             "belote: error: " + json + ":1:1: a game's record in JSON, not deal lines: `belote sheet show " + json + "` scores it\n");
  const RunResult scored = run_belote({"score", "--ruleset", "classique", toml});
  BOOST_TEST(scored.status == 1);
  BOOST_TEST(scored.err.starts_with("belote: error: " + toml +
                                    ":1:1: a score sheet (or a game's record), not a deal file: `belote sheet show " + toml +
                                    "` scores it\n"),
             scored.err);
  BOOST_TEST(!contains(scored.err, "unknown key"), scored.err);
  // Other JSON is read as a record, and its error is the record's.
  write_file(dir / "other.json", "{\"mene\": []}\n");
  BOOST_TEST(run_belote({"sheet", "show", (dir / "other.json").string()}).err ==
             "belote: error: " + (dir / "other.json").string() + ":1:1: the record names no ruleset (its key 'ruleset')\n");
}

BOOST_AUTO_TEST_CASE(the_help_names_the_players_and_the_answers) {
  const RunResult help = run_belote({"play", "--help"});
  BOOST_TEST_REQUIRE(help.status == 0);
  for (const std::string word : {"random,", "heuristic", "sampled:N", "--bot", "80 H (or 80H)", "KH belote", "declare N", "? the choices",
                                 "hint (or advise)", "quit stops the game", "one a line on standard input"})
    BOOST_TEST(contains(help.out, word), word << "\n" << help.out);
}

BOOST_AUTO_TEST_CASE(the_end_of_standard_input_stops_the_game_with_status_5_and_the_record_so_far) {
  const fs::path dir = temp_dir("play-eof");
  const RunResult run =
      run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--record", (dir / "game.json").string()}, "pass\n");
  BOOST_TEST(run.status == 5);
  BOOST_TEST(run.err == "belote: error: standard input ended before the game did: stopped in mène 1\n");
  BOOST_TEST(contains(run.out, "N> pass\nN: pass\n"), run.out);
  const auto record = nlohmann::json::parse(read_file(dir / "game.json"));
  BOOST_TEST(record["mene"].empty());
  // No input at all: the same.
  BOOST_TEST(run_belote({"play", "--seed", "1"}).status == 5);
}

BOOST_AUTO_TEST_CASE(a_record_that_could_not_be_written_is_refused_before_the_game_with_status_3) {
  const fs::path dir = temp_dir("play-record-nowhere");
  const fs::path kept = dir / "kept.json", missing = dir / "no-such-directory" / "game.json";
  write_file(kept, "the old text\n");
  for (const fs::path& bad : {missing, dir}) {
    const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--menes", "1", "--record",
                                      kept.string(), "--record", bad.string()});
    BOOST_TEST(run.status == 3);
    BOOST_TEST(run.out.empty(), run.out);
    BOOST_TEST(run.err == "belote: error: --record: cannot write " + bad.string() + ": " +
                              (bad == dir ? "Is a directory" : "No such file or directory") + "; the game is not played\n");
    // No record is written, nor the others touched.
    BOOST_TEST(read_file(kept) == "the old text\n");
  }
}

// The record would replace the ruleset it was played under: a file of the chain, or a record given as --ruleset.
BOOST_AUTO_TEST_CASE(a_record_over_a_file_the_ruleset_reads_is_refused_before_the_game) {
  const fs::path dir = temp_dir("play-record-over-ruleset");
  const RulesetChain chain(dir);
  const fs::path& house = chain.house;
  for (const fs::path& over : {chain.house, chain.base}) {
    const RunResult run = run_belote({"play", "--ruleset", house.string(), "--seed", "3", "--seat", "none", "--menes", "1",
                                      "--record", (dir / "game.json").string(), "--record", over.string()});
    BOOST_TEST(run.status == 3);
    BOOST_TEST(run.out.empty(), run.out);
    BOOST_TEST(run.err == RulesetChain::refusal("--record", over, "the game is not played"));
    BOOST_TEST(!fs::exists(dir / "game.json"));
  }
  BOOST_TEST(chain.untouched());

  // A record that holds its ruleset stands for it; the next game's record goes elsewhere.
  const fs::path game = dir / "game.toml";
  BOOST_TEST_REQUIRE(run_belote({"play", "--ruleset", house.string(), "--seed", "3", "--seat", "none", "--menes", "1",
                                 "--quiet", "--record", game.string()})
                         .status == 0);
  const std::string first = read_file(game);
  const RunResult again = run_belote({"play", "--ruleset", game.string(), "--seed", "4", "--seat", "none", "--menes", "1",
                                      "--quiet", "--record", game.string()});
  BOOST_TEST(again.status == 3);
  BOOST_TEST(read_file(game) == first);
}

BOOST_AUTO_TEST_CASE(a_bot_is_told_a_game_of_a_number_of_menes) {
  // Klaverjas plays 16 mènes (game.deals) to no target.
  const fs::path dir = temp_dir("play-deals-bot");
  const fs::path bot = python_bot(dir, "start_bot.py",
                                  "    if m['type'] == 'start':\n        open(sys.argv[1], 'w').write(line)\n"
                                  "    if m['type'] == 'act':\n        say({'action': m['legal'][0]['action']})\n");
  const fs::path log = dir / "start.json";
  const RunResult run = run_belote({"play", "--ruleset", "klaverjas", "--seed", "2", "--seat", "none", "--menes", "1",
                                    "--bot", "N=python3 " + quoted(bot) + " " + quoted(log)});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto start = nlohmann::json::parse(read_file(log));
  BOOST_TEST(start["target"] == 0);
  BOOST_TEST(start["menes"] == 1);
  BOOST_TEST(start["deals"] == 16);
}

BOOST_AUTO_TEST_CASE(a_bot_is_told_a_ruleset_given_by_path_as_its_absolute_path) {
  // A bot that runs `belote advise --ruleset` from a directory of its own still finds the file.
  const fs::path dir = temp_dir("play-ruleset-path-bot");
  write_file(dir / "maison.toml", "extends = \"coinche\"\n[rounding]\nstep = 1\n");
  const fs::path bot = python_bot(dir, "start_bot.py",
                                  "    if m['type'] == 'start':\n        open(sys.argv[1], 'w').write(line)\n"
                                  "    if m['type'] == 'act':\n        say({'action': m['legal'][0]['action']})\n");
  const fs::path log = dir / "start.json";
  const RunResult run = run_belote({"play", "--ruleset", (dir / "." / "maison.toml").string(), "--seed", "2", "--seat", "none",
                                    "--menes", "1", "--bot", "N=python3 " + quoted(bot) + " " + quoted(log)});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(nlohmann::json::parse(read_file(log))["ruleset"] == (dir / "maison.toml").string());
}

BOOST_AUTO_TEST_CASE(a_bot_is_sent_every_message_and_may_answer_with_the_actions_text) {
  const fs::path dir = temp_dir("play-text-bot");
  // The bot keeps every message, and answers the first legal action by its text.
  const fs::path bot = python_bot(dir, "text_bot.py",
                                  "    with open(sys.argv[1], 'a') as log:\n        log.write(line)\n"
                                  "    if m['type'] == 'act':\n        say({'text': m['legal'][0]['text']})\n");
  const fs::path log = dir / "messages.jsonl";
  const RunResult run = run_belote({"play", "--ruleset", "classique", "--seed", "2", "--seat", "none", "--menes", "1",
                                    "--bot", "E=python3 " + quoted(bot) + " " + quoted(log)});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::vector<nlohmann::json> messages;
  for (const std::string& line : lines_of(read_file(log))) messages.push_back(nlohmann::json::parse(line));
  BOOST_TEST_REQUIRE(messages.size() >= 4u);
  const auto& start = messages.front();
  BOOST_TEST(start["type"] == "start");
  BOOST_TEST(start["seat"] == "E");
  BOOST_TEST(start["ruleset"] == "classique");
  BOOST_TEST(start["seed"] != 2);  // the bot's own, not the game's (which gives every hand)
  BOOST_TEST(start["target"] == 1000);
  BOOST_TEST(start["menes"] == 1);
  BOOST_TEST(start["deals"] == 0);
  int acts = 0;
  for (const auto& m : messages) {
    if (m["type"] != "act") continue;
    ++acts;
    BOOST_TEST(m["seat"] == "E");
    const auto& seen = m["observation"];
    for (const std::string key : {"seat", "phase", "to_act", "dealer", "mene", "played", "hand", "dealt", "turned_card",
                                  "proposals", "calls", "contract", "cards", "trick", "trick_winners", "said_with_word",
                                  "declared", "points", "tricks", "totals", "held_over", "target"})
      BOOST_TEST(seen.contains(key), key);
    BOOST_TEST(seen["seat"] == "E");
    BOOST_TEST(seen["to_act"] == "E");
    BOOST_TEST(!m["legal"].empty());
    BOOST_TEST(m["legal"][0].contains("action"));
    BOOST_TEST(m["legal"][0].contains("text"));
  }
  BOOST_TEST(acts >= 8);
  // classique turns a card: everyone sees it.
  BOOST_TEST(messages[1]["observation"]["turned_card"].is_string());
  const auto& end = messages[messages.size() - 2];
  BOOST_TEST(end["type"] == "mene_end");
  BOOST_TEST(end["redeal"] == false);
  BOOST_TEST(end["deal"].contains("play"));
  BOOST_TEST(end.contains("score"));
  BOOST_TEST(end.contains("totals"));
  BOOST_TEST(messages.back()["type"] == "game_end");
  BOOST_TEST(contains(run.out, "E bot (python3 "), run.out);
}

BOOST_AUTO_TEST_CASE(a_bot_answering_garbage_three_times_stops_the_game_with_status_6) {
  const fs::path dir = temp_dir("play-garbage");
  // No JSON, a number beyond a double (no syntax error to the JSON library), then JSON that is no object.
  const fs::path bot = python_bot(dir, "garbage.py",
                                  "    if m['type'] == 'error':\n        print(line, end='', file=sys.stderr, flush=True)\n"
                                  "    if m['type'] == 'act':\n        tries = globals().get('tries', 0) + 1\n"
                                  "        print(['garbage', '{\"action\": 1e400}', '[1]'][tries - 1], flush=True)\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--bot",
                                    "W=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  // The bot was told why twice, and the game stopped at the third.
  const std::vector<std::string> err = lines_of(run.err);
  BOOST_TEST_REQUIRE(err.size() == 3u, run.err);
  const std::string answer = ": answer {\"action\": N} or {\"text\": \"...\"}";
  const std::string why[2] = {
      "'garbage' is not JSON (syntax error while parsing value - invalid literal; last read: 'g')" + answer,
      "'{\"action\": 1e400}' is not JSON (number overflow parsing '1e400')" + answer};
  for (int i = 0; i < 2; ++i) {
    // The bot's standard error, labelled with its seat.
    BOOST_TEST_REQUIRE(err[std::size_t(i)].starts_with("[bot W] "), err[std::size_t(i)]);
    const auto error = nlohmann::json::parse(err[std::size_t(i)].substr(8));
    BOOST_TEST(error["type"] == "error");
    BOOST_TEST(error["message"].get<std::string>() == why[i]);
    BOOST_TEST(error["tries_left"] == 2 - i);
  }
  BOOST_TEST(err[2] == "belote: error: mène 1, auction: bot W (python3 " + quoted(bot) +
                           ") gave no legal action in 3 answers; the last: '[1]' is not a JSON object" + answer);
}

BOOST_AUTO_TEST_CASE(an_illegal_action_is_sent_back_with_the_rule_books_words) {
  const fs::path dir = temp_dir("play-illegal");
  // An action number out of range, then a call that is no action here, then a legal one.
  const fs::path bot = python_bot(dir, "stubborn.py",
                                  "    if m['type'] == 'error':\n        print(m['message'], file=sys.stderr, flush=True)\n"
                                  "    if m['type'] == 'act':\n        tries = globals().get('tries', 0) + 1\n"
                                  "        globals()['tries'] = tries\n"
                                  "        say({'action': 9999} if tries == 1 else {'text': 'fly'} if tries == 2 else "
                                  "{'action': m['legal'][0]['action']})\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--menes", "1",
                                    "--bot", "W=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(run.err == "[bot W] '{\"action\": 9999}': 'action' 9999 is not the number of one of the legal actions\n"
                        "[bot W] '{\"text\": \"fly\"}': 'text' is no action here\n");
}

BOOST_AUTO_TEST_CASE(a_bots_words_are_read_as_a_persons_and_a_number_must_be_a_whole_action_number) {
  const fs::path dir = temp_dir("play-answer-forms");
  // Its first act: a number with a fraction, an action and a text at odds, then the first legal
  // action's words in small letters between spaces. Its second: a list number as text, then an
  // action and a text that agree. Then the first legal action's words, a card's suit as a symbol.
  const fs::path bot = python_bot(dir, "forms.py",
                                  "    if m['type'] == 'error':\n        print(m['message'], file=sys.stderr, flush=True)\n"
                                  "    if m['type'] == 'act':\n        n = globals().get('n', 0) + 1\n        globals()['n'] = n\n"
                                  "        first, last = m['legal'][0], m['legal'][-1]\n"
                                  "        t = first['text']\n"
                                  "        symbols = {'S': '\u2660', 'H': '\u2665', 'D': '\u2666', 'C': '\u2663'}\n"
                                  "        if ' ' not in t and t[-1] in symbols: t = t[:-1] + symbols[t[-1]]\n"
                                  "        say([{'action': 74.0}, {'action': first['action'], 'text': last['text']},\n"
                                  "             {'text': '  ' + first['text'].lower() + '  '}, {'text': '1'},\n"
                                  "             {'action': first['action'], 'text': first['text']}][n - 1] if n <= 5 else {'text': t})\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--menes", "1",
                                    "--bot", "W=python3 " + quoted(bot)});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  static const std::regex told(R"(\[bot W\] '\{"action": 74\.0\}': 'action' is not written as a whole number: write an action's )"
                               R"(number as legal does \(\d+, with no fraction or exponent\)\n)"
                               R"(\[bot W\] '\{"action": \d+, "text": "[^"]+"\}': 'action' \([^)]+\) and 'text' \([^)]+\) name different )"
                               R"(actions: give one, or both naming the same\n)"
                               R"(\[bot W\] '\{"text": "1"\}': 'text' is a number: an action's number is given as 'action' \(\{"action": N\}, N from legal\)\n)");
  BOOST_TEST(std::regex_match(run.err, told), run.err);
}

BOOST_AUTO_TEST_CASE(a_bot_that_exits_or_says_nothing_stops_the_game_with_status_6) {
  const RunResult exits = run_belote({"play", "--seed", "1", "--seat", "none", "--bot", "E=exit 3"});
  BOOST_TEST(exits.status == 6);
  // Seen at its start, in the auction, or at its first turn, in trick 1 (W takes), whichever comes first.
  BOOST_TEST(std::regex_match(exits.err, std::regex(R"(belote: error: mène 1, (auction|trick 1): bot E \(exit 3\) exited with status 3\n)")),
             exits.err);
  const RunResult silent = run_belote({"play", "--seed", "1", "--seat", "none", "--bot", "N=sleep 30", "--bot-timeout", "1"});
  BOOST_TEST(silent.status == 6);
  BOOST_TEST(silent.err == "belote: error: mène 1, trick 1: bot N (sleep 30) did not answer within 1 s (--bot-timeout)\n");
}

BOOST_AUTO_TEST_CASE(a_bot_that_closes_its_output_but_runs_on_is_told_at_once_not_at_the_timeout) {
  // The shell is replaced by a simple command (after variable assignments too): its output is the bot's alone.
  const fs::path dir = temp_dir("play-closed-output");
  const fs::path bot = python_bot(dir, "closer.py", "    if m['type'] == 'act':\n        import os, time\n        os.close(1)\n        time.sleep(60)\n");
  for (const std::string& command : {"python3 " + quoted(bot), "BOT_NOTE=1 python3 " + quoted(bot)}) {
    // (The shell between would hold the output open: the game would wait out the timeout.)
    const RunResult run = run_belote({"play", "--seed", "1", "--seat", "none", "--bot-timeout", "60", "--bot", "E=" + command});
    BOOST_TEST(run.status == 6);
    BOOST_TEST((run.err.starts_with("belote: error: mène 1, trick 1: bot E (") && run.err.ends_with(") closed its output\n")), run.err);
  }
  // A compound command is left to the shell, which runs it as before.
  const RunResult compound = run_belote({"play", "--seed", "1", "--seat", "none", "--bot", "E=true && exit 3"});
  BOOST_TEST(compound.status == 6);
  BOOST_TEST(std::regex_match(compound.err, std::regex(R"(belote: error: mène 1, (auction|trick 1): bot E \(true && exit 3\) exited )"
                                                        R"(with status 3\n)")),
             compound.err);
}

BOOST_AUTO_TEST_CASE(a_bot_that_answers_twice_stops_the_game_at_its_next_turn_naming_the_extra_line) {
  const fs::path dir = temp_dir("play-twice");
  // Its second line would otherwise be read as the answer to its next act.
  // Both lines in one write: there at its next turn, whatever the machine's speed.
  const fs::path bot = python_bot(dir, "twice.py",
                                  "    if m['type'] == 'act':\n"
                                  "        sys.stdout.write(json.dumps({'action': m['legal'][0]['action']}) + '\\n' + "
                                  "json.dumps({'action': 9999}) + '\\n')\n"
                                  "        sys.stdout.flush()\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--record",
                                    (dir / "game.json").string(), "--bot", "E=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  static const std::regex told(R"(belote: error: mène \d+, (auction|trick \d): bot E \(python3 .*\) wrote more lines than it was asked )"
                               R"(for: to its last act it wrote 2 lines: '\{"action": \d+\}' \(played: [^)]+\), '\{"action": 9999\}' )"
                               R"(\(a bot writes one line for each act, its answer, and no other\)\n)");
  BOOST_TEST(std::regex_match(run.err, told), run.err);
  // The record of the game so far is written all the same.
  BOOST_TEST(nlohmann::json::parse(read_file(dir / "game.json")).is_object());
}

BOOST_AUTO_TEST_CASE(a_bot_that_writes_a_line_before_its_answer_is_stopped_naming_that_line_first) {
  const fs::path dir = temp_dir("play-banner");
  // A banner, then the answer: the banner read as the answer is refused, and the
  // answer that follows shows the bot out of step (not taken for the next act's).
  const fs::path bot = python_bot(dir, "banner.py",
                                  "    if m['type'] == 'act':\n"
                                  "        sys.stdout.write('hello, I am a bot\\n' + json.dumps({'action': m['legal'][0]['action']}) + '\\n')\n"
                                  "        sys.stdout.flush()\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--bot", "E=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  static const std::regex told(R"(belote: error: mène 1, auction: bot E \(python3 .*\) wrote more lines than it was asked for: to its )"
                               R"(last act it wrote 2 lines: 'hello, I am a bot' \(refused\), '\{"action": \d+\}' )"
                               R"(\(a bot writes one line for each act, its answer, and no other\)\n)");
  BOOST_TEST(std::regex_match(run.err, told), run.err);
}

BOOST_AUTO_TEST_CASE(a_bot_that_leaves_its_answer_without_a_newline_is_told_so) {
  const fs::path dir = temp_dir("play-no-newline");
  const fs::path bot = python_bot(dir, "open_line.py",
                                  "    if m['type'] == 'act':\n"
                                  "        sys.stdout.write(json.dumps({'action': m['legal'][0]['action']}))\n"
                                  "        sys.stdout.flush()\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--bot-timeout", "1",
                                    "--bot", "W=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  static const std::regex told(R"(belote: error: mène 1, auction: bot W \(python3 .*\) wrote '\{"action": \d+\}' but did not end the line )"
                               R"(within 1 s \(--bot-timeout\): end each answer with a newline\n)");
  BOOST_TEST(std::regex_match(run.err, told), run.err);
}

BOOST_AUTO_TEST_CASE(a_command_the_shell_cannot_run_is_named_by_its_status) {
  const fs::path dir = temp_dir("play-no-command");
  write_file(dir / "bot.py", "print('{}')\n");  // not executable
  const RunResult missing = run_belote({"play", "--seed", "1", "--seat", "none", "--bot", "E=no-such-bot-program"});
  BOOST_TEST(missing.status == 6);
  BOOST_TEST(contains(missing.err, ": bot E (no-such-bot-program) exited with status 127 (/bin/sh's status "
                                   "for a command not found)\n"),
             missing.err);
  const RunResult refused = run_belote({"play", "--seed", "1", "--seat", "none", "--bot", "E=" + quoted(dir / "bot.py")});
  BOOST_TEST(refused.status == 6);
  BOOST_TEST(contains(refused.err, "exited with status 126 (/bin/sh's status for a command it cannot run: not executable)\n"),
             refused.err);
}

BOOST_AUTO_TEST_CASE(a_signal_that_ends_the_game_ends_its_bots) {
  const fs::path dir = temp_dir("play-signal");
  const fs::path pid_file = dir / "bot.pid";
  // A bot that neither answers nor reads: only a signal ends it. In a process
  // group of its own, it does not see the terminal's Ctrl-C.
  const std::string bot = "echo $$ > " + quoted(pid_file) + ".part && mv " + quoted(pid_file) + ".part " +
                          quoted(pid_file) + " && exec sleep 1000";
  // (SIGINT and SIGHUP take the same path, but a test run in the background may have them ignored.)
  for (int signal : {SIGTERM}) {
    fs::remove(pid_file);
    const pid_t game = start_belote_quietly({"play", "--seed", "1", "--seat", "none", "--bot-timeout", "60", "--bot", "N=" + bot});
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!fs::exists(pid_file) && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    BOOST_REQUIRE(fs::exists(pid_file));
    const pid_t bot_pid = pid_t(std::stol(read_file(pid_file)));
    ::kill(game, signal);
    int status = 0;
    BOOST_REQUIRE(waitpid(game, &status, 0) == game);
    BOOST_TEST((WIFSIGNALED(status) && WTERMSIG(status) == signal));
    // Ended (or a zombie waiting for init): no longer running.
    const auto running = [&] {
      if (::kill(bot_pid, 0) != 0) return false;
      std::ifstream in("/proc/" + std::to_string(bot_pid) + "/stat");
      const std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const std::size_t paren = stat.rfind(')');
      return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z';
    };
    const auto wait_until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (running() && std::chrono::steady_clock::now() < wait_until) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const bool still = running();
    if (still) ::kill(bot_pid, SIGKILL);
    BOOST_TEST(!still, "signal " << signal << ": the bot still runs");
  }
}

// Each deal line names its mène and carries the points a litige held over into it: scored one by one,
// the lines give the table's scores, and a sheet that adds them holds its own litiges (no point counted twice).
BOOST_AUTO_TEST_CASE(the_deal_lines_of_a_game_with_a_litige_score_as_the_table_scored_them) {
  const fs::path dir = temp_dir("play-litige");
  // Mène 7 of seed 3 is a litige: its 101 points go to EW in mène 8.
  const RunResult run = run_belote({"play", "--ruleset", "classique", "--seed", "3", "--seat", "none", "--players",
                                    "heuristic", "--menes", "8", "--quiet", "--record", (dir / "game.jsonl").string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, "Mène 7 scored: NS 101, EW 0 (contract litige), 101 points held over;"), run.out);
  BOOST_TEST(contains(run.out, "Mène 8 scored: NS 0, EW 333 (contract failed);"), run.out);
  const std::vector<std::string> lines = lines_of(read_file(dir / "game.jsonl"));
  BOOST_TEST_REQUIRE(lines.size() == 8u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto line = nlohmann::json::parse(lines[i]);
    BOOST_TEST(line["id"] == "mene-" + std::to_string(i + 1));
    BOOST_TEST(line.contains("held_over") == (i == 7), i);
  }
  BOOST_TEST(nlohmann::json::parse(lines[7])["held_over"] == 101);
  const RunResult scored = run_belote({"score", "--ruleset", "classique", "--format", "json", (dir / "game.jsonl").string()});
  BOOST_TEST_REQUIRE(scored.status == 0, scored.err);
  const auto last = nlohmann::json::parse(lines_of(scored.out).back());
  BOOST_TEST(last["id"] == "mene-8");
  BOOST_TEST(last["score"]["NS"] == 0);
  BOOST_TEST(last["score"]["EW"] == 333);

  // Added to a sheet one by one, the lines give the game's totals: the sheet holds over its own points.
  const fs::path sheet = dir / "game.toml";
  BOOST_TEST_REQUIRE(run_belote({"sheet", "new", sheet.string(), "--ruleset", "classique"}).status == 0);
  for (const std::string& line : lines) {
    const RunResult added = run_belote({"sheet", "add", sheet.string(), "--play", "-"}, line + "\n");
    BOOST_TEST_REQUIRE(added.status == 0, added.err);
  }
  const auto shown = nlohmann::json::parse(run_belote({"sheet", "show", "--format", "json", sheet.string()}).out);
  BOOST_TEST(shown["totals"]["NS"] == 648);
  BOOST_TEST(shown["totals"]["EW"] == 818);
  BOOST_TEST(contains(run.out, "Totals: NS 648, EW 818"), run.out);
  BOOST_TEST(!contains(read_file(sheet), "held_over"));
}

BOOST_AUTO_TEST_CASE(engine_players_alone_play_to_the_game_end) {
  const RunResult run = run_belote({"play", "--ruleset", "klaverjas", "--seed", "4", "--seat", "none", "--quiet"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  // klaverjas plays 16 mènes.
  BOOST_TEST(contains(run.out, "\nMène 16 scored: "), run.out);
  BOOST_TEST(contains(run.out, "\nThe game's 16 mènes are played (game.deals): "), run.out);
  BOOST_TEST(!contains(run.out, "takes trick"), run.out);
  // Each player by name, and the same game from the same seed.
  const RunResult again = run_belote({"play", "--ruleset", "klaverjas", "--seed", "4", "--seat", "none", "--quiet",
                                      "--players", "random,random,random,random"});
  BOOST_TEST(again.out == run.out);
}

BOOST_AUTO_TEST_CASE(sampled_players_play_the_same_game_on_any_number_of_threads) {
  const std::vector<std::string> game{"play", "--ruleset", "coinche", "--seed", "6", "--seat", "none", "--menes", "1", "--players",
                                      "sampled:6,heuristic,sampled:6,random"};
  std::vector<std::string> one = game, three = game;
  one.insert(one.end(), {"--threads", "1"});
  three.insert(three.end(), {"--threads", "3"});
  const RunResult alone = run_belote(one);
  BOOST_TEST_REQUIRE(alone.status == 0, alone.err);
  BOOST_TEST(contains(alone.out, "Mène 1 scored: "), alone.out);
  BOOST_TEST(run_belote(three).out == alone.out);
}

BOOST_AUTO_TEST_CASE(bad_options_are_usage_errors_that_say_why) {
  const auto error = [](const std::vector<std::string>& args) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2, run.err);
    BOOST_TEST(run.out.empty());
    return run.err;
  };
  BOOST_TEST(error({"play", "--players", "genius"}) ==
             "belote: error: play: --players: unknown player 'genius': a player is random, heuristic or sampled:N (see 'belote "
             "play --help')\n");
  // The whole sentence, not cut short.
  BOOST_TEST(error({"play", "--players", "sampled:99999999"}) ==
             "belote: error: play: --players: player 'sampled:99999999': sampled:N takes a number of worlds from 1 to 4096 "
             "(see 'belote play --help')\n");
  BOOST_TEST(error({"play", "--seat", "X"}) ==
             "belote: error: play: --seat is a seat (N, E, S or W) or none, not 'X' (see 'belote play --help')\n");
  BOOST_TEST(error({"play", "--first-dealer", "north"}) ==
             "belote: error: play: --first-dealer is a seat (N, E, S or W), not 'north' (see 'belote play --help')\n");
  BOOST_TEST(error({"play", "--bot", "Q=python3 bot.py"}) ==
             "belote: error: play: --bot is a seat (N, E, S or W), not 'Q' (see 'belote play --help')\n");
  BOOST_TEST(contains(error({"play", "--bot", "E"}), "--bot: 'E' is not SEAT=COMMAND"));
  BOOST_TEST(contains(error({"play", "--bot", "E=a", "--bot", "E=b"}), "seat E is given two bots"));
  BOOST_TEST(contains(error({"play", "--seat", "S", "--bot", "S=a"}), "seat S is given both to you (--seat) and to a bot (--bot)"));
  BOOST_TEST(contains(error({"play", "--players", "random,random"}), "--players is one player for every seat, or four"));
  BOOST_TEST(contains(error({"play", "--menes", "0"}), "--menes takes a whole number from 1 to 10000"));
  BOOST_TEST(contains(error({"play", "--bot-timeout", "0"}), "--bot-timeout takes a whole number from 1 to 86400"));
  BOOST_TEST(contains(error({"play", "--threads", "0"}), "--threads takes a whole number from 1 to 1024"));
  BOOST_TEST(contains(error({"play", "--seat", "none", "--seat", "N"}), "--seat none plays no seat: give it alone"));
}

BOOST_AUTO_TEST_CASE(the_help_gives_the_exit_statuses_of_a_game_stopped_short) {
  const RunResult run = run_belote({"play", "--help"});
  BOOST_TEST(run.status == 0);
  BOOST_TEST(contains(run.out, "\n  5 standard input ended before the game did, 6 a bot failed"), run.out);
  BOOST_TEST(contains(run_belote({"--help"}).out, "\n  6  belote play, belote arena: a bot exited"));
}

BOOST_AUTO_TEST_CASE(players_that_never_bid_stop_the_game_after_a_thousand_redeals_in_a_row) {
  // --menes counts the mènes played: bots that always pass would redeal for ever.
  const fs::path dir = temp_dir("play-never-bid");
  const fs::path bot = python_bot(dir, "passing_bot.py",
                                  "    if m['type'] == 'act':\n"
                                  "        say({'action': next((a['action'] for a in m['legal'] if a['text'] == 'pass'), m['legal'][0]['action'])})\n");
  const RunResult run = run_belote(with({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--quiet", "--menes", "1",
                                         "--record", (dir / "game.json").string()},
                                        four_bots("python3 " + quoted(bot))));
  BOOST_TEST(run.status == 6);
  // Each seat's player named: here the four bots.
  BOOST_TEST(run.err.starts_with("belote: error: 1000 redeals in a row: the players never bid: N bot (python3 "), run.err);
  BOOST_TEST((contains(run.err, "), E bot (python3 ") && contains(run.err, "), W bot (python3 ")), run.err);
  BOOST_TEST(run.err.ends_with(") (stopped in mène 1001)\n"), run.err);
  BOOST_TEST(nlohmann::json::parse(read_file(dir / "game.json"))["mene"].size() == 1000u);
}

BOOST_AUTO_TEST_CASE(bots_that_outlive_their_input_and_sigterm_are_ended_whole_at_the_games_end) {
  // Each bot, started by the shell as a child of its own, notes its pid, ignores SIGTERM and
  // sleeps on after its input ends: the game's end kills every process of the bots' groups.
  const fs::path dir = temp_dir("play-deaf-bots");
  const fs::path bot = dir / "deaf_bot.py";
  write_file(bot, "import json, os, signal, sys, time\n"
                  "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                  "open(os.path.join(sys.argv[1], 'pid-' + str(os.getpid())), 'w').close()\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': m['legal'][0]['action']}), flush=True)\n"
                  "time.sleep(300)\n");
  const fs::path pids = dir / "pids";
  fs::create_directories(pids);
  const RunResult run = run_belote(with({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--quiet", "--menes", "1"},
                                        four_bots("python3 " + quoted(bot) + " " + quoted(pids) + "; true")));
  BOOST_TEST(run.status != 0);  // legal[0] is pass: the players never bid
  int noted = 0;
  for (const auto& entry : fs::directory_iterator(pids)) {
    const pid_t pid = std::stoi(entry.path().filename().string().substr(4));
    ++noted;
    // Gone, or dead and not yet reaped by the process that inherited it (a zombie, 'Z').
    const std::string stat = read_file(fs::path("/proc") / std::to_string(pid) / "stat");
    const std::size_t name_end = stat.rfind(')');
    const bool running = name_end != std::string::npos && name_end + 2 < stat.size() && stat[name_end + 2] != 'Z';
    BOOST_TEST(!running, "bot process " << pid << " outlived the game: " << stat);
  }
  BOOST_TEST(noted == 4);
}

BOOST_AUTO_TEST_CASE(a_bot_is_given_no_descriptor_but_its_standard_input_output_and_error) {
  // Started with a descriptor open (7, as a shell may leave one), the game's bot gets none beyond 0-2.
  const fs::path dir = temp_dir("play-bot-descriptors");
  const fs::path bot = python_bot(dir, "fds.py",
                                  "    if m['type'] == 'start':\n"
                                  "        import os\n"
                                  "        fds = []\n"
                                  "        for f in os.listdir('/proc/self/fd'):\n"
                                  "            try:\n                os.readlink('/proc/self/fd/' + f)\n                fds.append(int(f))\n"
                                  "            except OSError:\n                pass\n"
                                  "        os.write(2, ('fds ' + str(sorted(fds)) + '\\n').encode())\n"
                                  "    if m['type'] == 'act':\n        say({'action': m['legal'][0]['action']})\n");
  const RunResult run = run_program("/bin/sh", {"-c", "exec 7</dev/null; exec \"$0\" \"$@\"", BELOTE_PROGRAM, "play", "--ruleset",
                                                "coinche", "--seed", "1", "--seat", "none", "--menes", "1", "--quiet", "--record",
                                                (dir / "game.jsonl").string(), "--bot", "E=python3 " + quoted(bot), "--bot",
                                                "W=python3 " + quoted(bot)});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  // Its standard error a pipe of the game's, which passes its lines on labelled, the two bots' in either order.
  std::vector<std::string> told = lines_of(run.err);
  std::ranges::sort(told);
  BOOST_TEST((told == std::vector<std::string>{"[bot E] fds [0, 1, 2]", "[bot W] fds [0, 1, 2]"}), run.err);
}

BOOST_AUTO_TEST_CASE(a_bots_standard_error_is_passed_on_line_by_line_labelled_with_its_seat) {
  const fs::path dir = temp_dir("play-bot-stderr");
  // At its start a line, and one ended CR LF with an escape sequence and a tab; as its input ends, a
  // last line without a line feed.
  const fs::path bot = dir / "talker.py";
  write_file(bot, "import json, sys\n"
                  "seat = '?'\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'start':\n"
                  "        seat = m['seat']\n"
                  "        sys.stderr.write('hello from ' + seat + '\\n' + 'in \\x1b[31mred\\x1b[0m,\\ttabbed\\r\\n')\n"
                  "        sys.stderr.flush()\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': m['legal'][0]['action']}), flush=True)\n"
                  "sys.stderr.write('last words of ' + seat)\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--menes", "1", "--quiet",
                                    "--players", "heuristic", "--bot", "E=python3 " + quoted(bot), "--bot", "W=python3 " + quoted(bot)});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.err.ends_with("\n"), run.err);
  // Each seat's lines in the order it wrote them, the escape sequence (and the carriage return) made harmless.
  std::map<std::string, std::vector<std::string>> by_seat;
  for (const std::string& line : lines_of(run.err)) {
    BOOST_TEST_REQUIRE((line.starts_with("[bot E] ") || line.starts_with("[bot W] ")), run.err);
    by_seat[line.substr(5, 1)].push_back(line.substr(8));
  }
  for (const std::string seat : {"E", "W"})
    BOOST_TEST((by_seat[seat] == std::vector<std::string>{"hello from " + seat, "in \\u001b[31mred\\u001b[0m,\ttabbed",
                                                          "last words of " + seat}),
               run.err);
  BOOST_TEST(by_seat.size() == 2u, run.err);
}

BOOST_AUTO_TEST_CASE(a_bots_last_words_come_before_the_games_message_that_it_exited) {
  const fs::path dir = temp_dir("play-bot-last-words");
  // As it exits at its first act, many lines at once (a pipe made large holds them all, left for the game
  // to pass on after the bot has exited), then why it gives up, without a line feed.
  const fs::path bot = python_bot(dir, "quitter.py", "    if m['type'] == 'act':\n"
                                                     "        import fcntl, os\n"
                                                     "        try:\n"
                                                     "            fcntl.fcntl(2, 1031, 1 << 20)\n"  // F_SETPIPE_SZ
                                                     "        except OSError:\n"
                                                     "            pass\n"
                                                     "        os.write(2, ''.join('line %d\\n' % i for i in range(80000)).encode())\n"
                                                     "        os.write(2, b'no legal action suits me')\n"
                                                     "        sys.exit(3)\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--bot", "W=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  std::string expected;
  for (int i = 0; i < 80000; ++i) expected += "[bot W] line " + std::to_string(i) + "\n";
  expected += "[bot W] no legal action suits me\n";
  BOOST_TEST_REQUIRE(run.err.starts_with(expected), run.err.substr(run.err.size() - std::min<std::size_t>(run.err.size(), 500)));
  static const std::regex told(R"(belote: error: mène 1, auction: bot W \(python3 .*\) exited with status 3\n)");
  BOOST_TEST(std::regex_match(run.err.substr(expected.size()), told), run.err.substr(expected.size()));
}

BOOST_AUTO_TEST_CASE(the_lines_of_two_bots_never_mix_and_a_long_line_comes_in_pieces_of_whole_characters) {
  const fs::path dir = temp_dir("play-bot-stderr-lines");
  // Both at once at their start (each waits for the other, a file each in `dir`, for a while at most):
  // lines of 4000 bytes, one write each, then one of 10000 bytes and one of 'a' and 3000 two-byte
  // characters, whose cut at 4096 bytes would fall inside one.
  const fs::path bot = python_bot(dir, "chatty.py",
                                  "    if m['type'] == 'start':\n"
                                  "        import os, time\n"
                                  "        open(os.path.join(sys.argv[1], m['seat']), 'w').close()\n"
                                  "        give_up = time.time() + 20\n"
                                  "        while len(os.listdir(sys.argv[1])) < 2 and time.time() < give_up:\n"
                                  "            time.sleep(0.001)\n"
                                  "        for i in range(300):\n"
                                  "            os.write(2, (m['seat'] * 4000 + '\\n').encode())\n"
                                  "        os.write(2, ('L' * 10000 + '\\n').encode())\n"
                                  "        os.write(2, ('a' + '\\u00e9' * 3000 + '\\n').encode())\n"
                                  "        os.write(2, ('c' * 4096 + '\\r\\n' + 'd' * 4096 + '\\n').encode())\n"
                                  "    if m['type'] == 'act':\n        say({'action': m['legal'][0]['action']})\n");
  const fs::path ready = dir / "ready";
  fs::create_directories(ready);
  const std::string command = "python3 " + quoted(bot) + " " + quoted(ready);
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--menes", "1", "--quiet",
                                    "--players", "heuristic", "--bot", "E=" + command, "--bot", "W=" + command});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::map<std::string, std::vector<std::string>> by_seat;
  for (const std::string& line : lines_of(run.err)) {
    BOOST_TEST_REQUIRE((line.starts_with("[bot E] ") || line.starts_with("[bot W] ")), line.substr(0, 100));
    by_seat[line.substr(5, 1)].push_back(line.substr(8));
  }
  BOOST_TEST_REQUIRE(by_seat.size() == 2u);
  const std::string e_acute = "\u00e9";
  for (const auto& [seat, lines] : by_seat) {
    std::vector<std::string> expected(300, std::string(4000, seat[0]));
    // The long line in pieces of 4096 bytes, a piece ending before a character it would cut.
    expected.insert(expected.end(), {std::string(4096, 'L'), std::string(4096, 'L'), std::string(1808, 'L')});
    std::string first = "a", second;
    for (int i = 0; i < 2047; ++i) first += e_acute;
    for (int i = 0; i < 953; ++i) second += e_acute;
    expected.insert(expected.end(), {first, second});
    // Lines of a piece's length, ended CR LF or LF: one line each.
    expected.insert(expected.end(), {std::string(4096, 'c'), std::string(4096, 'd')});
    BOOST_TEST_REQUIRE(lines.size() == expected.size(), seat);
    for (std::size_t i = 0; i < lines.size(); ++i)
      BOOST_TEST(lines[i] == expected[i], seat << " line " << i << ": " << lines[i].substr(0, 100) << "... (" << lines[i].size() << " bytes)");
  }
}

BOOST_AUTO_TEST_CASE(a_bot_writing_megabytes_on_standard_error_before_it_reads_does_not_hold_up_the_game) {
  // It writes 4 MiB without a line feed before it reads a message, then looks at the game's standard
  // error (a file): a game that kept the open line whole, or read nothing of it, would leave the bot
  // waiting for its own words there, and the game waiting for its answer.
  const fs::path dir = temp_dir("play-bot-stderr-flood");
  const fs::path err = dir / "err.txt";
  const fs::path bot = dir / "flood.py";
  write_file(bot, "import json, os, sys, time\n"
                  "for i in range(64):\n"
                  "    os.write(2, b'x' * 65536)\n"
                  "give_up = time.time() + 60\n"
                  "while os.path.getsize(sys.argv[1]) < 1 << 20 and time.time() < give_up:\n"
                  "    time.sleep(0.01)\n"
                  "seen = os.path.getsize(sys.argv[1]) >= 1 << 20\n"
                  "os.write(2, b'\\n' + (b'passed on as it came' if seen else b'not passed on') + b'\\n')\n"
                  "for line in sys.stdin:\n"
                  "    m = json.loads(line)\n"
                  "    if m['type'] == 'act':\n"
                  "        print(json.dumps({'action': m['legal'][0]['action']}), flush=True)\n");
  const RunResult run = run_program("/bin/sh", {"-c", "exec \"$0\" \"$@\" 2>" + quoted(err), BELOTE_PROGRAM, "play", "--ruleset",
                                                "coinche", "--seed", "1", "--seat", "none", "--menes", "1", "--quiet", "--players",
                                                "heuristic", "--bot-timeout", "120", "--bot", "E=python3 " + quoted(bot) + " " + quoted(err)});
  const std::string written = read_file(err);
  BOOST_TEST_REQUIRE(run.status == 0, written.substr(written.size() - std::min<std::size_t>(written.size(), 500)));
  const std::vector<std::string> lines = lines_of(written);
  // 1024 pieces of 4096 bytes, the last ended by the line feed, then the bot's word.
  BOOST_TEST_REQUIRE(lines.size() == 1025u);
  BOOST_TEST(std::ranges::count(lines, "[bot E] " + std::string(4096, 'x')) == 1024);
  BOOST_TEST(lines.back() == "[bot E] passed on as it came");
}

BOOST_AUTO_TEST_CASE(a_bot_that_fails_after_the_last_action_is_told_of_and_the_game_stands) {
  // It exits with status 1 as it reads the end of the mène that ends the game: before game_end is sent
  // or after, whichever comes first, the game was played whole.
  const fs::path dir = temp_dir("play-bot-fails-at-the-end");
  const fs::path bot = python_bot(dir, "crash.py",
                                  "    if m['type'] == 'act':\n        say({'action': m['legal'][0]['action']})\n"
                                  "    if m['type'] == 'mene_end' and not m['redeal']:\n        sys.exit(1)\n");
  for (int i = 0; i < 3; ++i) {
    const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--menes", "1", "--quiet",
                                      "--bot", "E=python3 " + quoted(bot)});
    BOOST_TEST(run.status == 0, run.err);
    BOOST_TEST(contains(run.out, "\nTotals: "), run.out);
    static const std::regex told(R"(belote: warning: mène \d+: bot E \(python3 .*\) exited with status 1 at the game's end; )"
                                 R"(the game was played whole\n)");
    BOOST_TEST(std::regex_match(run.err, told), run.err);
  }
  // A bot that exits with status 0 is not told of.
  const RunResult fine = run_belote({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--menes", "1", "--quiet",
                                     "--bot", "E=" + random_bot()});
  BOOST_TEST(fine.status == 0);
  BOOST_TEST(fine.err.empty(), fine.err);
}

BOOST_AUTO_TEST_CASE(a_refusal_quotes_the_answer_as_the_bot_wrote_it_and_a_key_given_twice_is_refused) {
  const fs::path dir = temp_dir("play-bot-answer-quoted");
  // Action 0 is a card, in the auction; 74e0 is a number with an exponent; then a key given twice.
  const fs::path bot = python_bot(dir, "quoted.py",
                                  "    if m['type'] == 'error':\n        print(m['message'], file=sys.stderr, flush=True)\n"
                                  "    if m['type'] == 'act':\n        n = globals().get('n', 0) + 1\n        globals()['n'] = n\n"
                                  "        print(['{\"action\":0}', '{\"action\": 74e0}', '{\"action\":74,\"action\":0}'][n - 1], flush=True)\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--menes", "1",
                                    "--bot", "W=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  // What the bot wrote comes before the game's verdict: the bots are ended before it is said.
  const std::vector<std::string> err = lines_of(run.err);
  BOOST_TEST_REQUIRE(err.size() == 3u, run.err);
  BOOST_TEST(err[0].starts_with("[bot W] '{\"action\":0}' (7S): "), err[0]);
  BOOST_TEST(err[1] == "[bot W] '{\"action\": 74e0}': 'action' is not written as a whole number: write an action's number as legal "
                       "does (74, with no fraction or exponent)");
  BOOST_TEST(err[2].starts_with("belote: error: mène 1, auction: bot W (python3 "), err[2]);
  BOOST_TEST(err[2].ends_with(") gave no legal action in 3 answers; the last: '{\"action\":74,\"action\":0}': key 'action' is given "
                              "twice: give each key once"),
             err[2]);
}

BOOST_AUTO_TEST_CASE(a_bots_failure_names_the_mene_and_the_trick_or_the_auction) {
  const fs::path dir = temp_dir("play-bot-failure-place");
  // It plays mène 1 and exits at its first card of mène 2.
  const fs::path bot = python_bot(dir, "second.py",
                                  "    if m['type'] == 'act':\n"
                                  "        if m['observation']['mene'] >= 2 and m['observation']['phase'] == 'play':\n"
                                  "            sys.exit(4)\n"
                                  "        say({'action': m['legal'][0]['action']})\n");
  const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "1", "--seat", "none", "--menes", "3", "--quiet",
                                    "--players", "heuristic", "--bot", "E=python3 " + quoted(bot)});
  BOOST_TEST(run.status == 6);
  static const std::regex told(R"(belote: error: mène [2-9]\d*, trick [1-8]: bot E \(python3 .*\) exited with status 4\n)");
  BOOST_TEST(std::regex_match(run.err, told), run.err);
  // In the auction: a bot that gives up at its first turn, the first of the auction (seed 3: W speaks first).
  const fs::path quitter = python_bot(dir, "quitter.py", "    if m['type'] == 'act':\n        sys.exit(5)\n");
  const RunResult at_once = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--bot", "W=python3 " + quoted(quitter)});
  BOOST_TEST(at_once.status == 6);
  BOOST_TEST(at_once.err.starts_with("belote: error: mène 1, auction: bot W (python3 "), at_once.err);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_play
