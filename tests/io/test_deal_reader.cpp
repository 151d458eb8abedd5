// Reading deals (TOML and JSON Lines): every malformed deal a user can write
// is rejected with its own message, naming the key or token, at the right
// place; the valid spellings all read to the same deal.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <set>

#include "hand_built.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_deal_reader)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

// The worked example of seed 000, in both formats. Positions in the table
// below are counted in these texts after the row's edit.
const std::string kToml = R"([deal]
trump = "H"
taker = "N"
first = "E"
)" + kWorkedExampleHands + R"([deal.result]
points = { NS = 88, EW = 74 }
tricks = { NS = 5, EW = 3 }
)";

const std::string kJson =
    R"({"trump": "H", "taker": "N", "first": "E", "hands": {"N": "9S 8S 7S AH JH KD 9C 7C", )"
    R"("E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}, )"
    R"("result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}})";

// A short deal for errors away from the hands: the announcements as points per team.
const std::string kShortJson =
    R"({"trump": "H", "taker": "N", "announcements": {"NS": 20}, "result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}})";

// The same deal with announcements as declared at the table.
const std::string kDeclaredToml = R"([deal]
trump = "H"
taker = "N"
belote = "N"
[deal.announcements]
N = ["tierce KH"]
E = ["7S 8S 9S 10S"]
[deal.result]
points = { NS = 88, EW = 74 }
tricks = { NS = 5, EW = 3 }
)";

// A coinche deal with every contract key: bid, doubling, points held over, tricks by seat.
const std::string kCoincheToml = R"([deal]
kind = "couleur"
trump = "H"
taker = "N"
bid = 80
doubling = "coinche"
held_over = 2
[deal.announcements]
[deal.result]
points = { NS = 88, EW = 74 }
tricks = { NS = 5, EW = 3 }
tricks_by_seat = { N = 3, E = 2, S = 2, W = 1 }
)";

const std::string kCoincheJson =
    R"({"kind": "couleur", "trump": "H", "taker": "N", "bid": 80, "doubling": "coinche", "held_over": 2, "announcements": {}, )"
    R"("result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}, "tricks_by_seat": {"N": 3, "E": 2, "S": 2, "W": 1}}})";

// kCoincheToml under classique: no kind, no doubling, nothing held over.
const std::string kClassicBidToml =
    with(with(with(kCoincheToml, "kind = \"couleur\"\n", ""), "doubling = \"coinche\"\n", ""), "held_over = 2\n", "");

enum class Format { toml, json };

struct BadDeal {
  std::string input;
  Format format;
  std::string fragment;  // in exactly one of the errors
  int line;
  int column;
  std::string rules = "classique";  // the ruleset the deal is read under
};

std::ostream& operator<<(std::ostream& out, const BadDeal& d) {
  return out << (d.format == Format::toml ? "TOML" : "JSON") << " deal rejected with \"" << d.fragment << '"';
}

const std::vector<BadDeal> kBadDeals = {
    // Card tokens.
    {with(kToml, "9C 7C\"", "9C XX\""), Format::toml, "'deal.hands.N': unknown card 'XX' (a card is a rank 7 8 9 10 J Q K A then a suit S H D C)", 6, 5},
    {with(kJson, "\"AS 8H 10D 9D 8D 7D QC JC\"", "[\"AS\", \"10X\", \"8H\"]"), Format::json, "'hands.E': unknown card '10X'", 1, 98},
    {with(kJson, "\"AS 8H 10D 9D 8D 7D QC JC\"", "[\"AS 8H\", 10, \"9D 8D 7D QC JC\"]"), Format::json, "'hands.E' must hold card tokens (strings), not an integer", 1, 101},
    {with(kToml, "N = \"9S 8S 7S AH JH KD 9C 7C\"", "N = 98"), Format::toml, "'deal.hands.N' must be a string of card tokens or an array of them, not an integer", 6, 5},
    // Duplicate, missing and miscounted cards.
    {with(kToml, "9C 7C\"", "9C 9C\""), Format::toml, "'deal.hands.N': card 9C is listed twice", 6, 5},
    {with(kToml, "QC JC\"", "QC 9S\""), Format::toml, "'deal.hands.E': card 9S is also in 'deal.hands.N'", 7, 5},
    {with(kJson, "QC JC\"", "QC 9S\""), Format::json, "'hands.E': card 9S is also in 'hands.N'", 1, 91},
    {with(kToml, "9C 7C\"", "9C\""), Format::toml, "'deal.hands': no hand holds 7C", 5, 7},
    {with(kToml, "AS 8H 10D", "AS 8H"), Format::toml, "'deal.hands.E' has 7 cards; a hand has 8", 7, 5},
    {with(with(kJson, "AC 8C\"", "AC 8C 10C\""), "KC 10C\"", "KC\""), Format::json, "'hands.S' has 9 cards; a hand has 8", 1, 124},
    // Sums.
    {with(kToml, "EW = 74", "EW = 70"), Format::toml, "'deal.result.points' adds up to 158; the card points of a mène add up to 162", 11, 10},
    {with(kJson, "\"EW\": 3", "\"EW\": 4"), Format::json, "'result.tricks' adds up to 9; a mène has 8 tricks", 1, 240},
    {with(with(kToml, "NS = 5, EW = 3", "NS = 8, EW = 0"), "NS = 88, EW = 74", "NS = 150, EW = 12"), Format::toml, "'deal.result.points.EW' is 12, but EW took no trick", 11, 27},
    // Unknown keys, with a suggestion when one is close.
    {with(kToml, "trump =", "trumps ="), Format::toml, "unknown key 'deal.trumps' (did you mean 'trump'?)", 2, 1},
    {with(kJson, "\"first\"", "\"frist\""), Format::json, "unknown key 'frist' (did you mean 'first'?)", 1, 30},
    {with(kToml, "\nW = ", "\nw = "), Format::toml, "unknown key 'deal.hands.w' (did you mean 'W'?)", 9, 1},
    {with(kToml, "tricks =", "trick ="), Format::toml, "unknown key 'deal.result.trick' (did you mean 'tricks'?)", 12, 1},
    {with(kShortJson, "\"tricks\": {\"NS\": 5, \"EW\": 3}", "\"tricks\": {\"NS\": 5, \"EW\": 3, \"ew\": 3}"), Format::json, "unknown key 'result.tricks.ew' (did you mean 'EW'?)", 1, 131},
    {"trump = \"H\"\n" + kToml, Format::toml, "unknown key 'trump' (a deal file holds a [deal] table)", 1, 1},
    {"[deals]\ntrump = \"H\"\n", Format::toml, "unknown key 'deals' (did you mean 'deal'?) (a deal file holds a [deal] table)", 1, 2},
    // Missing keys.
    {with(kToml, "trump = \"H\"\n", ""), Format::toml, "missing key 'deal.trump'", 1, 2},
    {with(kShortJson, "\"taker\": \"N\", ", ""), Format::json, "missing key 'taker'", 1, 1},
    {with(kShortJson, ", \"result\": {\"points\": {\"NS\": 88, \"EW\": 74}, \"tricks\": {\"NS\": 5, \"EW\": 3}}", ""), Format::json, "missing key 'result'", 1, 1},
    {with(kToml, "points = { NS = 88, EW = 74 }\n", ""), Format::toml, "missing key 'deal.result.points'", 10, 7},
    {with(kShortJson, ", \"tricks\": {\"NS\": 5, \"EW\": 3}", ""), Format::json, "missing key 'result.tricks'", 1, 59},
    {with(kShortJson, "\"NS\": 5, ", ""), Format::json, "missing key 'result.tricks.NS'", 1, 102},
    {with(kToml, "W = \"KS QS KH 10H 7H JD KC 10C\"\n", ""), Format::toml, "missing key 'deal.hands.W'", 5, 7},
    {with(kShortJson, "\"announcements\": {\"NS\": 20}, ", ""), Format::json, "the deal needs 'hands' (the four hands) or 'announcements' (as declared at the table)", 1, 1},
    {"description = \"no deal here\"\n", Format::toml, "missing [deal] table", 1, 1},
    // Wrong types and numbers out of range.
    {with(kToml, "trump = \"H\"", "trump = 1"), Format::toml, "'deal.trump' must be a string, not an integer", 2, 9},
    {with(kShortJson, "\"taker\": \"N\"", "\"taker\": [\"N\"]"), Format::json, "'taker' must be a string, not an array", 1, 25},
    {with(kJson, "\"first\": \"E\"", "\"first\": null"), Format::json, "'first' must be a string, not null", 1, 39},
    {with(kShortJson, "\"result\": {\"points\"", "\"result\": 162, \"ignored\": {\"points\""), Format::json, "'result' must be a table, not an integer", 1, 69},
    {"[deal]\nhands = \"9S 8S\"\n", Format::toml, "'deal.hands' must be a table, not a string", 2, 9},
    {"deal = 5\n", Format::toml, "'deal' must be a table", 1, 8},
    {with(kToml, "NS = 88,", "NS = 88.0,"), Format::toml, "'deal.result.points.NS' must be an integer from 0 to 162", 11, 17},
    {with(kShortJson, "\"NS\": 5,", "\"NS\": \"5\","), Format::json, "'result.tricks.NS' must be an integer from 0 to 8", 1, 119},
    {with(kToml, "NS = 5, EW = 3", "NS = 9, EW = -1"), Format::toml, "'deal.result.tricks.EW' must be an integer from 0 to 8", 12, 25},
    {with(kShortJson, "\"NS\": 88", "\"NS\": -88"), Format::json, "'result.points.NS' must be an integer from 0 to 162", 1, 87},
    {with(kShortJson, "{\"NS\": 20}", "{\"NS\": -20}"), Format::json, "'announcements.NS' must be an integer from 0 to 700 (the most two hands can declare)", 1, 54},
    {with(kShortJson, "{\"NS\": 20}", "{\"NS\": 25}"), Format::json, "'announcements.NS' is 25, which no announcements add up to: tierce 20, cinquante 50, cent 100", 1, 54},
    {with(kShortJson, "{\"NS\": 20}", "{\"NS\": 20, \"EW\": 50}"), Format::json, "'announcements': only one team scores its announcements, not both (one contest, announcements.exact_tie = \"nobody\")", 1, 30},
    {with(kToml, "taker = \"N\"", "id = true\ntaker = \"N\""), Format::toml, "'deal.id' must be a string of 1 to 200 characters or an integer from -9223372036854775808 to 9223372036854775807", 3, 6},
    // Seats and suits.
    {with(kToml, "taker = \"N\"", "taker = \"X\""), Format::toml, "'deal.taker': unknown seat 'X' (seats: N E S W)", 3, 9},
    {with(kJson, "\"first\": \"E\"", "\"first\": \"NS\""), Format::json, "'first': unknown seat 'NS' (seats: N E S W)", 1, 39},
    {with(kToml, "trump = \"H\"", "trump = \"hearts\""), Format::toml, "'deal.trump': unknown suit 'hearts' (suits: S H D C)", 2, 9},
    // Hands or announcements, never both; the belote goes with announcements.
    {with(kToml, "[deal.hands]", "announcements = { NS = 20 }\n[deal.hands]"), Format::toml, "'deal.hands' and 'deal.announcements' are both given: a deal has hands or declared announcements, not both", 5, 1},
    {with(kJson, "\"first\": \"E\"", "\"first\": \"E\", \"belote\": \"N\""), Format::json, "'belote' goes with declared announcements; with hands the belote is found from the cards", 1, 44},
    // Declared announcements.
    {with(kDeclaredToml, "tierce KH", "tierse KH"), Format::toml, "'deal.announcements.N': unknown announcement 'tierse' (did you mean 'tierce'?) (announcements: carre, tierce, cinquante, cent, or the cards)", 6, 6},
    {with(kDeclaredToml, "tierce KH", "carre X"), Format::toml, "'deal.announcements.N': 'X' is not a rank (a carré is written 'carre RANK', e.g. 'carre J')", 6, 6},
    {with(kDeclaredToml, "tierce KH", "cinquante 9H"), Format::toml, "'deal.announcements.N': no cinquante ends at 9: the lowest cinquante ends at 10", 6, 6},
    {with(kDeclaredToml, "tierce KH", "tierce 9X"), Format::toml, "'deal.announcements.N': '9X' is not a card (a sequence is written by its top card, e.g. 'tierce KH')", 6, 6},
    {with(kDeclaredToml, "7S 8S 9S 10S", "7S 8S 10S"), Format::toml, "'deal.announcements.E': 7S 8S 10S is neither a sequence (at least 3 following cards of one suit) nor a carré", 7, 6},
    {with(kDeclaredToml, "7S 8S 9S 10S", ""), Format::toml, "'deal.announcements.E': an announcement is empty", 7, 6},
    {with(kDeclaredToml, "[\"7S 8S 9S 10S\"]", "[\"tierce AH\"]"), Format::toml, "'deal.announcements.E': QH is also declared by N: one card cannot be in two hands", 7, 6},
    {with(kDeclaredToml, "[\"tierce KH\"]", "[\"tierce KH\", \"tierce KH\"]"), Format::toml, "'deal.announcements.N': JH QH KH is declared twice", 6, 19},
    {with(kDeclaredToml, "[\"tierce KH\"]", "[\"tierce 9H\", \"tierce QH\"]"), Format::toml, "'deal.announcements.N': 10H JH QH and 7H 8H 9H touch: they make one run, declared whole", 6, 19},
    {with(kDeclaredToml, "[\"tierce KH\"]", "\"tierce KH\""), Format::toml, "'deal.announcements.N' must be an array of announcements, e.g. [\"tierce KH\", \"carre J\"]", 6, 5},
    {with(kDeclaredToml, "belote = \"N\"", "belote = \"E\""), Format::toml, "'deal.belote': E holds the belote, yet N declares QH KH", 4, 10},
    {with(kDeclaredToml, "belote = \"N\"", "belote = \"NS\""), Format::toml, "'deal.belote': 'NS' is not a seat (N E S W)", 4, 10},
    {with(kShortJson, "\"announcements\": {\"NS\": 20}", "\"announcements\": {\"NS\": 20}, \"belote\": \"SE\""), Format::json, "'belote': 'SE' is not a seat (N E S W) or a team (NS EW)", 1, 69},
    // Text that is not a deal at all.
    {with(kShortJson, "\"taker\": \"N\"", "\"taker\" \"N\""), Format::json, "JSON syntax error while parsing object separator - unexpected string literal; expected ':'", 1, 26},
    {"[\"trump\", \"H\"]", Format::json, "a deal must be a JSON object", 1, 1},
    {with(kShortJson, "\"taker\": \"N\"", "\"taker\": \"N\xff\""), Format::json, "JSON syntax error while parsing value - invalid string: ill-formed UTF-8 byte; last read: '\"N\\xff'", 1, 27},
    {with(kShortJson, "\"taker\": \"N\"", "\"taker\": \"N\"" + std::string(1, '\0')), Format::json, "NUL byte: a deal line is JSON text", 1, 28},
    {with(kShortJson, "\"trump\": \"H\"", "\"trump\": \"H\", \"trump\": \"S\""), Format::json, "key 'trump' is given twice", 1, 16},
    // Colons and quotes inside strings do not hide a repeated key.
    {with(with(kJson, "{\"trump\"", "{\"id\": \"a:\\\"b:\", \"trump\""), "\"W\": \"KS", "\"N\": \"7S\", \"W\": \"KS"), Format::json, "key 'hands.N' is given twice", 1, 168},
    {with(kToml, "trump = \"H\"", "trump = H"), Format::toml, "TOML syntax: Error while parsing value: could not determine value type", 2, 9},
    {with(kToml, "taker = \"N\"", "taker = \"N\"\ntrump = \"S\""), Format::toml, "TOML syntax: Error while parsing key-value pair: cannot redefine existing string 'trump'", 4, 9},
    {with(kToml, "trump = \"H\"", "trump = \"H\xff\""), Format::toml, "TOML syntax: Encountered invalid utf-8 sequence", 2, 10},
    {with(kToml, "trump = \"H\"", "trump = \"H" + std::string(1, '\0') + "\""), Format::toml, "TOML syntax: Error while parsing string: unescaped control characters", 2, 11},
    {with(kShortJson, "{\"trump\"", "{\"id\": \"" + std::string(65600, 'x') + "\", \"trump\""), Format::json, "line too long (65741 bytes; a deal is at most 65536)", 1, 0},
    {with(kShortJson, "{\"trump\"", "{\"id\": \"" + std::string(201, 'x') + "\", \"trump\""), Format::json, "'id' must be a string of 1 to 200 characters or an integer from -9223372036854775808 to 9223372036854775807", 1, 8},
    // Bids.
    {kClassicBidToml, Format::toml, "'deal.bid': this ruleset has no bids ([bids])", 4, 1},
    {with(kCoincheToml, "bid = 80\n", ""), Format::toml, "missing key 'deal.bid' (bids: 80 to 160 by 10, capot, generale)", 1, 2, "coinche"},
    {with(kCoincheJson, "\"bid\": 80, ", ""), Format::json, "missing key 'bid' (bids: 80 to 160 by 10, capot, generale)", 1, 1, "coinche"},
    {with(kCoincheToml, "bid = 80", "bid = 85"), Format::toml, "'deal.bid': 85 is not a bid of this ruleset (bids: 80 to 160 by 10, capot, generale)", 5, 7, "coinche"},
    {with(kCoincheJson, "\"bid\": 80", "\"bid\": 170"), Format::json, "'bid': 170 is not a bid of this ruleset (bids: 80 to 160 by 10, capot, generale)", 1, 56, "coinche"},
    {with(kCoincheToml, "bid = 80", "bid = \"capo\""), Format::toml, "'deal.bid': unknown bid 'capo' (did you mean 'capot'?) (bids: 80 to 160 by 10, capot, generale)", 5, 7, "coinche"},
    {with(kCoincheJson, "\"bid\": 80", "\"bid\": \"passe\""), Format::json, "'bid': unknown bid 'passe' (bids: 80 to 160 by 10, capot, generale)", 1, 56, "coinche"},
    {with(kCoincheToml, "bid = 80", "bid = true"), Format::toml, "'deal.bid' must be a number or a named bid, not a boolean", 5, 7, "coinche"},
    {with(kCoincheJson, "\"bid\": 80", "\"bid\": 80.5"), Format::json, "'bid' must be a number or a named bid, not a decimal number", 1, 56, "coinche"},
    {with(with(kCoincheToml, "bid = 80", "bid = \"generale\""), "tricks_by_seat = { N = 3, E = 2, S = 2, W = 1 }\n", ""), Format::toml,
     "the bid 'generale' is made only when the taker alone takes every trick: give 'deal.result.tricks_by_seat'", 5, 7, "coinche"},
    {with(with(kCoincheJson, "\"bid\": 80", "\"bid\": \"generale\""), ", \"tricks_by_seat\": {\"N\": 3, \"E\": 2, \"S\": 2, \"W\": 1}", ""), Format::json,
     "the bid 'generale' is made only when the taker alone takes every trick: give 'result.tricks_by_seat'", 1, 56, "coinche"},
    // Doubling.
    {with(kClassicBidToml, "bid = 80", "doubling = \"coinche\""), Format::toml, "'deal.doubling': this ruleset has no doubling ([doubling] levels)", 4, 1},
    {with(kCoincheToml, "doubling = \"coinche\"", "doubling = \"contre\""), Format::toml, "'deal.doubling': unknown doubling 'contre' (levels: coinche, surcoinche)", 6, 12, "coinche"},
    {with(kCoincheJson, "\"doubling\": \"coinche\"", "\"doubling\": \"surcoincher\""), Format::json,
     "'doubling': unknown doubling 'surcoincher' (did you mean 'surcoinche'?) (levels: coinche, surcoinche)", 1, 72, "coinche"},
    {with(kCoincheToml, "doubling = \"coinche\"", "doubling = 2"), Format::toml, "'deal.doubling' must be a string, not an integer", 6, 12, "coinche"},
    // Points held over.
    {with(kCoincheToml, "held_over = 2", "held_over = -3"), Format::toml, "'deal.held_over' must be an integer from 0 to 1000000 (points held over from earlier deals)", 7, 13, "coinche"},
    {with(kCoincheJson, "\"held_over\": 2", "\"held_over\": \"2\""), Format::json, "'held_over' must be an integer from 0 to 1000000 (points held over from earlier deals)", 1, 96, "coinche"},
    // Tricks by seat.
    {with(kCoincheToml, "tricks_by_seat = { N = 3, E = 2, S = 2, W = 1 }", "tricks_by_seat = [3, 2, 2, 1]"), Format::toml,
     "'deal.result.tricks_by_seat' must be a table, not an array", 12, 18, "coinche"},
    {with(kCoincheToml, ", W = 1 }", " }"), Format::toml, "missing key 'deal.result.tricks_by_seat.W'", 12, 1, "coinche"},
    {with(kCoincheJson, "\"W\": 1}", "\"W\": 1, \"O\": 0}"), Format::json, "unknown key 'result.tricks_by_seat.O'", 1, 244, "coinche"},
    {with(kCoincheToml, "N = 3, E", "N = 9, E"), Format::toml, "'deal.result.tricks_by_seat.N' must be an integer from 0 to 8", 12, 24, "coinche"},
    {with(kCoincheJson, "\"S\": 2", "\"S\": \"2\""), Format::json, "'result.tricks_by_seat.S' must be an integer from 0 to 8", 1, 233, "coinche"},
    {with(kCoincheToml, "N = 3, E = 2", "N = 4, E = 1"), Format::toml, "'deal.result.tricks_by_seat' gives NS 6 tricks, but 'deal.result.tricks.NS' is 5", 12, 18, "coinche"},
};

Diagnostics errors_of(const BadDeal& d) {
  return d.format == Format::toml ? toml_deal_errors(*ruleset(d.rules), d.input) : json_deal_errors(*ruleset(d.rules), d.input);
}

}  // namespace

BOOST_DATA_TEST_CASE(malformed_deal_is_rejected_with_its_message_and_place, bdata::make(kBadDeals), bad) {
  const Diagnostics errors = errors_of(bad);
  std::vector<const Diagnostic*> matching;
  for (const Diagnostic& e : errors) {
    BOOST_TEST_MESSAGE(location_and_message(e) << '\n' << caret_lines(e));
    if (e.message.find(bad.fragment) != std::string::npos) matching.push_back(&e);
  }
  BOOST_REQUIRE_MESSAGE(matching.size() == 1, matching.size() << " errors hold the fragment; errors:\n" << [&] {
    std::string all;
    for (const Diagnostic& e : errors) all += "  " + location_and_message(e) + "\n";
    return all;
  }());
  const Diagnostic& e = *matching.front();
  BOOST_TEST(e.file == (bad.format == Format::toml ? "deal.toml" : "deals.jsonl"));
  BOOST_TEST(e.line == bad.line);
  BOOST_TEST(e.column == bad.column);
}

BOOST_AUTO_TEST_CASE(a_file_with_no_deal_table_says_so_before_its_unknown_keys) {
  // A ruleset given where a deal is wanted: what it is not comes first, then each key it has.
  const Diagnostics errors = errors_of(BadDeal{"extends = \"classique\"\ntitle = \"x\"\n", Format::toml, "", 0, 0});
  BOOST_TEST_REQUIRE(errors.size() == 3u);
  BOOST_TEST(errors[0].message == "missing [deal] table");
  BOOST_TEST(errors[1].message.starts_with("unknown key "));
  BOOST_TEST(errors[2].message.starts_with("unknown key "));
}

BOOST_AUTO_TEST_CASE(every_malformed_deal_has_its_own_message) {
  BOOST_TEST(kBadDeals.size() >= 30u);
  std::set<std::string> fragments;
  for (const BadDeal& d : kBadDeals) BOOST_TEST(fragments.insert(d.fragment).second, "repeated: " << d.fragment);
}

// ---- What the reader accepts -------------------------------------------------

namespace {

CardSet cards(const std::string& tokens) {
  CardSet set = 0;
  for (std::size_t at = 0; at < tokens.size();) {
    const std::size_t end = std::min(tokens.find(' ', at), tokens.size());
    set |= card_bit(*classic_deck().parse_card(tokens.substr(at, end - at)));
    at = end + 1;
  }
  return set;
}

// The worked example as read from kToml.
void check_worked_example(const Deal& deal, bool first_given = true) {
  BOOST_TEST(int(deal.form) == int(DealForm::hands));
  BOOST_TEST(int(deal.trump) == int(*classic_deck().parse_suit("H")));
  BOOST_TEST(name(deal.taker) == "N");
  BOOST_TEST(deal.first_given == first_given);
  BOOST_TEST(name(deal.first) == (first_given ? "E" : "N"));
  BOOST_TEST(deal.hands[Seat::N] == cards("9S 8S 7S AH JH KD 9C 7C"));
  BOOST_TEST(deal.hands[Seat::E] == cards("AS 8H 10D 9D 8D 7D QC JC"));
  BOOST_TEST(deal.hands[Seat::S] == cards("JS 10S QH 9H AD QD AC 8C"));
  BOOST_TEST(deal.hands[Seat::W] == cards("KS QS KH 10H 7H JD KC 10C"));
  BOOST_TEST(deal.result.points[Team::NS] == 88);
  BOOST_TEST(deal.result.points[Team::EW] == 74);
  BOOST_TEST(deal.result.tricks[Team::NS] == 5);
  BOOST_TEST(deal.result.tricks[Team::EW] == 3);
  BOOST_TEST(!deal.belote_holder().has_value());
  BOOST_TEST(!deal.belote_team.has_value());
}

struct Spelling {
  std::string what;
  std::string input;
  Format format;
};
std::ostream& operator<<(std::ostream& out, const Spelling& s) { return out << s.what; }

// Each is the worked example, written another way.
const std::vector<Spelling> kSpellings = {
    {"TOML, hands as strings", kToml, Format::toml},
    {"JSON, hands as strings", kJson, Format::json},
    {"TOML, hands as arrays of tokens",
     with(kToml, "N = \"9S 8S 7S AH JH KD 9C 7C\"", "N = [\"9S\", \"8S\", \"7S\", \"AH\", \"JH\", \"KD\", \"9C\", \"7C\"]"), Format::toml},
    {"TOML, hands as arrays of token strings",
     with(kToml, "N = \"9S 8S 7S AH JH KD 9C 7C\"", "N = [\"9S 8S 7S\", \"AH JH\", \"KD 9C 7C\"]"), Format::toml},
    {"JSON, hands as arrays",
     with(kJson, "\"E\": \"AS 8H 10D 9D 8D 7D QC JC\"", "\"E\": [\"AS\", \"8H\", \"10D\", \"9D\", \"8D\", \"7D\", \"QC\", \"JC\"]"), Format::json},
    {"lower-case tokens", with(kToml, "AS 8H 10D 9D 8D 7D QC JC", "as 8h 10d 9d 8d 7d qc jc"), Format::toml},
    {"symbol suits", with(kToml, "KS QS KH 10H 7H JD KC 10C", "K♠ Q♠ K♥ 10♥ 7♥ J♦ K♣ 10♣"), Format::toml},
    {"T for 10 and French V D R", with(kToml, "KS QS KH 10H 7H JD KC 10C", "RS DS RH TH 7H VD rc tc"), Format::toml},
    {"extra spaces between tokens", with(kToml, "\"JS 10S QH 9H AD QD AC 8C\"", "\"  JS\t10S  QH 9H AD QD AC 8C \""), Format::toml},
    {"a symbol for the trump suit", with(kToml, "trump = \"H\"", "trump = \"♥\""), Format::toml},
    {"lower-case seats", with(with(kJson, "\"taker\": \"N\"", "\"taker\": \"n\""), "\"first\": \"E\"", "\"first\": \"e\""), Format::json},
    {"JSON with spaces around", "  " + with(kJson, "\"trump\": \"H\"", "\"trump\" :\t\"h\"") + " \r", Format::json},
    {"TOML with the worked cases' extra tables", "description = \"a deal\"\n" + kToml + "[expect.classique]\nvoid = false\n", Format::toml},
};

Deal read_valid(const std::string& input, Format format) {
  Deal deal;
  const Diagnostics errors = format == Format::toml ? toml_deal_errors(*ruleset("classique"), input, &deal)
                                                    : json_deal_errors(*ruleset("classique"), input, &deal);
  for (const Diagnostic& e : errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST(errors.empty());
  return deal;
}

}  // namespace

BOOST_DATA_TEST_CASE(every_spelling_reads_to_the_same_deal, bdata::make(kSpellings), spelling) {
  const Deal deal = read_valid(spelling.input, spelling.format);
  check_worked_example(deal);
}

BOOST_AUTO_TEST_CASE(first_defaults_to_north_when_absent) {
  check_worked_example(read_valid(with(kToml, "first = \"E\"\n", ""), Format::toml), false);
  check_worked_example(read_valid(with(kJson, "\"first\": \"E\", ", ""), Format::json), false);
}

BOOST_AUTO_TEST_CASE(id_is_a_string_or_an_integer) {
  BOOST_TEST(read_valid(with(kToml, "[deal]\n", "[deal]\nid = 42\n"), Format::toml).id == "42");
  BOOST_TEST(read_valid(with(kJson, "{\"trump\"", "{\"id\": -7, \"trump\""), Format::json).id == "-7");
  BOOST_TEST(read_valid(with(kJson, "{\"trump\"", "{\"id\": \"table 3, mène 12\", \"trump\""), Format::json).id == "table 3, mène 12");
  BOOST_TEST(read_valid(with(kJson, "{\"trump\"", "{\"id\": \"" + std::string(200, 'x') + "\", \"trump\""), Format::json).id.size() == 200u);
  BOOST_TEST(read_valid(kJson, Format::json).id.empty());
}

BOOST_AUTO_TEST_CASE(announcements_as_declared_at_the_table) {
  const std::string toml = with(kDeclaredToml, "N = [\"tierce KH\"]", "N = [\"tierce KH\", \"carré V\"]");
  const Deal deal = read_valid(toml, Format::toml);
  BOOST_TEST(int(deal.form) == int(DealForm::declared));
  BOOST_TEST(name(*deal.belote_holder()) == "N");
  BOOST_REQUIRE(deal.declared[Seat::N].count == 2);
  const Announcement& tierce = deal.declared[Seat::N].items[0];
  BOOST_TEST(!tierce.carre);
  BOOST_TEST(tierce.cards() == cards("JH QH KH"));
  BOOST_TEST(deal.declared[Seat::N].items[1].cards() == cards("JS JH JD JC"));
  BOOST_REQUIRE(deal.declared[Seat::E].count == 1);
  BOOST_TEST(deal.declared[Seat::E].items[0].cards() == cards("7S 8S 9S 10S"));
  BOOST_TEST(deal.declared[Seat::S].empty());
  BOOST_TEST(deal.declared[Seat::W].empty());
  // A carré written by its cards, a sequence written by its cards in any order.
  const Deal by_cards = read_valid(with(kDeclaredToml, "N = [\"tierce KH\"]", "N = [\"KH JH QH\", \"JS JH JD JC\"]"), Format::toml);
  BOOST_TEST((by_cards.declared[Seat::N].items[0] == deal.declared[Seat::N].items[0]));
  BOOST_TEST((by_cards.declared[Seat::N].items[1] == deal.declared[Seat::N].items[1]));
}

BOOST_AUTO_TEST_CASE(announcements_as_points_per_team) {
  const Deal deal = read_valid(with(kShortJson, "{\"NS\": 20}", "{\"NS\": 50}, \"belote\": \"NS\""), Format::json);
  BOOST_TEST(int(deal.form) == int(DealForm::team_points));
  BOOST_TEST(deal.team_announcements[Team::NS] == 50);
  BOOST_TEST(deal.team_announcements[Team::EW] == 0);
  BOOST_TEST(name(*deal.belote_team) == "NS");
  BOOST_TEST(!deal.belote_holder().has_value());
  const Deal by_seat = read_valid(with(kShortJson, "{\"NS\": 20}", "{\"EW\": 0}, \"belote\": \"W\""), Format::json);
  BOOST_TEST(name(*by_seat.belote_holder()) == "W");
  BOOST_TEST(by_seat.team_announcements[Team::NS] == 0);
}

BOOST_AUTO_TEST_CASE(both_teams_score_points_where_the_ruleset_has_separate_contests) {
  // Carrés and sequences are two contests there: NS may win one and EW the other.
  const std::string line = R"({"kind": "all-trumps", "taker": "E", "announcements": {"NS": 100, "EW": 20}, )"
                           R"("result": {"points": {"NS": 129, "EW": 129}, "tricks": {"NS": 4, "EW": 4}}})";
  Deal deal;
  const Diagnostics errors = json_deal_errors(*ruleset("bulgare-deux-concours"), line, &deal);
  BOOST_TEST(errors.empty(), (errors.empty() ? "" : errors.front().message));
  BOOST_TEST(deal.team_announcements[Team::NS] == 100);
  BOOST_TEST(deal.team_announcements[Team::EW] == 20);
  Outcome out;
  evaluate(*ruleset("bulgare-deux-concours"), deal, out);
  BOOST_TEST(out.scored_announcements[Team::NS] == 100);
  BOOST_TEST(out.scored_announcements[Team::EW] == 20);
  BOOST_TEST(!out.winner.has_value());  // neither team holds the deal's announcements alone
  // One contest, ties to nobody: one team at most.
  const Diagnostics one = json_deal_errors(*ruleset("bulgare"), line);
  BOOST_TEST_REQUIRE(one.size() == 1u);
  BOOST_TEST(one.front().message ==
             "'announcements': only one team scores its announcements, not both (one contest, announcements.exact_tie = \"nobody\")");
}

BOOST_AUTO_TEST_CASE(a_deal_read_into_a_used_deal_keeps_nothing_of_the_last) {
  const auto& rules = *ruleset("classique");
  Deal deal;
  Diagnostics errors;
  BOOST_REQUIRE(DealReader(rules).read_toml(kDeclaredToml, "a.toml", deal, errors));
  BOOST_REQUIRE(DealReader(rules).read_toml(with(kToml, "first = \"E\"\n", ""), "b.toml", deal, errors));
  check_worked_example(deal, false);
  BOOST_TEST(deal.declared[Seat::N].empty());
}

BOOST_AUTO_TEST_CASE(json_errors_carry_the_line_number_given) {
  Deal deal;
  Diagnostics errors;
  BOOST_TEST(!DealReader(*ruleset("classique")).read_json_line(with(kJson, "\"EW\": 3", "\"EW\": 4"), "batch.jsonl", 17, deal, errors));
  BOOST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(location_and_message(errors[0]) == "batch.jsonl:17:240: 'result.tricks' adds up to 9; a mène has 8 tricks");
}

BOOST_AUTO_TEST_CASE(deal_files_that_cannot_be_read) {
  const auto dir = temp_dir("deal-files");
  const auto& rules = *ruleset("classique");
  Deal deal;
  Diagnostics errors;
  BOOST_TEST(!DealReader(rules).read_toml_file(dir / "absent.toml", deal, errors));
  BOOST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(location_and_message(errors[0]) == (dir / "absent.toml").string() + ": no such file");
  errors.clear();
  BOOST_TEST(!DealReader(rules).read_toml_file(dir, deal, errors));
  BOOST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message == "is a directory, not a file");
  write_file(dir / "deal.toml", kToml);
  errors.clear();
  BOOST_TEST(DealReader(rules).read_toml_file(dir / "deal.toml", deal, errors));
  check_worked_example(deal);
}

BOOST_AUTO_TEST_CASE(the_example_deal_reads) {
  Deal deal;
  Diagnostics errors;
  BOOST_TEST(DealReader(*ruleset("classique")).read_toml_file(source_dir() / "examples" / "worked-example.toml", deal, errors));
  BOOST_TEST(errors.empty());
  check_worked_example(deal);
}

BOOST_AUTO_TEST_CASE(card_reuse_follows_the_ruleset) {
  // Seed 000 lets a card serve in a carré and a sequence; seed 001 does not.
  const std::string toml = with(kDeclaredToml, "N = [\"tierce KH\"]", "N = [\"carre J\", \"tierce KH\"]");
  BOOST_TEST(toml_deal_errors(*ruleset("classique"), toml).empty());
  const Diagnostics errors = toml_deal_errors(*ruleset("traditionnelle"), toml);
  BOOST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(location_and_message(errors[0]) ==
             "deal.toml:6:17: 'deal.announcements.N': JH serves in a carré and a sequence, and this ruleset lets no card serve twice");
}

BOOST_AUTO_TEST_CASE(the_documented_deals_read) {
  // Every whole deal shown in docs/deals.md (```toml blocks with a [deal] table, ```json lines).
  const std::string doc = read_file(source_dir() / "docs" / "deals.md");
  int toml_blocks = 0, json_lines = 0;
  for (std::size_t at = doc.find("```"); at != std::string::npos; at = doc.find("```", at)) {
    const std::size_t body = doc.find('\n', at) + 1;
    const std::size_t end = doc.find("```", body);
    const std::string language = doc.substr(at + 3, body - at - 4);
    const std::string text = doc.substr(body, end - body);
    if (language == "toml" && text.find("[deal]\n") != std::string::npos) {
      ++toml_blocks;
      // A deal naming its kind is shown under bulgare.
      const Diagnostics errors = toml_deal_errors(*ruleset(text.find("kind =") != std::string::npos ? "bulgare" : "classique"), text);
      BOOST_TEST(errors.empty(), text << (errors.empty() ? "" : location_and_message(errors[0])));
    } else if (language == "json") {
      ++json_lines;
      const Diagnostics errors = json_deal_errors(*ruleset("classique"), text.substr(0, text.find('\n')));
      BOOST_TEST(errors.empty(), text << (errors.empty() ? "" : location_and_message(errors[0])));
    }
    at = end + 3;
  }
  BOOST_TEST(toml_blocks == 6);
  BOOST_TEST(json_lines == 1);
}

BOOST_AUTO_TEST_CASE(contract_keys_read_the_same_in_toml_and_json) {
  const auto& rules = *ruleset("coinche");
  for (const auto& [input, format] : {std::pair{kCoincheToml, Format::toml}, {kCoincheJson, Format::json}}) {
    Deal deal;
    const Diagnostics errors = format == Format::toml ? toml_deal_errors(rules, input, &deal) : json_deal_errors(rules, input, &deal);
    BOOST_TEST(errors.empty());
    BOOST_TEST(deal.bid == 80);
    BOOST_TEST(deal.named_bid == -1);
    BOOST_TEST(rules.doubling[deal.doubling - 1u].name == "coinche");
    BOOST_TEST(deal.held_over == 2);
    BOOST_TEST(deal.result.seat_tricks_given);
    BOOST_TEST(deal.result.seat_tricks[Seat::N] == 3);
    BOOST_TEST(deal.result.seat_tricks[Seat::W] == 1);
  }
  // A named bid counts its value; names and levels in any case.
  Deal capot;
  BOOST_TEST(toml_deal_errors(rules, with(with(kCoincheToml, "bid = 80", "bid = \"Capot\""), "\"coinche\"", "\"SURCOINCHE\""), &capot).empty());
  BOOST_TEST(capot.bid == 250);
  BOOST_TEST(rules.bids.named[std::size_t(capot.named_bid)].name == "capot");
  BOOST_TEST(rules.doubling[capot.doubling - 1u].factor == 4);
}

namespace {

// A coinche deal in hearts at 80, as a JSON line.
std::string coinche_line() { return with_contract(kQuiet.in_kind("couleur", "H"), {.bid = "80"}).json(); }

// Whether one of `errors` holds `fragment` (all of them shown when none does).
void said(const Diagnostics& errors, const std::string& fragment) {
  std::string all;
  for (const Diagnostic& d : errors) all += "\n  " + d.message;
  BOOST_TEST(all.find(fragment) != std::string::npos, "no error says " << fragment << ":" << all);
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_unknown_kind_lists_each_kind_with_its_aliases_and_trumps) {
  const auto rules = ruleset("coinche");
  BOOST_TEST_REQUIRE(json_deal_errors(*rules, coinche_line()).empty());
  said(json_deal_errors(*rules, with(coinche_line(), "\"kind\": \"couleur\"", "\"kind\": \"XT\"")),
       "unknown kind 'XT' (did you mean 'NT'?) (kinds: couleur or suit (one trump suit), sans-atout or SA or NT (no trump), tout-atout or TA or AT (every suit trumps))");
}

BOOST_AUTO_TEST_CASE(a_kind_given_as_the_trump_points_to_kind) {
  said(json_deal_errors(*ruleset("coinche"), with(coinche_line(), "\"trump\": \"H\"", "\"trump\": \"SA\"")),
       "'trump': 'SA' is a contract kind, not a suit: write kind = \"SA\"");
}

BOOST_AUTO_TEST_CASE(a_doubling_level_given_as_a_key_points_to_doubling) {
  said(json_deal_errors(*ruleset("coinche"), "{\"coinche\": true, " + coinche_line().substr(1)),
       "unknown key 'coinche' (did you mean doubling = \"coinche\"?)");
}
// Every reader of deal inputs (the commands, the sheet, Python) tells TOML from JSON Lines by this name test.
BOOST_AUTO_TEST_CASE(an_input_is_a_toml_deal_file_by_its_name) {
  BOOST_TEST(names_toml_deal_file("deal.toml"));
  BOOST_TEST(names_toml_deal_file("some/dir/x.toml"));
  BOOST_TEST(!names_toml_deal_file("deals.jsonl"));
  BOOST_TEST(!names_toml_deal_file("-"));
  BOOST_TEST(!names_toml_deal_file(".toml"));
  BOOST_TEST(!names_toml_deal_file("deal.TOML"));
  BOOST_TEST(!names_toml_deal_file("deal.toml.bak"));
}

BOOST_AUTO_TEST_SUITE_END()  // test_deal_reader
