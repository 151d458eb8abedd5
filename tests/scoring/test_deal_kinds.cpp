// Deals that name their contract kind (`kind`, TOML and JSON Lines, hands and
// declared forms): every mistake a user can make with a kind, its trump and
// its belotes is refused with its own message at its place; names, aliases
// and case are read alike; card points add up by kind; and the random deals
// of a ruleset with kinds draw every kind and suit, each deal reading back
// and scoring.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_deal_kinds)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

// classique played in the black suits only, or in sans-atout.
std::shared_ptr<const Ruleset> black_suits() {
  static const auto rules = variant("classique", R"(
[kinds.noir]
trumps = "one-suit"
suits = ["S", "C"]
[kinds.sans-atout]
trumps = "none"
points = { A = 19, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }
)");
  return rules;
}

// bulgare with its all-trumps taken out.
std::shared_ptr<const Ruleset> without_all_trumps() {
  static const auto rules = variant("bulgare", "[kinds.all-trumps]\nenabled = false\n");
  return rules;
}

std::shared_ptr<const Ruleset> rules_named(const std::string& name) {
  if (name == "without-all-trumps") return without_all_trumps();
  return name == "black-suits" ? black_suits() : ruleset(name);
}

// A bulgare deal in no-trumps (cards count double: 260 in all). Positions in
// the table below are counted in these texts after the row's edit.
const std::string kToml = R"([deal]
kind = "no-trumps"
taker = "N"
[deal.hands]
N = "7S JS 8H QH 9D KD 10C AC"
E = "8S QS 9H KH 10D AD 7C JC"
S = "9S KS 10H AH 7D JD 8C QC"
W = "10S AS 7H JH 8D QD 9C KC"
[deal.result]
points = { NS = 140, EW = 120 }
tricks = { NS = 5, EW = 3 }
)";

const std::string kJson =
    R"({"kind": "no-trumps", "taker": "N", "hands": {"N": "7S JS 8H QH 9D KD 10C AC", "E": "8S QS 9H KH 10D AD 7C JC", )"
    R"("S": "9S KS 10H AH 7D JD 8C QC", "W": "10S AS 7H JH 8D QD 9C KC"}, "result": {"points": {"NS": 140, "EW": 120}, )"
    R"("tricks": {"NS": 5, "EW": 3}}})";

// A bulgare deal in all-trumps as a score sheet gives it (258 in all): a belote in every suit.
const std::string kDeclaredToml = R"([deal]
kind = "all-trumps"
taker = "N"
belote = ["N", "N", "E"]
[deal.announcements]
N = ["tierce KH"]
[deal.result]
points = { NS = 150, EW = 108 }
tricks = { NS = 5, EW = 3 }
)";

const std::string kDeclaredJson =
    R"({"kind": "all-trumps", "taker": "N", "belote": ["N", "N", "E"], "announcements": {"N": ["tierce KH"]}, )"
    R"("result": {"points": {"NS": 150, "EW": 108}, "tricks": {"NS": 5, "EW": 3}}})";

enum class Format { toml, json };

struct BadDeal {
  std::string rules;
  std::string input;
  Format format;
  std::string message;  // the whole message of exactly one error
  int line;
  int column;
};

std::ostream& operator<<(std::ostream& out, const BadDeal& d) {
  return out << (d.format == Format::toml ? "TOML" : "JSON") << " deal under " << d.rules << " rejected with \"" << d.message << '"';
}

const std::vector<BadDeal> kBadDeals = {
    // The kind's name.
    {"bulgare", with(kToml, "\"no-trumps\"", "\"no-trump\""), Format::toml,
     "'deal.kind': unknown kind 'no-trump' (did you mean 'no-trumps'?) "
     "(kinds: suit or couleur or цвят (one trump suit), no-trumps or sans-atout or без-коз or bez-koz or NT (no trump), all-trumps or tout-atout or всичко-коз or vsichko-koz or AT (every suit trumps))", 2, 8},
    {"bulgare", with(kJson, "\"no-trumps\"", "\"sans atout\""), Format::json,
     "'kind': unknown kind 'sans atout' (did you mean 'sans-atout'?) "
     "(kinds: suit or couleur or цвят (one trump suit), no-trumps or sans-atout or без-коз or bez-koz or NT (no trump), all-trumps or tout-atout or всичко-коз or vsichko-koz or AT (every suit trumps))", 1, 10},
    {"bulgare", with(kToml, "\"no-trumps\"", "2"), Format::toml, "'deal.kind' must be a string, not an integer", 2, 8},
    // A kind the ruleset takes out, by its alias: no "did you mean" of another kind.
    {"without-all-trumps", with(kToml, "\"no-trumps\"", "\"AT\""), Format::toml,
     "'deal.kind': kind 'AT' is taken out of ruleset 'test' by 'kinds.all-trumps.enabled = false' (kinds: suit or couleur or цвят (one trump suit), "
     "no-trumps or sans-atout or без-коз or bez-koz or NT (no trump))", 2, 8},
    {"classique", with(kToml, "kind = \"no-trumps\"", "kind = \"suit\"\ntrump = \"H\""), Format::toml,
     "'deal.kind': this ruleset names no contract kinds; a deal gives its 'deal.trump' alone", 2, 1},
    {"bulgare", with(kToml, "kind = \"no-trumps\"\n", ""), Format::toml,
     "missing key 'deal.kind' or 'deal.trump' (kinds: suit, no-trumps, all-trumps)", 1, 2},
    // The trump suit goes with a one-suit kind, and only with one.
    {"bulgare", with(kToml, "\"no-trumps\"", "\"suit\""), Format::toml,
     "missing key 'deal.trump': kind 'suit' is played with a trump suit", 1, 2},
    {"bulgare", with(kJson, "\"taker\"", "\"trump\": \"H\", \"taker\""), Format::json,
     "'trump': kind 'no-trumps' has no trump suit; leave 'trump' out", 1, 23},
    {"bulgare", with(kDeclaredToml, "taker", "trump = \"S\"\ntaker"), Format::toml,
     "'deal.trump': kind 'all-trumps' has every suit trumps; leave 'deal.trump' out", 3, 1},
    {"black-suits", with(kToml, "kind = \"no-trumps\"", "kind = \"noir\"\ntrump = \"H\""), Format::toml,
     "'deal.trump': kind 'noir' is played with S or C as trumps, not H", 3, 9},
    {"black-suits", with(kJson, "\"kind\": \"no-trumps\"", "\"trump\": \"D\""), Format::json,
     "'trump': no kind of this ruleset is played with D as trumps; name the deal's 'kind' (kinds: noir, sans-atout)", 1, 11},
    {"bulgare", with(kToml, "kind = \"no-trumps\"", "kind = \"suit\"\ntrump = \"X\""), Format::toml,
     "'deal.trump': unknown suit 'X' (suits: S H D C)", 3, 9},
    // Announcements the kind does not declare.
    {"bulgare", with(kDeclaredToml, "\"all-trumps\"", "\"no-trumps\""), Format::toml,
     "'deal.announcements.N': tierce is not declared in kind 'no-trumps' (kinds.no-trumps.announcements)", 6, 6},
    {"bulgare",
     R"({"kind": "no-trumps", "taker": "N", "announcements": {"N": ["carre J"]}, )"
     R"("result": {"points": {"NS": 150, "EW": 110}, "tricks": {"NS": 5, "EW": 3}}})",
     Format::json, "'announcements.N': carre-J is not declared in kind 'no-trumps' (kinds.no-trumps.announcements)", 1, 61},
    // Belotes: none in no-trumps, one in a trump suit, one per suit in all-trumps.
    {"bulgare", with(with(kDeclaredToml, "\"all-trumps\"", "\"no-trumps\""), "N = [\"tierce KH\"]", ""), Format::toml,
     "'deal.belote': there is no belote in kind 'no-trumps' (kinds.no-trumps.belote = \"nowhere\")", 4, 1},
    {"bulgare", with(kDeclaredToml, "kind = \"all-trumps\"", "kind = \"suit\"\ntrump = \"S\""), Format::toml,
     "'deal.belote' names one seat: a deal has one belote in kind 'suit'", 5, 10},
    // A sequence's or carré's name alone.
    {"classique",
     R"({"trump": "H", "taker": "N", "announcements": {"N": ["tierce"]}, )"
     R"("result": {"points": {"NS": 100, "EW": 62}, "tricks": {"NS": 5, "EW": 3}}})",
     Format::json, "'announcements.N': 'tierce' needs its top card (a sequence is written by its top card, e.g. 'tierce KH')", 1,
     54},
    {"classique",
     R"({"trump": "H", "taker": "N", "announcements": {"E": ["Carré"]}, )"
     R"("result": {"points": {"NS": 100, "EW": 62}, "tricks": {"NS": 5, "EW": 3}}})",
     Format::json, "'announcements.E': 'Carré' needs its rank (a carré is written 'carre RANK', e.g. 'carre J')", 1, 54},
    // A ruleset that scores no belote: klaverjas' king and queen of trumps are roem.
    {"klaverjas",
     R"({"trump": "H", "taker": "N", "announcements": {}, "belote": "N", )"
     R"("result": {"points": {"NS": 100, "EW": 62}, "tricks": {"NS": 5, "EW": 3}}})",
     Format::json,
     "'belote': ruleset 'klaverjas' scores no belote (belote.points = 0); its king and queen of trumps in one trick are roem "
     "(roem.stuk)", 1, 51},
    {"klaverjas",
     R"({"trump": "H", "taker": "N", "announcements": {"NS": 20}, )"
     R"("result": {"points": {"NS": 100, "EW": 62}, "tricks": {"NS": 5, "EW": 3}}})",
     Format::json,
     "'announcements.NS': no announcement scores under ruleset 'klaverjas' (every sequence and carré is worth 0); roem is "
     "given with the result's 'roem'", 1, 54},
    {"classique", with(with(kDeclaredToml, "kind = \"all-trumps\"", "trump = \"S\""), "points = { NS = 150, EW = 108 }",
                       "points = { NS = 54, EW = 108 }"),
     Format::toml, "'deal.belote' names one seat: a deal has one belote", 4, 10},
    {"bulgare", with(kDeclaredJson, "[\"N\", \"N\", \"E\"]", "[\"N\", \"N\", \"N\", \"N\", \"N\"]"), Format::json,
     "'belote': N holds at most 4 belotes, one per suit", 1, 69},
    {"bulgare", with(kDeclaredToml, "[\"N\", \"N\", \"E\"]", "[\"N\", \"E\", \"S\", \"W\", \"N\"]"), Format::toml,
     "'deal.belote' declares 5 belotes; a deal holds 4 at most, one per suit", 4, 10},
    {"bulgare", with(kDeclaredToml, "[\"N\", \"N\", \"E\"]", "[\"N\", \"NS\"]"), Format::toml,
     "'deal.belote': unknown seat 'NS' (seats: N E S W)", 4, 16},
    // Card points add up to the kind's total.
    {"bulgare", with(kToml, "NS = 140, EW = 120", "NS = 81, EW = 81"), Format::toml,
     "'deal.result.points' adds up to 162; the card points of a mène in no-trumps add up to 260", 10, 10},
    {"bulgare", with(kDeclaredJson, "\"EW\": 108}", "\"EW\": 110}"), Format::json,
     "'result.points' adds up to 260; the card points of a mène in all-trumps add up to 258", 1, 125},
    {"bulgare", with(kToml, "kind = \"no-trumps\"", "kind = \"suit\"\ntrump = \"H\""), Format::toml,
     "'deal.result.points' adds up to 260; the card points of a mène in suit add up to 162", 11, 10},
    {"bulgare", with(kToml, "NS = 140, EW = 120", "NS = 261, EW = 0"), Format::toml,
     "'deal.result.points.NS' must be an integer from 0 to 260", 10, 17},
    {"bulgare", with(with(kToml, "kind = \"no-trumps\"", "trump = \"H\""), "NS = 140, EW = 120", "NS = 200, EW = 60"), Format::toml,
     "'deal.result.points.NS' must be an integer from 0 to 162", 10, 17},
};

Diagnostics errors_of(const BadDeal& d) {
  const Ruleset& rules = *rules_named(d.rules);
  return d.format == Format::toml ? toml_deal_errors(rules, d.input) : json_deal_errors(rules, d.input);
}

}  // namespace

BOOST_DATA_TEST_CASE(a_deal_with_a_wrong_kind_trump_or_belote_is_rejected_at_its_place, bdata::make(kBadDeals), bad) {
  const Diagnostics errors = errors_of(bad);
  std::string all;
  for (const Diagnostic& e : errors) all += "  " + location_and_message(e) + "\n";
  const auto found = std::find_if(errors.begin(), errors.end(), [&](const Diagnostic& e) { return e.message == bad.message; });
  BOOST_TEST_REQUIRE((found != errors.end()), "errors:\n" << all);
  BOOST_TEST(found->line == bad.line, all);
  BOOST_TEST(found->column == bad.column, all);
}

BOOST_AUTO_TEST_CASE(each_rejection_has_its_own_message) {
  std::set<std::string> messages;
  for (const BadDeal& d : kBadDeals) BOOST_TEST(messages.insert(d.message).second, "repeated: " << d.message);
}

BOOST_AUTO_TEST_CASE(the_base_deals_read_and_add_up_by_kind) {
  const Ruleset& rules = *ruleset("bulgare");
  for (const auto& [text, format] : {std::pair{kToml, Format::toml}, {kJson, Format::json}, {kDeclaredToml, Format::toml},
                                     {kDeclaredJson, Format::json}}) {
    Deal deal;
    const Diagnostics errors = format == Format::toml ? toml_deal_errors(rules, text, &deal) : json_deal_errors(rules, text, &deal);
    BOOST_TEST(errors.empty(), text);
    BOOST_TEST(deal.kind_given);
  }
  // No-trumps: 260 card points, nothing declared, no belote.
  const Outcome no_trumps = evaluate(rules, deal_from_toml(rules, kToml));
  BOOST_TEST(rules.kinds[deal_from_toml(rules, kToml).kind].name == "no-trumps");
  BOOST_TEST(no_trumps.card_points == (PerTeam<int>{{140, 120}}));
  // Each side's own total, before bulgare rounds it to tens for the board.
  BOOST_TEST(no_trumps.written_raw == (PerTeam<int>{{140, 120}}));
  // All-trumps: N's two belotes and E's one, 20 each, beside N's tierce.
  const Deal all_trumps = deal_from_toml(rules, kDeclaredToml);
  BOOST_TEST(all_trumps.belotes[Seat::N] == 2);
  BOOST_TEST(all_trumps.belotes[Seat::E] == 1);
  const Outcome out = evaluate(rules, all_trumps);
  BOOST_TEST(out.belote_points == (PerTeam<int>{{40, 20}}));
  BOOST_TEST(out.scored_announcements == (PerTeam<int>{{20, 0}}));
  BOOST_TEST(out.written_raw == (PerTeam<int>{{150 + 20 + 40, 108 + 20}}));
}

BOOST_AUTO_TEST_CASE(a_kind_is_named_by_its_name_or_an_alias_in_any_case) {
  const Ruleset& rules = *ruleset("bulgare");
  for (const auto& [spelling, expected] : std::vector<std::pair<std::string, std::string>>{
           {"no-trumps", "no-trumps"}, {"No-Trumps", "no-trumps"}, {"SANS-ATOUT", "no-trumps"}, {"без-коз", "no-trumps"}, {"БЕЗ-КОЗ", "no-trumps"},
           {"bez-koz", "no-trumps"}, {"All-Trumps", "all-trumps"}, {"tout-atout", "all-trumps"}, {"vsichko-koz", "all-trumps"}}) {
    // No-trumps cards add up to 260, all-trumps cards to 258.
    const std::string points = expected == "no-trumps" ? "NS = 140, EW = 120" : "NS = 140, EW = 118";
    const Deal deal = deal_from_toml(rules, with(with(kToml, "\"no-trumps\"", "\"" + spelling + "\""), "NS = 140, EW = 120", points));
    BOOST_TEST(rules.kinds[deal.kind].name == expected, spelling);
    Deal from_json;
    BOOST_TEST(json_deal_errors(rules, with(with(kJson, "\"no-trumps\"", "\"" + spelling + "\""), "\"EW\": 120", expected == "no-trumps" ? "\"EW\": 120" : "\"EW\": 118"), &from_json).empty());
    BOOST_TEST(from_json.kind == deal.kind);
  }
  for (const std::string spelling : {"suit", "Couleur", "цвят", "Цвят"}) {
    const Deal deal = deal_from_toml(rules, with(with(kToml, "\"no-trumps\"", "\"" + spelling + "\"\ntrump = \"D\""),
                                                 "NS = 140, EW = 120", "NS = 90, EW = 72"));
    BOOST_TEST(rules.kinds[deal.kind].name == "suit", spelling);
    BOOST_TEST(rules.deck.suits[deal.trump] == "D");
  }
}

BOOST_AUTO_TEST_CASE(a_deal_giving_only_its_trump_is_played_in_that_suits_kind) {
  const Ruleset& rules = *ruleset("bulgare");
  const Deal deal = deal_from_toml(rules, with(with(kToml, "kind = \"no-trumps\"", "trump = \"S\""), "NS = 140, EW = 120",
                                               "NS = 90, EW = 72"));
  BOOST_TEST(!deal.kind_given);
  BOOST_TEST(rules.kinds[deal.kind].name == "suit");
  BOOST_TEST(rules.deck.suits[deal.trump] == "S");
  // And under a ruleset without kinds, as always.
  const Deal classic = deal_from_toml(*ruleset("classique"), kQuiet.toml());
  BOOST_TEST(classic.kind == 0);
  BOOST_TEST(!classic.kind_given);
}

BOOST_AUTO_TEST_CASE(the_outcome_and_the_deal_written_back_name_the_kind_and_the_belotes) {
  const Ruleset& rules = *ruleset("bulgare");
  const Deal deal = deal_from_toml(rules, kDeclaredToml);
  const auto json = outcome_json(rules, deal, evaluate(rules, deal));
  BOOST_TEST(json["kind"] == "all-trumps");
  BOOST_TEST(json["trump"].is_null());
  BOOST_TEST(json["belote"].is_null());  // more than one
  BOOST_TEST(json["belotes"] == nlohmann::ordered_json::parse(R"(["N", "N", "E"])"));
  // The deal written as JSON reads back to the same deal.
  const std::string line = deal_json(rules, deal).dump();
  BOOST_TEST(line.find(R"("kind":"all-trumps")") != std::string::npos, line);
  BOOST_TEST(line.find(R"("belote":["N","N","E"])") != std::string::npos, line);
  BOOST_TEST(line.find("\"trump\"") == std::string::npos, line);
  Deal again;
  BOOST_TEST(json_deal_errors(rules, line, &again).empty());
  BOOST_TEST(again.kind == deal.kind);
  BOOST_TEST((again.belotes == deal.belotes));
  // A suit deal reports its trump and its kind.
  const Deal in_suit = deal_from_toml(rules, with(with(kToml, "kind = \"no-trumps\"", "trump = \"S\""), "NS = 140, EW = 120",
                                                  "NS = 90, EW = 72"));
  const auto suit_json = outcome_json(rules, in_suit, evaluate(rules, in_suit));
  BOOST_TEST(suit_json["kind"] == "suit");
  BOOST_TEST(suit_json["trump"] == "S");
}

namespace {

// The deals `belote deal --random` writes for a ruleset, one JSON object a line.
std::vector<nlohmann::json> random_deals(const std::string& ruleset_name, int count, int seed) {
  const RunResult run = run_belote({"deal", "--random", std::to_string(count), "--seed", std::to_string(seed), "--ruleset", ruleset_name});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::vector<nlohmann::json> deals;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);) deals.push_back(nlohmann::json::parse(line));
  BOOST_TEST(deals.size() == std::size_t(count));
  return deals;
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_deals_draw_every_kind_and_suit_and_each_reads_and_scores) {
  const Ruleset& rules = *ruleset("bulgare");
  const auto deals = random_deals("bulgare", 3000, 11);
  std::map<std::string, int> drawn;  // "no-trumps", "suit H", ...
  int read = 0, scored = 0;
  for (const nlohmann::json& line : deals) {
    const std::string kind = line.at("kind");
    drawn[line.contains("trump") ? kind + " " + line.at("trump").get<std::string>() : kind] += 1;
    BOOST_TEST(line.contains("trump") == (kind == "suit"));
    Deal deal;
    const Diagnostics errors = json_deal_errors(rules, line.dump(), &deal);
    BOOST_TEST(errors.empty(), line.dump() << (errors.empty() ? "" : "\n" + location_and_message(errors[0])));
    if (!errors.empty()) continue;
    ++read;
    const int total = line.at("result").at("points").at("NS").get<int>() + line.at("result").at("points").at("EW").get<int>();
    BOOST_TEST(total == rules.kinds[deal.kind].total_card_points());
    const Outcome out = evaluate(rules, deal);
    scored += out.contract != ContractResult::none;
  }
  BOOST_TEST(read == 3000);
  BOOST_TEST(scored == 3000);
  // Six choices: the four suits, no-trumps, all-trumps; each about a sixth of the deals.
  BOOST_TEST(drawn.size() == 6u);
  for (const auto& [what, count] : drawn) BOOST_TEST((count > 400 && count < 600), what << ": " << count);
  BOOST_TEST(rules.kinds[std::size_t(*rules.find_kind("no-trumps"))].total_card_points() == 260);
  BOOST_TEST(rules.kinds[std::size_t(*rules.find_kind("all-trumps"))].total_card_points() == 258);
}

BOOST_AUTO_TEST_CASE(random_deals_of_a_ruleset_without_kinds_are_unchanged) {
  // A ruleset without kinds draws a trump as before: the same deals as the deck's own.
  const RunResult by_ruleset = run_belote({"deal", "--random", "50", "--seed", "3", "--ruleset", "classique"});
  BOOST_TEST(by_ruleset.status == 0);
  BOOST_TEST(by_ruleset.out == random_deal_lines(3, 50));
  BOOST_TEST(by_ruleset.out.find("kind") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()  // test_deal_kinds
