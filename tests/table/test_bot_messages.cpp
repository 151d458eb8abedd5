// The bot protocol's messages and the reading of an answer, as the library
// gives them to a program hosting bots (belote/bot_messages.h): each message
// one line of JSON with its documented keys, and each kind of answer read or
// refused in the words `belote play` sends the bot.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/bot_messages.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_bot_messages)

using namespace belote;
using namespace belote::test;
using json = nlohmann::ordered_json;

namespace {

std::vector<std::string> keys_of(const json& message) {
  std::vector<std::string> keys;
  for (const auto& item : message.items()) keys.push_back(item.key());
  return keys;
}

// What read_bot_answer says of `line` at `table`: the action's words, or the refusal.
std::string answer(const Table& table, const std::string& line) {
  std::string why;
  const auto action = read_bot_answer(table, line, why);
  BOOST_TEST((action.has_value() == why.empty()), line);
  return action ? table.action_text(*action) : why;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_start_message_gives_a_seed_of_the_bot_s_own) {
  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 42, .max_menes = 3});
  const std::string line = bot_start_message(table, Seat::E, "coinche");
  BOOST_TEST(line.find('\n') == std::string::npos);
  const json start = json::parse(line);
  const std::vector<std::string> expected{"type", "protocol", "ruleset", "seat", "seed", "first_dealer", "target",
                                          "menes", "deals", "teams", "actions"};
  BOOST_TEST(keys_of(start) == expected, boost::test_tools::per_element());
  BOOST_TEST(start["protocol"] == kBotProtocolVersion);
  BOOST_TEST(start["seat"] == "E");
  BOOST_TEST(start["menes"] == 3);
  BOOST_TEST(start["actions"] == table.actions().size());
  // The same game and seat, the same seed; another seat or game, another; never the game's.
  BOOST_TEST(start["seed"].get<std::uint64_t>() == bot_seed(42, Seat::E));
  BOOST_TEST(bot_seed(42, Seat::E) != bot_seed(42, Seat::W));
  BOOST_TEST(bot_seed(42, Seat::E) != bot_seed(43, Seat::E));
  BOOST_TEST(bot_seed(42, Seat::E) != 42u);
}

BOOST_AUTO_TEST_CASE(act_mene_end_and_game_end_carry_the_documented_keys) {
  const auto rules = ruleset("classique");
  Table table(*rules, TableSetup{.seed = 5, .max_menes = 1});
  const json act = json::parse(bot_act_message(table));
  BOOST_TEST(act["type"] == "act");
  BOOST_TEST(act["seat"] == std::string(name(table.to_act())));
  BOOST_TEST(act["legal"].size() == std::size_t(table.legal().count(table.actions())));
  BOOST_TEST(act["observation"]["seat"] == act["seat"]);
  Xoshiro256 rng(5, 2);
  int played = 0;
  while (!table.over()) {
    (void)table.apply_random(rng);
    if (const auto& last = table.last_finished(); last && table.tally().dealt > played) {
      played = table.tally().dealt;
      const json end = json::parse(bot_mene_end_message(table, *last, played));
      BOOST_TEST(end["type"] == "mene_end");
      BOOST_TEST(end["mene"] == played);
      BOOST_TEST(end["redeal"] == last->redeal);
      BOOST_TEST(end.contains("deal") == !last->redeal);
      BOOST_TEST(end["totals"]["NS"] == table.tally().totals[Team::NS]);
    }
  }
  const json over = json::parse(bot_game_end_message(table));
  const std::vector<std::string> expected{"type", "totals", "winner", "drawn", "menes", "seed"};
  BOOST_TEST(keys_of(over) == expected, boost::test_tools::per_element());
  BOOST_TEST(over["seed"] == 5u);
  BOOST_TEST(json::parse(bot_error_message("no", 2)) == json::parse(R"({"type":"error","message":"no","tries_left":2})"));
}

BOOST_AUTO_TEST_CASE(an_answer_names_an_action_by_number_or_by_words) {
  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 8});
  const Action first = table.legal().nth(table.actions(), 0);
  BOOST_TEST(answer(table, fmt::format(R"({{"action": {}}})", int(first))) == table.action_text(first));
  BOOST_TEST(answer(table, R"({"text": " Pass "})") == "pass");
  BOOST_TEST(answer(table, R"({"text": "80 ♥"})") == "80 H");
  BOOST_TEST(answer(table, fmt::format(R"({{"action": {}, "text": "pass"}})", int(first))) == table.action_text(first));
  // Whether the action is legal is the table's to say: a card is read during the auction.
  BOOST_TEST(answer(table, R"({"text": "as"})") == "AS");
}

BOOST_AUTO_TEST_CASE(each_wrong_answer_is_refused_in_words) {
  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 8});
  BOOST_TEST(answer(table, "pass").starts_with("'pass' is not JSON ("));
  BOOST_TEST(answer(table, R"({"action": 1, "action": 2})") == R"('{"action": 1, "action": 2}': key 'action' is given twice: give each key once)");
  BOOST_TEST(answer(table, "[1]") == R"('[1]' is not a JSON object: answer {"action": N} or {"text": "..."})");
  BOOST_TEST(answer(table, R"({"card": "AS"})") == R"('{"card": "AS"}' has neither 'action' nor 'text': answer {"action": N} or {"text": "..."})");
  BOOST_TEST(answer(table, R"({"action": -3})") == R"('{"action": -3}': 'action' -3 is not the number of one of the legal actions)");
  BOOST_TEST(answer(table, R"({"action": 99999})") == R"('{"action": 99999}': 'action' 99999 is not the number of one of the legal actions)");
  BOOST_TEST(answer(table, R"({"action": "7"})") == R"('{"action": "7"}': 'action' is not the number of one of the legal actions)");
  BOOST_TEST(answer(table, R"({"text": "3"})") ==
             R"('{"text": "3"}': 'text' is a number: an action's number is given as 'action' ({"action": N}, N from legal))");
  BOOST_TEST(answer(table, R"({"text": "bonjour"})") == R"('{"text": "bonjour"}': 'text' is no action here)");
  BOOST_TEST(answer(table, R"({"action": 64, "text": "pass"})").find("name different actions") != std::string::npos);
  BOOST_TEST(answer(table, R"({"action": 64.5})").starts_with(R"('{"action": 64.5}': 'action' is not written as a whole number)"));
}

BOOST_AUTO_TEST_SUITE_END()
