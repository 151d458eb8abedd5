// Oliboy50's coinche game, 1,000 recorded rounds (tests/data/oliboy50-coinche,
// with its README and licence note): played again card by card under the
// ruleset written from the game's conventions (oliboy50.toml there), every
// card's legal set (32,000), every trick's winner (8,000) and every round's
// card points, capot and score agree with what the game recorded.
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_oliboy50_coinche)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

const std::filesystem::path& data_dir() {
  static const std::filesystem::path dir = tests_dir() / "data" / "oliboy50-coinche";
  return dir;
}

std::vector<json> rounds() {
  std::vector<json> out;
  std::istringstream lines(read_file(data_dir() / "rounds.jsonl"));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

const Ruleset& game_rules() {
  static const Ruleset rules = [] {
    LoadedRuleset loaded = shipped_loader().load_file(data_dir() / "oliboy50.toml");
    for (const Diagnostic& d : loaded.errors) BOOST_TEST_MESSAGE(d.file << ":" << d.line << ": " << d.message);
    BOOST_TEST_REQUIRE(loaded.errors.empty());
    return std::move(*loaded.ruleset);
  }();
  return rules;
}

Card card_of(const Deck& deck, const json& token) {
  const auto card = deck.parse_card(token.get<std::string>());
  BOOST_TEST_REQUIRE(card.has_value(), token.dump());
  return *card;
}

CardSet set_of(const Deck& deck, const json& tokens) {
  CardSet cards = 0;
  for (const json& token : tokens) cards |= card_bit(card_of(deck, token));
  return cards;
}

Seat seat_of(const json& name) { return *parse_seat(name.get<std::string>()); }
Team team_of_name(const json& name) { return *parse_team(name.get<std::string>()); }

// The round as a deal of the declared form: what the players said, and the
// result the play gave.
std::string deal_line(const json& round, const PlayedMene& mene) {
  const json& contract = round.at("contract");
  const bool no_trump = contract.at("trump") == "NT";
  json deal = {{"id", round.at("id")}, {"kind", no_trump ? "NT" : "suit"}, {"taker", contract.at("taker")},
               {"bid", contract.at("bid")}, {"first", round.at("first_player")}};
  if (!no_trump) deal["trump"] = contract.at("trump");
  if (!contract.at("coinche_level").is_null()) deal["doubling"] = contract.at("coinche_level");
  json said = json::object();
  for (const auto& [seat, announces] : round.at("announces").items())
    for (const json& announce : announces)
      if (announce.at("said").get<bool>()) {
        std::string cards;
        for (const json& c : announce.at("cards")) {
          if (!cards.empty()) cards += ' ';
          cards += c.get<std::string>();
        }
        said[seat].push_back(cards);
      }
  deal["announcements"] = said;
  const json& belote = round.at("belote");
  if (!belote.is_null() && belote.at("said").get<bool>()) deal["belote"] = belote.at("holder");
  json points = json::object(), tricks = json::object();
  for (Team team : kTeams) {
    points[std::string(name(team))] = mene.points()[team];
    tricks[std::string(name(team))] = mene.tricks_won()[team];
  }
  deal["result"] = {{"points", points}, {"tricks", tricks}};
  return deal.dump();
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_card_trick_and_score_of_the_1000_rounds_agrees) {
  const Ruleset& rules = game_rules();
  const Deck& deck = rules.deck;
  const std::vector<json> all = rounds();
  BOOST_TEST_REQUIRE(all.size() == 1000u);
  int legal_sets = 0, winners = 0, points = 0, scores = 0;
  for (const json& round : all) {
    const std::string id = "round " + round.at("id").dump();
    const json& contract = round.at("contract");
    const bool no_trump = contract.at("trump") == "NT";
    const Suit trump = no_trump ? 0 : *deck.parse_suit(contract.at("trump").get<std::string>());
    const PlayContext play(rules, *rules.find_kind(no_trump ? "NT" : "suit"), trump);
    PerSeat<CardSet> hands;
    for (Seat seat : kSeats) hands[seat] = set_of(deck, round.at("hands").at(std::string(name(seat))));
    PlayedMene mene(play, hands, seat_of(round.at("first_player")));
    for (const json& trick : round.at("tricks")) {
      BOOST_TEST_REQUIRE(mene.to_play() == seat_of(trick.at("leader")), id);
      const int number = mene.trick_number();
      for (std::size_t j = 0; j < 4; ++j) {
        BOOST_TEST_REQUIRE(mene.to_play() == seat_of(trick.at("seats")[j]), id);
        const CardSet legal = mene.legal();
        const CardSet expected = set_of(deck, trick.at("legal")[j]);
        BOOST_TEST(deck.cards_text(legal) == deck.cards_text(expected), id << " trick " << number << " card " << j);
        legal_sets += legal == expected;
        mene.play(card_of(deck, trick.at("cards")[j]));
      }
      const bool same = mene.trick(number - 1).winner == seat_of(trick.at("winner"));
      BOOST_TEST(same, id << " trick " << number);
      winners += same;
    }
    BOOST_TEST_REQUIRE(mene.over());
    // The game counts 100 for the last trick of a capot where the play gives 10: the ruleset's capot.
    PerTeam<int> expected;
    for (Team team : kTeams) expected[team] = round.at("card_points").at(std::string(name(team))).get<int>();
    expected[team_of_name(round.at("last_trick").at("team"))] += play.last_trick_points();
    const bool capot_agrees = round.at("capot").is_null() ? !mene.capot() : mene.capot() == team_of_name(round.at("capot"));
    BOOST_TEST((mene.points() == expected && capot_agrees), id);
    points += mene.points() == expected && capot_agrees;

    Deal deal;
    const std::string line = deal_line(round, mene);
    const Diagnostics errors = json_deal_errors(rules, line, &deal);
    BOOST_TEST_REQUIRE(errors.empty(), id << ": " << (errors.empty() ? "" : errors.begin()->message) << "\n" << line);
    const Outcome outcome = evaluate(rules, deal);
    const PerTeam<int> score{{round.at("points").at("NS").get<int>(), round.at("points").at("EW").get<int>()}};
    BOOST_TEST((outcome.score == score), id << ": scored " << outcome.score[Team::NS] << "-" << outcome.score[Team::EW]
                                            << ", the game " << score[Team::NS] << "-" << score[Team::EW] << "\n" << line);
    scores += outcome.score == score;
  }
  BOOST_TEST(legal_sets == 32000);
  BOOST_TEST(winners == 8000);
  BOOST_TEST(points == 1000);
  BOOST_TEST(scores == 1000);
}

BOOST_AUTO_TEST_SUITE_END()  // test_oliboy50_coinche
