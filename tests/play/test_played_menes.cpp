// Played mènes as deal input (the rule book, part 3: play.md): every error
// of its section 6 for the worked mène of 5.2 (tests/data/play/mene-errors.toml),
// what is said and when (announcements said in trick 1, the belote said with
// its card), and over random legal play, a played mène scores exactly as the
// same deal written with its hands and the derived result.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <random>
#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include <fmt/format.h>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_played_menes)

using namespace belote;
using namespace belote::test;
using nlohmann::json;
namespace bdata = boost::unit_test::data;

namespace {

std::string worked_mene() { return read_file(tests_dir() / "cases" / "play-classique-worked-mene.toml"); }

struct MeneError {
  std::string fault, message;
  std::vector<std::pair<std::string, std::string>> replace;
  friend std::ostream& operator<<(std::ostream& out, const MeneError& e) { return out << e.fault; }
};

std::vector<MeneError> mene_errors() {
  const toml::table file = toml::parse_file((tests_dir() / "data" / "play" / "mene-errors.toml").string());
  std::vector<MeneError> all;
  for (const toml::node& node : *file["error"].as_array()) {
    const toml::table& t = *node.as_table();
    MeneError e{*t["fault"].value<std::string>(), *t["message"].value<std::string>(), {}};
    for (const toml::node& pair : *t["replace"].as_array())
      e.replace.emplace_back(*(*pair.as_array())[0].value<std::string>(), *(*pair.as_array())[1].value<std::string>());
    all.push_back(e);
  }
  return all;
}

// The deal text without the case's expectations (a deal file holds them, but the reader ignores them).
Outcome score(const Ruleset& rules, const std::string& toml, Deal* out = nullptr) {
  Deal deal;
  const Diagnostics errors = toml_deal_errors(rules, toml, &deal);
  BOOST_TEST_REQUIRE(errors.empty(), (errors.empty() ? "" : errors.begin()->message));
  if (out) *out = deal;
  return evaluate(rules, deal);
}

}  // namespace

BOOST_DATA_TEST_CASE(every_error_of_the_rule_book_is_given, bdata::make(mene_errors()), e) {
  std::string toml = worked_mene();
  for (const auto& [from, to] : e.replace) toml = with(toml, from, to);
  const Diagnostics errors = toml_deal_errors(*ruleset("classique"), toml);
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors.begin()->message == e.message);
  BOOST_TEST(errors.begin()->line > 0);
  BOOST_TEST(errors.begin()->column > 0);
}

// Classique scores a revoke ([play.revoke]), yet the illegal card above is refused: the mène does not
// state one. Stated (`revoke`, with the trick and seat the rule book's message names), it is scored.
BOOST_DATA_TEST_CASE(an_illegal_card_is_a_revoke_only_where_the_mene_states_it, bdata::make(mene_errors()), e) {
  if (e.message.find("is not legal") == std::string::npos) return;
  BOOST_TEST_REQUIRE(ruleset("classique")->play.revoke.given);
  std::string toml = worked_mene();
  for (const auto& [from, to] : e.replace) toml = with(toml, from, to);
  // "trick 5, E: QC is not legal ...": the trick and seat that revoked.
  const std::size_t comma = e.message.find(',');
  const std::string trick = e.message.substr(6, comma - 6);
  const std::string seat = e.message.substr(comma + 2, 1);
  toml = with(toml, "first = \"N\"\n", fmt::format("first = \"N\"\nrevoke = {{ seat = \"{}\", trick = {} }}\n", seat, trick));
  Deal deal;
  const Outcome outcome = score(*ruleset("classique"), toml, &deal);
  BOOST_TEST_REQUIRE(deal.result.revoke.has_value());
  BOOST_TEST(name(*deal.result.revoke) == seat);
  BOOST_TEST(deal.result.revoke_trick == std::stoi(trick));
  // The side at fault loses the mène: the other writes at least all 162 card points.
  BOOST_TEST(outcome.score[other(team_of(*deal.result.revoke))] >= 162);
}

BOOST_AUTO_TEST_CASE(the_worked_mene_gives_its_tricks_and_card_points) {
  Deal deal;
  score(*ruleset("classique"), worked_mene(), &deal);
  BOOST_TEST(deal.result.points[Team::NS] == 126);
  BOOST_TEST(deal.result.points[Team::EW] == 36);
  BOOST_TEST(deal.result.tricks[Team::NS] == 6);
  BOOST_TEST(deal.result.tricks[Team::EW] == 2);
  BOOST_TEST((deal.result.seat_tricks == PerSeat<int>{{3, 1, 3, 1}}));
}

BOOST_AUTO_TEST_CASE(without_the_undertrump_duty_the_changed_mene_is_accepted) {
  // play.md 5.2: had E discarded QC in trick 5, keeping 10D, the mène is refused
  // under classique and accepted without the duty to undertrump, E's 10D then
  // winning trick 8: NS 92, EW 70.
  std::string toml = with(worked_mene(), R"(["QS", "AD", "JD", "10D"])", R"(["QS", "AD", "JD", "QC"])");
  toml = with(toml, R"(["KD rebelote", "QC", "10H", "8C"])", R"(["KD rebelote", "10D", "10H", "8C"])");
  LoadedRuleset free = load_text("extends = \"classique\"\n[play]\nundertrump = \"free\"\n");
  BOOST_TEST_REQUIRE(free.errors.empty());
  Deal deal;
  score(*free.ruleset, toml, &deal);
  BOOST_TEST(deal.result.points[Team::NS] == 92);
  BOOST_TEST(deal.result.points[Team::EW] == 70);
}

BOOST_AUTO_TEST_CASE(an_announcement_not_said_is_lost) {
  // N does not say his cinquante: S's tierce is the best said, NS 126 + 20 + 20 (belote).
  const std::string toml = with(worked_mene(), R"(said = { N = ["10S JS QS KS"], S = ["JD QD KD"] })", R"(said = { S = ["JD QD KD"] })");
  const Outcome outcome = score(*ruleset("classique"), toml);
  BOOST_TEST(outcome.score[Team::NS] == 166);
  BOOST_TEST(outcome.score[Team::EW] == 36);
}

BOOST_AUTO_TEST_CASE(a_belote_said_late_is_lost_where_it_must_be_said_with_the_first_card) {
  // S says nothing with the queen, "belote" with the king only.
  std::string toml = with(worked_mene(), R"("QD belote")", R"("QD")");
  toml = with(toml, R"("KD rebelote")", R"("KD belote")");
  BOOST_TEST(score(*ruleset("classique"), toml).score[Team::NS] == 196);
  // Where either card will do (Schieber's Stöck), or holding is enough (belot.exe), it counts.
  LoadedRuleset either = load_text("extends = \"classique\"\n[play]\nbelote_call = \"first-or-second\"\n");
  BOOST_TEST_REQUIRE(either.errors.empty());
  BOOST_TEST(score(*either.ruleset, toml).score[Team::NS] == 216);
  LoadedRuleset held = load_text("extends = \"classique\"\n[play]\nbelote_call = \"held\"\n");
  BOOST_TEST(score(*held.ruleset, toml).score[Team::NS] == 216);
  // Nothing said at all, with spoken = false: everything held is declared, as a deal of hands.
  std::string unspoken = with(with(with(worked_mene(), "spoken = true\n", ""), R"(said = { N = ["10S JS QS KS"], S = ["JD QD KD"] })", ""),
                              R"("QD belote")", R"("QD")");
  BOOST_TEST(score(*ruleset("classique"), unspoken).score[Team::NS] == 216);
}

BOOST_AUTO_TEST_CASE(the_words_said_are_the_rule_books_and_the_rulesets) {
  // The words of any played mène (play.md 1), any case, and a ruleset's own words and aliases.
  const std::string stoeck = with(with(worked_mene(), R"("QD belote")", R"("QD Stöck")"), R"("KD rebelote")", R"("KD stoeck")");
  BOOST_TEST(score(*ruleset("classique"), stoeck).score[Team::NS] == 216);
  LoadedRuleset own = load_text("extends = \"classique\"\n[belote]\nwords = [\"belot\"]\naliases = [\"bela\"]\n");
  BOOST_TEST_REQUIRE(own.errors.empty());
  const std::string belot = with(with(worked_mene(), R"("QD belote")", R"("QD Belot")"), R"("KD rebelote")", R"("KD bela")");
  BOOST_TEST(score(*own.ruleset, belot).score[Team::NS] == 216);
  BOOST_TEST(score(*own.ruleset, worked_mene()).score[Team::NS] == 216);
  // Another word is refused, with the words heard.
  const Diagnostics errors = toml_deal_errors(*own.ruleset, with(worked_mene(), R"("QD belote")", R"("QD stuk")"));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors.begin()->message ==
             "trick 7, S: unknown word 'stuk' said with QD (words: belote, rebelote, stöck, stock, stoeck, belot, bela: belote.words)");
}

BOOST_AUTO_TEST_CASE(a_rebelote_is_needed_only_where_the_ruleset_says_so) {
  const std::string toml = with(worked_mene(), R"("KD rebelote")", R"("KD")");
  BOOST_TEST(score(*ruleset("classique"), toml).score[Team::NS] == 216);
  BOOST_TEST(score(*ruleset("classique-rebelote"), toml).score[Team::NS] == 196);
  BOOST_TEST(score(*ruleset("classique-rebelote"), worked_mene()).score[Team::NS] == 216);
}

// The explanation of a played mène says what the play decided (play.md 1.3, 3.1, 3.2, 3.4).
BOOST_AUTO_TEST_CASE(the_explanation_gives_each_tricks_winner_and_why) {
  const Ruleset& rules = *ruleset("klaverjas");
  const Deal deal = deal_from_toml(rules, read_file(tests_dir() / "cases" / "play-klaverjas-worked-mene.toml"));
  const auto steps = explain(rules, deal, evaluate(rules, deal));
  const auto tricks = std::find_if(steps.begin(), steps.end(), [](const Step& s) { return s.kind == StepKind::tricks; });
  BOOST_TEST_REQUIRE((tricks != steps.end()));
  BOOST_TEST(tricks->text ==
             "The tricks: 1 W with AH; 2 N with AC; 3 N with JD, roem 40 to NS (a run of 3 cards to KD: roem.runs; the stuk: "
             "roem.stuk); 4 W with 10D, a trump on a H lead; 5 W with JS, roem 20 to EW (a run of 3 cards to 9S: roem.runs); "
             "6 N with 9D, a trump on a S lead; 7 W with AD, a trump on a H lead; 8 W with KS.");
  // A deal written with its result has no tricks to tell.
  Deal written = deal;
  written.played_count = 0;
  const auto none = explain(rules, written, evaluate(rules, written));
  BOOST_TEST(std::none_of(none.begin(), none.end(), [](const Step& s) { return s.kind == StepKind::tricks; }));
}

BOOST_AUTO_TEST_CASE(the_explanation_names_what_was_held_and_not_said) {
  std::string toml = with(worked_mene(), "\"QD belote\"", "\"QD\"");
  toml = with(toml, "said = { N = [\"10S JS QS KS\"], S = [\"JD QD KD\"] }", "said = { N = [\"10S JS QS KS\"] }");
  const Ruleset& rules = *ruleset("classique");
  Deal deal;
  const Outcome out = score(rules, toml, &deal);
  std::string text;
  for (const Step& step : explain(rules, deal, out)) text += step.text + "\n";
  BOOST_TEST(text.find("S held tierce to KD (JD QD KD) but did not declare it in trick 1: it does not count (spoken = true).") !=
                 std::string::npos, text);
  BOOST_TEST(text.find("S said nothing with QD, the belote's first card played, only with KD: too late, it does not count "
                       "(play.belote_call = \"first\").") != std::string::npos,
             text);
  BOOST_TEST(text.find("Nobody holds the belote") == std::string::npos, text);
  BOOST_TEST(out.score[Team::NS] == 176);
}

// Each way a pair held fails to count is told with the key that decides it.
BOOST_AUTO_TEST_CASE(the_explanation_says_why_a_belote_held_does_not_count) {
  const auto text_of = [](const Ruleset& rules, const std::string& toml) {
    Deal deal;
    const Outcome out = score(rules, toml, &deal);
    std::string text;
    for (const Step& step : explain(rules, deal, out)) text += step.text + "\n";
    return text;
  };
  const std::string no_rebelote = with(worked_mene(), "\"KD rebelote\"", "\"KD\"");
  BOOST_TEST(text_of(*ruleset("classique-rebelote"), no_rebelote)
                     .find("S said \"belote\" with QD but not \"rebelote\" with KD: the belote does not count "
                           "(play.rebelote_required).") != std::string::npos,
             text_of(*ruleset("classique-rebelote"), no_rebelote));
  // Under classique "rebelote" may be left unsaid: the belote counts, and nothing is said of it.
  BOOST_TEST(text_of(*ruleset("classique"), no_rebelote).find("does not count (play.") == std::string::npos);
  const std::string unsaid = with(no_rebelote, "\"QD belote\"", "\"QD\"");
  BOOST_TEST(text_of(*ruleset("classique"), unsaid)
                     .find("S held the belote (QD KD) but said nothing with its cards: it does not count "
                           "(play.belote_call = \"first\").") != std::string::npos,
             text_of(*ruleset("classique"), unsaid));
}

BOOST_AUTO_TEST_CASE(a_played_mene_gives_the_play_or_the_result_not_both) {
  const std::string toml = with(worked_mene(), "[deal.hands]", "[deal.result]\npoints = { NS = 126, EW = 36 }\ntricks = { NS = 6, EW = 2 }\n\n[deal.hands]");
  const Diagnostics errors = toml_deal_errors(*ruleset("classique"), toml);
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors.begin()->message == "'deal.play' and 'deal.result' are both given: a deal gives the play or its result, not both");
}

namespace {

// A random mène, each card drawn uniformly from the legal ones, as a JSON line
// of the play and as the same deal of hands and the result it gives.
std::pair<std::string, std::string> random_mene(const Ruleset& rules, std::mt19937_64& random) {
  const Deck& deck = rules.deck;
  std::vector<Card> cards;
  for (CardSet all = deck.all_cards(); all;) cards.push_back(pop_lowest(all));
  std::shuffle(cards.begin(), cards.end(), random);
  PerSeat<CardSet> hands;
  for (std::size_t i = 0; i < cards.size(); ++i) hands[kSeats[i % 4]] |= card_bit(cards[i]);
  const int kind = int(random() % rules.kinds.size());
  const ContractKind& k = rules.kinds[std::size_t(kind)];
  Suit trump = Suit(random() % kSuitCount);
  while (k.trumps == Trumps::one_suit && !k.in_suit(trump)) trump = Suit((trump + 1) % kSuitCount);
  const Seat first = kSeats[random() % 4];
  const Seat taker = kSeats[random() % 4];
  PlayedMene mene(PlayContext(rules, kind, trump), hands, first);
  json tricks = json::array(), trick = json::array();
  while (!mene.over()) {
    std::vector<Card> legal;
    for (CardSet set = mene.legal(); set;) legal.push_back(pop_lowest(set));
    const Card card = legal[random() % legal.size()];
    trick.push_back(deck.card_name(card));
    mene.play(card);
    if (trick.size() == 4) {
      tricks.push_back(trick);
      trick = json::array();
    }
  }
  json deal = {{"taker", std::string(name(taker))}, {"first", std::string(name(first))}};
  if (rules.kinds_named) deal["kind"] = k.name;
  if (k.trumps == Trumps::one_suit) deal["trump"] = deck.suits[trump];
  json played = deal, written = deal;
  played["play"] = tricks;
  for (Seat seat : kSeats) written["hands"][std::string(name(seat))] = deck.cards_text(hands[seat]);
  for (Team team : kTeams) {
    written["result"]["points"][std::string(name(team))] = mene.points()[team];
    written["result"]["tricks"][std::string(name(team))] = mene.tricks_won()[team];
  }
  for (Seat seat : kSeats) written["result"]["tricks_by_seat"][std::string(name(seat))] = mene.tricks_by_seat()[seat];
  if (rules.roem.any())
    for (Team team : kTeams) written["result"]["roem"][std::string(name(team))] = mene.roem()[team];
  return {played.dump(), written.dump()};
}

}  // namespace

// The rulesets with the classic contract, and those that count roem, whose
// written form gives the roem of the tricks.
std::vector<std::string> rulesets_without_bids() {
  std::vector<std::string> names = classic_contract_ruleset_names();
  for (const char* name : {"klaverjas", "klaverjas-amsterdam", "klaverjas-geen-ondertroef"}) names.push_back(name);
  return names;
}

BOOST_DATA_TEST_CASE(a_played_mene_scores_as_its_hands_and_derived_result, bdata::make(rulesets_without_bids()), name) {
  const auto rules = ruleset(name);
  std::mt19937_64 random(7);
  for (int i = 0; i < int(scaled(500)); ++i) {
    const auto [played_line, written_line] = random_mene(*rules, random);
    Deal played, written;
    const Diagnostics played_errors = json_deal_errors(*rules, played_line, &played);
    BOOST_TEST_REQUIRE(played_errors.empty(), played_line << ": " << (played_errors.empty() ? std::string() : played_errors.begin()->message));
    BOOST_TEST_REQUIRE(json_deal_errors(*rules, written_line, &written).empty(), written_line);
    BOOST_TEST_REQUIRE(played.played_count == 4 * rules->deck.hand_size);
    // The same deal, the cards in play order aside (which only the explanation reads).
    Deal facts = played;
    facts.played = {};
    facts.played_count = 0;
    BOOST_TEST_REQUIRE((facts == written), played_line);
    const Outcome a = evaluate(*rules, played), b = evaluate(*rules, written);
    BOOST_TEST_REQUIRE((a.score == b.score), played_line);
  }
}

// Each pair held gets its call from what was said with its cards, in order
// (play.md 3.2): the reasons the explanation gives come from here.
BOOST_AUTO_TEST_CASE(each_belote_pair_held_gets_its_call) {
  const auto rules = ruleset("bulgare-belot-dite");  // belote_call = "first", belote_led_or_followed
  const Deck& deck = rules->deck;
  const auto card = [&](std::string_view name) { return *deck.parse_card(name); };
  // In all-trumps N holds the pairs of hearts and spades, E that of clubs.
  PerSeat<CardSet> hands;
  for (std::string_view c : {"QH", "KH", "QS", "KS"}) hands[Seat::N] |= card_bit(card(c));
  for (std::string_view c : {"QC", "KC"}) hands[Seat::E] |= card_bit(card(c));
  const PlayContext all_trumps(*rules, *rules->find_kind("all-trumps"), 0);
  // Trick 1: N leads QH saying the word, E follows with 7H. Trick 2: W leads a diamond, N discards QS with the
  // word. Trick 3: E leads KC with nothing, then QC later with the word. N's KH and KS close their pairs.
  const std::vector<SpokenCard> cards{
      {card("QH"), Seat::N, true},  {card("7H"), Seat::E, false}, {card("8H"), Seat::S, false}, {card("9H"), Seat::W, false},
      {card("7D"), Seat::W, false}, {card("QS"), Seat::N, true},  {card("8D"), Seat::E, false}, {card("9D"), Seat::S, false},
      {card("KC"), Seat::E, false}, {card("7C"), Seat::S, false}, {card("8C"), Seat::W, false}, {card("KH"), Seat::N, false},
      {card("QC"), Seat::E, true},  {card("9C"), Seat::S, false}, {card("10C"), Seat::W, false}, {card("KS"), Seat::N, false},
  };
  const std::vector<BelotePair> pairs = belote_pairs(all_trumps, hands, cards);
  BOOST_TEST_REQUIRE(pairs.size() == 3u);
  const auto call_of = [&](Seat seat, Suit suit) {
    const auto it = std::find_if(pairs.begin(), pairs.end(), [&](const BelotePair& p) { return p.seat == seat && p.suit == suit; });
    BOOST_TEST_REQUIRE((it != pairs.end()));
    return *it;
  };
  const BelotePair hearts = call_of(Seat::N, suit_of(card("QH")));
  BOOST_TEST((hearts.call == PairCall::counts));
  BOOST_TEST((hearts.first == card("QH") && hearts.second == card("KH")));
  BOOST_TEST((call_of(Seat::N, suit_of(card("QS"))).call == PairCall::discarded));
  BOOST_TEST((call_of(Seat::E, suit_of(card("QC"))).call == PairCall::said_late));
  BOOST_TEST((belotes_said(all_trumps, hands, cards) == PerSeat<std::uint8_t>{{1, 0, 0, 0}}));
  // Under classique-rebelote, hearts trumps: the word with QH and none with KH loses the pair.
  const auto rebelote = ruleset("classique-rebelote");
  PerSeat<CardSet> hearts_only;
  hearts_only[Seat::N] = card_bit(card("QH")) | card_bit(card("KH"));
  const PlayContext in_hearts(*rebelote, 0, suit_of(card("QH")));
  const std::vector<BelotePair> lost = belote_pairs(in_hearts, hearts_only, std::span(cards).first(12));
  BOOST_TEST_REQUIRE(lost.size() == 1u);
  BOOST_TEST((lost[0].call == PairCall::no_rebelote));
  // Nothing said with either card.
  std::vector<SpokenCard> silent(cards.begin(), cards.begin() + 12);
  silent[0].word = false;
  BOOST_TEST((belote_pairs(in_hearts, hearts_only, silent)[0].call == PairCall::unsaid));
}

BOOST_AUTO_TEST_SUITE_END()  // test_played_menes
