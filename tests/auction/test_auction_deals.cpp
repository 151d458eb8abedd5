// A deal may give its auction instead of (or besides) its contract: the calls
// are checked, the contract they make is the one scored, a field the deal
// also gives must agree, and every error names its place.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_auction_deals)

using namespace belote;
using namespace belote::test;

namespace {

const std::string kHands = "\n" + kWorkedExampleHands + R"(
[deal.result]
points = { NS = 92, EW = 70 }
tricks = { NS = 5, EW = 3 }
)";

// Dealer E: N speaks first. N bids 100 in hearts, W coinches, three passes.
const std::string kAuction = R"(
[deal.auction]
dealer = "E"
calls = ["100 H", "coinche", "pass", "pass", "pass"]
)";

std::string messages(const Diagnostics& errors) {
  std::string out;
  for (const auto& e : errors) out += fmt::format("{}:{}:{}: {}\n", e.file, e.line, e.column, e.message);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_auction_gives_the_contract_that_is_scored) {
  const auto rules = ruleset("coinche");
  const Deal from_auction = deal_from_toml(*rules, "[deal]\n" + kAuction + kHands);
  const Deal stated = deal_from_toml(*rules, R"([deal]
trump = "H"
taker = "N"
first = "N"
bid = 100
doubling = "coinche"
)" + kHands);
  BOOST_TEST(from_auction.taker == Seat::N);
  BOOST_TEST(from_auction.trump == stated.trump);
  BOOST_TEST(from_auction.bid == 100);
  BOOST_TEST(from_auction.doubling == stated.doubling);
  BOOST_TEST(from_auction.first == Seat::N);
  Outcome a, b;
  evaluate(*rules, from_auction, a);
  evaluate(*rules, stated, b);
  BOOST_TEST(outcome_json(*rules, from_auction, a).dump() == outcome_json(*rules, stated, b).dump());
}

BOOST_AUTO_TEST_CASE(a_deal_with_both_must_agree) {
  const auto rules = ruleset("coinche");
  BOOST_TEST(toml_deal_errors(*rules, "[deal]\ntaker = \"N\"\nbid = 100\ntrump = \"H\"\n" + kAuction + kHands).empty());
  const auto errors = toml_deal_errors(*rules, "[deal]\ntaker = \"S\"\n" + kAuction + kHands);
  BOOST_TEST(messages(errors) == "deal.toml:2:9: 'deal.taker' disagrees with the auction, which makes it N\n");
  const auto bid = toml_deal_errors(*rules, "[deal]\nbid = 90\ndoubling = \"surcoinche\"\n" + kAuction + kHands);
  BOOST_TEST(messages(bid) == "deal.toml:2:7: 'deal.bid' disagrees with the auction, which makes it 100\n"
                              "deal.toml:3:12: 'deal.doubling' disagrees with the auction, which makes it coinche\n");
}

BOOST_AUTO_TEST_CASE(an_illegal_call_is_reported_at_its_place_as_the_rule_book_asks) {
  const auto rules = ruleset("coinche");
  const auto errors = toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"E\"\ncalls = [\"100 H\", \"coinche\", \"110 H\"]\n" + kHands);
  BOOST_TEST(messages(errors) ==
             "deal.toml:4:30: 'deal.auction.calls': call 3 (S 110 H): bid-after-double: after a coinche nobody may bid. "
             "Legal calls there: pass; surcoinche.\n");
  const auto unfinished = toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"E\"\ncalls = [\"100 H\", \"pass\"]\n" + kHands);
  BOOST_TEST(messages(unfinished) ==
             "deal.toml:4:9: 'deal.auction.calls': after call 2: unfinished: the auction has not ended. "
             "Legal calls there: pass; bid {110–160, capot, generale} × {S H D C NT AT}.\n");
  const auto redeal = toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"E\"\ncalls = [\"pass\", \"pass\", \"pass\", \"pass\"]\n" + kHands);
  BOOST_TEST(messages(redeal) ==
             "deal.toml:4:9: 'deal.auction.calls': everybody passed: the cards are dealt again by N, and there is no mène to score\n");
}

BOOST_AUTO_TEST_CASE(the_auction_table_is_checked) {
  const auto rules = ruleset("coinche");
  BOOST_TEST(messages(toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"X\"\ncalls = []\n" + kHands)) ==
             "deal.toml:3:10: 'deal.auction.dealer' is a seat (N, E, S or W), not 'X'\n");
  BOOST_TEST(messages(toml_deal_errors(*rules, "[deal]\n[deal.auction]\ncalls = []\n" + kHands)) ==
             "deal.toml:2:7: missing key 'deal.auction.dealer'\n");
  BOOST_TEST(messages(toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"N\"\ncalls = \"pass\"\n" + kHands)) ==
             "deal.toml:4:9: 'deal.auction.calls' must be an array of calls, not a string\n");
  BOOST_TEST(messages(toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"N\"\nbids = []\ncalls = []\n" + kHands)) ==
             "deal.toml:4:1: unknown key 'deal.auction.bids'\n");
  BOOST_TEST(messages(toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"N\"\ncalls = [\"Q:pass\"]\n" + kHands)) ==
             "deal.toml:4:10: 'deal.auction.calls': 'Q:pass' starts with a seat and ':' (N, E, S or W)\n");
  BOOST_TEST(messages(toml_deal_errors(*rules, "[deal]\n[deal.auction]\ndealer = \"N\"\ncalls = [3]\n" + kHands)) ==
             "deal.toml:4:10: 'deal.auction.calls': a call is a string (\"80 H\") or a table, not an integer\n");
  // A ruleset that states no auction keeps deals naming their contract.
  const auto plain = load_text(read_file(tests_dir() / "data" / "auction" / "no-auction.toml"));
  BOOST_TEST_REQUIRE(plain.ok());
  BOOST_TEST(!plain.ruleset->auction.given);
  BOOST_TEST(messages(toml_deal_errors(*plain.ruleset, "[deal]\n[deal.auction]\ndealer = \"N\"\ncalls = []\n" + kHands)) ==
             "deal.toml:2:7: 'deal.auction': ruleset 'test' states no auction ([auction]): give the contract instead\n");
  // The turned card of a turned-card auction.
  BOOST_TEST(messages(toml_deal_errors(*ruleset("classique"), "[deal]\n[deal.auction]\ndealer = \"N\"\ncalls = [\"pass\"]\n" + kHands)) ==
             "deal.toml:2:7: missing key 'deal.auction.turned': the suit of the turned card\n");
}

BOOST_AUTO_TEST_CASE(a_turned_card_auction_and_a_json_line) {
  const auto classique = ruleset("classique");
  Deal deal;
  const auto errors = toml_deal_errors(*classique, "[deal]\n[deal.auction]\ndealer = \"N\"\nturned = \"H\"\ncalls = [\"pass\", \"take\"]\n" + kHands, &deal);
  BOOST_TEST(messages(errors) == "");
  BOOST_TEST(deal.taker == Seat::S);
  BOOST_TEST(deal.first == Seat::W);
  const auto coinche = ruleset("coinche");
  const std::string line =
      R"({"auction": {"dealer": "E", "calls": [{"seat": "N", "call": "100 H"}, "W:coinche", "pass", "pass", "pass"]}, )"
      R"("hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", )"
      R"("W": "KS QS KH 10H 7H JD KC 10C"}, "result": {"points": {"NS": 92, "EW": 70}, "tricks": {"NS": 5, "EW": 3}}})";
  Deal from_line;
  BOOST_TEST(messages(json_deal_errors(*coinche, line, &from_line)) == "");
  BOOST_TEST(from_line.taker == Seat::N);
  BOOST_TEST(from_line.bid == 100);
  const std::string bad = with(line, "\"W:coinche\"", "\"S:coinche\"");
  BOOST_TEST(messages(json_deal_errors(*coinche, bad, &from_line)) ==
             "deals.jsonl:1:71: 'auction.calls': call 2 (S coinche): out-of-turn: W is to speak, not S. "
             "Legal calls there: pass; bid {110–160, capot, generale} × {S H D C NT AT}; coinche.\n");
}

BOOST_AUTO_TEST_CASE(a_turned_card_auction_may_give_the_card_turned_up_which_the_taker_holds) {
  // Dealer N: W passes, S takes the turned card's suit. S holds QH and 9H of the worked example.
  const auto classique = ruleset("classique");
  const auto auction = [](const std::string& turned) {
    return "[deal]\n[deal.auction]\ndealer = \"N\"\nturned = " + turned + "\ncalls = [\"pass\", \"take\"]\n" + kHands;
  };
  Deal deal;
  BOOST_TEST(messages(toml_deal_errors(*classique, auction("\"QH\""), &deal)) == "");
  BOOST_TEST(deal.taker == Seat::S);
  BOOST_TEST(int(deal.trump) == int(*classique->deck.parse_suit("H")));
  // In any case, as hands are written; a list may give it first.
  BOOST_TEST(messages(toml_deal_errors(*classique, auction("\"9h\""))) == "");
  BOOST_TEST(messages(toml_deal_errors(*classique, auction("[\"QH\"]"))) == "");
  // The turned card goes to the taker: one another seat holds is refused at the value.
  BOOST_TEST(messages(toml_deal_errors(*classique, auction("\"JH\""))) ==
             "deal.toml:4:10: 'deal.auction.turned': JH is the turned card, which the taker S must hold\n");
  // A JSON line the same, as a table's record writes its mènes.
  const std::string line =
      R"({"auction": {"dealer": "N", "turned": "AH", "calls": ["pass", "take"]}, )"
      R"("hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", )"
      R"("W": "KS QS KH 10H 7H JD KC 10C"}, "result": {"points": {"NS": 92, "EW": 70}, "tricks": {"NS": 5, "EW": 3}}})";
  BOOST_TEST(messages(json_deal_errors(*classique, line)) ==
             "deals.jsonl:1:39: 'auction.turned': AH is the turned card, which the taker S must hold\n");
  BOOST_TEST(messages(json_deal_errors(*classique, with(line, "\"AH\"", "\"9H\""))) == "");
  // Hands not given whole leave the card unchecked: the hands' own fault is reported.
  const std::string short_hand = with(auction("\"JH\""), "N = \"9S 8S 7S AH JH KD 9C 7C\"", "N = \"9S 8S 7S AH JH KD 9C\"");
  BOOST_TEST(messages(toml_deal_errors(*classique, short_hand)).find("the turned card") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_turned_card_is_refused_where_the_ruleset_turns_only_a_suit_and_after_the_first) {
  const auto classique = ruleset("classique");
  const std::string deal = "[deal]\n[deal.auction]\ndealer = \"N\"\nturned = [\"QH\", \"JS\"]\ncalls = [\"pass\", \"take\"]\n" + kHands;
  BOOST_TEST(messages(toml_deal_errors(*classique, deal)) ==
             "deal.toml:4:17: 'deal.auction.turned': JS is a card, but only the first of the list may be one (the card turned up); "
             "each further round turns a suit\n");
  BOOST_TEST(messages(toml_deal_errors(*classique, with(deal, "[\"QH\", \"JS\"]", "\"XX\""))) ==
             "deal.toml:4:10: 'deal.auction.turned': not a card or a suit of the deck\n");
  // klaverjas turns a suit from outside the hands: no card of the deal is it.
  const auto klaverjas = ruleset("klaverjas");
  BOOST_TEST(messages(toml_deal_errors(*klaverjas, with(deal, "[\"QH\", \"JS\"]", "\"QH\""))) ==
             "deal.toml:4:10: 'deal.auction.turned': QH is a card, but ruleset 'klaverjas' turns only a suit (dealing.turned = \"suit\"): "
             "give its suit, H\n");
}

BOOST_AUTO_TEST_SUITE_END()  // test_auction_deals
