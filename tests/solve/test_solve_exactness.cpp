// The solver is exact: on random endgames (two, three and four tricks left, a
// trick possibly under way) under every kind and every play convention of the
// shipped rulesets, its value and its best cards agree with a plain minimax
// over every legal card, with no pruning and no table, which counts the
// points as the scorer does (played tricks, the capot's value from the
// ruleset, klaverjas roem per trick and its pit); its line of best play, replayed, makes that value;
// with three tricks left, its zero-window tests and each card's value agree too. On positions
// of five and six tricks and on whole deals it agrees with its own search run without the table, and with a
// table too small to hold a deal's positions.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <climits>
#include <random>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_solve_exactness)

using namespace belote;
using namespace belote::test;

namespace {

// Every ruleset whose [play] differs, each with all its kinds.
const std::vector<std::string> kRulesets = {"classique",           "coinche",
                                            "bulgare",             "schieber",
                                            "klaverjas",           "klaverjas-amsterdam",
                                            "klaverjas-geen-ondertroef", "coinche-sans-sous-coupe",
                                            "coinche-partenaire-libre",  "schieber-untertrumpf-streng"};

// The takers' points at the end of a played mène, as the evaluator counts them.
int final_points(const PlayedMene& mene, Team takers) {
  const Ruleset& rules = mene.context().rules();
  if (mene.capot() == takers) return rules.tables.kinds[std::size_t(mene.context().kind_index())].capot_points + mene.roem()[takers] + rules.roem.pit;
  return mene.points()[takers] + mene.roem()[takers];
}

int minimax(const PlayedMene& mene, Team takers) {
  if (mene.over()) return final_points(mene, takers);
  const bool maximise = team_of(mene.to_play()) == takers;
  int best = maximise ? -1'000'000 : 1'000'000;
  for (CardSet legal = mene.legal(); legal;) {
    PlayedMene next = mene;
    next.play(pop_lowest(legal));
    const int v = minimax(next, takers);
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// Each legal card of the player to play, with its value.
std::vector<std::pair<Card, int>> card_values(const PlayedMene& mene, Team takers) {
  std::vector<std::pair<Card, int>> values;
  for (CardSet legal = mene.legal(); legal;) {
    PlayedMene next = mene;
    const Card card = pop_lowest(legal);
    next.play(card);
    values.emplace_back(card, minimax(next, takers));
  }
  return values;
}

// The value and the cards of the player to play that make it.
std::pair<int, CardSet> reference(const PlayedMene& mene, Team takers) {
  const bool maximise = team_of(mene.to_play()) == takers;
  const std::vector<std::pair<Card, int>> values = card_values(mene, takers);
  int best = values.front().second;
  for (const auto& [card, v] : values) best = maximise ? std::max(best, v) : std::min(best, v);
  CardSet cards = 0;
  for (const auto& [card, v] : values)
    if (v == best) cards |= card_bit(card);
  return {best, cards};
}

// A card of the legal ones: at random, or, to reach positions where the takers
// may still take every trick, the takers' strongest and the defenders' weakest.
Card pick(const PlayedMene& mene, Team takers, bool favour_takers, std::mt19937_64& random) {
  std::vector<Card> legal;
  for (CardSet l = mene.legal(); l;) legal.push_back(pop_lowest(l));
  if (favour_takers) {
    // The taker's strongest card, the defender's weakest.
    const bool taker = team_of(mene.to_play()) == takers;
    const auto strength = [&](Card card) {
      Trick t = mene.current();
      add_card(mene.context(), t, card);
      const bool wins = t.winner() == mene.to_play();
      return (wins ? 100 : 0) + ((mene.context().trumps() & card_bit(card)) ? 50 : 0) - count(mene.context().stronger(card));
    };
    return *std::max_element(legal.begin(), legal.end(), [&](Card a, Card b) { return taker ? strength(a) < strength(b) : strength(a) > strength(b); });
  }
  return legal[random() % legal.size()];
}

// The contexts a ruleset plays in: each kind, with a random trump for a one-suit kind.
std::vector<PlayContext> contexts(const Ruleset& rules, std::mt19937_64& random) {
  std::vector<PlayContext> out;
  for (int kind = 0; kind < int(rules.kinds.size()); ++kind) {
    const ContractKind& k = rules.kinds[std::size_t(kind)];
    Suit trump = Suit(random() % 4);
    while (k.trumps == Trumps::one_suit && !k.in_suit(trump)) trump = Suit((trump + 1) % 4);
    out.emplace_back(rules, kind, trump);
  }
  return out;
}

struct Endgames {
  int positions = 0;
  int sweeps = 0;  ///< positions where the takers could still take every trick
};

// Positions between tricks with trumps still in the hands: the strongest of them, and so the
// sure points of a side's trumps (drawn by its leader, kept for the last trick, the only ones
// left), is on one side or the other. With `jack_and_another`, the jack of trumps (the strongest)
// is in a hand with another trump, where the duties that may force it out matter.
bool trumps_in_hands(const PlayContext& context, const SolvePosition& position, bool jack_and_another) {
  CardSet in_hands = 0;
  bool jack_held = false;
  for (Seat seat : kSeats) {
    in_hands |= position.hands[seat];
    const CardSet trumps = position.hands[seat] & context.trumps();
    if ((trumps & context.trump_jack()) != 0 && trumps != context.trump_jack()) jack_held = true;
  }
  return position.trick.count == 0 && (in_hands & context.trumps()) != 0 && (jack_held || !jack_and_another);
}

// Zero-window tests of the position at thresholds about its minimax value `value` and at one
// drawn in [0, 300): each says whether the value reaches the threshold and proves a bound on the
// other side (fail-soft) that holds; and each legal card's value (`card_values`) is minimax's.
void compare_tests(const PlayContext& context, const PlayedMene& mene, const SolvePosition& position, Team takers, int value,
                   const std::string& where, std::mt19937_64& random) {
  Solver solver;
  for (int threshold : {value - 2, value - 1, value, value + 1, value + 2, int(random() % 300)}) {
    const SolveTest t = solver.test(context, position, threshold);
    BOOST_TEST(t.at_least == (value >= threshold), where << ": test at " << threshold << " says " << t.at_least << ", minimax " << value);
    if (t.at_least) BOOST_TEST((t.bound >= threshold && value >= t.bound), where << ": test at " << threshold << " proves at least " << t.bound);
    else BOOST_TEST((t.bound < threshold && value <= t.bound), where << ": test at " << threshold << " proves at most " << t.bound);
  }
  Solver valuer(SolveOptions{.card_values = true});
  const SolveResult result = valuer.solve(context, position);
  BOOST_TEST(result.valued == mene.legal(), where << ": the cards valued are not the legal cards");
  for (const auto& [card, card_value] : card_values(mene, takers))
    BOOST_TEST(result.card_value[card] == card_value, where << ": card " << int(card) << " valued " << result.card_value[card] << ", minimax " << card_value);
}

// `round`: another draw of deals and positions than round 0's. With `only_trumps`, positions
// between tricks where trumps_in_hands holds (every other one with the jack and another trump in a
// hand), drawn until `per_kind` of them in each one-suit kind. With `tests`, compare_tests too.
void compare_endgames(const std::string& name, const std::shared_ptr<const Ruleset>& rules, int tricks_left, int per_kind, Endgames& tally,
                      std::uint64_t round = 0, bool only_trumps = false, bool tests = false) {
  std::mt19937_64 random(std::hash<std::string>{}(name) + std::uint64_t(tricks_left) + 1000 * round);
  const RandomDeals deals(*rules, 20261201 + round);
  Solver solver(SolveOptions{.line = true});
  Deal deal;
  std::uint64_t number = 0;
  for (const PlayContext& context : contexts(*rules, random)) {
    if (only_trumps && context.trumps() == 0) continue;
    for (int i = 0, drawn = 0; i < per_kind && drawn < 100 * per_kind; ++i, ++drawn) {
      deals.make(number++, deal, false);
      const Team takers = team_of(deal.taker);
      const bool favour = i % 2 == 0;
      PlayedMene mene(context, deal.hands, deal.first);
      const int cards = 4 * (context.hand_size() - tricks_left) + (only_trumps ? 0 : int(random() % 4));
      for (int c = 0; c < cards; ++c) mene.play(pick(mene, takers, favour, random));
      const SolvePosition position = SolvePosition::of(mene, takers);
      if (only_trumps && !trumps_in_hands(context, position, i % 2 == 1)) {
        --i;
        continue;
      }
      BOOST_TEST_REQUIRE(check_position(context, position) == "");
      const auto [value, best] = reference(mene, takers);
      const SolveResult result = solver.solve(context, position);
      const std::string where = fmt::format("{} {} deal {} after {} cards", name, context.kind().name, number - 1, cards);
      BOOST_TEST(result.takers_points == value, where << ": solver " << result.takers_points << ", minimax " << value);
      BOOST_TEST(result.best_cards == best, where << ": best cards differ");
      // The line, replayed, is legal and makes the value.
      PlayedMene replay = mene;
      for (Card card : result.line) {
        BOOST_TEST_REQUIRE((replay.legal() & card_bit(card)) != 0, where << ": the line plays an illegal card");
        replay.play(card);
      }
      BOOST_TEST_REQUIRE(replay.over(), where << ": the line stops before the end");
      BOOST_TEST(final_points(replay, takers) == value, where << ": the line makes " << final_points(replay, takers));
      if (tests) compare_tests(context, mene, position, takers, value, where, random);
      ++tally.positions;
      if (position.tricks[other(takers)] == 0) ++tally.sweeps;
    }
  }
}

}  // namespace

// Every ruleset's endgames of `tricks_left` tricks, `per_kind` in each of its kinds.
Endgames endgames(int tricks_left, int per_kind) {
  Endgames tally;
  for (const std::string& name : kRulesets) compare_endgames(name, ruleset(name), tricks_left, per_kind, tally);
  BOOST_TEST_MESSAGE(fmt::format("{} tricks left: {} positions compared with minimax ({} where the takers could still take every trick)",
                                 tricks_left, tally.positions, tally.sweeps));
  return tally;
}

// The last two tricks are solved by their own evaluator (solve/last_two_tricks.h),
// at the root or a trick under way as well as between tricks.
BOOST_AUTO_TEST_CASE(endgames_of_two_tricks_agree_with_minimax) {
  const Endgames tally = endgames(2, 250);
  BOOST_TEST(tally.positions >= 5000);
  BOOST_TEST(tally.sweeps >= 150);
}

BOOST_AUTO_TEST_CASE(endgames_of_three_tricks_agree_with_minimax) {
  const Endgames tally = endgames(3, 150);
  BOOST_TEST(tally.positions >= 2000);
  BOOST_TEST(tally.sweeps >= 200);
}

// Positions of three tricks searched within the windows of the tests, not only those a value
// reaches: zero-window tests at several thresholds, and each card's value, under every play
// convention (free trumping, the jack's exemption, the undertrump bans, the duties to trump, roem).
BOOST_AUTO_TEST_CASE(tests_and_card_values_of_three_tricks_agree_with_minimax) {
  Endgames tally;
  for (const std::string& name : kRulesets) compare_endgames(name, ruleset(name), 3, 100, tally, 2, false, true);
  BOOST_TEST_MESSAGE(fmt::format("three tricks left: {} positions tested at six thresholds and valued card by card against minimax",
                                 tally.positions));
  BOOST_TEST(tally.positions >= 2000);
}

BOOST_AUTO_TEST_CASE(endgames_of_four_tricks_agree_with_minimax) {
  const Endgames tally = endgames(4, 60);
  BOOST_TEST(tally.positions >= 1000);
  BOOST_TEST(tally.sweeps >= 100);
}

// Positions of `tricks_left` tricks (0: whole deals), `per_kind` in each kind of each ruleset, solved
// by the search without its table (the slower exact search) and with a table of 4 KiB.
// With `slow_nodes`, a position the search without its table does not solve within that many nodes is
// passed over (counted in `passed_over` when given).
void compare_with_slower_search(int tricks_left, int per_kind, const std::string& name, const std::shared_ptr<const Ruleset>& rules,
                                int& compared, std::uint64_t slow_nodes = 0, int* passed_over = nullptr) {
  std::mt19937_64 random(7);
  const RandomDeals deals(*rules, 99);
  Solver fast;
  Solver small(SolveOptions{.max_table_bytes = 4096});
  Solver slow(SolveOptions{.max_nodes = slow_nodes, .best_cards = false, .table = false});
  Deal deal;
  std::uint64_t number = 0;
  for (const PlayContext& context : contexts(*rules, random)) {
    for (int i = 0; i < per_kind; ++i) {
      deals.make(number++, deal, false);
      PlayedMene mene(context, deal.hands, deal.first);
      const Team takers = team_of(deal.taker);
      const int left = tricks_left == 0 ? context.hand_size() : tricks_left;  // 0: the whole deal
      while (mene.tricks_played() < context.hand_size() - left) mene.play(pick(mene, takers, false, random));
      const SolvePosition position = SolvePosition::of(mene, takers);
      const SolveResult b = slow.solve(context, position);
      if (b.status != SolveStatus::solved) {
        if (passed_over) ++*passed_over;
        continue;
      }
      const SolveResult a = fast.solve(context, position);
      const SolveResult c = small.solve(context, position);
      const std::string where = fmt::format("{} {} deal {}, {} tricks left", name, context.kind().name, number - 1, tricks_left);
      BOOST_TEST(a.takers_points == b.takers_points, where << ": " << a.takers_points << " with the table, " << b.takers_points << " without");
      BOOST_TEST(a.takers_points == c.takers_points, where << ": " << c.takers_points << " with a small table");
      BOOST_TEST(a.best_cards == c.best_cards, where << ": best cards differ with a small table");
      ++compared;
    }
  }
}

void compare_with_slower_search(int tricks_left, int per_kind, const std::vector<std::string>& names, int& compared) {
  for (const std::string& name : names) compare_with_slower_search(tricks_left, per_kind, name, ruleset(name), compared);
}

BOOST_AUTO_TEST_CASE(deals_agree_with_the_search_without_its_table) {
  int compared = 0;
  compare_with_slower_search(5, 20, kRulesets, compared);
  BOOST_TEST_MESSAGE(fmt::format("five tricks left: {} positions compared with the search without its table", compared));
  BOOST_TEST(compared >= 300);
}

// Under `play.trump_jack_exempt` the jack of trumps is the one card a rule names:
// positions of the same shape bound each other only when it is in play in both
// or in neither (solve/similar_positions.h). These deals of six tricks left
// include ones where telling them apart changes the value.
BOOST_AUTO_TEST_CASE(positions_under_the_trump_jack_exemption_agree_with_the_search_without_its_table) {
  int compared = 0;
  compare_with_slower_search(6, 60, {"schieber"}, compared);
  BOOST_TEST_MESSAGE(fmt::format("six tricks left under the jack's exemption: {} positions compared with the search without its table", compared));
  BOOST_TEST(compared >= 150);
}

// `base` with another [roem], named `name`; it must load.
std::shared_ptr<const Ruleset> with_roem(const std::string& base, const std::string& name, const std::string& roem) {
  const LoadedRuleset loaded = load_text(fmt::format("extends = \"{}\"\nname = \"{}\"\n[roem]\n{}\n", base, name, roem));
  BOOST_TEST_REQUIRE(loaded.ok());
  return loaded.ruleset;
}

// Klaverjas with the stuk as its only roem.
std::shared_ptr<const Ruleset> stuk_alone() {
  return with_roem("klaverjas", "klaverjas-stuk-seul",
                   "runs = { 3 = 0, 4 = 0 }\nfour_of_a_kind = { J = 0, 9 = 0, A = 0, 10 = 0, K = 0, Q = 0, 8 = 0, 7 = 0 }");
}

// Amsterdam klaverjas with four of a kind as its only roem, at 150 for every rank: every
// card that falls with three others of its rank may be worth more than all the card points.
std::shared_ptr<const Ruleset> four_of_a_kind_alone() {
  return with_roem("klaverjas-amsterdam", "klaverjas-carre-seul",
                   "runs = { 3 = 0, 4 = 0 }\nstuk = 0\n"
                   "four_of_a_kind = { J = 150, 9 = 150, A = 150, 10 = 150, K = 150, Q = 150, 8 = 150, 7 = 150 }");
}

// The stuk's roem depends on which ranks fall in a trick, not on their points: a king where a
// similar position has a ten may make a stuk it cannot, and a card that may still make it
// stands for no other. Positions of the same shape bound each other only within the roem
// their cards may still make (solve/roem_reach.h).
BOOST_AUTO_TEST_CASE(positions_with_the_stuk_alone_agree_with_the_search_without_its_table) {
  int compared = 0;
  compare_with_slower_search(6, 150, "klaverjas-stuk-seul", stuk_alone(), compared);
  BOOST_TEST_MESSAGE(fmt::format("six tricks left with the stuk alone: {} positions compared with the search without its table", compared));
  BOOST_TEST(compared >= 150);
}

// Under roem (runs, the stuk, four of a kind, the pit), endgames where every legal card is
// played out: the roem still possible bounds similar positions, and keeps apart the cards
// of equal points that may make it.
BOOST_AUTO_TEST_CASE(roem_endgames_agree_with_minimax) {
  Endgames tally;
  const auto stuk = stuk_alone(), four = four_of_a_kind_alone();
  for (const auto& [tricks_left, per_kind] : {std::pair{3, 300}, std::pair{4, 120}}) {
    // Other deals than the endgames above draw for the two shipped rulesets.
    for (const char* name : {"klaverjas", "klaverjas-amsterdam"}) compare_endgames(name, ruleset(name), tricks_left, per_kind, tally, 1);
    compare_endgames("klaverjas-stuk-seul", stuk, tricks_left, per_kind, tally, 1);
    compare_endgames("klaverjas-carre-seul", four, tricks_left, per_kind, tally, 1);
  }
  BOOST_TEST_MESSAGE(fmt::format("roem, three and four tricks left: {} positions compared with minimax ({} where the takers could "
                                 "still take every trick)",
                                 tally.positions, tally.sweeps));
  BOOST_TEST(tally.positions == 4 * (300 + 120));
  BOOST_TEST(tally.sweeps >= 80);
}

// `schieber` with a duty to raise a trump lead: the sure points' jack is then forced out.
LoadedRuleset schieber_raising_on_trump_leads() {
  return load_text("extends = \"schieber\"\nname = \"schieber-monter\"\n[play]\nraise_on_trump_lead = \"always\"\n");
}

// The sure points of trumps (docs/solve.md, "Sure points") where each of their conditions
// differs: free trumping with the jack's exemption and no duty to raise or to trump (the jack
// kept for the last trick), the same with the ban on undertrumping that may leave the jack the
// one trump allowed, or with a duty to raise on a trump lead; a duty to trump even over the
// partner (klaverjas: the partner's trump takes the lead from the leader's masters); a duty to
// trump unless the partner wins, and no duty at all without free trumping (the leader's masters
// of one suit while the opponents must follow it). Four tricks left, between tricks, with
// trumps in the hands.
BOOST_AUTO_TEST_CASE(endgames_where_trumps_decide_agree_with_minimax) {
  const LoadedRuleset raise = schieber_raising_on_trump_leads();
  const LoadedRuleset never = load_text("extends = \"classique\"\nname = \"classique-sans-coupe\"\n[play]\nmust_trump = \"never\"\n");
  BOOST_TEST_REQUIRE(raise.ok());
  BOOST_TEST_REQUIRE(never.ok());
  const std::vector<std::pair<std::string, std::shared_ptr<const Ruleset>>> rulesets = {
      {"schieber", ruleset("schieber")},   {"schieber-untertrumpf-streng", ruleset("schieber-untertrumpf-streng")},
      {"schieber-monter", raise.ruleset}, {"klaverjas", ruleset("klaverjas")},
      {"coinche", ruleset("coinche")},     {"classique-sans-coupe", never.ruleset}};
  Endgames tally;
  for (const auto& [name, rules] : rulesets) compare_endgames(name, rules, 4, 120, tally, 3, true);
  BOOST_TEST_MESSAGE(fmt::format("trumps in the hands, four tricks left: {} positions compared with minimax", tally.positions));
  BOOST_TEST(tally.positions >= 6 * 120);
}

// The value of a position of a few tricks with no sweep possible (each side has taken a trick)
// and no roem: the takers' points of the tricks left, by a plain minimax over the play layer.
int minimax_of_position(const PlayContext& play, PerSeat<CardSet> hands, Trick trick, Team takers) {
  if (trick.count == 0 && hands[trick.leader] == 0) return 0;
  const Seat seat = trick.to_play();
  const bool maximise = team_of(seat) == takers;
  int best = maximise ? INT_MIN : INT_MAX;
  for (CardSet legal = legal_cards(play, hands[seat], trick); legal;) {
    const Card card = pop_lowest(legal);
    PerSeat<CardSet> next_hands = hands;
    next_hands[seat] &= ~card_bit(card);
    Trick next = trick;
    add_card(play, next, card);
    int gained = 0;
    if (next.complete()) {
      const Seat winner = next.winner();
      if (team_of(winner) == takers) {
        for (Card c : next.cards) gained += play.card_points(c);
        if (next_hands[winner] == 0) gained += play.last_trick_points();
      }
      next = Trick{};
      next.leader = winner;
    }
    const int v = gained + minimax_of_position(play, next_hands, next, takers);
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// Positions of four tricks between tricks built by `deal` (hands drawn from the trumps and the
// plain cards, shuffled; the leader and the takers set), with no sweep possible, each solved
// and compared with a plain minimax; returns how many.
template <class Deal>
int compare_built_positions(const std::string& name, const std::shared_ptr<const Ruleset>& rules, int per_kind, Deal deal) {
  std::mt19937_64 random(std::hash<std::string>{}(name) + 20261205);
  Solver solver;
  int compared = 0;
  for (const PlayContext& context : contexts(*rules, random)) {
    if (context.trumps() == 0) continue;
    for (int i = 0; i < per_kind; ++i) {
      std::vector<Card> trumps, plain;
      for (CardSet all = rules->deck.all_cards(); all;) {
        const Card card = pop_lowest(all);
        ((context.trumps() & card_bit(card)) != 0 ? trumps : plain).push_back(card);
      }
      std::shuffle(trumps.begin(), trumps.end(), random);
      std::shuffle(plain.begin(), plain.end(), random);
      SolvePosition p;
      p.trick.leader = kSeats[random() % 4];
      p.takers = random() % 2 == 0 ? Team::NS : Team::EW;
      p.tricks = {{context.hand_size() - 5, 1}};
      p.points = {{0, 0}};
      deal(context, trumps, plain, p, random);
      BOOST_TEST_REQUIRE(check_position(context, p) == "");
      const int value = minimax_of_position(context, p.hands, p.trick, p.takers);
      const SolveResult result = solver.solve(context, p);
      BOOST_TEST(result.takers_points == value,
                 name << " " << context.kind().name << " position " << i << ": solver " << result.takers_points << ", minimax " << value);
      ++compared;
    }
  }
  return compared;
}

// Deals `n` cards to `seat` from `from` (its back).
void give(SolvePosition& p, Seat seat, std::vector<Card>& from, int n) {
  for (; n > 0; --n) {
    p.hands[seat] |= card_bit(from.back());
    from.pop_back();
  }
}

// Trumps on both sides under free trumping, where the sure points are the draw, the master trumps
// and the jack kept for the last trick ("Sure points"), and where a plain lead may be cut by
// either side: positions of four tricks where the leader's partner holds the strongest trump and
// another trump or two, the opponents one or two trumps, under `schieber` (its jack kept for the
// last trick where no duty forces it out), with the strict ban on undertrumping and with a duty
// to raise a trump lead, against a plain minimax.
BOOST_AUTO_TEST_CASE(positions_where_the_partner_holds_the_master_trump_agree_with_minimax) {
  const LoadedRuleset raise = schieber_raising_on_trump_leads();
  BOOST_TEST_REQUIRE(raise.ok());
  const std::vector<std::pair<std::string, std::shared_ptr<const Ruleset>>> rulesets = {
      {"schieber", ruleset("schieber")}, {"schieber-untertrumpf-streng", ruleset("schieber-untertrumpf-streng")}, {"schieber-monter", raise.ruleset}};
  int compared = 0;
  for (const auto& [name, rules] : rulesets) {
    compared += compare_built_positions(name, rules, 200, [](const PlayContext& context, std::vector<Card>& trumps, std::vector<Card>& plain,
                                                             SolvePosition& p, std::mt19937_64& random) {
      const Seat left = next_in_play(p.trick.leader), partner = next_in_play(left), right = next_in_play(partner);
      // The strongest trump to the partner, with one or two others; one or two to the opponents.
      const auto strongest = std::find_if(trumps.begin(), trumps.end(), [&](Card card) { return card_bit(card) == context.trump_jack(); });
      BOOST_TEST_REQUIRE((strongest != trumps.end()));
      std::iter_swap(strongest, trumps.end() - 1);
      give(p, partner, trumps, 1 + 1 + int(random() % 2));
      give(p, random() % 2 == 0 ? left : right, trumps, 1);
      if (random() % 2 == 0) give(p, random() % 2 == 0 ? left : right, trumps, 1);
      if (random() % 3 == 0) give(p, p.trick.leader, trumps, 1);
      for (Seat seat : kSeats) give(p, seat, plain, 4 - count(p.hands[seat]));
    });
  }
  BOOST_TEST_MESSAGE(fmt::format("the partner holding the master trump, four tricks: {} positions compared with minimax", compared));
  BOOST_TEST(compared >= 3 * 200);
}

// The jack of trumps is kept for the last trick only where no duty can force it out before:
// three tricks of `schieber` at hearts, the defenders to lead, where the rule that forces it
// (a duty to raise on a trump lead, the ban on undertrumping that leaves it the one trump
// allowed, no exemption from following with it alone) costs the takers the last trick.
struct JackCase {
  std::string ruleset;  ///< schieber, or an overlay of it (TOML added to `extends = "schieber"`)
  std::string overlay;
  std::array<std::string, 4> hands;  ///< N, E, S, W
  Seat leader;
  int value;
};

const std::vector<JackCase> kJackCases = {
    // E leads the seven: the jack follows, the six covers it, and the jack alone needs not follow the eight.
    {"schieber", "", {"JH 6H 6S", "7H 8H 7S", "6D 7D 8D", "6C 7C 8C"}, Seat::E, 25},
    // A duty to raise: the jack must beat the seven, and the eight and the seven of spades take the rest.
    {"schieber-monter", "[play]\nraise_on_trump_lead = \"always\"\n", {"JH 6H 6S", "7H 8H 7S", "6D 7D 8D", "6C 7C 8C"}, Seat::E, 20},
    // No exemption: the jack alone must follow the seven of trumps.
    {"schieber-sans-buur", "[play]\ntrump_jack_exempt = false\n", {"JH 6S 7S", "7H 8H 8S", "6D 7D 8D", "6C 7C 8C"}, Seat::E, 20},
    // W leads a spade, E trumps: N undertrumps, and keeps the jack for the last trick (E's eight).
    {"schieber", "", {"JH 6H 7H", "8H QH KH", "6D 7D 8D", "6S 7S 8S"}, Seat::W, 25},
    // Holding only trumps, N may not undertrump while he holds the jack: it takes E's eight.
    {"schieber-untertrumpf-streng", "", {"JH 6H 7H", "8H QH KH", "6D 7D 8D", "6S 7S 8S"}, Seat::W, 20},
};

BOOST_AUTO_TEST_CASE(the_jack_of_trumps_takes_the_last_trick_only_where_no_duty_forces_it_out) {
  for (const JackCase& c : kJackCases) {
    std::shared_ptr<const Ruleset> rules;
    if (c.overlay.empty()) {
      rules = ruleset(c.ruleset);
    } else {
      const LoadedRuleset loaded = load_text(fmt::format("extends = \"schieber\"\nname = \"{}\"\n{}", c.ruleset, c.overlay));
      BOOST_TEST_REQUIRE(loaded.ok());
      rules = loaded.ruleset;
    }
    const PlayContext play(*rules, 0, 1);  // trumpf, hearts
    SolvePosition p;
    for (std::size_t i = 0; i < 4; ++i) p.hands[kSeats[i]] = cards_of(rules->deck, c.hands[i]);
    p.trick.leader = c.leader;
    p.tricks = {{3, 3}};
    BOOST_TEST_REQUIRE(check_position(play, p) == "");
    BOOST_TEST(solve(play, p).takers_points == c.value, c.ruleset << " " << c.hands[0] << ": " << solve(play, p).takers_points);
  }
}

// Klaverjas whose capot and pit are worth nothing: taking every trick then gives less than the
// cards taken (a negative bonus), so the takers may rather lose a trick, and a sweep is worth at
// least its card points without any roem, the roem still possible being no part of that least.
BOOST_AUTO_TEST_CASE(a_capot_worth_less_than_the_cards_under_roem_agrees_with_minimax) {
  const LoadedRuleset loaded =
      load_text("extends = \"klaverjas\"\nname = \"klaverjas-capot-nul\"\n[contract]\ncapot = 0\n[roem]\npit = 0\n");
  BOOST_TEST_REQUIRE(loaded.ok());
  Endgames tally;
  for (const auto& [tricks_left, per_kind] : {std::pair{2, 300}, std::pair{3, 300}, std::pair{4, 120}})
    compare_endgames("klaverjas-capot-nul", loaded.ruleset, tricks_left, per_kind, tally, 2);
  BOOST_TEST_MESSAGE(fmt::format("a capot worth nothing under roem: {} positions compared with minimax ({} where the takers could "
                                 "still take every trick)",
                                 tally.positions, tally.sweeps));
  BOOST_TEST(tally.positions == 300 + 300 + 120);
  BOOST_TEST(tally.sweeps >= 40);
}

// The same rulesets on positions of five and six tricks and on whole deals, against the search
// without its table (whose static bounds do not read the roem still possible).
BOOST_AUTO_TEST_CASE(roem_positions_and_whole_deals_agree_with_the_search_without_its_table) {
  const std::vector<std::pair<std::string, std::shared_ptr<const Ruleset>>> rulesets = {
      {"klaverjas", ruleset("klaverjas")}, {"klaverjas-amsterdam", ruleset("klaverjas-amsterdam")}, {"klaverjas-stuk-seul", stuk_alone()},
      {"klaverjas-carre-seul", four_of_a_kind_alone()}};
  for (int tricks_left : {5, 6, 0}) {
    int compared = 0;
    const int per_kind = tricks_left == 0 ? int(scaled(20)) : 150;
    int drawn = 0;
    for (const auto& [name, rules] : rulesets) {
      if (tricks_left == 6 && name == "klaverjas-stuk-seul") continue;  // compared above
      compare_with_slower_search(tricks_left, per_kind, name, rules, compared);
      drawn += int(rules->kinds.size()) * per_kind;
    }
    BOOST_TEST_MESSAGE(fmt::format("roem, {} tricks left: {} positions compared with the search without its table",
                                   tricks_left == 0 ? 8 : tricks_left, compared));
    BOOST_TEST(compared == drawn);
  }
}

BOOST_AUTO_TEST_CASE(whole_deals_agree_with_the_search_without_its_table) {
  int compared = 0;
  // Without its table a whole deal takes a few hundredths of a second to a second or so: ten of
  // each kind of two rulesets (one of each under the sanitizers' scale).
  const int per_kind = int(scaled(10));
  compare_with_slower_search(0, per_kind, {"classique", "coinche"}, compared);
  BOOST_TEST_MESSAGE(fmt::format("whole deals: {} compared with the search without its table", compared));
  BOOST_TEST(compared == 4 * per_kind);
}

// 36 cards and nearly every card legal at most nodes (`play.trump_instead_of_following`):
// positions of seven tricks left, and of eight (one trick played) and whole deals, those
// the search without its table solves within 20 million nodes (a few seconds each; most
// whole deals need far more).
BOOST_AUTO_TEST_CASE(schieber_endgames_and_whole_deals_agree_with_the_search_without_its_table) {
  int compared = 0;
  compare_with_slower_search(7, int(scaled(6)), {"schieber"}, compared);
  BOOST_TEST_MESSAGE(fmt::format("schieber, seven tricks left: {} positions compared with the search without its table", compared));
  BOOST_TEST(compared == int(scaled(6)) * 3);
  const auto rules = ruleset("schieber");
  for (int tricks_left : {8, 0}) {
    int within = 0, passed_over = 0;
    compare_with_slower_search(tricks_left, int(scaled(6)), "schieber", rules, within, 20'000'000, &passed_over);
    BOOST_TEST_MESSAGE(fmt::format("schieber, {} tricks left: {} compared with the search without its table, {} beyond its budget",
                                   tricks_left == 0 ? 9 : tricks_left, within, passed_over));
    BOOST_TEST(within + passed_over == int(scaled(6)) * 3);
    // Most such positions are beyond the budget: at a reduced scale (a sanitized build tries
    // one a kind) none may be within it; at full scale some must be.
    if (scaled(6) >= 6) BOOST_TEST(within >= 1);
  }
}

BOOST_AUTO_TEST_SUITE_END()
