// belote advise: the figures of each legal card or call at a position of a
// game's record, as text and JSON, the same seed giving the same figures; the
// same figures from the seat's view (the bot protocol's `act` message, or its
// observation); and the errors of a position that is not there, a record or
// view that cannot be read, and bad options.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <functional>
#include <nlohmann/json.hpp>

#include "belote/table_json.h"
#include "belote/table_record.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_advise)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A one-mène coinche game played by the rules of thumb, recorded as JSON.
fs::path recorded_game() {
  static const fs::path path = [] {
    const fs::path dir = temp_dir("cli_advise");
    const RunResult run = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--players", "heuristic",
                                      "--menes", "1", "--quiet", "--record", (dir / "game.json").string()});
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    return dir / "game.json";
  }();
  return path;
}

int calls_of_first_mene() {
  const auto record = nlohmann::json::parse(read_file(recorded_game()));
  return int(record["mene"][0]["auction"]["calls"].size());
}

// The `act` message the seat to act gets after the first `action` actions of the recorded game's first mène.
std::string act_at(int action) {
  const auto rules = ruleset("coinche");
  ReplayedRecord replayed = replay_record(*rules, read_file(recorded_game()));
  BOOST_TEST_REQUIRE(replayed.error.empty(), replayed.error);
  Table& table = *replayed.table;
  while (table.over() || table.tally().dealt != 1 || int(table.mene_actions().size()) != action) BOOST_TEST_REQUIRE(table.undo());
  const nlohmann::ordered_json message{{"type", "act"},
                                       {"seat", std::string(name(table.to_act()))},
                                       {"observation", nlohmann::ordered_json::parse(observation_json(table, table.observe(table.to_act())))},
                                       {"legal", nlohmann::ordered_json::parse(legal_actions_json(table))}};
  return message.dump() + "\n";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_bots_act_message_or_its_observation_gets_the_figures_of_the_same_position_in_the_record) {
  for (const int action : {2, calls_of_first_mene() + 2, calls_of_first_mene() + 9}) {
    BOOST_TEST_CONTEXT("action " << action) {
      const std::vector<std::string> options{"--worlds", "4", "--seed", "2", "--ascii"};
      std::vector<std::string> from_record{"advise", "--mene", "1", "--action", std::to_string(action)};
      from_record.insert(from_record.end(), options.begin(), options.end());
      from_record.push_back(recorded_game().string());
      const RunResult record = run_belote(from_record);
      BOOST_TEST_REQUIRE(record.status == 0, record.err);
      // The message piped in, as a bot would.
      std::vector<std::string> from_view{"advise", "--ruleset", "coinche"};
      from_view.insert(from_view.end(), options.begin(), options.end());
      from_view.push_back("-");
      const std::string act = act_at(action);
      const RunResult piped = run_belote(from_view, act);
      BOOST_TEST_REQUIRE(piped.status == 0, piped.err);
      BOOST_TEST(piped.out == record.out);
      // The observation alone, from a file.
      const fs::path file = temp_dir("cli_advise_view") / "observation.json";
      write_file(file, nlohmann::json::parse(act)["observation"].dump(2));
      from_view.back() = file.string();
      const RunResult observed = run_belote(from_view);
      BOOST_TEST_REQUIRE(observed.status == 0, observed.err);
      BOOST_TEST(observed.out == record.out);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_view_needs_its_ruleset_is_a_position_already_and_is_read_with_precise_errors) {
  const std::string act = act_at(calls_of_first_mene() + 2);
  RunResult run = run_belote({"advise", "-"}, act);
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.err == "belote: error: advise: a seat's view does not name its ruleset: give --ruleset NAME (see 'belote advise --help')\n");
  run = run_belote({"advise", "--ruleset", "coinche", "--mene", "1", "-"}, act);
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.err == "belote: error: advise: --mene and --action choose a position of a record; a seat's view is a position already "
                        "(see 'belote advise --help')\n");
  // A view that contradicts itself: the error names the key, at its line and column.
  auto message = nlohmann::json::parse(act);
  message["observation"]["dealer"] = "Q";
  const std::string text = message.dump();
  run = run_belote({"advise", "--ruleset", "coinche", "-"}, text + "\n");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out.empty());
  const std::string column = std::to_string(text.find("\"Q\"") + 1);
  BOOST_TEST(run.err.starts_with("belote: error: <stdin>:1:" + column + ": 'dealer' must be a seat (N, E, S, W), not 'Q'\n"), run.err);
  // An observation alone that lacks a required key is still a view: the error names the key it lacks.
  for (const std::string key : {"seat", "dealer", "hand", "calls"}) {
    auto observation = nlohmann::json::parse(act)["observation"];
    observation.erase(key);
    run = run_belote({"advise", "--ruleset", "coinche", "-"}, observation.dump() + "\n");
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.err.starts_with("belote: error: <stdin>:1:1: missing key '" + key + "'"), run.err);
  }
  run = run_belote({"advise", "--ruleset", "coinche", "-"}, "{\"type\": \"act\",");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.starts_with("belote: error: <stdin>:1:"), run.err);
  BOOST_TEST(contains(run.err, "JSON syntax error"), run.err);
}

// Under roem the solver values the takers' card points and roem together: the
// header says so for each side rather than calling the figure card points.
BOOST_AUTO_TEST_CASE(under_roem_the_figures_are_named_with_the_takers_roem) {
  const fs::path record = temp_dir("cli_advise_roem") / "klaverjas.json";
  const RunResult play = run_belote({"play", "--ruleset", "klaverjas", "--seed", "5", "--seat", "none", "--players", "heuristic",
                                     "--menes", "1", "--quiet", "--record", record.string()});
  BOOST_TEST_REQUIRE(play.status == 0, play.err);
  const int calls = int(nlohmann::json::parse(read_file(record))["mene"][0]["auction"]["calls"].size());
  std::set<std::string> headers;
  for (int card = 0; card < 4; ++card) {
    const RunResult run = run_belote({"advise", "--mene", "1", "--action", std::to_string(calls + card), "--worlds", "2",
                                      "--ascii", record.string()});
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    const std::string second_line = run.out.substr(run.out.find('\n') + 1, run.out.find('\n', run.out.find('\n') + 1) - run.out.find('\n') - 1);
    headers.insert(second_line.substr(second_line.find(';') + 2, second_line.rfind(" for ") - second_line.find(';') - 2));
  }
  BOOST_TEST((headers == std::set<std::string>{"the expected card points and roem", "the expected card points less the takers' roem"}));
}

BOOST_AUTO_TEST_CASE(at_a_card_of_the_play_each_legal_card_gets_its_expected_points_spread_and_chance) {
  const std::string action = std::to_string(calls_of_first_mene() + 4);
  const RunResult run = run_belote({"advise", "--mene", "1", "--action", action, "--worlds", "8", "--seed", "1", "--ascii",
                                    recorded_game().string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, "mène 1, action " + action + ": "));
  BOOST_TEST(contains(run.out, "to play (trick "));
  BOOST_TEST(contains(run.out, "8 worlds; the expected card points for "));
  BOOST_TEST(contains(run.out, "  action"));
  BOOST_TEST(contains(run.out, "expected  spread  make"));
  BOOST_TEST(contains(run.out, "\nbest: "));
  // The same seed, the same figures; JSON with one row per legal action.
  const RunResult again = run_belote({"advise", "--mene", "1", "--action", action, "--worlds", "8", "--seed", "1", "--ascii",
                                      recorded_game().string()});
  BOOST_TEST(again.out == run.out);
  // At the next card, whose figures once came out as 26.490000000000002.
  const std::string next = std::to_string(calls_of_first_mene() + 5);
  const RunResult json = run_belote({"advise", "--mene", "1", "--action", next, "--worlds", "8", "--seed", "1", "--format",
                                     "json", recorded_game().string()});
  BOOST_TEST_REQUIRE(json.status == 0, json.err);
  const auto j = nlohmann::json::parse(json.out);
  BOOST_TEST(j["phase"] == "play");
  BOOST_TEST(j["measure"] == "points");
  BOOST_TEST(j["worlds"] == 8);
  BOOST_TEST(j["inconsistent_worlds"] == 0);
  BOOST_TEST(j["action"] == std::stoi(next));
  BOOST_TEST_REQUIRE(!j["actions"].empty());
  bool best_listed = false;
  for (const auto& row : j["actions"]) {
    for (const char* key : {"action", "expected", "spread", "make_chance"}) BOOST_TEST(row.contains(key), key << " in " << row.dump());
    if (row["expected"].is_null()) continue;
    BOOST_TEST(row["spread"].get<double>() >= 0);
    BOOST_TEST((row["make_chance"].get<double>() >= 0 && row["make_chance"].get<double>() <= 1));
    // Figures written as rounded: two decimals at most, four for the chance.
    for (const auto& [key, decimals] : {std::pair{"expected", 2u}, {"spread", 2u}, {"make_chance", 4u}}) {
      const std::string text = row[key].dump();
      const std::size_t dot = text.find('.');
      BOOST_TEST((dot == std::string::npos || text.size() - dot - 1 <= decimals), key << ": " << text);
    }
    best_listed = best_listed || row["action"] == j["best"];
  }
  BOOST_TEST(best_listed);
}

BOOST_AUTO_TEST_CASE(a_declarations_cards_are_written_in_the_suits_of_the_other_rows) {
  // The taker W leads trick 1 holding a tierce to the king of hearts.
  const std::string action = std::to_string(calls_of_first_mene());
  for (const bool ascii : {false, true}) {
    std::vector<std::string> args{"advise", "--mene", "1", "--action", action, "--worlds", "1"};
    if (ascii) args.push_back("--ascii");
    args.push_back(recorded_game().string());
    const RunResult run = run_belote(args);
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    const std::string declared = ascii ? "declare tierce KH (JH QH KH)" : "declare tierce K♥ (J♥ Q♥ K♥)";
    BOOST_TEST(contains(run.out, "\n  " + declared + "  always"), run.out);
    BOOST_TEST(contains(run.out, ascii ? "\n  KH belote " : "\n  K♥ belote "), run.out);
  }
}

BOOST_AUTO_TEST_CASE(in_a_turned_card_auction_the_position_names_what_is_turned) {
  // Klaverjas turns a suit: "play" takes it, and the advice's first line says which.
  const fs::path dir = temp_dir("cli_advise_turned");
  const fs::path game = dir / "klaverjas.json";
  const RunResult played = run_belote({"play", "--ruleset", "klaverjas", "--seed", "3", "--seat", "none", "--players", "heuristic",
                                       "--menes", "1", "--quiet", "--record", game.string()});
  BOOST_TEST_REQUIRE(played.status == 0, played.err);
  const RunResult run = run_belote({"advise", "--mene", "1", "--worlds", "1", "--ascii", game.string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.out.starts_with("mène 1, action 0: W to speak; turned suit S\n"), run.out);
}

BOOST_AUTO_TEST_CASE(in_the_auction_each_legal_call_gets_its_expected_score) {
  const RunResult run = run_belote({"advise", "--mene", "1", "--worlds", "2", "--format", "json", recorded_game().string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["phase"] == "auction");
  BOOST_TEST(j["measure"] == "score");
  BOOST_TEST(j["action"] == 0);
  bool pass = false;
  for (const auto& row : j["actions"]) {
    BOOST_TEST(row["expected"].is_number());
    pass = pass || row["action"] == "pass";
  }
  BOOST_TEST(pass);
}

BOOST_AUTO_TEST_CASE(the_figures_are_the_same_on_any_number_of_threads) {
  for (const int action : {0, calls_of_first_mene(), calls_of_first_mene() + 6}) {
    const auto advise = [&](const char* threads) {
      return run_belote({"advise", "--mene", "1", "--action", std::to_string(action), "--worlds", "7", "--format", "json", "--threads", threads,
                         recorded_game().string()});
    };
    const RunResult one = advise("1");
    BOOST_TEST_REQUIRE(one.status == 0, one.err);
    BOOST_TEST(contains(one.out, "\"worlds\":7"), one.out);
    BOOST_TEST(advise("3").out == one.out, "action " << action);
  }
}

BOOST_AUTO_TEST_CASE(a_position_not_in_the_record_and_bad_options_are_errors_that_say_why) {
  const std::string record = recorded_game().string();
  const auto failed = [](const std::vector<std::string>& args, int status) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == status, run.err);
    BOOST_TEST(run.out.empty());
    return run.err;
  };
  // A game stopped by --menes goes on (the sheet shows no winner yet): the record's end is the next mène. A game won
  // is over there.
  const RunResult next = run_belote({"advise", "--worlds", "1", record});
  BOOST_TEST(next.status == 0, next.err);
  BOOST_TEST(next.out.starts_with("mène 2, action 0: "), next.out);
  const fs::path won = temp_dir("cli_advise_won") / "game.toml";
  BOOST_TEST_REQUIRE(run_belote({"play", "--ruleset", "classique", "--seed", "11", "--seat", "none", "--players", "heuristic",
                                 "--quiet", "--record", won.string()})
                         .status == 0);
  BOOST_TEST(failed({"advise", won.string()}, 1) ==
             "belote: error: " + won.string() + ": the game is over at the record's end: choose a position with --mene and --action\n");
  BOOST_TEST(failed({"advise", "--mene", "11", won.string()}, 1) == "belote: error: " + won.string() + ": --mene 11: the record holds 10 mènes\n");
  BOOST_TEST(failed({"advise", "--mene", "3", record}, 1) == "belote: error: " + record + ": --mene 3: the record holds 1 mène\n");
  // The recorded mène's actions: its calls, its declarations and its 32 cards; the last position is before its last card.
  const auto game = nlohmann::json::parse(read_file(recorded_game()));
  int actions = calls_of_first_mene() + 32;
  for (const auto& declared : game["mene"][0]["said"]) actions += int(declared.size());  // per seat
  const std::string holds = fmt::format("mène 1 holds {} actions; --action takes 0 to {}\n", actions, actions - 1);
  BOOST_TEST(failed({"advise", "--mene", "1", "--action", "999", record}, 1) == "belote: error: " + record + ": --action 999: " + holds);
  BOOST_TEST(failed({"advise", "--mene", "1", "--action", std::to_string(actions), record}, 1) ==
             "belote: error: " + record + ": --action " + std::to_string(actions) + ": " + holds);
  BOOST_TEST(run_belote({"advise", "--mene", "1", "--action", std::to_string(actions - 1), "--worlds", "1", record}).status == 0);
  // --action alone counts the actions of the record's last mène.
  const RunResult alone = run_belote({"advise", "--action", "3", "--worlds", "1", record});
  BOOST_TEST(alone.status == 0, alone.err);
  BOOST_TEST(alone.out.starts_with("mène 1, action 3: "), alone.out);
  BOOST_TEST(contains(failed({"advise", "no-such-record.json"}, 1), "no-such-record.json: cannot read the file"));
  BOOST_TEST(failed({"advise", "--worlds", "0", record}, 2) ==
             "belote: error: advise: --worlds takes a whole number from 1 to 4096, not '0' (see 'belote advise --help')\n");
  BOOST_TEST(contains(failed({"advise", "--threads", "0", record}, 2), "--threads takes a whole number from 1 to 1024"));
  BOOST_TEST(failed({"advise", "--time-limit", "soon", record}, 2) ==
             "belote: error: advise: --time-limit is a number of seconds from 0 to 86400, not 'soon' (see 'belote advise --help')\n");
  BOOST_TEST(contains(failed({"advise"}, 2), "missing FILE"));
  const fs::path bad = temp_dir("cli_advise_bad") / "bad.json";
  write_file(bad, "[1, 2]");
  BOOST_TEST(contains(failed({"advise", "--ruleset", "coinche", bad.string()}, 1), "a record is a JSON object"));
}

namespace {

// The recorded game changed by `change`, on one line; what `belote advise` says of it.
struct BadRecord {
  std::string file;
  std::string text;
  RunResult run;
  // The first line of the error, the message at `needle`'s place (plus `shift`) on line 1.
  std::string expected(const std::string& needle, std::size_t shift, const std::string& message) const {
    const std::size_t at = text.find(needle);
    BOOST_TEST_REQUIRE(at != std::string::npos, needle);
    return fmt::format("belote: error: {}:1:{}: {}", file, at + shift + 1, message);
  }
  std::string first_line() const { return run.err.substr(0, run.err.find('\n')); }
};

// `raw`, where given, then replaces the string "RAW": a value written as the JSON library would not write it.
BadRecord bad_record(const std::function<void(nlohmann::ordered_json&)>& change, const std::string& raw = "") {
  auto record = nlohmann::ordered_json::parse(read_file(recorded_game()));
  change(record);
  BadRecord out;
  out.file = (temp_dir("cli_advise_record") / "changed.json").string();
  out.text = record.dump();
  if (!raw.empty()) out.text.replace(out.text.find("\"RAW\""), 5, raw);
  write_file(out.file, out.text);
  out.run = run_belote({"advise", "--mene", "1", "--action", "4", "--worlds", "2", out.file});
  BOOST_TEST(out.run.status == 1, out.run.err);
  BOOST_TEST(out.run.out.empty());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_records_table_keys_are_checked_each_at_its_value) {
  // The seed is a whole number from 0 to 2^64 - 1, as a number or (the TOML form's) as text.
  for (const std::string seed : {"-1", "1.5", "null", "1180591620717411303424", "\"12abc\""}) {
    BOOST_TEST_CONTEXT("seed " << seed) {
      const BadRecord bad = bad_record([](auto& r) { r["table"]["seed"] = "RAW"; }, seed);
      const std::string shown = seed.front() == '"' ? "'12abc'" : seed;
      BOOST_TEST(bad.first_line() == bad.expected("\"seed\":", 7, "'table.seed' must be a whole number from 0 to 2^64 - 1, not " + shown));
    }
  }
  const fs::path file = temp_dir("cli_advise_record") / "largest_seed.json";
  for (const auto& seed : {nlohmann::ordered_json(~std::uint64_t{0}), nlohmann::ordered_json("18446744073709551615")}) {
    auto record = nlohmann::ordered_json::parse(read_file(recorded_game()));
    record["table"]["seed"] = seed;
    write_file(file, record.dump());
    const RunResult run = run_belote({"advise", "--mene", "1", "--action", "4", "--worlds", "2", file.string()});
    BOOST_TEST(run.status == 0, run.err);
  }
  BadRecord bad = bad_record([](auto& r) { r["table"]["first_dealer"] = "Q"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"Q\"", 0, "'table.first_dealer' must be a seat (N, E, S, W), not 'Q'"));
  bad = bad_record([](auto& r) { r["table"]["menes"] = 0; });
  BOOST_TEST(bad.first_line() == bad.expected("\"menes\":", 8, "'table.menes' must be a whole number from 1 to 100000, not 0"));
  bad = bad_record([](auto& r) { r["target"] = "x"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"target\":", 9, "'target' must be a whole number from 1 to 100000, not 'x'"));
  bad = bad_record([](auto& r) { r["teams"] = {{"NS", "Nous"}, {"WE", "Eux"}}; });
  BOOST_TEST(bad.first_line() == bad.expected("\"WE\"", 0, "unknown key 'teams.WE' (did you mean 'EW'?)"));
  bad = bad_record([](auto& r) { r["teams"] = {{"NS", "Nous"}, {"EW", 2}}; });
  BOOST_TEST(bad.first_line() == bad.expected("\"EW\":", 5, "'teams.EW' must be the team's name, not 2"));
  bad = bad_record([](auto& r) { r["teams"] = {{"NS", "Nous"}, {"EW", "E\u202eux"}}; });
  BOOST_TEST(bad.first_line() == bad.expected("\"EW\":", 5, "'teams.EW' must be a name of 1 to 40 characters, without control or "
                                                              "bidirectional characters"));
  // Unknown keys are refused, with the key meant where one is close.
  bad = bad_record([](auto& r) { r["rulset"] = "coinche"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"rulset\"", 0, "unknown key 'rulset' (did you mean 'ruleset'?)"));
  bad = bad_record([](auto& r) { r["table"]["sed"] = 1; });
  BOOST_TEST(bad.first_line() == bad.expected("\"sed\"", 0, "unknown key 'table.sed' (did you mean 'seed'?)"));
  bad = bad_record([](auto& r) { r["mene"][0]["hand"] = "AS"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"hand\"", 0, "mène 1: unknown key 'hand' (did you mean 'hands'?)"));
}

BOOST_AUTO_TEST_CASE(a_records_ruleset_is_a_name_that_loads_reported_at_the_name) {
  BadRecord bad = bad_record([](auto& r) { r["ruleset"] = 5; });
  BOOST_TEST(bad.first_line() == bad.expected("\"ruleset\":", 10, "'ruleset' must be a string (the ruleset's name), not 5"));
  bad = bad_record([](auto& r) { r["ruleset"] = "nope"; });
  BOOST_TEST(bad.first_line().starts_with(bad.expected("\"nope\"", 0, "'ruleset': no ruleset named 'nope' (searched: ")), bad.run.err);
}

BOOST_AUTO_TEST_CASE(a_records_hands_are_checked_card_by_card_each_error_at_the_card) {
  // Hands of the recorded game: N "8S JS 8H AH KD 7C 10C JC", E "9H 10H 7D JD AD 8C KC AC", S "10S QS AS 7H 9D QD 9C QC".
  BadRecord bad = bad_record([](auto& r) { r["mene"][0]["hands"]["N"] = "8S JS 8H AH KD 7C 10C JS"; });
  BOOST_TEST(bad.first_line() == bad.expected("10C JS\"", 4, "mène 1: 'hands.N': JS is given twice"));
  bad = bad_record([](auto& r) { r["mene"][0]["hands"]["E"] = "8S 10H 7D JD AD 8C KC AC"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"8S 10H", 1, "mène 1: 'hands.E': 8S is in 'hands.N' too"));
  bad = bad_record([](auto& r) { r["mene"][0]["hands"]["S"] = "10S QS AS 7H 9D QD 9C ZZ"; });
  BOOST_TEST(bad.first_line() == bad.expected("ZZ", 0, "mène 1: 'hands.S': 'ZZ' is no card of ruleset 'coinche' (rank then suit: QH, 10S)"));
  bad = bad_record([](auto& r) { r["mene"][0]["hands"]["S"] = "10S QS AS 7H 9D QD 9C"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"10S QS", 0, "mène 1: 'hands.S' holds 7 cards; a hand of ruleset 'coinche' is dealt 8"));
  bad = bad_record([](auto& r) { r["mene"][0]["hands"].erase("W"); });
  BOOST_TEST(bad.first_line() == bad.expected("\"hands\":", 8, "mène 1: missing key 'hands.W' (the cards dealt to W)"));
  bad = bad_record([](auto& r) { r["mene"][0]["spoken"] = "yes"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"spoken\":", 9, "mène 1: 'spoken' must be true or false, not 'yes'"));
}

BOOST_AUTO_TEST_CASE(a_records_calls_and_tricks_are_replayed_each_error_at_its_call_or_card) {
  BadRecord bad = bad_record([](auto& r) { r["mene"][0]["auction"]["calls"][0] = "W:85 H"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"W:85 H\"", 0, "mène 1: 'auction.calls[0]': call '85 H' is no action of ruleset 'coinche'"));
  bad = bad_record([](auto& r) { r["mene"][0]["auction"]["calls"][1] = "E:pass"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"E:pass\"", 0, "mène 1: 'auction.calls[1]': call 'E:pass' is E's, but S is to speak"));
  bad = bad_record([](auto& r) { r["mene"][0]["auction"]["calls"].push_back("S:pass"); });
  BOOST_TEST(bad.first_line() == bad.expected("\"S:pass\"]", 0, "mène 1: 'auction.calls[5]': the auction is over after 5 calls"));
  // Trick 1 is W JH, N 7H, E 10H, S 8H; trick 2 is led by W.
  bad = bad_record([](auto& r) { r["mene"][0]["play"][0]["cards"].push_back("AS"); });
  BOOST_TEST(bad.first_line() == bad.expected("\"AS\"", 0, "mène 1: 'play[0].cards[4]': trick 1 holds 5 cards; a trick holds 4"));
  bad = bad_record([](auto& r) { r["mene"][0]["play"][0]["cards"].erase(3); });
  BOOST_TEST(bad.first_line() == bad.expected("[\"JH\"", 0, "mène 1: 'play[0]': trick 1 holds 3 cards; a trick holds 4"));
  bad = bad_record([](auto& r) { r["mene"][0]["play"][1]["leader"] = "E"; });
  BOOST_TEST(bad.first_line() == bad.expected("\"E\",\"cards\":[\"7S\"", 0, "mène 1: 'play[1].leader' is E, but W leads trick 2"));
  bad = bad_record([](auto& r) { r["mene"][0]["play"].push_back({{"leader", "N"}, {"cards", {"7S"}}}); });
  BOOST_TEST(bad.first_line() == bad.expected("{\"leader\":\"N\",\"cards\":[\"7S\"]}", 0, "mène 1: 'play[8]': the mène is over after 8 tricks"));
  bad = bad_record([](auto& r) { r["mene"][0]["said"]["W"] = "JH QH KH"; });
  BOOST_TEST(bad.first_line() ==
             bad.expected("\"JH QH KH\"", 0, "mène 1: 'said.W' must be an array of announcements (\"JH QH KH\"), not 'JH QH KH'"));
  // A mène cut short, followed by another.
  bad = bad_record([](auto& r) {
    r["table"].erase("menes");
    r["mene"].push_back(r["mene"][0]);
    r["mene"][0]["play"].erase(7);
  });
  BOOST_TEST(bad.first_line() ==
             bad.expected("{\"auction\"", 0, "mène 1: the mène is not over at the end of its record, yet mène 2 follows"));
}

BOOST_AUTO_TEST_CASE(a_records_toml_form_gets_the_figures_of_its_json_form_and_its_errors_at_the_toml_place) {
  // The same game recorded in both forms by one `belote play`.
  const fs::path dir = temp_dir("cli_advise_toml");
  const RunResult game = run_belote({"play", "--ruleset", "coinche", "--seed", "3", "--seat", "none", "--players", "heuristic", "--menes",
                                     "1", "--quiet", "--record", (dir / "game.json").string(), "--record", (dir / "game.toml").string()});
  BOOST_TEST_REQUIRE(game.status == 0, game.err);
  const std::string first_card = std::to_string(calls_of_first_mene());
  for (const std::vector<std::string>& position : {std::vector<std::string>{"--mene", "1", "--action", first_card},
                                                  std::vector<std::string>{"--mene", "1"}}) {
    std::vector<std::string> args{"advise", "--worlds", "3", "--format", "json"};
    args.insert(args.end(), position.begin(), position.end());
    std::vector<std::string> json_args = args, toml_args = args;
    json_args.push_back((dir / "game.json").string());
    toml_args.push_back((dir / "game.toml").string());
    const RunResult from_json = run_belote(json_args), from_toml = run_belote(toml_args);
    BOOST_TEST_REQUIRE(from_json.status == 0, from_json.err);
    BOOST_TEST(from_toml.status == 0, from_toml.err);
    BOOST_TEST(from_toml.out == from_json.out);
  }
  // The mènes the record holds, counted in its TOML form too.
  const RunResult beyond = run_belote({"advise", "--mene", "3", (dir / "game.toml").string()});
  BOOST_TEST(beyond.status == 1);
  BOOST_TEST(beyond.err == "belote: error: " + (dir / "game.toml").string() + ": --mene 3: the record holds 1 mène\n");
  // A card of a hand that is no card, placed at the card in the TOML text, and a ruleset that does not load at its name.
  const std::string toml = read_file(dir / "game.toml");
  const std::size_t north = toml.find("N = '8S JS");
  BOOST_TEST_REQUIRE(north != std::string::npos, toml);
  write_file(dir / "bad.toml", std::string(toml).replace(north, 10, "N = '8S ZZ"));
  const RunResult bad = run_belote({"advise", "--mene", "1", (dir / "bad.toml").string()});
  BOOST_TEST(bad.status == 1);
  const int line = int(std::count(toml.begin(), toml.begin() + std::ptrdiff_t(north), '\n')) + 1;
  const int column = int(north - toml.rfind('\n', north)) + 8;  // the Z, after "N = '8S "
  BOOST_TEST(contains(bad.err, fmt::format("bad.toml:{}:{}: mène 1: 'hands.N': 'ZZ' is no card of ruleset 'coinche'", line, column)), bad.err);
  write_file(dir / "nope.toml", std::string(toml).replace(toml.find("ruleset = 'coinche'"), 19, "ruleset = 'nope'"));
  const RunResult nope = run_belote({"advise", "--mene", "1", (dir / "nope.toml").string()});
  BOOST_TEST(nope.status == 1);
  BOOST_TEST(contains(nope.err, "nope.toml:1:11: 'ruleset': no ruleset named 'nope'"), nope.err);
}

BOOST_AUTO_TEST_CASE(a_records_error_is_placed_at_its_line_in_a_record_of_several_lines) {
  auto record = nlohmann::ordered_json::parse(read_file(recorded_game()));
  record["table"]["first_dealer"] = "Q";
  const fs::path file = temp_dir("cli_advise_record") / "pretty.json";
  write_file(file, record.dump(2));
  const RunResult run = run_belote({"advise", "--mene", "1", "--worlds", "2", file.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + file.string() + ":5:21: 'table.first_dealer' must be a seat (N, E, S, W), not 'Q'\n"
                        "      \"first_dealer\": \"Q\",\n"
                        "                      ^\n");
}

BOOST_AUTO_TEST_CASE(a_game_under_a_ruleset_given_by_path_holds_it_and_is_read_without_the_file) {
  // The record holds the ruleset whole: `sheet show` and `advise` read it with the file gone, or changed.
  const fs::path dir = temp_dir("record-ruleset-path");
  write_file(dir / "house" / "maison.toml", "extends = \"coinche\"\ntitle = \"Maison\"\n[rounding]\nstep = 1\n");
  const fs::path toml = dir / "games" / "game.toml", json = dir / "games" / "game.json";
  fs::create_directories(dir / "games");
  const RunResult played = run_belote({"play", "--ruleset", (dir / "house" / "maison.toml").string(), "--seed", "2", "--seat", "none",
                                       "--players", "heuristic", "--menes", "1", "--quiet", "--record", toml.string(), "--record",
                                       json.string()});
  BOOST_TEST_REQUIRE(played.status == 0, played.err);
  BOOST_TEST(read_file(toml).find("ruleset = 'maison'") != std::string::npos, read_file(toml));
  BOOST_TEST(read_file(toml).find("\n[rules]\ntitle = \"Maison\"\n") != std::string::npos, read_file(toml));
  BOOST_TEST(read_file(toml).find("\n[rules.rounding]\nstep = 1") != std::string::npos, read_file(toml));
  const auto record = nlohmann::json::parse(read_file(json));
  BOOST_TEST(record["ruleset"] == "maison");
  BOOST_TEST(record["rules"].get<std::string>().find("[rounding]\nstep = 1") != std::string::npos);
  const std::string sheet_before = run_belote({"sheet", "show", toml.string()}).out;
  fs::remove_all(dir / "house");
  const RunResult shown = run_belote({"sheet", "show", toml.string()});
  BOOST_TEST(shown.status == 0, shown.err);
  BOOST_TEST(shown.out == sheet_before);
  BOOST_TEST(shown.out.find("maison") != std::string::npos, shown.out);
  for (const fs::path& file : {json, toml}) {
    const RunResult advised = run_belote({"advise", "--worlds", "2", "--mene", "1", "--action", "3", file.string()});
    BOOST_TEST(advised.status == 0, advised.err);
    BOOST_TEST(advised.out.starts_with("mène 1, action 3:"), advised.out);
  }
}

BOOST_AUTO_TEST_CASE(an_error_in_the_ruleset_a_record_holds_is_placed_in_the_record) {
  const fs::path dir = temp_dir("record-ruleset-held-error");
  write_file(dir / "maison.toml", "extends = \"coinche\"\n[rounding]\nstep = 1\n");
  const fs::path toml = dir / "game.toml", json = dir / "game.json";
  const RunResult played = run_belote({"play", "--ruleset", (dir / "maison.toml").string(), "--seed", "2", "--seat", "none",
                                       "--players", "random", "--menes", "1", "--quiet", "--record", toml.string(), "--record",
                                       json.string()});
  BOOST_TEST_REQUIRE(played.status == 0, played.err);
  const std::string text = read_file(toml);
  const std::size_t line = std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(text.find("\n[rules.rounding]\nstep = 1")), '\n')) + 3;
  write_file(toml, with(text, "[rules.rounding]\nstep = 1", "[rules.rounding]\nstep = \"one\""));
  for (const std::vector<std::string>& args : {std::vector<std::string>{"sheet", "show", toml.string()},
                                               std::vector<std::string>{"advise", "--mene", "1", toml.string()}}) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.err.starts_with(fmt::format("belote: error: {}:{}:8: 'rounding.step' must be", toml.string(), line)), run.err);
  }
  auto record = nlohmann::ordered_json::parse(read_file(json));
  record["rules"] = with(record["rules"].get<std::string>(), "[rounding]\nstep = 1", "[rounding]\nstep = \"one\"");
  write_file(json, record.dump(2));
  const RunResult run = run_belote({"advise", "--mene", "1", json.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.starts_with(fmt::format("belote: error: {}:3:12: 'rules', line ", json.string())), run.err);
  BOOST_TEST(run.err.find(": 'rounding.step' must be") != std::string::npos, run.err);
}

BOOST_AUTO_TEST_SUITE_END()
