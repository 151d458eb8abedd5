// The engine players: by name; every action each takes is legal under every
// shipped ruleset (100,000 decisions a ruleset for random and heuristic, each
// taking about half; 500 a ruleset for sampled with one and two worlds, which
// takes about half, the rest heuristic and random, and 50 with 36 cards: each
// of its decisions solves worlds, docs/players.md, "Time"); the rules
// of thumb beat random play over duplicate deals; the rules of thumb and the
// sampled player declare every announcement and say the belote's word, where
// random play may not; the
// solver's value of every first card, which the sampled player averages, is
// the value of the position after that card; the auction's solves spared by
// tests change no figure; a player, or advice, asked where there is nothing
// to choose, or for another seat's view, refuses.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_players)

using namespace belote;
using namespace belote::test;

namespace {

// Plays games under `rules` with the four players (N, E, S, W) for `decisions`
// decisions of the engine players, each action applied with the table's checks.
void play_checked(const Ruleset& rules, std::array<std::unique_ptr<Player>, 4>& players, std::uint64_t decisions,
                  std::uint64_t seed) {
  std::uint64_t made = 0;
  for (std::uint64_t game = 0; made < decisions; ++game) {
    TableSetup setup;
    setup.seed = seed + game;
    setup.max_menes = 2;
    setup.keep_history = false;
    Table table(rules, setup);
    while (!table.over() && made < decisions) {
      Player& player = *players[std::size_t(index(table.to_act()))];
      const Action action = ask(player, table);
      const LegalActions legal = table.legal();
      BOOST_TEST_REQUIRE(legal.contains(table.actions(), action),
                         rules.info.name << ": " << player.name() << " chose " << table.action_text(action));
      const auto refused = table.apply(action);
      BOOST_TEST_REQUIRE(!refused, rules.info.name << ": " << player.name() << ": " << refused->message);
      ++made;
    }
  }
}

// NS's score less EW's over one mène of `seed` under `rules`, NS played by `ns`, EW by `ew`.
int mene_margin(const Ruleset& rules, std::uint64_t seed, const std::string& ns, const std::string& ew) {
  TableSetup setup;
  setup.seed = seed;
  setup.max_menes = 1;
  setup.keep_history = false;
  std::string error;
  std::array<std::unique_ptr<Player>, 4> players{make_player(ns, seed, error), make_player(ew, seed + 1, error),
                                                 make_player(ns, seed + 2, error), make_player(ew, seed + 3, error)};
  Table table(rules, setup);
  for (int guard = 0; guard < 10000 && !table.over(); ++guard)
    table.apply_legal(ask(*players[std::size_t(index(table.to_act()))], table));
  return table.tally().totals[Team::NS] - table.tally().totals[Team::EW];
}

// `table` played by `player` for every seat until `stop` cards of the mène's
// play have been played (0: the auction ended), or the game is over.
void play_to_card(Table& table, Player& player, int stop) {
  while (!table.over() && !(table.play() && table.play()->tricks_played() * 4 + table.play()->current().count == stop))
    table.apply_legal(ask(player, table));
}

}  // namespace

BOOST_AUTO_TEST_CASE(players_are_made_by_name_and_an_unknown_name_lists_them) {
  std::string error;
  for (const char* name : {"random", "heuristic", "sampled:8"}) {
    const auto player = make_player(name, 1, error);
    BOOST_TEST_REQUIRE(player != nullptr);
    BOOST_TEST(player->name() == name);
  }
  BOOST_TEST(make_player("sampled", 1, error)->name() == "sampled:32");
  BOOST_TEST(make_player("genius", 1, error) == nullptr);
  BOOST_TEST(error == "unknown player 'genius': a player is random, heuristic or sampled:N");
  // A caller that reads another name besides has it listed.
  BOOST_TEST(make_player("genius", 1, error, "bot") == nullptr);
  BOOST_TEST(error == "unknown player 'genius': a player is random, heuristic, sampled:N or bot");
  // Numbers past an int's range, signs and spaces are refused like any other wrong count.
  for (const char* bad : {"sampled:0", "sampled:", "sampled:x", "sampled:5000", "sampled:99999999", "sampled:5666666640",
                          "sampled:99999999999999999999", "sampled:-5", "sampled:+5", "sampled: 5", "sampled:5 ", "sampled:3x"}) {
    BOOST_TEST(make_player(bad, 1, error) == nullptr);
    BOOST_TEST(error == fmt::format("player '{}': sampled:N takes a number of worlds from 1 to 4096", bad));
  }
}

BOOST_AUTO_TEST_CASE(a_player_asked_where_there_is_nothing_to_choose_says_so) {
  // A game over: ask and every engine player refuse rather than choose an arbitrary action.
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 3, .max_menes = 1});
  Xoshiro256 rng(3, 1);
  while (!table.over()) table.apply_random(rng);
  const auto over = [](const std::invalid_argument& e) { return std::string(e.what()) == "the game is over: no seat is to act"; };
  // An auction without a call, as a deal with no suit to take would give.
  const Table open(*rules, TableSetup{.seed = 3});
  const Observation heard = open.observe(open.to_act());
  LegalActions none;
  none.auction = true;
  none.seat = none.calls.seat = open.to_act();
  const auto nothing = [&](const std::invalid_argument& e) {
    return std::string(e.what()) == fmt::format("{} has no legal action: there is nothing to choose", name(open.to_act()));
  };
  std::string error;
  for (const std::string spec : {"random", "heuristic", "sampled:1"}) {
    BOOST_TEST_CONTEXT("player " << spec) {
      const auto player = make_player(spec, 1, error);
      BOOST_CHECK_EXCEPTION(ask(*player, table), std::invalid_argument, over);
      const Observation seen = table.observe(Seat::N);
      const LegalActions legal = table.legal();
      BOOST_CHECK_EXCEPTION(player->choose(PlayerView{*rules, table.actions(), seen, legal}), std::invalid_argument, over);
      BOOST_CHECK_EXCEPTION(player->choose(PlayerView{*rules, open.actions(), heard, none}), std::invalid_argument, nothing);
    }
  }
}

BOOST_AUTO_TEST_CASE(advice_is_refused_for_another_seats_view_and_after_the_game) {
  // Figures from another seat's cards, or for no seat, in ObservationReader's words.
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 9, .max_menes = 1});
  const Seat to_act = table.to_act(), other = next_in_play(to_act);
  BOOST_CHECK_EXCEPTION(advise(*rules, table.actions(), table.observe(other), table.legal(), AdviceOptions{.worlds = 1}), std::invalid_argument,
                        [&](const std::invalid_argument& e) {
                          return std::string(e.what()) ==
                                 fmt::format("the view is {}'s, but {} is to act: advice is for the seat to act", name(other), name(to_act));
                        });
  Xoshiro256 rng(9, 1);
  while (!table.over()) table.apply_random(rng);
  BOOST_CHECK_EXCEPTION(advise(*rules, table.actions(), table.observe(Seat::N), table.legal(), AdviceOptions{.worlds = 1}),
                        std::invalid_argument, [](const std::invalid_argument& e) {
                          return std::string(e.what()) == "the game is over: no seat is to act, and advice is for the seat to act";
                        });
}

BOOST_AUTO_TEST_CASE(random_and_heuristic_players_take_only_legal_actions_under_every_shipped_ruleset) {
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    if (!rules->auction.given) continue;
    std::array<std::unique_ptr<Player>, 4> players{heuristic_player(1), random_player(2), heuristic_player(3), random_player(4)};
    play_checked(*rules, players, scaled(50000), 11);
    std::array<std::unique_ptr<Player>, 4> mixed{random_player(5), heuristic_player(6), random_player(7), heuristic_player(8)};
    play_checked(*rules, mixed, scaled(50000), 5000);
  }
}

BOOST_AUTO_TEST_CASE(the_sampled_player_takes_only_legal_actions_under_every_shipped_ruleset) {
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    if (!rules->auction.given) continue;
    std::array<std::unique_ptr<Player>, 4> players{sampled_player(1, 1), heuristic_player(2), sampled_player(3, 2), random_player(4)};
    // A world of 36 cards, where nearly every card is legal, costs a hundred times one of 32.
    play_checked(*rules, players, scaled(rules->deck.card_count() > 32 ? 50 : 500), 21);
  }
}

BOOST_AUTO_TEST_CASE(the_rules_of_thumb_and_sampled_players_declare_all_and_say_the_word_and_random_play_may_not) {
  // Classique games played by the rules of thumb; at each card where an announcement may be declared or the
  // belote's word said, each player is asked what it would do there.
  const auto rules = ruleset("classique");
  auto random = random_player(1);
  auto heuristic = heuristic_player(2);
  auto sampled = sampled_player(3, 1);
  std::array<std::unique_ptr<Player>, 4> table_players{heuristic_player(4), heuristic_player(5), heuristic_player(6), heuristic_player(7)};
  int declarations = 0, words = 0, sampled_asked = 0, random_skipped_declaring = 0, random_skipped_word = 0;
  for (std::uint64_t game = 0; game < 200 && (declarations < 40 || words < 40); ++game) {
    TableSetup setup;
    setup.seed = 100 + game;
    setup.max_menes = 2;
    setup.keep_history = false;
    Table table(*rules, setup);
    while (!table.over()) {
      const LegalActions legal = table.legal();
      const ActionSpace& space = table.actions();
      if (!legal.auction && (legal.declare || legal.word_cards)) {
        std::vector<Player*> thorough{heuristic.get()};
        if (sampled_asked < 30) {
          thorough.push_back(sampled.get());
          ++sampled_asked;
        }
        for (Player* player : thorough) {
          const Action action = ask(*player, table);
          if (legal.declare)
            BOOST_TEST((space.kind(action) == ActionKind::declare), player->name() << " did not declare: " << table.action_text(action));
          else if (space.kind(action) != ActionKind::declare && contains(legal.word_cards, space.card_of(action)))
            BOOST_TEST((space.kind(action) == ActionKind::card_word), player->name() << " did not say the word: " << table.action_text(action));
        }
        const Action chosen = ask(*random, table);
        if (legal.declare) {
          ++declarations;
          random_skipped_declaring += space.kind(chosen) != ActionKind::declare;
        } else if (space.kind(chosen) == ActionKind::card && contains(legal.word_cards, space.card_of(chosen))) {
          ++words;
          ++random_skipped_word;
        } else if (space.kind(chosen) == ActionKind::card_word) {
          ++words;
        }
      }
      table.apply_legal(ask(*table_players[std::size_t(index(table.to_act()))], table));
    }
  }
  // Random play is uniform over every legal action: it plays a card rather than declare, and a card without its word.
  BOOST_TEST(declarations >= 40);
  BOOST_TEST(words >= 40);
  BOOST_TEST(random_skipped_declaring > 0);
  BOOST_TEST(random_skipped_word > 0);
}

BOOST_AUTO_TEST_CASE(the_rules_of_thumb_beat_random_play_over_duplicate_coinche_deals) {
  const auto rules = ruleset("coinche");
  // Each deal played twice, the heuristic holding NS then EW, so that the cards even out.
  long heuristic = 0;
  int better = 0, worse = 0;
  const std::uint64_t deals = scaled(300);
  for (std::uint64_t seed = 0; seed < deals; ++seed) {
    const int margin = mene_margin(*rules, seed, "heuristic", "random") - mene_margin(*rules, seed, "random", "heuristic");
    heuristic += margin;
    if (margin > 0) ++better;
    if (margin < 0) ++worse;
  }
  BOOST_TEST_MESSAGE("heuristic against random over " << deals << " duplicate deals: " << double(heuristic) / deals
                                                       << " a deal pair, better " << better << ", worse " << worse);
  BOOST_TEST(heuristic > 0);
  BOOST_TEST(better > 2 * worse);
}

BOOST_AUTO_TEST_CASE(each_first_cards_value_is_the_value_of_the_position_after_it) {
  for (const char* name : {"coinche", "klaverjas", "schieber", "bulgare"}) {
    const auto rules = ruleset(name);
    int positions = 0;
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
      TableSetup setup;
      setup.seed = seed;
      setup.max_menes = 1;
      Table table(*rules, setup);
      auto player = random_player(seed);
      const int stop = int(seed * 5 % 23);
      play_to_card(table, *player, stop);
      if (table.over()) continue;
      const PlayedMene& mene = *table.play();
      const Team takers = team_of(table.contract()->taker);
      SolveOptions options;
      options.card_values = true;
      Solver solver(options);
      const SolveResult all = solver.solve(mene.context(), SolvePosition::of(mene, takers));
      BOOST_TEST_REQUIRE(all.valued == mene.legal());
      int best = -1;
      for (CardSet rest = mene.legal(); rest;) {
        const Card card = pop_lowest(rest);
        PlayedMene after = mene;
        after.play(card);
        const int value = after.over() ? after.points()[takers] : solve(mene.context(), SolvePosition::of(after, takers)).takers_points;
        BOOST_TEST(all.card_value[card] == value, name << " seed " << seed << " card " << rules->deck.card_name(card));
        best = best < 0 ? value : team_of(mene.to_play()) == takers ? std::max(best, value) : std::min(best, value);
      }
      BOOST_TEST(all.takers_points == best);
      // The best cards are those whose value is the position's.
      CardSet keeping = 0;
      for (CardSet rest = mene.legal(); rest;) {
        const Card card = pop_lowest(rest);
        if (all.card_value[card] == best) keeping |= card_bit(card);
      }
      BOOST_TEST(all.best_cards == keeping, name << " seed " << seed);
      ++positions;
    }
    BOOST_TEST(positions > 4);
  }
}

BOOST_AUTO_TEST_CASE(advice_gives_every_legal_action_and_the_same_seed_the_same_figures) {
  const auto rules = ruleset("coinche");
  for (std::uint64_t seed = 0; seed < 6; ++seed) {
    TableSetup setup;
    setup.seed = seed;
    setup.max_menes = 1;
    Table table(*rules, setup);
    auto player = heuristic_player(seed);
    const int stop = int(2 + seed * 5);
    play_to_card(table, *player, stop);
    if (table.over()) continue;
    const Observation seen = table.observe(table.to_act());
    const LegalActions legal = table.legal();
    AdviceOptions options;
    options.worlds = 6;
    options.seed = seed;
    const Advice a = advise(*rules, table.actions(), seen, legal, options);
    const Advice b = advise(*rules, table.actions(), seen, legal, options);
    BOOST_TEST(a.worlds == 6);
    BOOST_TEST(a.inconsistent == 0);
    BOOST_TEST_REQUIRE(a.actions.size() == legal.list(table.actions(), *rules).size());
    BOOST_TEST(legal.contains(table.actions(), a.best));
    for (std::size_t i = 0; i < a.actions.size(); ++i) {
      BOOST_TEST(a.actions[i].expected == b.actions[i].expected);
      BOOST_TEST(a.actions[i].spread >= 0);
      if (a.actions[i].make_chance) BOOST_TEST((*a.actions[i].make_chance >= 0 && *a.actions[i].make_chance <= 1));
      // Card points of a mène: at most the kind's total (or its capot's value).
      if (a.actions[i].valued) BOOST_TEST((a.actions[i].expected >= 0 && a.actions[i].expected <= 252));
    }
  }
  // In the auction every call is valued by the score it leads to.
  Table table(*rules, TableSetup{.seed = 9});
  const Advice auction = advise(*rules, table.actions(), table.observe(table.to_act()), table.legal(), AdviceOptions{.worlds = 3});
  BOOST_TEST(auction.auction);
  for (const ActionAdvice& a : auction.actions) BOOST_TEST(a.valued);
}

BOOST_AUTO_TEST_CASE(a_first_speakers_pass_that_forces_his_choice_is_valued_by_that_choice) {
  // Klaverjas: when all four pass, the first speaker must name a suit
  // (auction.on_all_pass = "forced-first-speaker"): his pass leads to his own
  // choice among the suits, the turned one included, never to a redeal.
  const auto rules = ruleset("klaverjas");
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    Table table(*rules, TableSetup{.seed = seed});
    const Seat first = table.to_act();
    const Advice advice = advise(*rules, table.actions(), table.observe(first), table.legal(), AdviceOptions{.worlds = 3, .seed = seed});
    BOOST_TEST_REQUIRE(advice.auction);
    std::optional<ActionAdvice> pass, play;
    for (const ActionAdvice& a : advice.actions) (table.action_text(a.action) == "pass" ? pass : play) = a;
    BOOST_TEST_REQUIRE((pass && play));
    BOOST_TEST(pass->make_chance.has_value(), "seed " << seed << ": the pass leads to a contract");
    BOOST_TEST(pass->expected >= play->expected, "seed " << seed);
  }
}

// Every figure of two pieces of advice, the same.
void check_same_advice(const Advice& a, const Advice& b, const std::string& where) {
  BOOST_TEST(a.worlds == b.worlds, where);
  BOOST_TEST(a.inconsistent == b.inconsistent, where);
  BOOST_TEST(a.stopped == b.stopped, where);
  BOOST_TEST(a.best == b.best, where);
  BOOST_TEST_REQUIRE(a.actions.size() == b.actions.size());
  for (std::size_t i = 0; i < a.actions.size(); ++i) {
    BOOST_TEST(a.actions[i].valued == b.actions[i].valued, where << " action " << i);
    BOOST_TEST(a.actions[i].expected == b.actions[i].expected, where << " action " << i);
    BOOST_TEST(a.actions[i].spread == b.actions[i].spread, where << " action " << i);
    BOOST_TEST(a.actions[i].make_chance.value_or(-1) == b.actions[i].make_chance.value_or(-1), where << " action " << i);
  }
}

BOOST_AUTO_TEST_CASE(advice_is_the_same_on_any_number_of_threads) {
  // The auction (a turned card, choosing a trump, roem) and cards of the play, each advised on
  // one thread and on three, with a memory of auction worlds and without.
  for (const char* name : {"coinche", "classique", "klaverjas", "schieber"}) {
    const auto rules = ruleset(name);
    auto player = heuristic_player(2);
    int advised = 0;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Table table(*rules, TableSetup{.seed = seed, .max_menes = 1});
      for (int step = 0; !table.over(); ++step) {
        // The auction's first call, then every seventh action.
        if (step % 7 == 0) {
          const Observation seen = table.observe(table.to_act());
          const LegalActions legal = table.legal();
          const AdviceOptions one{.worlds = 3, .seed = seed, .threads = 1};
          AdviceOptions three = one;
          three.threads = 3;
          const Advice alone = advise(*rules, table.actions(), seen, legal, one);
          check_same_advice(alone, advise(*rules, table.actions(), seen, legal, three), fmt::format("{} seed {} step {}", name, seed, step));
          AuctionMemory memory;
          three.memory = &memory;
          check_same_advice(alone, advise(*rules, table.actions(), seen, legal, three), fmt::format("{} seed {} step {}, kept", name, seed, step));
          ++advised;
        }
        table.apply_legal(ask(*player, table));
      }
    }
    BOOST_TEST(advised >= 8, name);
  }
}

BOOST_AUTO_TEST_CASE(advice_stopped_by_its_caller_holds_the_worlds_solved_before_as_that_many_worlds_give_them) {
  // The stop is asked within each world's solve (every 16,384 nodes) and between worlds: a world
  // whose solve it cut is left out, and those before it are the first worlds drawn, whole.
  const auto rules = ruleset("coinche");
  auto player = heuristic_player(4);
  Table table(*rules, TableSetup{.seed = 4, .max_menes = 1});
  play_to_card(table, *player, 0);
  BOOST_TEST_REQUIRE(!table.over());
  const Observation seen = table.observe(table.to_act());
  const LegalActions legal = table.legal();
  int some_worlds = 0;
  for (int asks : {1, 4, 9, 16}) {
    int asked = 0;
    AdviceOptions options{.worlds = 12, .seed = 3};
    options.stop = [&] { return ++asked > asks; };
    const Advice stopped = advise(*rules, table.actions(), seen, legal, options);
    BOOST_TEST_MESSAGE(asks << " asks: " << stopped.worlds << " worlds");
    BOOST_TEST(stopped.stopped, asks);
    BOOST_TEST(stopped.worlds < 12, asks);
    BOOST_TEST(legal.contains(table.actions(), stopped.best), asks);
    if (stopped.worlds == 0) continue;
    ++some_worlds;
    Advice fewer = advise(*rules, table.actions(), seen, legal, AdviceOptions{.worlds = stopped.worlds, .seed = 3});
    BOOST_TEST(!fewer.stopped);
    fewer.stopped = true;
    check_same_advice(stopped, fewer, fmt::format("stopped after {} asks", asks));
  }
  BOOST_TEST(some_worlds >= 2);
  // A stop that never says stop changes no figure.
  AdviceOptions asked_only{.worlds = 5, .seed = 3};
  asked_only.stop = [] { return false; };
  check_same_advice(advise(*rules, table.actions(), seen, legal, asked_only),
                    advise(*rules, table.actions(), seen, legal, AdviceOptions{.worlds = 5, .seed = 3}), "never stopped");
  // A sampled player asked to stop at once still answers a legal action.
  auto sampled = sampled_player(1, 32);
  BOOST_TEST(legal.contains(table.actions(), ask(*sampled, table, [] { return true; })));
}

BOOST_AUTO_TEST_CASE(advice_reports_each_world_tallied_in_order_and_changes_no_figure) {
  const auto rules = ruleset("coinche");
  auto player = heuristic_player(4);
  Table table(*rules, TableSetup{.seed = 4, .max_menes = 1});
  // A call of the auction and a card of the play, on one thread and on three.
  for (const bool play : {false, true}) {
    if (play) play_to_card(table, *player, 0);
    const Observation seen = table.observe(table.to_act());
    const LegalActions legal = table.legal();
    for (unsigned threads : {1u, 3u}) {
      std::vector<std::pair<int, int>> calls;
      AdviceOptions options{.worlds = 7, .seed = 3, .threads = threads};
      options.progress = [&](int done, int worlds) { calls.emplace_back(done, worlds); };
      const Advice reported = advise(*rules, table.actions(), seen, legal, options);
      const std::vector<std::pair<int, int>> expected{{1, 7}, {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};
      BOOST_TEST((calls == expected), "play " << play << ", threads " << threads);
      check_same_advice(reported, advise(*rules, table.actions(), seen, legal, AdviceOptions{.worlds = 7, .seed = 3}),
                        fmt::format("play {}, threads {}", play, threads));
    }
  }
}

BOOST_AUTO_TEST_CASE(auction_solves_spared_by_tests_change_no_figure) {
  // Every call of the first mènes, its figures with every contract solved and with the solves
  // the tests spare; doubles and a contract of the other side included as the auction goes on.
  for (const char* name : {"coinche", "coinche-contrat-seul", "contree", "classique", "klaverjas", "bulgare"}) {
    const auto rules = ruleset(name);
    auto player = heuristic_player(5);
    int compared = 0, spared_solves = 0;
    for (std::uint64_t seed = 11; compared < 8; ++seed) {
      Table table(*rules, TableSetup{.seed = seed, .max_menes = 1});
      while (!table.over() && table.legal().auction) {
        const Observation seen = table.observe(table.to_act());
        const LegalActions legal = table.legal();
        const Advice solved = advise(*rules, table.actions(), seen, legal, AdviceOptions{.worlds = 4, .seed = seed, .screen = false});
        AuctionMemory memory;
        const Advice spared = advise(*rules, table.actions(), seen, legal, AdviceOptions{.worlds = 4, .seed = seed, .memory = &memory});
        // The contracts bounded by tests and never solved: the solves spared.
        const AuctionMemory::Seen kept{rules.get(), seen.seat, seen.mene, WorldSampler(*rules, seen).hidden(), seed};
        for (const AuctionMemory::SolvedWorld& w : memory.of(kept).worlds)
          for (const auto& bounded : w.bounds) spared_solves += w.results.count(bounded.first) == 0 ? 1 : 0;
        BOOST_TEST_REQUIRE(solved.actions.size() == spared.actions.size());
        BOOST_TEST(solved.best == spared.best, name);
        for (std::size_t i = 0; i < solved.actions.size(); ++i) {
          BOOST_TEST(solved.actions[i].expected == spared.actions[i].expected, name << " call " << i);
          BOOST_TEST(solved.actions[i].spread == spared.actions[i].spread, name << " call " << i);
          BOOST_TEST(solved.actions[i].make_chance.value_or(-1) == spared.actions[i].make_chance.value_or(-1), name << " call " << i);
        }
        ++compared;
        table.apply_legal(ask(*player, table));
      }
    }
    // Under roem a contract is scored from a line of play, which no bound on its value settles.
    if (std::string(name) == "klaverjas")
      BOOST_TEST(spared_solves == 0, name);
    else
      BOOST_TEST(spared_solves > 0, name);
  }
}

BOOST_AUTO_TEST_CASE(auction_worlds_kept_between_calls_change_no_figure_and_follow_the_seats_cards) {
  // Every card dealt before the auction (coinche), a turned card and cards dealt after it (classique), a turned suit (klaverjas).
  for (const char* name : {"coinche", "classique", "klaverjas"}) {
    const auto rules = ruleset(name);
    AuctionMemory memory;
    auto player = heuristic_player(3);
    int compared = 0;
    for (std::uint64_t seed = 4; compared < 3; ++seed) {
      Table table(*rules, TableSetup{.seed = seed, .max_menes = 1});
      while (!table.over() && !table.play()) {
        const Observation seen = table.observe(table.to_act());
        const LegalActions legal = table.legal();
        const AdviceOptions alone{.worlds = 3, .seed = 8};
        AdviceOptions kept = alone;
        kept.memory = &memory;
        // The seat's later calls find the worlds of its first, and their figures are those of a fresh advice.
        const Advice a = advise(*rules, table.actions(), seen, legal, alone);
        const Advice b = advise(*rules, table.actions(), seen, legal, kept);
        const Advice c = advise(*rules, table.actions(), seen, legal, kept);
        BOOST_TEST_REQUIRE(a.actions.size() == b.actions.size());
        BOOST_TEST(a.best == b.best, name);
        BOOST_TEST(b.best == c.best, name);
        for (std::size_t i = 0; i < a.actions.size(); ++i) {
          BOOST_TEST(a.actions[i].expected == b.actions[i].expected, name << " call " << i);
          BOOST_TEST(a.actions[i].spread == b.actions[i].spread, name << " call " << i);
          BOOST_TEST(a.actions[i].make_chance.value_or(-1) == b.actions[i].make_chance.value_or(-1), name << " call " << i);
          BOOST_TEST(b.actions[i].expected == c.actions[i].expected, name << " call " << i);
        }
        ++compared;
        table.apply_legal(ask(*player, table));
      }
    }
  }
  // Kept by the seat's cards and the seed: the same cards and seed find the worlds drawn, other cards or another seed none.
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 5, .max_menes = 1});
  const Observation seen = table.observe(table.to_act());
  AuctionMemory memory;
  advise(*rules, table.actions(), seen, table.legal(), AdviceOptions{.worlds = 3, .seed = 8, .memory = &memory});
  const WorldSampler sampler(*rules, seen);
  const AuctionMemory::Seen same{rules.get(), seen.seat, seen.mene, sampler.hidden(), 8};
  BOOST_TEST(memory.of(same).worlds.size() == 3u);
  AuctionMemory::Seen other_seed = same;
  other_seed.seed = 9;
  BOOST_TEST(memory.of(other_seed).worlds.empty());
  AuctionMemory::Seen other_cards = same;
  other_cards.hidden ^= other_cards.hidden & -other_cards.hidden;
  BOOST_TEST(memory.of(other_cards).worlds.empty());
  // Each world holds what the seat holds.
  for (const AuctionMemory::SolvedWorld& w : memory.of(same).worlds) BOOST_TEST((w.world.dealt[seen.seat] & seen.dealt) == seen.dealt);
}

BOOST_AUTO_TEST_CASE(under_roem_an_auction_contract_is_scored_from_a_line_of_best_play_its_roem_apart_from_its_card_points) {
  // The solver's value holds the takers' roem with their card points; scoring that sum
  // as card points would call contracts made that the evaluator fails.
  const auto rules = ruleset("klaverjas");
  int with_roem = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Table table(*rules, TableSetup{.seed = seed, .max_menes = 1});
    const Observation seen = table.observe(table.to_act());
    AuctionMemory memory;
    advise(*rules, table.actions(), seen, table.legal(), AdviceOptions{.worlds = 4, .seed = 8, .memory = &memory});
    const WorldSampler sampler(*rules, seen);
    for (const AuctionMemory::SolvedWorld& w : memory.of({rules.get(), seen.seat, seen.mene, sampler.hidden(), 8}).worlds) {
      for (const auto& [key, result] : w.results) {
        const AuctionKind& kind = rules->auction.kinds[std::size_t(std::get<0>(key))];
        const PlayContext play(*rules, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
        const Team takers = Team(std::get<1>(key));
        const SolveResult alone = solve(play, SolvePosition::start(w.world.dealt, Seat(std::get<2>(key)), takers));
        BOOST_TEST_REQUIRE(int(alone.status) == int(SolveStatus::solved));
        BOOST_TEST(result.points[Team::NS] + result.points[Team::EW] == play.total_points());
        BOOST_TEST(result.tricks[Team::NS] + result.tricks[Team::EW] == play.hand_size());
        if (result.tricks[other(takers)] == 0) continue;  // a sweep's value is the capot's, with the pit
        BOOST_TEST(result.points[takers] + result.roem[takers] == alone.takers_points, "seed " << seed);
        with_roem += result.roem[takers] > 0 ? 1 : 0;
        ++checked;
      }
    }
  }
  BOOST_TEST(checked > 20);
  BOOST_TEST(with_roem > 0);  // read as card points, the roem would be none
}

BOOST_AUTO_TEST_CASE(sampled_players_keep_their_auction_worlds_in_the_shared_memory_while_one_is_open) {
  const auto rules = ruleset("coinche");
  BOOST_TEST(SharedAuctionMemory::current() == nullptr);
  {
    const SharedAuctionMemory outer;
    AuctionMemory* open = SharedAuctionMemory::current();
    BOOST_TEST_REQUIRE(open != nullptr);
    {
      const SharedAuctionMemory inner;
      BOOST_TEST(SharedAuctionMemory::current() != open);
    }
    BOOST_TEST(SharedAuctionMemory::current() == open);
    Table table(*rules, TableSetup{.seed = 5, .max_menes = 1});
    ask(*sampled_player(1, 2), table);
    ask(*sampled_player(2, 2), table);
    BOOST_TEST(open->observations() == 1u);
  }
  BOOST_TEST(SharedAuctionMemory::current() == nullptr);
}

BOOST_AUTO_TEST_CASE(sampled_players_of_other_seeds_make_the_same_call_from_the_same_cards) {
  // An auction's worlds depend on the seat's cards alone: a duplicate deal's second play finds them solved.
  const auto rules = ruleset("coinche");
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    Table table(*rules, TableSetup{.seed = seed, .max_menes = 1});
    auto one = sampled_player(seed, 2);
    auto two = sampled_player(seed + 100, 2);
    BOOST_TEST(ask(*one, table) == ask(*two, table));
  }
}

BOOST_AUTO_TEST_SUITE_END()
