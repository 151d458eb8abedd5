// The table (table.md): games played with random legal actions under every
// shipped ruleset, each mène's record scored again by the deal reader and the
// whole record by the sheet reader; undo; the rule book's words for a refused
// action; the dealing of [deal]; a deal or a setup the game could not go on
// from refused with its reason; announcements read with suit symbols; a mène
// dealt a voiding carré void.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "belote/random_deals.h"
#include "belote/table_record.h"
#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_table)

using namespace belote;
using namespace belote::test;

namespace {

// Plays the whole game with uniformly random legal actions.
void play_randomly(Table& table, Xoshiro256& rng, int max_actions = 1 << 20) {
  for (int i = 0; i < max_actions && !table.over(); ++i) {
    const auto legal = table.legal().list(table.actions(), table.rules());
    BOOST_TEST_REQUIRE(!legal.empty());
    const auto error = table.apply(legal[rng.below(std::uint32_t(legal.size()))]);
    BOOST_TEST_REQUIRE(!error.has_value(), (error ? error->message : ""));
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_legal_actions_are_those_the_rules_allow) {
  // Every action of the space, asked one by one, is legal exactly when it is
  // in the list; and the list, the count and the mask agree.
  for (const std::string& name : shipped_ruleset_names()) {
    BOOST_TEST_CONTEXT("ruleset " << name) {
      const auto rules = ruleset(name);
      Table table(*rules, TableSetup{.seed = 21, .max_menes = 2});
      Xoshiro256 rng(21, 3);
      std::vector<std::uint8_t> mask(std::size_t(table.actions().size()));
      while (!table.over()) {
        const LegalActions legal = table.legal();
        const auto list = legal.list(table.actions(), *rules);
        BOOST_TEST_REQUIRE(int(list.size()) == legal.count(table.actions()));
        BOOST_TEST_REQUIRE(std::is_sorted(list.begin(), list.end()));
        legal.mask(table.actions(), *rules, mask);
        for (int a = 0; a < table.actions().size(); ++a) {
          const bool listed = std::binary_search(list.begin(), list.end(), Action(a));
          BOOST_TEST_REQUIRE(legal.contains(table.actions(), Action(a)) == listed, table.action_text(Action(a)));
          BOOST_TEST_REQUIRE(bool(mask[std::size_t(a)]) == listed);
          if (listed) {
            Table trial = table, unchecked = table;
            BOOST_TEST_REQUIRE(!trial.apply(Action(a)).has_value(), table.action_text(Action(a)));
            unchecked.apply_legal(Action(a));
            for (Seat seat : kSeats) BOOST_TEST_REQUIRE((unchecked.observe(seat) == trial.observe(seat)));
            BOOST_TEST_REQUIRE((trial.parse_action(table.action_text(Action(a))) == std::optional<Action>(Action(a))),
                               table.action_text(Action(a)));
          } else if (a % 7 == 0) {
            Table trial = table;
            BOOST_TEST_REQUIRE(trial.apply(Action(a)).has_value(), table.action_text(Action(a)));
          }
        }
        BOOST_TEST_REQUIRE(!table.apply(list[rng.below(std::uint32_t(list.size()))]));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_random_action_is_the_legal_one_its_draw_picks) {
  // apply_random applies the legal list's entry that a draw below its size
  // picks: the same action and state as from the list, the generator drawn
  // once an action; words, announcements, calls and redeals included.
  for (const std::string& name : shipped_ruleset_names()) {
    BOOST_TEST_CONTEXT("ruleset " << name) {
      const auto rules = ruleset(name);
      Table table(*rules, TableSetup{.seed = 8, .max_menes = 12});
      Table listed = table;
      Xoshiro256 rng(8, 4), same(8, 4);
      while (!table.over()) {
        const auto list = listed.legal().list(listed.actions(), *rules);
        const Action expected = list[same.below(std::uint32_t(list.size()))];
        BOOST_TEST_REQUIRE(table.apply_random(rng) == expected, listed.action_text(expected));
        listed.apply_legal(expected);
        for (Seat seat : kSeats) BOOST_TEST_REQUIRE((table.observe(seat) == listed.observe(seat)));
      }
      BOOST_TEST(listed.over());
      BOOST_TEST(rng.next() == same.next());
    }
  }
}

BOOST_AUTO_TEST_CASE(undo_takes_back_each_action_across_menes) {
  for (const std::string name : {"coinche", "classique", "klaverjas", "schieber", "bulgare"}) {
    BOOST_TEST_CONTEXT("ruleset " << name) {
      const auto rules = ruleset(name);
      TableSetup setup;
      setup.seed = 5;
      setup.max_menes = 2;
      Table table(*rules, setup);
      Xoshiro256 rng(5, 1);
      std::vector<Table> states{table};
      while (!table.over()) {
        const auto legal = table.legal().list(table.actions(), table.rules());
        BOOST_TEST_REQUIRE(!table.apply(legal[rng.below(std::uint32_t(legal.size()))]).has_value());
        states.push_back(table);
      }
      for (std::size_t i = states.size() - 1; i-- > 0;) {
        BOOST_TEST_REQUIRE(table.undo());
        for (Seat seat : kSeats) BOOST_TEST_REQUIRE((table.observe(seat) == states[i].observe(seat)));
        BOOST_TEST_REQUIRE(table.legal().list(table.actions(), *rules) == states[i].legal().list(states[i].actions(), *rules));
      }
      BOOST_TEST(!table.undo());
    }
  }
}

BOOST_AUTO_TEST_CASE(a_game_stopped_by_its_menes_goes_on_as_one_without_the_limit) {
  // The same actions at a table stopped after one mène, then freed, and at one
  // never stopped: the same mène dealt next and the same views; a won game stays over.
  for (const std::string name : {"coinche", "klaverjas", "schieber"}) {
    BOOST_TEST_CONTEXT("ruleset " << name) {
      const auto rules = ruleset(name);
      Table stopped(*rules, TableSetup{.seed = 9, .max_menes = 1});
      Table free(*rules, TableSetup{.seed = 9});
      Xoshiro256 rng(9, 2);
      while (!stopped.over()) {
        const auto legal = stopped.legal().list(stopped.actions(), *rules);
        const Action action = legal[rng.below(std::uint32_t(legal.size()))];
        stopped.apply_legal(action);
        free.apply_legal(action);
      }
      BOOST_TEST_REQUIRE(!free.over());
      stopped.remove_menes_limit();
      BOOST_TEST(!stopped.over());
      BOOST_TEST(stopped.setup().max_menes == 0);
      BOOST_TEST(stopped.tally().dealt == free.tally().dealt);
      for (Seat seat : kSeats) BOOST_TEST_REQUIRE((stopped.observe(seat) == free.observe(seat)));
      while (!free.over()) {
        const auto legal = free.legal().list(free.actions(), *rules);
        const Action action = legal[rng.below(std::uint32_t(legal.size()))];
        free.apply_legal(action);
        stopped.apply_legal(action);
      }
      BOOST_TEST(stopped.over());
      BOOST_TEST(stopped.tally().totals == free.tally().totals);
      stopped.remove_menes_limit();
      BOOST_TEST(stopped.over());
      // Undone back into the mène the limit ended.
      BOOST_TEST(stopped.undo());
      BOOST_TEST(!stopped.over());
    }
  }
}

BOOST_AUTO_TEST_CASE(a_declaration_after_ones_first_card_is_refused_for_its_time) {
  // Past its first card, a seat is told the time to declare has gone, whatever it holds.
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 4});
  Xoshiro256 rng(4, 1);
  while (!(table.play() && table.play()->trick_number() == 2)) table.apply_legal(table.legal().random(table.actions(), rng));
  const auto refused = table.apply(table.actions().declare(0));
  BOOST_TEST_REQUIRE(refused.has_value());
  BOOST_TEST(refused->message == std::string(name(table.to_act())) +
                                     ": announcements are declared in trick 1, before or with one's first card (play.md 3.1)");
}

BOOST_AUTO_TEST_CASE(the_deal_follows_the_packets_and_the_turned_card) {
  // classique: 5 cards each and a turned card during the auction; the taker
  // receives it and 2 more, the others 3.
  const auto rules = ruleset("classique");
  Table table(*rules, TableSetup{.seed = 11});
  const DealtMene& dealt = table.dealt();
  BOOST_TEST(dealt.turned_card >= 0);
  for (Seat seat : kSeats) BOOST_TEST(count(table.observe(seat).hand) == 5);
  CardSet seen = card_bit(Card(dealt.turned_card));
  for (Seat seat : kSeats) {
    BOOST_TEST((dealt.before_auction[seat] & seen) == 0u);
    seen |= dealt.before_auction[seat];
  }
  BOOST_TEST(count(seen) == 21);
  BOOST_TEST(int(dealt.proposals[0]) == int(suit_of(Card(dealt.turned_card))));
  // The second speaker takes.
  BOOST_TEST_REQUIRE(!table.apply(*table.parse_action("pass")).has_value());
  BOOST_TEST_REQUIRE(!table.apply(*table.parse_action("take")).has_value());
  const Seat taker = table.contract()->taker;
  BOOST_TEST(contains(table.hands()[taker], Card(dealt.turned_card)));
  CardSet all = 0;
  for (Seat seat : kSeats) {
    BOOST_TEST(count(table.hands()[seat]) == 8);
    BOOST_TEST((table.hands()[seat] & dealt.before_auction[seat]) == dealt.before_auction[seat]);
    all |= table.hands()[seat];
  }
  BOOST_TEST(all == rules->deck.all_cards());
  // The same seed deals the same cards.
  BOOST_TEST((Table(*rules, TableSetup{.seed = 11}).dealt().before_auction == dealt.before_auction));
  BOOST_TEST(!(Table(*rules, TableSetup{.seed = 12}).dealt().before_auction == dealt.before_auction));
}

BOOST_AUTO_TEST_CASE(schieber_first_deal_speaker_holds_the_seven_of_hearts) {
  const auto rules = ruleset("schieber");
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    Table table(*rules, TableSetup{.seed = seed});
    const Card seven = *rules->deck.parse_card("7H");
    BOOST_TEST(contains(table.hands()[table.to_act()], seven));
    BOOST_TEST(count(table.observe(table.to_act()).hand) == 9);
  }
}

BOOST_AUTO_TEST_CASE(the_word_said_with_a_belote_card_is_the_rulesets) {
  // Schieber's Stöck (belote.words), read in any case and as every word of a played mène (play.md 1).
  const auto rules = ruleset("schieber");
  int said = 0;
  for (std::uint64_t seed = 0; seed < 40 && said < 3; ++seed) {
    Table table(*rules, TableSetup{.seed = seed});
    Xoshiro256 rng(seed, 5);
    while (!table.over() && said < 3) {
      const auto legal = table.legal().list(table.actions(), table.rules());
      for (const Action a : legal) {
        if (table.actions().kind(a) != ActionKind::card_word) continue;
        const std::string text = table.action_text(a);
        BOOST_TEST_REQUIRE(text.ends_with(" stöck"), text);
        const std::string card = text.substr(0, text.find(' '));
        for (const char* word : {"stöck", "Stöck", "STOCK", "stoeck", "belote", "rebelote"})
          BOOST_TEST((table.parse_action(card + " " + word) == std::optional<Action>(a)), card << " " << word);
        BOOST_TEST(!table.parse_action(card + " stuk").has_value());
        BOOST_TEST(!table.parse_action(card + " belot").has_value());  // bulgare's word, not schieber's
        ++said;
      }
      BOOST_TEST_REQUIRE(!table.apply(legal[rng.below(std::uint32_t(legal.size()))]).has_value());
    }
  }
  BOOST_TEST(said >= 3);
  // Elsewhere the engine's own words, belote with the pair's first card.
  LoadedRuleset one_word = load_text("extends = \"classique\"\n[belote]\nwords = [\"belote\"]\n");
  BOOST_TEST_REQUIRE(one_word.errors.empty());
  BOOST_TEST((one_word.ruleset->belote.first_word == "belote" && one_word.ruleset->belote.next_word == "belote"));
  BOOST_TEST(ruleset("classique")->belote.next_word == "rebelote");
}

BOOST_AUTO_TEST_CASE(klaverjas_proposes_a_suit_turned_from_outside_the_hands) {
  const auto rules = ruleset("klaverjas");
  Table table(*rules, TableSetup{.seed = 3});
  BOOST_TEST(table.dealt().turned_card == -1);
  BOOST_TEST(table.dealt().proposal_count == 1);
  BOOST_TEST(table.observe(Seat::S).proposals.size() == 1u);
  for (Seat seat : kSeats) BOOST_TEST(count(table.observe(seat).hand) == 8);
  // Four passes: the first speaker must choose (auction.on_all_pass = "forced-first-speaker").
  for (int i = 0; i < 4; ++i) BOOST_TEST_REQUIRE(!table.apply(*table.parse_action("pass")).has_value());
  const auto legal = table.legal();
  BOOST_TEST(legal.auction);
  BOOST_TEST(!legal.calls.pass);
  BOOST_TEST(legal.calls.choose_kinds != 0);
}

BOOST_AUTO_TEST_CASE(a_refused_action_names_the_rule_and_changes_nothing) {
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 2});
  BOOST_TEST_REQUIRE(!table.apply(*table.parse_action("100 H")).has_value());
  const Table before = table;
  const auto lower = table.apply(*table.parse_action("90 S"));
  BOOST_TEST_REQUIRE(lower.has_value());
  BOOST_TEST(lower->rule == "not-higher");
  BOOST_TEST(lower->message.find("not-higher") != std::string::npos, lower->message);
  BOOST_TEST((table.observe(Seat::N) == before.observe(Seat::N)));
  // A card during the auction.
  const auto card = table.apply(table.actions().card(*rules->deck.parse_card("AS")));
  BOOST_TEST_REQUIRE(card.has_value());
  BOOST_TEST(card->message.find("the auction goes on") != std::string::npos, card->message);
  // Out of the space.
  const auto beyond = table.apply(Action(table.actions().size()));
  BOOST_TEST_REQUIRE(beyond.has_value());
  BOOST_TEST(beyond->message.find("is not an action of ruleset 'coinche'") != std::string::npos, beyond->message);
  // Three passes end the auction; a card not legal names the play rule.
  for (int i = 0; i < 3; ++i) BOOST_TEST_REQUIRE(!table.apply(*table.parse_action("pass")).has_value());
  BOOST_TEST_REQUIRE((table.phase() == TablePhase::play));
  const Seat leader = table.to_act();
  CardSet leader_hand = table.hands()[leader];
  const Card led = pop_lowest(leader_hand);
  BOOST_TEST_REQUIRE(!table.apply(table.actions().card(led)).has_value());
  const Seat next = table.to_act();
  // A call in the play names the seat to play, not the auction's last speaker.
  const auto late_call = table.apply(*table.parse_action("pass"));
  BOOST_TEST_REQUIRE(late_call.has_value());
  BOOST_TEST(late_call->message == fmt::format("{}: 'pass' is a call, but the auction has ended: {} to play", name(next), name(next)));
  const CardSet legal = table.legal().cards;
  const CardSet illegal = table.hands()[next] & ~legal;
  if (illegal) {
    CardSet rest = illegal;
    const auto refused = table.apply(table.actions().card(pop_lowest(rest)));
    BOOST_TEST_REQUIRE(refused.has_value());
    BOOST_TEST(refused->message.find("is not legal") != std::string::npos, refused->message);
  }
  const auto not_held = table.apply(table.actions().card(led));
  BOOST_TEST_REQUIRE(not_held.has_value());
  BOOST_TEST(not_held->message.find("is not in") != std::string::npos, not_held->message);
}

BOOST_AUTO_TEST_CASE(the_game_ends_by_the_ruleset_and_the_setup) {
  // klaverjas plays 16 mènes (game.deals); the record says so.
  const auto rules = ruleset("klaverjas");
  Table table(*rules, TableSetup{.seed = 9});
  Xoshiro256 rng(9, 2);
  play_randomly(table, rng);
  BOOST_TEST(table.tally().played == 16);
  BOOST_TEST((table.tally().end.decision == GameDecision::deals_played));
  // coinche plays to 2000 (or the setup's target).
  TableSetup setup;
  setup.seed = 4;
  setup.target = 300;
  Table short_game(*ruleset("coinche"), setup);
  play_randomly(short_game, rng);
  BOOST_TEST((short_game.tally().totals[Team::NS] >= 300 || short_game.tally().totals[Team::EW] >= 300));
  BOOST_TEST(short_game.tally().end.over());
  BOOST_TEST(short_game.legal().empty());
  BOOST_TEST(short_game.apply(0)->message == "the game is over");
}

BOOST_AUTO_TEST_CASE(a_ruleset_without_an_auction_has_no_table) {
  const LoadedRuleset loaded = shipped_loader({tests_dir() / "data" / "auction"}).load("no-auction");
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_CHECK_EXCEPTION(Table(*loaded.ruleset), std::invalid_argument, [](const std::invalid_argument& e) {
    return std::string(e.what()).find("states no auction") != std::string::npos;
  });
}

BOOST_AUTO_TEST_CASE(a_hand_dealt_a_voiding_carre_voids_the_played_mene) {
  // traditionnelle's four 7s annul the deal (carres.void_deal): no announcement, so
  // the mène is void whatever was said, scores nothing and is not one of the game's.
  const auto rules = ruleset("traditionnelle");
  BOOST_TEST_REQUIRE(rules->tables.voiding_carres != 0);
  int voided = 0, scored = 0;
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    Table table(*rules, TableSetup{.seed = seed, .max_menes = 6});
    Xoshiro256 rng(seed, 5);
    play_randomly(table, rng);
    int played = 0;
    for (const auto& mene : table.history()) {
      if (mene->redeal) continue;
      bool holds = false;
      for (Seat seat : kSeats) holds |= (four_of_a_kind(mene->deal.hands[seat]) & rules->tables.voiding_carres) != 0;
      BOOST_TEST_REQUIRE(mene->outcome.is_void == holds, "seed " << seed);
      if (holds) {
        ++voided;
        BOOST_TEST(mene->outcome.score[Team::NS] + mene->outcome.score[Team::EW] == 0);
      } else {
        ++scored;
        ++played;
      }
    }
    BOOST_TEST(table.tally().played == played, "seed " << seed);
  }
  BOOST_TEST(voided > 0);
  BOOST_TEST(scored > 100);
}

BOOST_AUTO_TEST_CASE(a_deal_the_game_could_not_go_on_from_is_refused_with_its_reason) {
  // classique's hands in full: its auction needs the turned suit, which of_hands leaves out.
  const auto rules = ruleset("classique");
  Table played(*rules, TableSetup{.seed = 42});
  BOOST_TEST_REQUIRE(!played.apply(*played.parse_action("take")).has_value());
  const PerSeat<CardSet> hands = played.hands();
  Table table(*rules, TableSetup{.seed = 5});
  DealtMene mene = DealtMene::of_hands(Seat::N, Seat::W, hands);
  const auto unproposed = table.deal_as(mene);
  BOOST_TEST_REQUIRE(unproposed.has_value());
  BOOST_TEST(unproposed->rule == "deal");
  BOOST_TEST(unproposed->message ==
             "ruleset 'classique' turns a card up (dealing.turned): the deal must propose 1 suit to the auction (proposals, proposal_count), not 0");
  BOOST_CHECK_EXCEPTION(Table(*rules, TableSetup{}, mene), std::invalid_argument,
                        [&](const std::invalid_argument& e) { return e.what() == unproposed->message; });
  // Refused, the table keeps its own deal.
  BOOST_TEST((table.dealt().before_auction == Table(*rules, TableSetup{.seed = 5}).dealt().before_auction));
  mene.proposals[0] = 2;
  mene.proposal_count = 1;
  BOOST_TEST_REQUIRE(!table.deal_as(mene).has_value());
  BOOST_TEST(table.legal().count(table.actions()) > 0);
  BOOST_TEST(table.to_act() == Seat::W);
  // A suit twice, or one the ruleset turns nothing for.
  mene.proposal_count = 2;
  BOOST_TEST(Table(*rules).deal_as(mene)->message.find("must propose 1 suit") != std::string::npos);
  const auto coinche = ruleset("coinche");
  mene.proposal_count = 1;
  BOOST_TEST(Table(*coinche).deal_as(mene)->message ==
             "ruleset 'coinche' turns nothing up (dealing.turned): the deal proposes no suit (proposal_count 0, not 1)");
  // Overlapping hands of the wrong size, and the pack of an incomplete deal.
  const std::string hands_message = "the hands must hold the deck's 32 cards, 8 each, each once";
  PerSeat<CardSet> overlapping;
  overlapping[Seat::N] = overlapping[Seat::E] = 0xFF;
  BOOST_CHECK_EXCEPTION(Table(*coinche, TableSetup{}, DealtMene::of_hands(Seat::N, Seat::E, overlapping)), std::invalid_argument,
                        [&](const std::invalid_argument& e) { return e.what() == hands_message; });
  BOOST_TEST(Table(*coinche).deal_as(DealtMene::of_hands(Seat::N, Seat::E, overlapping))->message == hands_message);
  DealtMene partial = Table(*rules, TableSetup{.seed = 3}).dealt();
  BOOST_TEST_REQUIRE(!partial.complete);
  BOOST_TEST(!Table(*rules).deal_as(partial).has_value());
  std::swap(partial.pack[0], partial.pack[30]);  // a card dealt after the auction, also in a hand
  BOOST_TEST(Table(*rules).deal_as(partial)->message.starts_with("the pack (pack, pack_count, pack_next) must hold the deck's 32 cards"));
  DealtMene incomplete = DealtMene::of_hands(Seat::N, Seat::E, hands);
  incomplete.complete = false;
  BOOST_TEST(Table(*coinche).deal_as(incomplete)->message ==
             "ruleset 'coinche' deals every card before the auction: the deal must be complete (complete = true)");
  DealtMene turned = DealtMene::of_hands(Seat::N, Seat::E, hands);
  turned.turned_card = 3;
  BOOST_TEST(Table(*coinche).deal_as(turned)->message == "ruleset 'coinche' turns no card up (dealing.turned): turned_card must be -1");
}

BOOST_AUTO_TEST_CASE(a_setup_whose_record_would_not_read_back_is_refused_in_the_record_readers_words) {
  const auto rules = ruleset("coinche");
  // The record reader's sentence for the same value.
  const auto record_error = [&](const std::string& json) { return replay_record(*rules, json).error; };
  const auto refused = [&](TableSetup setup) {
    try {
      Table table(*rules, std::move(setup));
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  BOOST_TEST(refused(TableSetup{.target = -5}) == "'target' must be a whole number from 1 to 100000, not -5");
  BOOST_TEST(record_error(R"({"ruleset": "coinche", "target": -5})") == refused(TableSetup{.target = -5}));
  BOOST_TEST(refused(TableSetup{.target = 0}) == "'target' must be a whole number from 1 to 100000, not 0");
  BOOST_TEST(refused(TableSetup{.target = 100001}) == "'target' must be a whole number from 1 to 100000, not 100001");
  BOOST_TEST(refused(TableSetup{.max_menes = -1}) == "'max_menes' must be a whole number from 0 (the game's end) to 100000, not -1");
  BOOST_TEST(refused(TableSetup{.max_menes = 100001}).starts_with("'max_menes' must be"));
  const std::string name_rule = "must be a name of 1 to 40 characters, without control or bidirectional characters";
  for (const std::string& bad : {std::string(), std::string(41, 'x'), std::string("Nous\x01"), std::string("a\nb")}) {
    BOOST_TEST(refused(TableSetup{.teams = {{bad, "EW"}}}) == "'teams.NS' " + name_rule, bad.size());
    BOOST_TEST(refused(TableSetup{.teams = {{"NS", bad}}}) == "'teams.EW' " + name_rule, bad.size());
  }
  BOOST_TEST(record_error(R"({"ruleset": "coinche", "teams": {"NS": ""}})") == "'teams.NS' " + name_rule);
  // Two teams of one name, also where the team left out keeps its own.
  BOOST_TEST(refused(TableSetup{.teams = {{"Nous", "Nous"}}}) == "'teams': both teams are called 'Nous'");
  BOOST_TEST(refused(TableSetup{.teams = {{"EW", "EW"}}}) == "'teams': both teams are called 'EW'");
  BOOST_TEST(record_error(R"({"ruleset": "coinche", "teams": {"NS": "EW"}})") == "'teams': both teams are called 'EW'");
  BOOST_TEST(refused(TableSetup{.first_dealer = Seat(7)}) == "'first_dealer' must be a seat (N, E, S, W)");
  // The bounds themselves are a table's, and its record reads back.
  TableSetup widest{.seed = 1, .target = 100000, .max_menes = 1, .teams = {{std::string(40, 'n'), "Eux"}}};
  BOOST_TEST(refused(widest).empty());
  Table table(*rules, widest);
  Xoshiro256 rng(1, 1);
  play_randomly(table, rng);
  const ReplayedRecord back = replay_record(*rules, record_json(table));
  BOOST_TEST(back.error.empty(), back.error);
}

BOOST_AUTO_TEST_CASE(an_announcement_is_read_as_action_text_writes_it_and_with_suit_symbols) {
  const auto rules = ruleset("classique");
  const Deck& deck = rules->deck;
  int read = 0;
  for (std::uint64_t seed = 0; seed < 200 && read < 3; ++seed) {
    Table table(*rules, TableSetup{.seed = seed});
    BOOST_TEST_REQUIRE(!table.apply(*table.parse_action("take")).has_value());
    const LegalActions legal = table.legal();
    if (!legal.declare) continue;
    const Action action = table.actions().declare(std::countr_zero(unsigned(legal.declare)));
    const std::string text = table.action_text(action);
    BOOST_TEST_REQUIRE(text.starts_with("declare "), text);
    // Each card token in its symbol form: "declare tierce K♥ (J♥ Q♥ K♥)".
    std::vector<std::string_view> words;
    for (std::size_t at = 0; at < text.size(); at = std::min(text.find(' ', at), text.size()) + 1)
      words.push_back(std::string_view(text).substr(at, text.find(' ', at) - at));
    std::string symbols;
    for (std::string_view word : words) {
      const std::size_t open = word.starts_with('(') ? 1 : 0, close = word.ends_with(')') ? 1 : 0;
      const std::string_view core = word.substr(open, word.size() - open - close);
      const auto card = deck.parse_card(core);
      if (!symbols.empty()) symbols += ' ';
      symbols += std::string(word.substr(0, open)) + (card ? deck.card_name(*card, SuitStyle::symbol) : std::string(core)) +
                 std::string(word.substr(word.size() - close));
    }
    BOOST_TEST_REQUIRE(symbols != text);
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const std::string& said : {text, symbols, lower, std::string("declare 1")})
      BOOST_TEST((table.parse_action(said) == std::optional<Action>(action)), said);
    // The words action_text writes, not others ("declare tierce to KH (JH QH KH)").
    BOOST_TEST(!table.parse_action(fmt::format("declare {} to{}", words[1], text.substr(text.find(' ', 8)))).has_value());
    BOOST_TEST(!table.parse_action("declare 0").has_value());
    ++read;
  }
  BOOST_TEST(read == 3);
}

BOOST_AUTO_TEST_SUITE_END()
