// The exhaustive walk behind `belote stats --exhaustive`, checked against a
// brute-force count written with plain loops over cards (no compiled table)
// on a 28-card deck, and against exact numbers of the classic deck; the
// random-deal figures behind `belote stats --random`; and the command itself.
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_hand_stats)

using namespace belote;
using namespace belote::test;

namespace {

// A deck of 7 ranks named 1 to 7 and 7-card hands: 1,184,040 hands, enough
// for carrés beside sequences (4 + 3 cards) and runs longer than the table.
// The carré of 2s is worth 40: without card reuse it gives way to a cinquante
// through a 2 (50) but not to a tierce (20); no two choices ever tie.
constexpr int kRanks = 7;
constexpr int kHandSize = 7;

std::string small_ruleset(bool card_reuse, bool sevens_void) {
  return fmt::format(R"(
name = "small"
title = "A 28-card test deck"
source = "tests"
description = "Seven ranks, seven cards per hand."

[deck]
ranks = ["1", "2", "3", "4", "5", "6", "7"]
trump_order = ["1", "2", "3", "4", "5", "6", "7"]
plain_order = ["1", "2", "3", "4", "5", "6", "7"]
suits = ["S", "H", "D", "C"]
suit_symbols = ["♠", "♥", "♦", "♣"]
hand_size = 7
last_trick = 10
trump_points = {{ 1 = 0, 2 = 0, 3 = 14, 4 = 10, 5 = 20, 6 = 3, 7 = 4 }}
plain_points = {{ 1 = 0, 2 = 0, 3 = 0, 4 = 10, 5 = 2, 6 = 3, 7 = 4 }}

[sequences]
points = {{ 3 = 20, 4 = 50, 5 = 100 }}
names = {{ 3 = "tierce", 4 = "cinquante", 5 = "cent" }}
split_long_runs = false

[carres]
points = {{ 1 = 0, 2 = 40, 3 = 150, 4 = 100, 5 = 200, 6 = 100, 7 = {} }}
void_deal = [{}]
order = ["1", "2", "3", "5", "6", "7", "4"]

[belote]
points = 20
cards = ["7", "6"]

[announcements]
card_reuse = {}
min_tricks = 0
exact_tie = "nobody"
strength = "points"

[contract]
basis = ["card-points", "announcements", "belote"]
on_tie = "litige"
failed_announcements = "defenders"
failed_belote = "takers"
capot = 252

[game]
target = 1000
both_reach = "highest"
)",
                     sevens_void ? 0 : 100, sevens_void ? "\"7\"" : "", card_reuse ? "true" : "false");
}

std::shared_ptr<const Ruleset> load_small(bool card_reuse, bool sevens_void) {
  const LoadedRuleset loaded = load_text(small_ruleset(card_reuse, sevens_void), "small.toml");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_REQUIRE(loaded.ok());
  return loaded.ruleset;
}

// What the brute force finds, by kind name.
struct Counts {
  std::uint64_t hands = 0;
  std::map<std::string, std::uint64_t> by_kind;
  std::map<int, std::uint64_t> by_points;
  std::uint64_t belote = 0;
  std::uint64_t voiding = 0;
  std::uint64_t ties = 0;  ///< choices scoring alike with other kinds: the deck is built to have none
};

// The rule book read directly on this deck: sequences are maximal runs of 3
// or more cards of a suit (20, 50, 100 for 5 and more); a carré of ranks 2-7
// scores (rank 1 is worth nothing); with card reuse forbidden the hand
// declares the set of carrés and sequences on the cards left that scores the
// most; a carré of 7s may void the deal, and then the hand declares nothing.
Counts brute_force(bool card_reuse, bool sevens_void) {
  const int carre_points[kRanks] = {0, 40, 150, 100, 200, 100, sevens_void ? 0 : 100};
  const char* sequence_names[] = {"", "", "", "tierce", "cinquante", "cent"};
  Counts counts;
  // Every set of 7 cards out of 28, card = suit * 7 + rank.
  for (std::uint32_t cards = (1u << kHandSize) - 1; cards < (1u << (4 * kRanks));) {
    ++counts.hands;
    bool held[4][kRanks] = {};
    for (int c = 0; c < 4 * kRanks; ++c)
      if (cards >> c & 1) held[c / kRanks][c % kRanks] = true;
    std::vector<int> carres;
    for (int rank = 0; rank < kRanks; ++rank)
      if (held[0][rank] && held[1][rank] && held[2][rank] && held[3][rank]) carres.push_back(rank);
    if (held[0][6] && held[0][5]) ++counts.belote;  // the 7 and 6 of the first suit

    if (sevens_void && std::find(carres.begin(), carres.end(), 6) != carres.end()) {
      ++counts.voiding;
      ++counts.by_points[0];
    } else {
      std::set<std::string> best_kinds;
      int best_points = -1;
      // Each choice of carrés to declare (all of them when cards may serve twice).
      for (unsigned choice = 0; choice < (1u << carres.size()); ++choice) {
        if (card_reuse && choice != (1u << carres.size()) - 1) continue;
        std::set<std::string> kinds;
        int points = 0;
        bool used[kRanks] = {};
        for (std::size_t i = 0; i < carres.size(); ++i) {
          if (!(choice >> i & 1) || carre_points[carres[i]] == 0) continue;
          points += carre_points[carres[i]];
          kinds.insert(fmt::format("carre-{}", carres[i] + 1));
          if (!card_reuse) used[carres[i]] = true;
        }
        for (int suit = 0; suit < 4; ++suit) {
          for (int rank = 0; rank < kRanks;) {
            int length = 0;
            while (rank + length < kRanks && held[suit][rank + length] && !used[rank + length]) ++length;
            if (length >= 3) {
              points += length == 3 ? 20 : length == 4 ? 50 : 100;
              kinds.insert(sequence_names[std::min(length, 5)]);
            }
            rank += std::max(length, 1);
          }
        }
        if (points == best_points && kinds != best_kinds) ++counts.ties;
        if (points > best_points) {
          best_points = points;
          best_kinds = kinds;
        }
      }
      ++counts.by_points[best_points];
      for (const std::string& kind : best_kinds) ++counts.by_kind[kind];
    }
    // The next set of the same size (Gosper's hack).
    const std::uint32_t lowest = cards & -cards;
    const std::uint32_t ripple = cards + lowest;
    cards = (((ripple ^ cards) >> 2) / lowest) | ripple;
  }
  return counts;
}

void check_against_brute_force(bool card_reuse, bool sevens_void) {
  const auto rules = load_small(card_reuse, sevens_void);
  const HandStats stats = exhaustive_hand_stats(*rules).value();
  const Counts expected = brute_force(card_reuse, sevens_void);

  BOOST_TEST(stats.hands == 1'184'040u);  // C(28, 7)
  BOOST_TEST(stats.hands == expected.hands);
  BOOST_TEST(expected.ties == 0u);
  BOOST_TEST(stats.belote_hands == expected.belote);
  BOOST_TEST(stats.voiding_hands == expected.voiding);
  BOOST_TEST(stats.trump == 0);
  std::map<int, std::uint64_t> by_points;
  for (std::size_t p = 0; p < stats.hands_by_points.size(); ++p)
    if (stats.hands_by_points[p]) by_points[int(p)] = stats.hands_by_points[p];
  BOOST_TEST((by_points == expected.by_points));
  std::map<std::string, std::uint64_t> by_kind;
  for (const KindCount& k : stats.kinds) {
    if (k.hands) by_kind[rules->kind_name(k.kind)] = k.hands;
  }
  BOOST_TEST((by_kind == expected.by_kind));
  for (const auto& [kind, hands] : expected.by_kind) BOOST_TEST_MESSAGE(kind << ": " << hands);

  double total = 0;
  for (const auto& [points, hands] : expected.by_points) total += double(points) * double(hands);
  BOOST_TEST(stats.mean_points() == total / double(expected.hands), boost::test_tools::tolerance(1e-12));
  BOOST_TEST(stats.hands_with_announcements() == expected.hands - expected.by_points.at(0));
}

std::uint64_t hands_of(const HandStats& stats, const Ruleset& rules, const std::string& kind) {
  for (const KindCount& k : stats.kinds)
    if (rules.kind_name(k.kind) == kind) return k.hands;
  BOOST_FAIL("no kind " << kind);
  return 0;
}

nlohmann::json run_json(const std::vector<std::string>& args) {
  const RunResult run = run_belote(args);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  return nlohmann::json::parse(run.out);
}

void check_usage_error(const std::vector<std::string>& args, const std::string& message) {
  const RunResult run = run_belote(args);
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.out.empty());
  BOOST_TEST(run.err.find(message) != std::string::npos, run.err);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_walk_visits_every_hand_once) {
  const HandWalk walk(5, 5);
  BOOST_TEST(walk.hand_count() == 15'504u);  // C(20, 5)
  std::set<CardSet> seen;
  std::uint64_t visited = 0, wrong = 0;
  walk.for_each_group([&](const std::array<RankMask, 3>& first, std::span<const RankMask> last) {
    for (RankMask m : last) {
      const CardSet hand = HandWalk::hand(first, m);
      if (count(hand) != 5 || (hand & ~all_suits(run_mask(0, 5))) != 0) ++wrong;
      seen.insert(hand);
      ++visited;
    }
  });
  BOOST_TEST(wrong == 0u);
  BOOST_TEST(visited == walk.hand_count());
  BOOST_TEST(seen.size() == walk.hand_count());
  BOOST_TEST(HandWalk(8, 8).hand_count() == 10'518'300u);
  BOOST_TEST(HandWalk(9, 9).hand_count() == 94'143'280u);
}

BOOST_AUTO_TEST_CASE(a_visit_that_returns_false_ends_the_walk) {
  const HandWalk walk(5, 5);
  int groups = 0, total = 0;
  walk.for_each_group([&](const std::array<RankMask, 3>&, std::span<const RankMask>) { return ++groups < 3; });
  walk.for_each_group([&](const std::array<RankMask, 3>&, std::span<const RankMask>) { ++total; });
  BOOST_TEST(groups == 3);
  BOOST_TEST(total > 3);
}

BOOST_AUTO_TEST_CASE(a_stop_ends_the_exhaustive_walk_within_a_few_thousand_groups) {
  const auto classique = ruleset("classique");
  const HandStats whole = exhaustive_hand_stats(*classique).value();
  // Asked as the walk goes, not once at its end: the classic deck's walk has 1,271,626 groups.
  int looks = 0;
  const auto never = [&] { return ++looks < 0; };
  const HandStats asked = exhaustive_hand_stats(*classique, 0, kMaxExhaustiveHands, never).value();
  BOOST_TEST(looks > 100);
  BOOST_TEST(asked.hands == whole.hands);
  BOOST_TEST((asked.hands_by_points == whole.hands_by_points));
  BOOST_TEST(asked.belote_hands == whole.belote_hands);
  // Stopped at its second look: nothing, and nothing more asked.
  looks = 0;
  const auto second = [&] { return ++looks == 2; };
  BOOST_TEST(!exhaustive_hand_stats(*classique, 0, kMaxExhaustiveHands, second).has_value());
  BOOST_TEST(looks == 2);
}

BOOST_AUTO_TEST_CASE(exhaustive_counts_match_a_brute_force_count_with_card_reuse) {
  check_against_brute_force(true, false);
}

BOOST_AUTO_TEST_CASE(exhaustive_counts_match_a_brute_force_count_without_card_reuse) {
  check_against_brute_force(false, false);
}

BOOST_AUTO_TEST_CASE(exhaustive_counts_match_a_brute_force_count_with_a_voiding_carre) {
  check_against_brute_force(false, true);
}

BOOST_AUTO_TEST_CASE(classic_deck_exact_numbers) {
  const auto classique = ruleset("classique");
  const HandStats stats = exhaustive_hand_stats(*classique).value();
  BOOST_TEST(stats.hands == 10'518'300u);  // C(32, 8)
  // A carré of one rank: the other four cards from the 28 left, C(28, 4).
  for (const char* kind : {"carre-9", "carre-10", "carre-J", "carre-Q", "carre-K", "carre-A"})
    BOOST_TEST(hands_of(stats, *classique, kind) == 20'475u, kind);
  // Carrés worth nothing are no announcement kind.
  BOOST_TEST(stats.kinds.size() == 3u + 6u);
  // K and Q of the trump suit, the other six cards from 30: C(30, 6).
  BOOST_TEST(stats.belote_hands == 593'775u);
  BOOST_TEST(stats.voiding_hands == 0u);
  // A whole suit (the only 8-card run) is one cent; 4 such hands, each 100 points.
  BOOST_TEST(hands_of(stats, *classique, "cent") >= 4u);
  std::uint64_t counted = 0;
  for (std::uint64_t hands : stats.hands_by_points) counted += hands;
  BOOST_TEST(counted == stats.hands);
  // The richest hand: four jacks and four nines, 200 + 150.
  BOOST_TEST(stats.hands_by_points.size() == 351u);
  BOOST_TEST(stats.hands_by_points[350] == 1u);

  const auto traditionnelle = ruleset("traditionnelle");
  const HandStats t = exhaustive_hand_stats(*traditionnelle).value();
  BOOST_TEST(t.voiding_hands == 20'475u);
  BOOST_TEST(t.belote_hands == 593'775u);
  // Four jacks beside four sevens: the deal is void, the jacks declare nothing.
  BOOST_TEST(hands_of(t, *traditionnelle, "carre-J") == 20'475u - 1u);
}

BOOST_AUTO_TEST_CASE(random_deal_figures_do_not_depend_on_threads) {
  const auto rules = ruleset("traditionnelle");
  const DealStats one = random_deal_stats(*rules, 5, 50'000, 1);
  const DealStats three = random_deal_stats(*rules, 5, 50'000, 3);
  BOOST_TEST(one.deals == 50'000u);
  BOOST_TEST(one.void_deals > 0u);  // four 7s void a deal about once in 140
  BOOST_TEST(one.void_deals + one.made + one.failed + one.litige == one.deals);
  BOOST_TEST(one.litige == 0u);  // a tied contract is made under this ruleset
  BOOST_TEST((one == three));
  BOOST_TEST(one.void_deals == three.void_deals);
  BOOST_TEST(one.made == three.made);
  BOOST_TEST(one.failed == three.failed);
  BOOST_TEST(one.announcements_scored[Team::NS] == three.announcements_scored[Team::NS]);
  BOOST_TEST(one.announcements_scored[Team::EW] == three.announcements_scored[Team::EW]);
  BOOST_TEST(one.no_announcements_scored == three.no_announcements_scored);
  BOOST_TEST(one.exact_ties == three.exact_ties);
  BOOST_TEST(one.lost_to_trick_rule == three.lost_to_trick_rule);
  BOOST_TEST(one.announcements_scored[Team::NS] + one.announcements_scored[Team::EW] +
                 one.no_announcements_scored + one.void_deals ==
             one.deals);
}

BOOST_AUTO_TEST_CASE(deal_stats_merged_add_every_figure) {
  DealStats merged{10, 1, {{3, 4}}, 2, 1, 1, 5, 3, 1, 0};
  merged.merge(DealStats{20, 2, {{6, 7}}, 5, 0, 2, 9, 8, 0, 3});
  BOOST_TEST((merged == DealStats{30, 3, {{9, 11}}, 7, 1, 3, 14, 11, 1, 3}));
}

BOOST_AUTO_TEST_CASE(stats_command_exhaustive_json) {
  const auto out = run_json({"stats", "--ruleset", "traditionnelle", "--exhaustive", "--format", "json"});
  BOOST_TEST(out["mode"] == "exhaustive");
  BOOST_TEST(out["hands"] == 10'518'300);
  BOOST_TEST(out["belote"]["hands"] == 593'775);
  BOOST_TEST(out["belote"]["trump"] == "S");
  BOOST_TEST(out["belote"]["suits"] == "trump");
  BOOST_TEST(out["voiding_carre"]["hands"] == 20'475);
  BOOST_TEST(out["voiding_carre"]["ranks"] == nlohmann::json::array({"7"}));
  bool jacks = false;
  for (const auto& kind : out["announcements"]) {
    if (kind["kind"] != "carre-J") continue;
    jacks = true;
    BOOST_TEST(kind["hands"] == 20'474);
    BOOST_TEST(kind["probability"].get<double>() == 20'474.0 / 10'518'300.0, boost::test_tools::tolerance(1e-12));
  }
  BOOST_TEST(jacks);
}

BOOST_AUTO_TEST_CASE(stats_command_exhaustive_json_names_no_trump_where_no_suit_alone_counts) {
  const auto every = run_json({"stats", "--ruleset", "coinche", "--exhaustive", "--kind", "tout-atout", "--format", "json"});
  BOOST_TEST(every["belote"]["suits"] == "every");
  BOOST_TEST(every["belote"]["trump"].is_null());
  BOOST_TEST(every["belote"]["hands"].get<std::uint64_t>() > 593'775u);  // any of four pairs: more than one suit's
  const auto none = run_json({"stats", "--ruleset", "coinche", "--exhaustive", "--kind", "sans-atout", "--format", "json"});
  BOOST_TEST(none["belote"]["suits"] == "none");
  BOOST_TEST(none["belote"]["trump"].is_null());
  BOOST_TEST(none["belote"]["hands"] == 0);
}

BOOST_AUTO_TEST_CASE(stats_command_exhaustive_text_names_the_trump_suit) {
  const RunResult run = run_belote({"stats", "--exhaustive"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.out.find("10518300 hands") != std::string::npos, run.out);
  BOOST_TEST(run.out.find("with S as trumps (the deck's first suit") != std::string::npos, run.out);
  BOOST_TEST(run.out.find("carre-J") != std::string::npos);
  BOOST_TEST(run.out.find("voids the deal") == std::string::npos);  // classique voids no deal
}

BOOST_AUTO_TEST_CASE(stats_command_random_is_the_same_on_any_thread_count) {
  const std::vector<std::string> args{"stats", "-r", "classique", "--random", "40000", "--seed", "9", "--format", "json"};
  auto one = args, two = args;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  const auto a = run_json(one);
  BOOST_TEST(a == run_json(two));
  BOOST_TEST(a["deals"] == 40'000);
  BOOST_TEST(a["seed"] == 9);
  const auto& c = a["contract"];
  BOOST_TEST(c["none"]["deals"] == 0);
  BOOST_TEST(c["made"]["deals"].get<int>() + c["failed"]["deals"].get<int>() + c["litige"]["deals"].get<int>() +
                 a["void"]["deals"].get<int>() ==
             40'000);
  BOOST_TEST(c["litige"]["deals"].get<int>() > 0);  // classique holds a tie over

  const RunResult text = run_belote({"stats", "--random", "1000", "--seed", "9"});
  BOOST_TEST(text.status == 0);
  BOOST_TEST(text.out.find("1000 random deals (seed 9)") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(stats_command_usage_errors) {
  check_usage_error({"stats"}, "give either --exhaustive or --random N");
  check_usage_error({"stats", "--exhaustive", "--random", "10"}, "give either --exhaustive or --random N");
  check_usage_error({"stats", "--exhaustive", "--seed", "3"}, "--seed and --threads go with --random N");
  check_usage_error({"stats", "--random", "0"}, "--random takes a whole number from 1 to 1000000000000, not '0'");
  check_usage_error({"stats", "--random", "10", "--threads", "0"}, "--threads takes a whole number from 1 to 1024, not '0'");
  check_usage_error({"stats", "--exhaustive", "--format", "xml"}, "--format is 'text' or 'json', not 'xml'");
}

BOOST_AUTO_TEST_CASE(stats_command_refuses_a_deck_too_large_to_walk) {
  const auto dir = temp_dir("hand_stats_large_deck");
  write_file(dir / "large.toml", ruleset_of_44_cards());
  check_usage_error({"stats", "--ruleset", (dir / "large.toml").string(), "--exhaustive"},
                    "has 7669339132 hands, more than the 1000000000 --exhaustive walks; use --random N");
}

BOOST_AUTO_TEST_SUITE_END()  // test_hand_stats
