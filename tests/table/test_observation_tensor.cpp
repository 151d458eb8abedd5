// The observation as numbers (belote/observation_tensor.h): the layout's
// blocks and size under every shipped ruleset, what the blocks hold through
// random games (the seat's hand, the cards played by each seat counted from
// the observer's place, the trick in progress, the phase, the contract), and
// the two refusals a program can meet.
#include <boost/test/unit_test.hpp>

#include <numeric>

#include "belote/observation_tensor.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_observation_tensor)

using namespace belote;
using namespace belote::test;

namespace {

std::span<const float> block(const std::vector<float>& tensor, const ObservationLayout& layout, std::string_view name) {
  const TensorBlock& b = layout.block(name);
  return std::span(tensor).subspan(std::size_t(b.offset), std::size_t(b.size));
}

float sum(std::span<const float> values) { return std::accumulate(values.begin(), values.end(), 0.0f); }

// The seats counted from `observer`'s place, as the tensor counts them: the place of `seat`.
int place(Seat observer, Seat seat) {
  int p = 0;
  for (Seat s = observer; s != seat; s = next_in_play(s)) ++p;
  return p;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_blocks_follow_one_another_in_the_documented_size) {
  for (const std::string& name : shipped_ruleset_names()) {
    BOOST_TEST_CONTEXT(name) {
      const auto rules = ruleset(name);
      const Table table(*rules);
      const ObservationLayout layout(table);
      const int C = table.actions().card_count();
      const int A = layout.call_actions();
      BOOST_TEST(C == rules->deck.card_count());
      BOOST_TEST(A == table.actions().size() - 2 * C - 10);
      int offset = 0;
      for (const TensorBlock& b : layout.blocks()) {
        BOOST_TEST(b.offset == offset, b.name);
        BOOST_TEST(b.size >= 0, b.name);
        offset += b.size;
      }
      BOOST_TEST(layout.size() == offset);
      BOOST_TEST(layout.size() == 15 * C + 4 * A + layout.kinds() + layout.ladder_steps() + 39);
      BOOST_TEST(layout.block("hand").offset == 0);
      BOOST_TEST(layout.blocks().back().name == "scalars");
      BOOST_TEST(observation_tensor(table, Seat::E).size() == std::size_t(layout.size()));
    }
  }
  // The figure docs/python.md shows.
  BOOST_TEST(ObservationLayout(Table(*ruleset("coinche"))).size() == 844);
}

BOOST_AUTO_TEST_CASE(the_blocks_hold_what_the_seat_has_seen) {
  for (const std::string& name : shipped_ruleset_names()) {
    BOOST_TEST_CONTEXT(name) {
      const auto rules = ruleset(name);
      Table table(*rules, TableSetup{.seed = 17, .max_menes = 2});
      const ObservationLayout layout(table);
      Xoshiro256 rng(17, 5);
      int states = 0;
      bool saw_contract = false;
      for (int step = 0; step < int(scaled(400)) && !table.over(); ++step, ++states) {
        for (Seat seat : kSeats) {
          const Observation seen = table.observe(seat);
          const std::vector<float> tensor = observation_tensor(table, seat);
          // Every entry a number of the documented ranges.
          for (float value : tensor) BOOST_TEST_REQUIRE((value >= 0.0f && value < 100.0f));
          // hand: one-hot over the card actions.
          const auto hand = block(tensor, layout, "hand");
          for (int c = 0; c < layout.cards(); ++c)
            BOOST_TEST_REQUIRE(hand[std::size_t(c)] == (contains(seen.hand, table.actions().card_of(Action(c))) ? 1.0f : 0.0f));
          // played: each seat's cards at its place from the observer; trick: those of the trick in progress.
          const auto played = block(tensor, layout, "played");
          const auto trick = block(tensor, layout, "trick");
          const std::size_t in_tricks = 4 * seen.trick_winners.size();
          BOOST_TEST_REQUIRE(sum(played) == float(seen.cards.size()));
          BOOST_TEST_REQUIRE(sum(trick) == float(seen.cards.size() - in_tricks));
          for (const auto& [who, card] : seen.cards)
            BOOST_TEST_REQUIRE(played[std::size_t(place(seat, who) * layout.cards() + int(table.actions().card(card)))] == 1.0f);
          // phase and to_act: one-hot; the seat to act at its place.
          const auto phase = block(tensor, layout, "phase");
          BOOST_TEST_REQUIRE(phase[std::size_t(seen.phase)] == 1.0f);
          BOOST_TEST_REQUIRE(sum(phase) == 1.0f);
          const auto to_act = block(tensor, layout, "to_act");
          BOOST_TEST_REQUIRE(to_act[std::size_t(place(seat, table.to_act()))] == 1.0f);
          BOOST_TEST_REQUIRE(sum(to_act) == 1.0f);
          // contract: set once the auction made one, its taker at its place.
          const float contract = block(tensor, layout, "contract")[0];
          BOOST_TEST_REQUIRE(contract == (seen.contract ? 1.0f : 0.0f));
          if (seen.contract) {
            saw_contract = true;
            BOOST_TEST_REQUIRE(block(tensor, layout, "taker")[std::size_t(place(seat, seen.contract->taker))] == 1.0f);
            BOOST_TEST_REQUIRE(sum(block(tensor, layout, "kind")) == 1.0f);
          }
        }
        (void)table.apply_random(rng);
      }
      BOOST_TEST(states > 20);
      BOOST_TEST(saw_contract);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_game_over_sets_no_seat_to_act) {
  const auto rules = ruleset("coinche");
  Table table(*rules, TableSetup{.seed = 3, .max_menes = 1});
  Xoshiro256 rng(3, 1);
  while (!table.over()) (void)table.apply_random(rng);
  const ObservationLayout layout(table);
  const std::vector<float> tensor = observation_tensor(table, Seat::S);
  BOOST_TEST(sum(block(tensor, layout, "to_act")) == 0.0f);
  BOOST_TEST(block(tensor, layout, "phase")[2] == 1.0f);
  BOOST_TEST(sum(block(tensor, layout, "hand")) == 0.0f);
}

BOOST_AUTO_TEST_CASE(a_tensor_of_another_size_is_refused) {
  const auto rules = ruleset("coinche");
  const Table table(*rules);
  const ObservationLayout layout(table);
  std::vector<float> out(843, 7.0f);
  BOOST_CHECK_EXCEPTION(encode_observation(*rules, table.actions(), layout, table.observe(Seat::N), out), std::invalid_argument,
                        [](const std::invalid_argument& e) {
                          return std::string(e.what()) == "encode_observation: the tensor holds 844 entries, not 843";
                        });
  BOOST_TEST(out[0] == 7.0f);
}

BOOST_AUTO_TEST_CASE(a_block_the_layout_lacks_is_named) {
  const ObservationLayout layout(Table(*ruleset("klaverjas")));
  BOOST_CHECK_EXCEPTION((void)layout.block("cards"), std::out_of_range,
                        [](const std::out_of_range& e) { return std::string(e.what()) == "the observation tensor has no block 'cards'"; });
}

BOOST_AUTO_TEST_SUITE_END()
