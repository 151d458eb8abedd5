// `belote legal`: the cards a player may play, for a position on the command
// line or each line of a JSON Lines file, with an error for each bad input;
// and `belote deal --random N --played`: random played mènes that `score`
// and `deal --check` read back.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_legal)

using namespace belote;
using namespace belote::test;

BOOST_AUTO_TEST_CASE(a_position_on_the_command_line_gives_its_legal_cards_and_the_rule) {
  // play.md L6: void, W wins: must trump, any trump.
  const RunResult run = run_belote({"legal", "--ruleset", "classique", "--trump", "H", "--hand", "JH 8H KD 7C", "--trick",
                                    "N KS", "W AS", "--ascii"});
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(run.out == "S may play: JH 8H (play.must_trump = \"unless-partner\": cannot follow: must trump)\n");
  // The same position in JSON.
  const RunResult json = run_belote({"legal", "--ruleset", "classique", "--trump", "H", "--hand", "JH 8H KD 7C", "--trick",
                                     "N KS", "W AS", "--format", "json"});
  BOOST_TEST(json.out == R"({"seat":"S","legal":["JH","8H"],"rule":"play.must_trump = \"unless-partner\""})" "\n");
}

BOOST_AUTO_TEST_CASE(each_line_of_positions_is_answered_and_a_bad_one_reported_in_its_place) {
  const std::string input =
      R"({"trump": "H", "hand": "AS 7S JH 9H 8D", "trick": ["N KS"]})" "\n"
      R"({"trump": "H", "hand": "AS 7S JH 9H AX", "trick": ["N KS"]})" "\n"
      R"({"kind": "all-trumps", "hand": "JD AD 8D KS", "trick": ["N 9D", "W 7D"]})" "\n";
  const RunResult run = run_belote({"legal", "--ruleset", "bulgare", "-"}, input);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == "{\"seat\":\"W\",\"legal\":[\"AS\",\"7S\"],\"rule\":\"follow suit\"}\n"
                        "{\"seat\":\"S\",\"legal\":[\"JD\"],\"rule\":\"play.raise_in_all_trumps = \\\"always\\\"\"}\n");
  BOOST_TEST(run.err.find("belote: error: <stdin>:2:") != std::string::npos, run.err);
  BOOST_TEST(run.err.find("'hand': bad card token 'AX'") != std::string::npos, run.err);
}

BOOST_AUTO_TEST_CASE(a_bad_position_gets_a_precise_message) {
  const auto error = [](const std::vector<std::string>& options) {
    std::vector<std::string> args{"legal", "--ruleset", "classique"};
    args.insert(args.end(), options.begin(), options.end());
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1);
    return run.err;
  };
  BOOST_TEST(error({"--trump", "H", "--hand", "AS", "--trick", "N KS", "E AH"}) ==
             "belote: error: 'trick[1]': W plays after N, not E\n");
  BOOST_TEST(error({"--trump", "H", "--hand", "KS 7S", "--trick", "N KS"}) ==
             "belote: error: 'hand': KS is in the trick already\n");
  BOOST_TEST(error({"--trump", "H", "--hand", "7S", "--trick", "N KS", "W 8S", "S 9S", "E 10S"}) ==
             "belote: error: 'trick' holds 4 cards: a trick in play holds at most 3\n");
  BOOST_TEST(error({"--trump", "H", "--hand", "7S", "--trick", "N KS", "--seat", "S"}) ==
             "belote: error: 'seat' is S, but W plays next in this trick\n");
  // A missing --trump where the kind has a trump suit is a missing option: a usage error (exit status 2).
  const RunResult no_trump = run_belote({"legal", "--ruleset", "classique", "--hand", "7S"});
  BOOST_TEST(no_trump.status == 2);
  BOOST_TEST(no_trump.err == "belote: error: legal: give the trump suit with --trump SUIT (see 'belote legal --help')\n");
  // So is a missing --seat where no card is on the table.
  const RunResult no_seat = run_belote({"legal", "--ruleset", "classique", "--trump", "H", "--hand", "7S"});
  BOOST_TEST(no_seat.status == 2);
  BOOST_TEST(no_seat.err == "belote: error: legal: give the leader with --seat SEAT: with no card on the table, nothing else "
                            "says who plays (see 'belote legal --help')\n",
             no_seat.err);
  // A line of positions says it with its key.
  const RunResult line = run_belote({"legal", "--ruleset", "classique", "-"}, R"({"trump": "H", "hand": "7S"})" "\n");
  BOOST_TEST(line.status == 1);
  BOOST_TEST(line.err.find("missing key 'seat': with an empty trick it names the leader") != std::string::npos, line.err);
}

BOOST_AUTO_TEST_CASE(random_played_menes_are_read_back_and_scored) {
  const RunResult deals = run_belote({"deal", "--random", "200", "--seed", "3", "--played", "--ruleset", "bulgare"});
  BOOST_TEST_REQUIRE(deals.status == 0, deals.err);
  const auto first = nlohmann::json::parse(deals.out.substr(0, deals.out.find('\n')));
  BOOST_TEST(first.contains("play"));
  BOOST_TEST(!first.contains("result"));
  BOOST_TEST(first.at("play").size() == 8u);
  // Reproducible: the same seed gives the same bytes.
  BOOST_TEST(run_belote({"deal", "--random", "200", "--seed", "3", "--played", "--ruleset", "bulgare"}).out == deals.out);
  const RunResult check = run_belote({"deal", "--check", "--ruleset", "bulgare", "-"}, deals.out);
  BOOST_TEST(check.status == 0, check.err);
  BOOST_TEST(check.out == "200 valid deals\n");
  const RunResult scored = run_belote({"score", "--ruleset", "bulgare", "--format", "json", "--compact", "-"}, deals.out);
  BOOST_TEST(scored.status == 0, scored.err);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_legal
