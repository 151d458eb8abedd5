// The arena: a deal's two plays give each team the cards the other held; the
// tally's means and intervals from its sums; the same result on any number of
// threads, deals reported in order; ranges merged into the whole; the result's
// JSON read back, and what a result that is not one is told; a player that
// fails stops a run, and a comparison of rulesets in play, naming the deal;
// a run its caller stops keeps the deals played whole.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cmath>
#include <fmt/format.h>
#include <mutex>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_arena)

using namespace belote;
using namespace belote::test;

namespace {

ArenaSettings settings_of(const std::string& a, const std::string& b, std::uint64_t seed, std::uint64_t deals,
                          std::uint64_t first = 0) {
  ArenaSettings s;
  s.seed = seed;
  s.first_deal = first;
  s.deals = deals;
  s.names = {{a, b}};
  std::string error;
  s.players[ArenaSide::a] = *engine_actor(a, error);
  s.players[ArenaSide::b] = *engine_actor(b, error);
  return s;
}

// A random player that notes, at its seat's first action, the cards the seat holds.
struct Witness {
  std::mutex mutex;
  std::vector<std::pair<Seat, CardSet>> seen;
  SeatActorMaker maker() {
    return [this](Seat, std::uint64_t seed) -> std::unique_ptr<SeatActor> {
      struct Noting final : SeatActor {
        Witness* witness;
        std::unique_ptr<Player> player;
        bool noted = false;
        Action act(const Table& table, const std::function<bool()>& stop) override {
          if (!noted) {
            noted = true;
            std::lock_guard lock(witness->mutex);
            witness->seen.emplace_back(table.to_act(), table.observe(table.to_act()).hand);
          }
          return ask(*player, table, stop);
        }
      };
      auto actor = std::make_unique<Noting>();
      actor->witness = this;
      actor->player = random_player(seed);
      return actor;
    };
  }
};

DuplicateDeal deal_with(long long first_ns, long long first_ew, long long second_ns, long long second_ew, int menes = 1) {
  DuplicateDeal d;
  d.plays[0].points = PerTeam<long long>{{first_ns, first_ew}};
  d.plays[1].points = PerTeam<long long>{{second_ns, second_ew}};
  d.plays[0].menes = d.plays[1].menes = menes;
  return d;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_second_play_gives_each_team_the_cards_the_other_held) {
  const auto rules = ruleset("coinche");
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    Witness a, b;
    ArenaSettings s = settings_of("random", "random", 4, 1);
    s.players = {{a.maker(), b.maker()}};
    play_duplicate(*rules, s, deal);
    // A's seats speak first at N-S (the first play), then at E-W (the second); B's the other way round.
    BOOST_TEST_REQUIRE(a.seen.size() == 4u);
    BOOST_TEST_REQUIRE(b.seen.size() == 4u);
    const auto held = [](const Witness& w, Team team) {
      CardSet cards = 0;
      for (const auto& [seat, hand] : w.seen)
        if (team_of(seat) == team) cards |= hand;
      return cards;
    };
    BOOST_TEST(held(a, Team::NS) != 0);
    // The cards A held at N-S in the first play are B's at N-S in the second, and the other way round.
    BOOST_TEST(held(a, Team::NS) == held(b, Team::NS));
    BOOST_TEST(held(a, Team::EW) == held(b, Team::EW));
    BOOST_TEST((held(a, Team::NS) & held(a, Team::EW)) == 0);
    // Each side held both teams' cards: A's first two entries are N-S seats, its last two E-W.
    BOOST_TEST((team_of(a.seen[0].first) == Team::NS && team_of(a.seen[3].first) == Team::EW));
    BOOST_TEST((team_of(b.seen[0].first) == Team::EW && team_of(b.seen[3].first) == Team::NS));
  }
}

BOOST_AUTO_TEST_CASE(a_games_difference_counts_a_from_both_sides) {
  // First play: A at N-S scores 100, B 62; second: B at N-S scores 150, A 12.
  const DuplicateDeal d = deal_with(100, 62, 150, 12);
  BOOST_TEST(d.difference() == (100 - 62) + (12 - 150));
  BOOST_TEST(d.menes() == 2);
}

BOOST_AUTO_TEST_CASE(the_means_and_intervals_follow_from_the_sums) {
  ArenaTally t;
  // Differences 10, -2 and 4: mean 4, sample deviation 6.
  t.add(deal_with(10, 0, 0, 0));
  t.add(deal_with(0, 2, 0, 0));
  t.add(deal_with(4, 0, 0, 0));
  BOOST_TEST(t.games == 3u);
  BOOST_TEST(t.sum == 12);
  BOOST_TEST(t.sum_squares == 120);
  BOOST_TEST((t.a_ahead == 2u && t.even == 0u && t.b_ahead == 1u));
  const Estimate game = t.per_game();
  BOOST_TEST(game.mean == 4.0);
  BOOST_TEST_REQUIRE(game.half_width.has_value());
  BOOST_TEST(std::abs(*game.half_width - 1.959963984540054 * 6 / std::sqrt(3.0)) < 1e-9);
  // Two mènes a game: the same figures halved.
  const Estimate mene = t.per_mene();
  BOOST_TEST(mene.mean == 2.0);
  BOOST_TEST(std::abs(*mene.half_width - *game.half_width / 2) < 1e-9);
  // One game: a mean and no interval.
  ArenaTally one;
  one.add(deal_with(7, 0, 0, 0));
  BOOST_TEST(one.per_game().mean == 7.0);
  BOOST_TEST(!one.per_game().half_width.has_value());
}

BOOST_AUTO_TEST_CASE(tallies_merged_are_the_tally_of_all_their_deals) {
  // Deals of one and more mènes, each side ahead, even, and contracts of every end.
  std::vector<DuplicateDeal> deals{deal_with(10, 0, 0, 0, 2), deal_with(0, 2, 5, 5), deal_with(4, 0, 0, 30, 3), deal_with(7, 7, 7, 7)};
  deals[0].plays[0].contracts[Team::NS] = ContractCount{1, 1, 0, 0};
  deals[1].plays[1].contracts[Team::EW] = ContractCount{2, 0, 1, 1};
  deals[2].plays[0].contracts[Team::EW] = ContractCount{3, 1, 2, 0};
  deals[3].plays[1].contracts[Team::NS] = ContractCount{1, 0, 0, 1};
  ArenaTally whole, first, second;
  for (std::size_t i = 0; i < deals.size(); ++i) {
    whole.add(deals[i]);
    (i < 2 ? first : second).add(deals[i]);
  }
  first.add(second);
  BOOST_TEST((first == whole));
  BOOST_TEST((whole.a_ahead == 2u && whole.even == 1u && whole.b_ahead == 1u));
  BOOST_TEST((whole.contracts[ArenaSide::a] == ContractCount{3, 1, 1, 1}));
  BOOST_TEST((whole.contracts[ArenaSide::b] == ContractCount{4, 1, 2, 1}));
  ContractCount count{1, 2, 3, 4};
  count += ContractCount{10, 20, 30, 40};
  BOOST_TEST((count == ContractCount{11, 22, 33, 44}));
}

BOOST_AUTO_TEST_CASE(played_diffs_merge_their_sums_their_largest_change_and_their_first_examples) {
  PlayedDiff merged{4, 2, 1, 1, 30, 500, 40, -20, 3, {1, 3}};
  merged.merge(PlayedDiff{6, 3, 2, 0, -10, 900, 50, 30, 8, {8, 9}}, 3);
  BOOST_TEST((merged == PlayedDiff{10, 5, 3, 1, 20, 1400, 90, 30, 8, {1, 3, 8}}));
  // A smaller largest change leaves the largest as it was.
  merged.merge(PlayedDiff{1, 1, 0, 0, 5, 25, 5, 5, 11, {11}}, 3);
  BOOST_TEST((merged == PlayedDiff{11, 6, 3, 1, 25, 1425, 95, 30, 8, {1, 3, 8}}));
}

BOOST_AUTO_TEST_CASE(a_tiny_run_gives_its_exact_figures) {
  const auto rules = ruleset("klaverjas");
  const ArenaResult r = run_arena(*rules, settings_of("heuristic", "random", 1, 6), 2);
  BOOST_TEST_MESSAGE(arena_json(r));
  // Each figure again from the deals played one by one.
  long long sum = 0, squares = 0;
  std::uint64_t menes = 0;
  for (std::uint64_t deal = 0; deal < 6; ++deal) {
    const DuplicateDeal d = play_duplicate(*rules, settings_of("heuristic", "random", 1, 6), deal);
    sum += d.difference();
    squares += d.difference() * d.difference();
    menes += std::uint64_t(d.menes());
  }
  BOOST_TEST(r.tally.games == 6u);
  BOOST_TEST(r.tally.menes == menes);
  BOOST_TEST(r.tally.sum == sum);
  BOOST_TEST(r.tally.sum_squares == squares);
  // The figures of this seed, so that a change to the players or the table shows.
  BOOST_TEST(r.tally.menes == 12u);
  BOOST_TEST(r.tally.sum == 486);
  BOOST_TEST(r.tally.sum_squares == 250260);
  BOOST_TEST(r.tally.a_ahead == 4u);
  BOOST_TEST(r.tally.per_game().mean == 81.0);
  BOOST_TEST(r.tally.per_mene().mean == 40.5);
}

BOOST_AUTO_TEST_CASE(the_result_is_the_same_on_any_number_of_threads_and_deals_come_in_order) {
  const auto rules = ruleset("schieber");
  const ArenaSettings s = settings_of("heuristic", "random", 2, 24);
  std::vector<std::uint64_t> order;
  const ArenaResult one = run_arena(*rules, s, 1);
  const ArenaResult four = run_arena(*rules, s, 4, [&](const DuplicateDeal& d) { order.push_back(d.number); });
  BOOST_TEST((one == four));
  std::vector<std::uint64_t> expected(24);
  for (std::uint64_t i = 0; i < 24; ++i) expected[i] = i;
  BOOST_TEST(order == expected);
  BOOST_TEST(arena_json(one) == arena_json(four));
}

BOOST_AUTO_TEST_CASE(ranges_merge_into_the_whole_run_and_refuse_overlaps_gaps_and_other_arenas) {
  const auto rules = ruleset("coinche");
  const ArenaResult whole = run_arena(*rules, settings_of("heuristic", "random", 3, 12), 2);
  std::vector<ArenaResult> parts{run_arena(*rules, settings_of("heuristic", "random", 3, 5, 7), 1),
                                 run_arena(*rules, settings_of("heuristic", "random", 3, 7, 0), 1)};
  std::string error;
  const auto merged = merge_arena(parts, {}, error);
  BOOST_TEST_REQUIRE(merged.has_value(), error);
  BOOST_TEST((*merged == whole));
  BOOST_TEST(arena_json(*merged) == arena_json(whole));

  // Each refusal names the part at fault, the part it does not fit with, and the key.
  const std::vector<std::string> sources{"b.json", "a.json"};
  const ArenaResult overlapping = run_arena(*rules, settings_of("heuristic", "random", 3, 3, 6), 1);
  BOOST_TEST(!merge_arena({parts[1], overlapping}, sources, error));
  BOOST_TEST(error == "a.json: 'first_deal' is 6, but b.json holds deals 0 to 6: the ranges overlap");
  BOOST_TEST(!merge_arena({parts[1], run_arena(*rules, settings_of("heuristic", "random", 3, 2, 8), 1)}, sources, error));
  BOOST_TEST(error == "a.json: 'first_deal' is 8, but b.json holds deals 0 to 6: deal 7 is in no result (the ranges leave a gap)");
  BOOST_TEST(!merge_arena({parts[1], run_arena(*rules, settings_of("heuristic", "random", 4, 5, 7), 1)}, sources, error));
  BOOST_TEST(error == "a.json: 'seed' is 4, but 3 in b.json: the results are of two arenas (ruleset, players, seed and "
                      "menes_per_play must be the same)");
  BOOST_TEST(!merge_arena({parts[1], run_arena(*rules, settings_of("heuristic", "heuristic", 3, 5, 7), 1)}, sources, error));
  BOOST_TEST(error == "a.json: 'players.B' is 'heuristic', but 'random' in b.json: the results are of two arenas (ruleset, "
                      "players, seed and menes_per_play must be the same)");
  // Without sources, a part is named by its place.
  BOOST_TEST(!merge_arena({parts[1], overlapping}, {}, error));
  BOOST_TEST(error == "result 2: 'first_deal' is 6, but result 1 holds deals 0 to 6: the ranges overlap");
  BOOST_TEST(!merge_arena({}, {}, error));
  BOOST_TEST(error == "no results to merge");
}

BOOST_AUTO_TEST_CASE(a_result_reads_back_and_a_wrong_one_is_named) {
  const auto rules = ruleset("klaverjas");
  const ArenaResult r = run_arena(*rules, settings_of("random", "heuristic", 5, 3, 2), 1);
  Diagnostic error;
  const auto back = read_arena_json(arena_json(r, true), "r.json", error);
  BOOST_TEST_REQUIRE(back.has_value(), error.message);
  BOOST_TEST((*back == r));

  // Unplaced (a text the caller wrote, as the Python module's), a message names the key alone.
  const auto refused = [&](const std::function<void(nlohmann::json&)>& change) {
    nlohmann::json j = nlohmann::json::parse(arena_json(r));
    change(j);
    BOOST_TEST(!read_arena_json(j.dump(), "r.json", error, false));
    BOOST_TEST(error.source_line.empty());
    return location_and_message(error);
  };
  BOOST_TEST(refused([](nlohmann::json& j) { j.erase("ruleset"); }) == "r.json: 'ruleset' is missing");
  BOOST_TEST(refused([](nlohmann::json& j) { j["seed"] = -1; }) ==
             "r.json: 'seed' is -1, not a whole number from 0 to 18446744073709551615");
  BOOST_TEST(refused([](nlohmann::json& j) { j["players"] = 1; }) == "r.json: 'players' is 1, not an object");
  BOOST_TEST(refused([](nlohmann::json& j) { j["contracts"]["B"].erase("made"); }) == "r.json: 'contracts.B.made' is missing");
  BOOST_TEST(refused([](nlohmann::json& j) { j["sums"]["difference"] = "x"; }) ==
             "r.json: 'sums.difference' is \"x\", not a whole number from -9223372036854775808 to 9223372036854775807");
  BOOST_TEST(refused([](nlohmann::json& j) { j["games"] = 2; }) ==
             "r.json: 'games' (2) is not 'deals' (3): a result of a run that stopped");
  // A player written in Python is named after "python: " (as the Python module's arena names it), a bot after
  // "bot: ": each reads back; a bare name no arena plays, or a prefix with no name after it, does not.
  for (const std::string player : {"python: Thumb", "python: heuristic", "bot: ./bot --fast"}) {
    nlohmann::json j = nlohmann::json::parse(arena_json(r));
    j["players"]["A"] = player;
    const auto named = read_arena_json(j.dump(), "r.json", error, false);
    BOOST_TEST_REQUIRE(named.has_value(), location_and_message(error));
    BOOST_TEST(named->players[ArenaSide::a] == player);
  }
  BOOST_TEST(refused([](nlohmann::json& j) { j["players"]["A"] = "Thumb"; }) ==
             "r.json: 'players.A': unknown player 'Thumb': a player of a result is random, heuristic, sampled:N, 'bot: COMMAND' or 'python: NAME'");
  BOOST_TEST(refused([](nlohmann::json& j) { j["players"]["B"] = "python: "; }).starts_with(
                 "r.json: 'players.B': unknown player 'python: '"),
             location_and_message(error));
  BOOST_TEST(refused([](nlohmann::json& j) { j["sums"]["extra"] = 0; }) ==
             "r.json: unknown key 'sums.extra' ('sums' holds difference, difference_squared, menes_squared and "
             "difference_by_menes)");
  // Placed, it starts with the line and column of the key's value.
  BOOST_TEST(!read_arena_json(with(arena_json(r, true), "\"seed\": ", "\"seed\": -"), "r.json", error));
  BOOST_TEST(location_and_message(error).starts_with("r.json:7:11: 'seed' is -"), location_and_message(error));
  // ... with its line quoted and a caret under the value.
  BOOST_TEST(error.source_line.starts_with("  \"seed\": -"), error.source_line);
  BOOST_TEST(caret_lines(error).ends_with("\n            ^"), caret_lines(error));
  BOOST_TEST(!read_arena_json("[1]", "r.json", error));
  BOOST_TEST(location_and_message(error) == "r.json: not a JSON object (an arena's result is the object `belote arena --format json` writes)");
  // A syntax error is placed by line and column (here the second line's third character).
  BOOST_TEST(!read_arena_json("{\"ruleset\": \"coinche\",\n  ]", "r.json", error));
  BOOST_TEST(location_and_message(error).starts_with("r.json:2:3: JSON syntax error while parsing object key"),
             location_and_message(error));
  BOOST_TEST(error.source_line == "  ]");
  // A byte that is no UTF-8 is quoted escaped, as every message quotes one (found by fuzz_arena_result).
  BOOST_TEST(!read_arena_json("{\"m\xb8" "enes_per_play\": 1}", "r.json", error));
  BOOST_TEST(error.message == "JSON syntax error while parsing object key - invalid string: ill-formed UTF-8 byte; "
                              "last read: '\"m\\xb8'; expected string literal");
}

BOOST_AUTO_TEST_CASE(a_run_stopped_by_its_caller_holds_the_deals_played_whole_before_it) {
  // The stop reaches the sampled players' decisions: a deal being played when it comes may
  // have been played on answers given before they were thought, and is left out.
  const auto rules = ruleset("coinche");
  const ArenaSettings s = settings_of("sampled:2", "heuristic", 1, 12);
  std::atomic<int> merged{0};
  const ArenaResult stopped = run_arena(*rules, s, 2, [&](const DuplicateDeal&) { ++merged; }, {}, [&] { return merged >= 1; });
  BOOST_TEST_REQUIRE(stopped.tally.games >= 1u);
  BOOST_TEST(stopped.tally.games < 12u);
  // The first deals, and the result of a run of that many.
  BOOST_TEST(stopped.deals == stopped.tally.games);
  ArenaSettings fewer = s;
  fewer.deals = stopped.tally.games;
  BOOST_TEST((run_arena(*rules, fewer, 1) == stopped));
}

BOOST_AUTO_TEST_CASE(a_player_that_fails_stops_the_run_naming_the_deal) {
  const auto rules = ruleset("coinche");
  ArenaSettings s = settings_of("random", "random", 1, 8);
  s.players[ArenaSide::b] = [](Seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    struct Failing final : SeatActor {
      Action act(const Table&, const std::function<bool()>&) override { throw ArenaError("the program exited"); }
    };
    return std::make_unique<Failing>();
  };
  BOOST_CHECK_EXCEPTION(run_arena(*rules, s, 3), ArenaError, [](const ArenaError& e) {
    return std::string(e.what()) == "deal 0: play 1 of 2 (A at N–S), mène 1: the program exited";
  });
}

BOOST_AUTO_TEST_CASE(a_failure_names_the_play_of_the_deal_and_the_mene_it_came_in) {
  const auto rules = ruleset("coinche");
  ArenaSettings s = settings_of("random", "random", 1, 1, 5);
  s.menes = 3;
  // B's players play well until the second mène of the deal's second play, where B sits at N–S.
  s.players[ArenaSide::b] = [](Seat seat, std::uint64_t seed) -> std::unique_ptr<SeatActor> {
    struct FailingLate final : SeatActor {
      FailingLate(bool second_play, std::unique_ptr<Player> p) : fails(second_play), player(std::move(p)) {}
      Action act(const Table& table, const std::function<bool()>& stop) override {
        if (fails && table.tally().dealt == 2) throw ArenaError("the program exited");
        return ask(*player, table, stop);
      }
      bool fails;
      std::unique_ptr<Player> player;
    };
    std::string unused;
    return std::make_unique<FailingLate>(team_of(seat) == Team::NS, make_player("random", seed, unused));
  };
  BOOST_CHECK_EXCEPTION(run_arena(*rules, s, 1), ArenaError, [](const ArenaError& e) {
    return std::string(e.what()) == "deal 5: play 2 of 2 (B at N–S), mène 2: the program exited";
  });
}

BOOST_AUTO_TEST_CASE(a_player_that_fails_stops_a_played_diff_naming_the_deal) {
  const auto rules = ruleset("klaverjas");
  std::string error;
  const SeatActorMaker failing = [](Seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    struct Failing final : SeatActor {
      Action act(const Table&, const std::function<bool()>&) override { throw ArenaError("no answer"); }
    };
    return std::make_unique<Failing>();
  };
  BOOST_CHECK_EXCEPTION(played_diff(*rules, *ruleset("klaverjas-amsterdam"), failing, *engine_actor("random", error), 1, 4, 1, 0),
                        ArenaError, [](const ArenaError& e) { return std::string(e.what()) == "deal 0 under klaverjas: mène 1: no answer"; });
}

BOOST_AUTO_TEST_CASE(players_that_never_bid_stop_the_run) {
  const auto rules = ruleset("coinche");
  ArenaSettings s = settings_of("random", "random", 1, 1);
  const SeatActorMaker passing = [](Seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    struct Passing final : SeatActor {
      Action act(const Table& table, const std::function<bool()>&) override { return *table.parse_action("pass"); }
    };
    return std::make_unique<Passing>();
  };
  s.players = {{passing, passing}};
  BOOST_CHECK_EXCEPTION(run_arena(*rules, s, 1), ArenaError, [](const ArenaError& e) {
    return std::string(e.what()) == "deal 0: play 1 of 2 (A at N–S), mène 1001: 1000 redeals in a row: the players never bid: "
           "A (random) at N–S, B (random) at E–W";
  });
}

BOOST_AUTO_TEST_CASE(an_unknown_player_is_named) {
  std::string error;
  BOOST_TEST(!engine_actor("genius", error));
  BOOST_TEST(error == "unknown player 'genius': a player is random, heuristic or sampled:N");
}

BOOST_AUTO_TEST_CASE(a_result_naming_a_bare_bot_is_refused_with_the_forms_a_result_holds) {
  // A result names a bot by its command and a Python player by its name: "bot" alone says neither.
  const auto rules = ruleset("klaverjas");
  const ArenaResult r = run_arena(*rules, settings_of("random", "heuristic", 1, 1), 1);
  for (const std::string player : {"bot", "python"}) {
    nlohmann::json j = nlohmann::json::parse(arena_json(r));
    j["players"]["A"] = player;
    Diagnostic error;
    BOOST_TEST(!read_arena_json(j.dump(), "r.json", error, false));
    BOOST_TEST(location_and_message(error) == "r.json: 'players.A': unknown player '" + player +
                                                  "': a player of a result is random, heuristic, sampled:N, 'bot: COMMAND' "
                                                  "or 'python: NAME'");
  }
}

BOOST_AUTO_TEST_CASE(players_that_never_bid_are_named_with_their_seats) {
  const auto rules = ruleset("coinche");
  ArenaSettings s = settings_of("random", "random", 1, 1);
  s.names = {{"passing one", "passing two"}};
  const SeatActorMaker passing = [](Seat, std::uint64_t) -> std::unique_ptr<SeatActor> {
    struct Passing final : SeatActor {
      Action act(const Table& table, const std::function<bool()>&) override { return *table.parse_action("pass"); }
    };
    return std::make_unique<Passing>();
  };
  s.players = {{passing, passing}};
  BOOST_CHECK_EXCEPTION(run_arena(*rules, s, 1), ArenaError, [](const ArenaError& e) {
    return std::string(e.what()) == "deal 0: play 1 of 2 (A at N–S), mène 1001: 1000 redeals in a row: the players never bid: "
                                    "A (passing one) at N–S, B (passing two) at E–W";
  });
}

BOOST_AUTO_TEST_SUITE_END()  // test_arena
