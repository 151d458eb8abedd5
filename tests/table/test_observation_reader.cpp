// A seat's view read back (observation_reader.h): what observation_json
// writes, at random points of random games under every shipped ruleset, reads
// back as the same observation with the same legal actions; advice from the
// view read back is advice from the table itself; and each way a view can be
// wrong is an error naming the key, at its line and column.
#include <fmt/format.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "belote/advice.h"
#include "belote/observation_reader.h"
#include "belote/table_json.h"
#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_observation_reader)

using namespace belote;
using namespace belote::test;

namespace {

// A game from `seed` played at random to a random point: often in a later mène, with totals on the sheet.
Table random_point(const Ruleset& rules, std::uint64_t seed) {
  TableSetup setup;
  setup.seed = seed;
  Xoshiro256 rng(seed, 45);
  Table table(rules, setup);
  const int stop = int(rng.below(120));
  for (int i = 0; i < stop; ++i) {
    Table next = table;
    next.apply_random(rng);
    if (next.over()) break;
    table = std::move(next);
  }
  return table;
}

// The bot protocol's `act` message for the seat to act.
std::string act_message(const Table& table) {
  const Seat seat = table.to_act();
  const nlohmann::ordered_json message{{"type", "act"},
                                       {"seat", std::string(name(seat))},
                                       {"observation", nlohmann::ordered_json::parse(observation_json(table, table.observe(seat)))},
                                       {"legal", nlohmann::ordered_json::parse(legal_actions_json(table))}};
  return message.dump();
}

std::string errors_text(const Diagnostics& errors) {
  std::string out;
  for (const Diagnostic& d : errors) out += location_and_message(d) + "\n";
  return out;
}

// A coinche game (seed 3) at its `actions`-th action of the first mène.
Table coinche_at(int actions) {
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 3});
  for (int i = 0; i < actions; ++i) {
    // Calls: a bid first, then passes, so that the play comes soon.
    if (table.phase() == TablePhase::auction) {
      const LegalActions legal = table.legal();
      const auto list = legal.list(table.actions(), *rules);
      const Action pass = table.actions().fixed_call(ActionSpace::kPass);
      BOOST_TEST_REQUIRE(!table.apply(i == 0 ? list.back() : pass));
    } else {
      BOOST_TEST_REQUIRE(!table.apply(table.actions().card(Card(std::countr_zero(table.legal().cards)))));
    }
  }
  return table;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_seats_view_reads_back_as_its_observation_with_the_same_legal_actions) {
  int read = 0;
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    if (!rules->auction.given) continue;
    const ObservationReader reader(*rules);
    BOOST_TEST_CONTEXT("ruleset " << name) {
      for (std::uint64_t seed = 1; seed <= scaled(24); ++seed) {
        const Table table = random_point(*rules, seed);
        if (table.over()) continue;
        for (Seat seat : kSeats) {
          const Observation expected = table.observe(seat);
          const std::string text = observation_json(table, expected);
          SeatPosition position;
          Diagnostics errors;
          const bool ok = reader.read(text, "view.json", position, errors, false);
          BOOST_TEST_REQUIRE(ok, "seed " << seed << ": " << errors_text(errors) << text);
          BOOST_TEST_REQUIRE((position.seen == expected), "seed " << seed << ", seat " << belote::name(seat) << ": " << text
                                                                  << "\nread back: " << observation_json(*position.table, position.seen));
          BOOST_TEST(position.table->to_act() == table.to_act());
          if (seat == table.to_act())
            BOOST_TEST_REQUIRE(position.table->legal().list(position.table->actions(), *rules) == table.legal().list(table.actions(), *rules));
          ++read;
        }
        // The whole `act` message, its legal actions checked.
        SeatPosition position;
        Diagnostics errors;
        const bool ok = reader.read(act_message(table), "act.json", position, errors);
        BOOST_TEST_REQUIRE(ok, errors_text(errors));
        BOOST_TEST((position.seen == table.observe(table.to_act())));
      }
    }
  }
  BOOST_TEST_MESSAGE(read << " views read back");
  // Some twenty rulesets, four views of each position: most positions are read (at full depth, 2,304 views).
  BOOST_TEST(read > 20 * int(scaled(24)));
}

BOOST_AUTO_TEST_CASE(advice_from_the_view_read_back_is_the_tables_own) {
  int compared = 0;
  for (const std::string name : {"coinche", "classique", "klaverjas", "schieber", "bulgare"}) {
    const auto rules = ruleset(name);
    const ObservationReader reader(*rules);
    BOOST_TEST_CONTEXT("ruleset " << name) {
      bool auction = false, play = false;
      for (std::uint64_t seed = 1; seed <= 40 && !(auction && play); ++seed) {
        const Table table = random_point(*rules, seed);
        if (table.over() || (table.phase() == TablePhase::auction ? auction : play)) continue;
        (table.phase() == TablePhase::auction ? auction : play) = true;
        SeatPosition position;
        Diagnostics errors;
        const bool ok = reader.read(act_message(table), "act.json", position, errors);
        BOOST_TEST_REQUIRE(ok, errors_text(errors));
        const AdviceOptions options{.worlds = 3, .seed = seed};
        const Advice from_table = advise(*rules, table.actions(), table.observe(table.to_act()), table.legal(), options);
        const Advice from_view = advise(*rules, position.table->actions(), position.seen, position.table->legal(), options);
        BOOST_TEST(from_view.best == from_table.best);
        BOOST_TEST(from_view.worlds == from_table.worlds);
        BOOST_TEST_REQUIRE(from_view.actions.size() == from_table.actions.size());
        for (std::size_t i = 0; i < from_view.actions.size(); ++i) {
          BOOST_TEST(from_view.actions[i].action == from_table.actions[i].action);
          BOOST_TEST(from_view.actions[i].expected == from_table.actions[i].expected);
          BOOST_TEST(from_view.actions[i].spread == from_table.actions[i].spread);
          BOOST_TEST((from_view.actions[i].make_chance == from_table.actions[i].make_chance));
        }
        ++compared;
      }
      BOOST_TEST((auction && play));
    }
  }
  BOOST_TEST(compared == 10);
}

namespace {

struct BadView {
  std::string what;
  /// Makes the `act` message wrong.
  std::function<void(nlohmann::json&)> edit;
  std::string message;
  /// What the text holds where the error is placed.
  std::string at;
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_wrong_view_is_an_error_that_names_the_key_at_its_place) {
  // N to play the fourth card of trick 1 (the calls: a bid and three passes; three cards played).
  const Table table = coinche_at(7);
  BOOST_TEST_REQUIRE((table.phase() == TablePhase::play && table.play()->current().count == 3));
  const auto base = nlohmann::json::parse(act_message(table));
  const auto& o = base["observation"];
  const std::string to_act = o["to_act"];
  const std::string other = to_act == "N" ? "E" : "N";
  const std::string own = o["hand"][0];
  const std::string played = o["cards"][0]["card"];
  const std::vector<BadView> cases{
      {"a message of another type", [](auto& j) { j["type"] = "start"; }, "'type' is 'start': only an 'act' message holds a seat's view",
       "\"start\""},
      {"an unknown key", [](auto& j) { j["observation"]["hands"] = 1; }, "unknown key 'hands' (did you mean 'hand'?)", "\"hands\""},
      {"a missing key", [](auto& j) { j["observation"].erase("dealer"); }, "missing key 'dealer' (the mène's dealer)", "{\"calls\""},
      {"no observation", [](auto& j) { j.erase("observation"); }, "missing key 'observation' (the seat's view)", "{\"legal\""},
      {"a wrong-typed key", [](auto& j) { j["observation"]["mene"] = "one"; }, "'mene' must be a whole number from 1 to 100000, not a string",
       "\"one\""},
      {"an unknown seat", [](auto& j) { j["observation"]["dealer"] = "X"; }, "'dealer' must be a seat (N, E, S, W), not 'X'", "\"X\""},
      {"an unknown card", [](auto& j) { j["observation"]["hand"][0] = "ZZ"; },
       "'hand[0]' must be a card of ruleset 'coinche' (rank then suit: QH, 10S), not 'ZZ'", "\"ZZ\""},
      {"an unknown call", [](auto& j) { j["observation"]["calls"][0]["call"] = "banco"; }, "'calls[0].call': 'banco' is no call of ruleset 'coinche'",
       "\"banco\""},
      {"a card played twice", [&](auto& j) { j["observation"]["cards"][1]["card"] = played; }, "'cards[1]': " + played + " is played twice",
       "\"" + played + "\""},
      {"a card played and held", [&](auto& j) { j["observation"]["cards"][1]["card"] = own; },
       "'cards[1]': " + own + " is played, but it is in 'hand'", "\"" + own + "\""},
      {"a hand of the wrong size", [](auto& j) { j["observation"]["hand"].erase(0); },
       "'hand' holds 7 cards and " + to_act + " has played 0: a hand of ruleset 'coinche' holds 8", "[\""},
      {"a first call out of turn", [&](auto& j) { j["observation"]["calls"][0]["seat"] = j["observation"]["calls"][1]["seat"]; },
       "'calls[0]' is " + std::string(o["calls"][1]["seat"]) + "'s, but " + std::string(o["calls"][0]["seat"]) + ", after the dealer " +
           std::string(o["dealer"]) + ", speaks first",
       o["calls"][1]["seat"].dump()},
      {"a call out of turn", [&](auto& j) { j["observation"]["calls"][1]["seat"] = j["observation"]["calls"][2]["seat"]; },
       "'calls[1]' is " + std::string(o["calls"][2]["seat"]) + "'s, but " + std::string(o["calls"][1]["seat"]) + " is to speak",
       o["calls"][2]["seat"].dump()},
      {"a call the auction refuses", [](auto& j) { j["observation"]["calls"][1]["call"] = "80 S"; }, "'calls[1]': ", "\"80 S\""},
      {"a card out of turn", [&](auto& j) { j["observation"]["cards"][1]["seat"] = o["cards"][0]["seat"]; },
       "'cards[1]' is " + std::string(o["cards"][0]["seat"]) + "'s, but " + std::string(o["cards"][1]["seat"]) + " is to play",
       o["cards"][0]["seat"].dump()},
      {"a derived key that disagrees", [](auto& j) { j["observation"]["points"]["NS"] = 99; },
       "'points' is {\"EW\":0,\"NS\":99}, but the calls and cards give {\"EW\":0,\"NS\":0}", "{\"EW\":0,\"NS\":99}"},
      {"a legal list that disagrees", [](auto& j) { j["legal"][0]["action"] = 0; }, "'legal' lists 7S, but the position allows ", "[{\"action\""},
      {"a word said with a card not played", [&](auto& j) { j["observation"]["said_with_word"] = {own}; },
       "'said_with_word': " + own + " has not been played", "[\"" + own + "\"]"},
      {"a finished game", [](auto& j) { j["observation"]["phase"] = "over"; }, "'phase' is 'over': the game is over, there is nothing to advise",
       "\"over\""},
      {"a turned card where none is turned", [&](auto& j) { j["observation"]["turned_card"] = own; },
       "'turned_card' is " + own + ", but ruleset 'coinche' turns no card up (dealing.turned)", "\"" + own + "\""},
  };
  const ObservationReader reader(*ruleset("coinche"));
  for (const BadView& c : cases) {
    BOOST_TEST_CONTEXT(c.what) {
      nlohmann::json j = base;
      c.edit(j);
      const std::string text = j.dump();
      SeatPosition position;
      Diagnostics errors;
      BOOST_TEST_REQUIRE(!reader.read(text, "act.json", position, errors));
      BOOST_TEST_REQUIRE(errors.size() == 1u);
      const Diagnostic& d = errors[0];
      BOOST_TEST(d.message.starts_with(c.message), d.message);
      BOOST_TEST(d.file == "act.json");
      BOOST_TEST(d.line == 1);
      BOOST_TEST_REQUIRE(d.column >= 1);
      BOOST_TEST(text.substr(std::size_t(d.column - 1), c.at.size()) == c.at, d.message);
    }
  }
  // Not the seat to act: another seat's observation.
  nlohmann::json j = base;
  j["observation"] = nlohmann::json::parse(observation_json(table, table.observe(*parse_seat(other))));
  j["seat"] = other;
  SeatPosition position;
  Diagnostics errors;
  BOOST_TEST(!reader.read(j.dump(), "act.json", position, errors));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message.find("is to act: advice is for the seat to act") != std::string::npos, errors[0].message);
}

namespace {

// The one error of reading `message` (a view of any seat when not `to_act`).
Diagnostic error_of(const Ruleset& rules, const nlohmann::json& message, bool to_act = true) {
  SeatPosition position;
  Diagnostics errors;
  const bool ok = ObservationReader(rules).read(message.dump(), "act.json", position, errors, to_act);
  BOOST_TEST_REQUIRE(!ok);
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  return errors[0];
}

// A card no seat has played yet and `seen` does not hold.
std::string unseen_card(const Table& table, const Observation& seen) {
  CardSet hidden = table.rules().deck.all_cards() & ~seen.hand;
  for (const auto& [seat, card] : seen.cards) hidden &= ~card_bit(card);
  return table.rules().deck.card_name(Card(std::countr_zero(hidden)));
}

}  // namespace

BOOST_AUTO_TEST_CASE(what_was_played_said_and_held_must_agree_with_the_rules) {
  const auto rules = ruleset("coinche");
  const Table table = coinche_at(7);
  const auto base = nlohmann::json::parse(act_message(table));
  const Seat seat = table.to_act();
  const std::string hand0 = base["observation"]["hand"][0];
  {
    auto j = base;
    j["seat"] = std::string(name(next_in_play(seat)));
    BOOST_TEST(error_of(*rules, j).message == fmt::format("'seat' is {}, but the observation is {}'s", name(next_in_play(seat)), name(seat)));
  }
  {
    auto j = base;
    j["observation"]["hand"].push_back(hand0);
    BOOST_TEST(error_of(*rules, j).message == "'hand[8]': " + hand0 + " is given twice");
  }
  {
    auto j = base;
    j["observation"]["hand"].push_back(unseen_card(table, table.observe(seat)));
    BOOST_TEST(error_of(*rules, j).message == "'hand' holds 9 cards; a hand of ruleset 'coinche' holds 8");
  }
  {
    // A card that is no announcement, and one the seat could not hold.
    auto j = base;
    j["observation"]["declared"].push_back({{"seat", "E"}, {"announcement", "tierce"}, {"cards", {"7S", "9S", "10S"}}});
    BOOST_TEST(error_of(*rules, j).message == "'declared[0].cards': 7S 9S 10S is no announcement (a run of one suit, or four cards of one rank)");
    const std::string played = base["observation"]["cards"][0]["card"];
    const Card card = *rules->deck.parse_card(played);
    const Rank low = rank_of(card) >= 2 ? Rank(rank_of(card) - 2) : rank_of(card);
    nlohmann::json run = nlohmann::json::array();
    for (int r = low; r < low + 3; ++r) run.push_back(rules->deck.card_name(make_card(suit_of(card), Rank(r))));
    const std::string leader = base["observation"]["cards"][0]["seat"];
    const std::string other(name(next_in_play(*parse_seat(leader))));
    j["observation"]["declared"] = {{{"seat", other}, {"announcement", "tierce"}, {"cards", run}}};
    BOOST_TEST(error_of(*rules, j).message.find("is not an announcement " + other + " may declare") != std::string::npos);
  }
  {
    // N followed suit in trick 1; with its card swapped for one of another suit it still holds, it did not.
    const Table later = coinche_at(8);
    const Observation seen = later.observe(Seat::N);
    auto j = nlohmann::json::parse(observation_json(later, seen));
    const Suit led = suit_of(seen.cards[0].second);
    std::size_t mine = 0;
    while (seen.cards[mine].first != Seat::N) ++mine;
    const Card followed = seen.cards[mine].second;
    const CardSet others = seen.hand & ~suit_mask(led);
    BOOST_TEST_REQUIRE((suit_of(followed) == led && others != 0));
    const Card instead = Card(std::countr_zero(others));
    const std::string followed_name = rules->deck.card_name(followed), instead_name = rules->deck.card_name(instead);
    for (auto& card : j["hand"])
      if (card == instead_name) card = followed_name;
    j["cards"][mine]["card"] = instead_name;
    const Diagnostic d = error_of(*rules, j, false);
    BOOST_TEST(d.message.starts_with(fmt::format("'cards[{}]': trick 1, N: {} is not legal", mine, instead_name)), d.message);
  }
  {
    // A seat that has not played, and is not to play, declares nothing yet.
    const Table early = coinche_at(5);
    const Observation seen = early.observe(early.to_act());
    auto j = nlohmann::json::parse(act_message(early));
    const Seat later = next_in_play(early.to_act());
    CardSet free = rules->deck.all_cards() & ~seen.hand;
    for (const auto& [who, card] : seen.cards) free &= ~card_bit(card);
    nlohmann::json run;
    for (Suit s = 0; s < kSuitCount && run.is_null(); ++s)
      for (int r = 0; r + 3 <= rules->deck.rank_count() && run.is_null(); ++r)
        if ((suit_cards(run_mask(r, 3), s) & free) == suit_cards(run_mask(r, 3), s))
          run = {rules->deck.card_name(make_card(s, Rank(r))), rules->deck.card_name(make_card(s, Rank(r + 1))),
                 rules->deck.card_name(make_card(s, Rank(r + 2)))};
    BOOST_TEST_REQUIRE(!run.is_null());
    j["observation"]["declared"] = {{{"seat", std::string(name(later))}, {"announcement", "tierce"}, {"cards", run}}};
    BOOST_TEST(error_of(*rules, j).message ==
               fmt::format("'declared[0]': {} cannot have declared it here: announcements are declared in trick 1, before or with one's first card "
                           "(play.md 3.1)",
                           name(later)));
  }
  {
    // Everybody passed: the mène was dealt again.
    const Table start(*rules, TableSetup{.seed = 3});
    auto j = nlohmann::json::parse(act_message(start));
    Seat speaker = start.to_act();
    for (int i = 0; i < 4; ++i, speaker = next_in_play(speaker))
      j["observation"]["calls"].push_back({{"seat", std::string(name(speaker))}, {"call", "pass"}});
    j["observation"].erase("phase");
    j["observation"].erase("to_act");
    j.erase("legal");
    BOOST_TEST(error_of(*rules, j).message == "the auction ended in a redeal: the mène is over, there is nothing to advise");
    // A card played while the auction goes on.
    j = nlohmann::json::parse(act_message(start));
    const std::string card = unseen_card(start, start.observe(start.to_act()));
    j["observation"]["cards"].push_back({{"seat", std::string(name(start.to_act()))}, {"card", card}});
    BOOST_TEST(error_of(*rules, j).message ==
               fmt::format("'cards[0]': {}: {} is a card, but the auction goes on: {} to speak", name(start.to_act()), card, name(start.to_act())));
  }
}

BOOST_AUTO_TEST_CASE(a_view_that_gives_a_declarations_cards_reads_with_them_known) {
  // Coinche, seed 160, in trick 2: W's tierce (9C 10C JC) lost the contest to S's cinquante,
  // so N knows it by its name alone. A view that gives every declaration with its cards,
  // and no points, reads, and the seat knows those cards.
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 160});
  for (const char* text : {"80 H", "pass", "pass", "pass", "declare 1", "10S", "declare 1", "7S"})
    BOOST_TEST_REQUIRE(!table.apply(*table.parse_action(text)), text);
  while (table.play()->tricks_played() < 1) table.apply_legal(table.actions().card(Card(std::countr_zero(table.play()->legal()))));
  const Observation seen = table.observe(Seat::N);
  BOOST_TEST_REQUIRE((seen.declared.size() == 2u && !seen.declared[0].known && seen.declared[1].known));
  const ObservationReader reader(*rules);
  // As written now: W's tierce by its name; the world it is replayed in gives W a tierce.
  auto view = nlohmann::json::parse(observation_json(table, seen));
  BOOST_TEST(!view["declared"][0].contains("cards"));
  BOOST_TEST((view["declared"][0]["announcement"] == "tierce" && view["declared"][0]["points"] == 20));
  SeatPosition position;
  Diagnostics errors;
  BOOST_TEST_REQUIRE(reader.read(view.dump(), "view.json", position, errors, false), errors_text(errors));
  BOOST_TEST((position.seen == seen));
  const Observation w = position.table->observe(Seat::W);
  BOOST_TEST((w.declared[0].known && w.declared[0].announcement.length == 3));
  // Every declaration with its cards, in seat order, no points.
  auto old = view;
  old["declared"] = {{{"seat", "S"}, {"announcement", "cinquante"}, {"cards", {"7D", "8D", "9D", "10D"}}},
                     {{"seat", "W"}, {"announcement", "tierce"}, {"cards", {"9C", "10C", "JC"}}}};
  errors.clear();
  BOOST_TEST_REQUIRE(reader.read(old.dump(), "view.json", position, errors, false), errors_text(errors));
  const std::vector<DeclaredAnnouncement>& read = position.seen.declared;
  BOOST_TEST_REQUIRE(read.size() == 2u);
  BOOST_TEST((read[0].seat == Seat::W && read[0].known && read[1].seat == Seat::S && read[1].known));
  BOOST_TEST(rules->deck.cards_text(read[0].cards()) == "9C 10C JC");
  BOOST_TEST(position.table->observe(Seat::W).declared[0].cards() == read[0].cards());
  // A sequence named by no name of the ruleset, without its cards, is refused.
  auto wrong = view;
  wrong["declared"][0]["announcement"] = "quinte";
  BOOST_TEST(error_of(*rules, wrong, false).message ==
             "'declared[0].announcement' must name a sequence of ruleset 'coinche' (tierce, cinquante, cent) "
             "where 'cards' is not given, not 'quinte'");
}

BOOST_AUTO_TEST_CASE(a_turned_card_proposes_its_suit_and_stays_out_of_the_hands_before_the_auction) {
  const auto rules = ruleset("classique");
  const Table table(*rules, TableSetup{.seed = 5});
  const auto base = nlohmann::json::parse(act_message(table));
  const std::string turned = base["observation"]["turned_card"];
  const Suit turned_suit = suit_of(*rules->deck.parse_card(turned));
  const std::string other_suit = rules->deck.suits[(turned_suit + 1) % kSuitCount];
  auto j = base;
  j["observation"]["proposals"] = {other_suit};
  BOOST_TEST(error_of(*rules, j).message ==
             "'proposals[0]' is " + other_suit + ", but the turned card " + turned + " proposes " + rules->deck.suits[turned_suit]);
  j = base;
  j["observation"]["hand"][0] = turned;
  j["observation"]["dealt"][0] = turned;
  BOOST_TEST(error_of(*rules, j).message == "'turned_card' " + turned + " is in 'hand'");
  j = base;
  j["observation"]["dealt"].erase(0);
  BOOST_TEST(error_of(*rules, j).message == "'dealt' and 'hand' differ, but no card is played during the auction");
}

BOOST_AUTO_TEST_CASE(errors_of_a_view_of_several_lines_and_of_bad_json_are_placed_by_line_and_column) {
  const ObservationReader reader(*ruleset("coinche"));
  SeatPosition position;
  Diagnostics errors;
  BOOST_TEST(!reader.read("{\"seat\": \"N\",\n \"dealer\": \"N\",\n \"hand\": [\"AS\", \"XX\"],\n \"calls\": []}\n", "v.json", position, errors));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(location_and_message(errors[0]) == "v.json:3:17: 'hand[1]' must be a card of ruleset 'coinche' (rank then suit: QH, 10S), not 'XX'");
  BOOST_TEST(errors[0].source_line == " \"hand\": [\"AS\", \"XX\"],");
  errors.clear();
  BOOST_TEST(!reader.read("{\"seat\": \"N\",\n \"dealer\": }", "v.json", position, errors));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].line == 2);
  BOOST_TEST(errors[0].message.starts_with("JSON syntax error"), errors[0].message);
  errors.clear();
  BOOST_TEST(!reader.read("[1, 2]", "v.json", position, errors));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(location_and_message(errors[0]) ==
             "v.json:1:1: a seat's view is a JSON object: an 'act' message of the bot protocol, or its 'observation'");
}

BOOST_AUTO_TEST_CASE(a_view_in_the_auction_holds_what_the_ruleset_deals_before_it) {
  // Classique deals 5 cards each and turns one up; the seat to speak first.
  const auto rules = ruleset("classique");
  const Table table(*rules, TableSetup{.seed = 5});
  auto j = nlohmann::json::parse(act_message(table));
  const ObservationReader reader(*rules);
  SeatPosition position;
  Diagnostics errors;
  BOOST_TEST_REQUIRE(reader.read(j.dump(), "act.json", position, errors), errors_text(errors));
  BOOST_TEST(count(position.seen.hand) == 5);
  // Eight cards before the auction, and a turned card in one's own hand, are refused.
  j["observation"]["hand"].push_back(j["observation"]["turned_card"]);
  j["observation"].erase("dealt");
  errors.clear();
  BOOST_TEST(!reader.read(j.dump(), "act.json", position, errors));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message == "'hand' holds 6 cards, but ruleset 'classique' deals 5 before the auction");
  j["observation"]["turned_card"] = nullptr;
  errors.clear();
  BOOST_TEST(!reader.read(j.dump(), "act.json", position, errors));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message == "'turned_card' is null, but ruleset 'classique' turns a card up (dealing.turned)");
}

BOOST_AUTO_TEST_CASE(a_view_whose_mene_is_over_has_nothing_to_advise) {
  // Every card of a mène played: the table moves on, and the view is refused.
  const auto rules = ruleset("coinche");
  Table table = coinche_at(4);
  auto seen = nlohmann::json::parse(observation_json(table, table.observe(table.to_act())));
  while (table.tally().dealt == 1) {
    const Seat seat = table.to_act();
    const Card card = Card(std::countr_zero(table.legal().cards));
    seen["cards"].push_back({{"seat", std::string(name(seat))}, {"card", rules->deck.card_name(card)}});
    BOOST_TEST_REQUIRE(!table.apply(table.actions().card(card)));
  }
  seen["hand"] = nlohmann::json::array();
  for (const char* key : {"phase", "to_act", "trick", "trick_winners", "points", "tricks", "roem", "said_with_word", "declared"}) seen.erase(key);
  SeatPosition position;
  Diagnostics errors;
  BOOST_TEST(!ObservationReader(*rules).read(seen.dump(), "view.json", position, errors, false));
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message == "every card of the mène is played: the mène is over, there is nothing to advise", errors[0].message);
}

BOOST_AUTO_TEST_SUITE_END()
