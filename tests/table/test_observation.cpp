// What one seat may know (table.md 3): the observation of a seat is the same
// in every deal that agrees with what that seat has seen. From random points
// of random mènes under every shipped ruleset, the cards hidden from a seat
// are shuffled among the places they could be (the pack's places dealt to the
// other seats, their played and declared cards kept), the same actions are
// replayed as they were said, and the seat's observation and legal actions
// must not change. A change to the seat's own cards must change it.
#include <boost/test/unit_test.hpp>

#include "belote/random_deals.h"
#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_observation)

using namespace belote;
using namespace belote::test;

namespace {

// The cards `seat` has seen of the others: played, declared, the turned card.
CardSet seen_by_all(const Observation& o) {
  CardSet seen = o.turned_card >= 0 ? card_bit(Card(o.turned_card)) : 0;
  for (const auto& [who, card] : o.cards) seen |= card_bit(card);
  for (const DeclaredAnnouncement& d : o.declared) seen |= d.announcement.cards();
  return seen;
}

// The deal with the cards hidden from `seat` shuffled among their places.
DealtMene shuffled_for(const Table& table, Seat seat, Xoshiro256& rng) {
  const DealtMene& dealt = table.dealt();
  const CardSet fixed = seen_by_all(table.observe(seat)) | table.hands()[seat] | dealt.before_auction[seat];
  // The pack's places whose cards may move, in one list, and their cards shuffled.
  std::vector<int> places;
  for (int p = 0; p < dealt.pack_count; ++p)
    if (!contains(fixed, dealt.pack[std::size_t(p)])) places.push_back(p);
  DealtMene out = dealt;
  for (std::size_t i = places.size(); i > 1; --i) {
    const std::size_t j = rng.below(std::uint32_t(i));
    std::swap(out.pack[std::size_t(places[i - 1])], out.pack[std::size_t(places[j])]);
  }
  // Each place keeps its owner: the seat that received the card there.
  for (Seat s : kSeats) out.before_auction[s] = out.hands[s] = 0;
  for (int p = 0; p < dealt.pack_count; ++p)
    for (Seat s : kSeats) {
      if (contains(dealt.before_auction[s], dealt.pack[std::size_t(p)])) out.before_auction[s] |= card_bit(out.pack[std::size_t(p)]);
      if (contains(dealt.hands[s], dealt.pack[std::size_t(p)])) out.hands[s] |= card_bit(out.pack[std::size_t(p)]);
    }
  return out;
}

// Replays the actions as they were said (an announcement by its cards, not its slot).
bool replay(Table& table, const std::vector<std::string>& said) {
  for (const std::string& text : said) {
    const auto action = table.parse_action(text);
    if (!action || table.apply(*action)) return false;
  }
  return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_observation_does_not_depend_on_hidden_cards) {
  int compared = 0;
  for (const std::string& name : shipped_ruleset_names()) {
    BOOST_TEST_CONTEXT("ruleset " << name) {
      const auto rules = ruleset(name);
      int here = 0;
      for (std::uint64_t seed = 1; seed <= scaled(40); ++seed) {
        TableSetup setup;
        setup.seed = seed;
        setup.max_menes = 1;
        Xoshiro256 rng(seed, 17);
        // The first mène up to a random point, its actions kept in words.
        const Table start(*rules, setup);
        Table table = start;
        std::vector<std::string> said;
        const int stop = int(rng.below(60));
        for (int i = 0; i < stop && !table.over(); ++i) {
          const LegalActions legal = table.legal();
          const Action action = legal.nth(table.actions(), int(rng.below(std::uint32_t(legal.count(table.actions())))));
          said.push_back(table.action_text(action));
          Table next = table;
          next.apply(action);
          // Within the first mène: its last card or a redeal starts another.
          if (next.over() || next.tally().dealt != table.tally().dealt) {
            said.pop_back();
            break;
          }
          table = next;
        }
        for (Seat seat : kSeats) {
          for (int attempt = 0; attempt < 4; ++attempt) {
            Table other(*rules, setup, shuffled_for(table, seat, rng));
            if (!replay(other, said)) continue;
            BOOST_TEST_REQUIRE((other.observe(seat) == table.observe(seat)), "seat " << belote::name(seat) << " after " << said.size());
            if (table.to_act() == seat)
              BOOST_TEST_REQUIRE(other.legal().list(other.actions(), *rules) == table.legal().list(table.actions(), *rules));
            ++here;
          }
        }
      }
      BOOST_TEST(here > 0);
      compared += here;
    }
  }
  BOOST_TEST_MESSAGE(compared << " observations compared");
  BOOST_TEST(compared > 1000);
}

BOOST_AUTO_TEST_CASE(an_observation_shows_the_seats_own_cards) {
  // The same deal with one of N's cards swapped with one of E's: N sees it.
  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 8});
  DealtMene swapped = table.dealt();
  CardSet n = swapped.hands[Seat::N], e = swapped.hands[Seat::E];
  const Card from_n = pop_lowest(n), from_e = pop_lowest(e);
  for (CardSet* hand : {&swapped.hands[Seat::N], &swapped.before_auction[Seat::N]}) *hand = (*hand & ~card_bit(from_n)) | card_bit(from_e);
  for (CardSet* hand : {&swapped.hands[Seat::E], &swapped.before_auction[Seat::E]}) *hand = (*hand & ~card_bit(from_e)) | card_bit(from_n);
  const Table other(*rules, TableSetup{.seed = 8}, swapped);
  BOOST_TEST(!(other.observe(Seat::N) == table.observe(Seat::N)));
  BOOST_TEST(!(other.observe(Seat::E) == table.observe(Seat::E)));
  BOOST_TEST((other.observe(Seat::S) == table.observe(Seat::S)));
  // What a seat sees of its own: its hand and nothing of the others'.
  for (Seat seat : kSeats) {
    const Observation o = table.observe(seat);
    BOOST_TEST(o.hand == table.hands()[seat]);
    BOOST_TEST(o.cards.empty());
  }
}

BOOST_AUTO_TEST_SUITE_END()
