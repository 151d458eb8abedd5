// Oliboy50's coinche game, 1,000 recorded rounds (tests/data/oliboy50-coinche)
// replayed through the table (table.md) from their dealt hands: every call
// accepted where the game accepted it and the contract the game's, every
// announcement and belote said as the game's players said them, every legal
// set (32,000), trick winner (8,000) and round's score (1,000) as recorded.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sstream>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_table_oliboy50)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

const Ruleset& table_rules() {
  static const std::shared_ptr<const Ruleset> rules = [] {
    LoadedRuleset loaded =
        shipped_loader({tests_dir() / "data" / "table", tests_dir() / "data" / "oliboy50-coinche"}).load("oliboy50-table");
    for (const Diagnostic& d : loaded.errors) BOOST_TEST_MESSAGE(d.file << ":" << d.line << ": " << d.message);
    BOOST_TEST_REQUIRE(loaded.ok());
    return loaded.ruleset;
  }();
  return *rules;
}

CardSet set_of(const Deck& deck, const json& tokens) {
  CardSet cards = 0;
  for (const json& token : tokens) cards |= card_bit(*deck.parse_card(token.get<std::string>()));
  return cards;
}

Seat seat_of(const json& name) { return *parse_seat(name.get<std::string>()); }

// A call of the record in the rule book's notation.
std::string call_text(const json& call) {
  const std::string type = call.at("call");
  if (type == "take") return fmt::format("{} {}", call.at("bid").get<int>(), call.at("trump").get<std::string>());
  return type;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_1000_rounds_replay_through_the_table) {
  const Ruleset& rules = table_rules();
  const Deck& deck = rules.deck;
  std::istringstream lines(read_file(tests_dir() / "data" / "oliboy50-coinche" / "rounds.jsonl"));
  int rounds = 0, legal_sets = 0, winners = 0, scores = 0, contracts = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    const json round = json::parse(line);
    const std::string id = "round " + round.at("id").dump();
    PerSeat<CardSet> hands;
    for (Seat seat : kSeats) hands[seat] = set_of(deck, round.at("hands").at(std::string(name(seat))));
    const Seat dealer = seat_of(round.at("dealer"));
    TableSetup setup;
    setup.max_menes = 1;
    Table table(rules, setup, DealtMene::of_hands(dealer, seat_of(round.at("first_player")), hands));
    for (const json& call : round.at("bidding")) {
      BOOST_TEST_REQUIRE(table.to_act() == seat_of(call.at("seat")), id);
      const auto action = table.parse_action(call_text(call));
      BOOST_TEST_REQUIRE(action.has_value(), id << ": " << call_text(call));
      const auto error = table.apply(*action);
      BOOST_TEST_REQUIRE(!error.has_value(), id << ": " << (error ? error->message : ""));
    }
    BOOST_TEST_REQUIRE(table.contract().has_value(), id);
    const json& contract = round.at("contract");
    const AuctionOutcome& made = *table.contract();
    const bool contract_agrees = made.taker == seat_of(contract.at("taker")) &&
                                 rules.auction.kinds[std::size_t(made.kind)].name == contract.at("trump").get<std::string>() &&
                                 rules.auction.ladder[std::size_t(made.bid)].value == contract.at("bid").get<int>() &&
                                 made.doubling == contract.at("coinche").get<int>();
    BOOST_TEST(contract_agrees, id);
    contracts += contract_agrees;
    // The belote said by its holder with the first of the pair, where the record says it was.
    const json& belote = round.at("belote");
    const std::optional<Seat> belote_said =
        !belote.is_null() && belote.at("said").get<bool>() ? std::optional(seat_of(belote.at("holder"))) : std::nullopt;
    bool belote_done = false;
    for (const json& trick : round.at("tricks")) {
      const int number = table.play()->trick_number();
      for (std::size_t j = 0; j < 4; ++j) {
        const Seat seat = table.to_act();
        BOOST_TEST_REQUIRE(seat == seat_of(trick.at("seats")[j]), id);
        if (number == 1) {
          const SeatAnnouncements held = table.declarable(seat);
          for (const json& announce : round.at("announces").at(std::string(name(seat)))) {
            if (!announce.at("said").get<bool>()) continue;
            const CardSet cards = set_of(deck, announce.at("cards"));
            int slot = -1;
            for (int i = 0; i < held.count; ++i)
              if (held.items[std::size_t(i)].cards() == cards) slot = i;
            BOOST_TEST_REQUIRE(slot >= 0, id << ": " << announce.dump());
            BOOST_TEST_REQUIRE(!table.apply(table.actions().declare(slot)).has_value(), id);
          }
        }
        const LegalActions legal = table.legal();
        const CardSet expected = set_of(deck, trick.at("legal")[j]);
        BOOST_TEST(deck.cards_text(legal.cards) == deck.cards_text(expected), id << " trick " << number << " card " << j);
        legal_sets += legal.cards == expected;
        const Card card = *deck.parse_card(trick.at("cards")[j].get<std::string>());
        const bool word = belote_said == seat && !belote_done && contains(legal.word_cards, card);
        belote_done |= word;
        const auto error = table.apply(table.actions().card(card, word));
        BOOST_TEST_REQUIRE(!error.has_value(), id << ": " << (error ? error->message : ""));
      }
    }
    BOOST_TEST_REQUIRE(table.over(), id);
    // Each trick's winner, from the mène the table kept.
    const auto& kept = *table.history().back();
    PlayedMene again(PlayContext(rules, kept.deal.kind, kept.deal.trump), kept.deal.hands, kept.deal.first);
    for (int c = 0; c < kept.deal.played_count; ++c) again.play(kept.deal.played[std::size_t(c)]);
    for (int t = 0; t < 8; ++t) {
      const bool same = again.trick(t).winner == seat_of(round.at("tricks")[std::size_t(t)].at("winner"));
      BOOST_TEST(same, id << " trick " << t + 1);
      winners += same;
    }
    const PerTeam<int> score{{round.at("points").at("NS").get<int>(), round.at("points").at("EW").get<int>()}};
    const bool same_score = table.last_outcome()->score == score;
    BOOST_TEST(same_score, id << ": scored " << table.last_outcome()->score[Team::NS] << "-" << table.last_outcome()->score[Team::EW]
                              << ", the game " << score[Team::NS] << "-" << score[Team::EW]);
    scores += same_score;
    ++rounds;
  }
  BOOST_TEST(rounds == 1000);
  BOOST_TEST(contracts == 1000);
  BOOST_TEST(legal_sets == 32000);
  BOOST_TEST(winners == 8000);
  BOOST_TEST(scores == 1000);
}

BOOST_AUTO_TEST_SUITE_END()  // test_table_oliboy50
