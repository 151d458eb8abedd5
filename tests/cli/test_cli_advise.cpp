// belote advise: the figures of each legal card or call at a position of a
// game's record, as text and JSON, the same seed giving the same figures; the
// same figures from the seat's view (the bot protocol's `act` message, or its
// observation); and the errors of a position that is not there, a record or
// view that cannot be read, and bad options.
#include <boost/test/unit_test.hpp>

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
  run = run_belote({"advise", "--ruleset", "coinche", "-"}, "{\"type\": \"act\",");
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.starts_with("belote: error: <stdin>:1:"), run.err);
  BOOST_TEST(contains(run.err, "JSON syntax error"), run.err);
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
    BOOST_TEST(row.contains("expected"));
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
  BOOST_TEST(failed({"advise", record}, 1) ==
             "belote: error: " + record + ": the game is over at the record's end: choose a position with --mene and --action\n");
  BOOST_TEST(failed({"advise", "--mene", "3", record}, 1) == "belote: error: " + record + ": --mene 3: the record holds 1 mène\n");
  BOOST_TEST(contains(failed({"advise", "--mene", "1", "--action", "999", record}, 1), ": --action 999: mène 1 holds "));
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

BOOST_AUTO_TEST_SUITE_END()
