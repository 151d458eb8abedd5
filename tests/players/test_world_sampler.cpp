// The worlds a seat cannot tell apart: every world drawn agrees with what the
// seat has seen (checked here by replaying the play with the play layer, apart
// from the sampler's own test), the real deal always does, and the worlds are
// drawn uniformly: late in a mène, where every world can be listed, each
// comes up as often as the others within a chi-square bound.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <map>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_world_sampler)

using namespace belote;
using namespace belote::test;

namespace {

// A game under `rules` played by random players until `cards` cards of a mène are played.
std::optional<Table> table_after(const Ruleset& rules, std::uint64_t seed, int cards) {
  TableSetup setup;
  setup.seed = seed;
  setup.max_menes = 1;
  Table table(rules, setup);
  auto player = random_player(seed);
  for (int guard = 0; guard < 2000 && !table.over(); ++guard) {
    if (table.play() && table.play()->tricks_played() * 4 + table.play()->current().count == cards) return table;
    table.apply_legal(ask(*player, table));
  }
  return std::nullopt;
}

PlayContext contract_context(const Ruleset& rules, const AuctionOutcome& contract) {
  const AuctionKind& kind = rules.auction.kinds[std::size_t(contract.kind)];
  return PlayContext(rules, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
}

// Whether `hand` declares an announcement of exactly `cards`, by the evaluator's reading of a hand.
bool declares(const Ruleset& rules, const PlayContext& play, CardSet hand, CardSet cards) {
  SeatAnnouncements held;
  declare_hand(rules, hand, play.kind_index(), play.trump(), held);
  return std::any_of(held.begin(), held.end(), [&](const Announcement& a) { return a.cards() == cards; });
}

// Whether the hands now agree with what `seen` shows, tested apart from the sampler:
// the mène replayed card by card by the play layer from the hands as they were dealt.
bool agrees(const Ruleset& rules, const Observation& seen, const PerSeat<CardSet>& hands) {
  PerSeat<CardSet> dealt = hands;
  for (const auto& [seat, card] : seen.cards) {
    if (contains(dealt[seat], card)) return false;
    dealt[seat] |= card_bit(card);
  }
  if (dealt[seen.seat] != seen.dealt || hands[seen.seat] != seen.hand) return false;
  CardSet all = 0;
  for (Seat s : kSeats) {
    if (count(dealt[s]) != rules.deck.hand_size || (all & dealt[s])) return false;
    all |= dealt[s];
  }
  const PlayContext play = contract_context(rules, *seen.contract);
  for (const DeclaredAnnouncement& d : seen.declared) {
    if (!d.known) continue;  // (replays_to tests the ones not shown)
    if ((dealt[d.seat] & d.cards()) != d.cards()) return false;
    // The hand as dealt declares it (no card of the hand extends a run declared).
    if (!declares(rules, play, dealt[d.seat], d.cards())) return false;
  }
  PlayedMene mene(play, dealt, seen.contract->first_lead);
  for (const auto& [seat, card] : seen.cards) {
    if (mene.to_play() != seat || !contains(mene.legal(), card)) return false;
    if (contains(seen.said_with_word, card)) {
      const CardSet pair = suit_cards(rules.belote.ranks, suit_of(card));
      if ((dealt[seat] & pair) != pair) return false;
    }
    mene.play(card);
  }
  if (seen.turned_card >= 0 && rules.dealing.turned == TurnedCard::card &&
      !contains(dealt[seen.contract->taker], Card(seen.turned_card)))
    return false;
  return true;
}

// Every way to deal the hidden cards to the other seats in their counts.
void every_world(const WorldSampler& sampler, const Observation& seen, std::vector<PerSeat<CardSet>>& out) {
  std::vector<Card> cards;
  for (CardSet rest = sampler.hidden(); rest;) cards.push_back(pop_lowest(rest));
  PerSeat<CardSet> hands;
  hands[seen.seat] = seen.hand;
  const auto walk = [&](auto&& self, std::size_t i) -> void {
    if (i == cards.size()) {
      out.push_back(hands);
      return;
    }
    for (Seat s : kSeats) {
      if (s == seen.seat || count(hands[s]) >= sampler.counts()[s]) continue;
      hands[s] |= card_bit(cards[i]);
      self(self, i + 1);
      hands[s] &= ~card_bit(cards[i]);
    }
  };
  walk(walk, 0);
}

// Whether the hands now agree with what `seen` shows, by the table itself: the
// mène dealt the hands as they were dealt and replayed (the calls and cards as
// played; each declaration by its cards where `seen` knows them, else as one of
// its kind and value that the declarer holds) shows the seat `seen` again.
bool replays_to(const Table& real, const Observation& seen, const PerSeat<CardSet>& hands) {
  PerSeat<CardSet> dealt = hands;
  CardSet all = 0;
  for (const auto& [seat, card] : seen.cards) dealt[seat] |= card_bit(card);
  for (Seat s : kSeats) {
    if (count(dealt[s]) != real.rules().deck.hand_size || (all & dealt[s])) return false;
    all |= dealt[s];
  }
  DealtMene deal = real.dealt();
  deal.hands = deal.before_auction = dealt;
  Table table(real.rules(), real.setup(), deal);
  std::size_t declarations = 0;
  for (const Action action : real.mene_actions()) {
    Action replayed = action;
    if (real.actions().kind(action) == ActionKind::declare) {
      const Seat seat = table.to_act();
      const DeclaredAnnouncement& heard = seen.declared[declarations++];
      const SeatAnnouncements real_held = real.declarable(seat);
      const Announcement& said = real_held.items[std::size_t(real.actions().slot_of(action))];
      const SeatAnnouncements held = table.declarable(seat);
      int slot = -1;
      for (int i = 0; i < held.count && slot < 0; ++i) {
        const Announcement& a = held.items[std::size_t(i)];
        if (heard.known ? a.cards() == said.cards()
                        : !a.carre && !(table.declared(seat) >> i & 1) && real.rules().sequences.entry_for(a.length) == heard.announcement.length &&
                              a.points == heard.announcement.points)
          slot = i;
      }
      if (slot < 0) return false;
      replayed = table.actions().declare(slot);
    }
    if (table.apply(replayed)) return false;
  }
  return table.observe(seen.seat) == seen;
}

using Key = std::array<CardSet, 4>;
Key key_of(const PerSeat<CardSet>& hands) { return {hands[Seat::N], hands[Seat::E], hands[Seat::S], hands[Seat::W]}; }

}  // namespace

BOOST_AUTO_TEST_CASE(late_in_a_mene_every_consistent_world_is_drawn_as_often) {
  const auto rules = ruleset("coinche");
  int positions = 0;
  for (std::uint64_t seed = 1; seed < 400 && positions < 4; ++seed) {
    const auto table = table_after(*rules, seed, 21 + int(seed % 3));
    if (!table) continue;
    const Seat seat = table->to_act();
    const Observation seen = table->observe(seat);
    WorldSampler sampler(*rules, seen);
    PerSeat<CardSet> excluded_any = sampler.excluded();
    if ((excluded_any[Seat::N] | excluded_any[Seat::E] | excluded_any[Seat::S] | excluded_any[Seat::W]) == 0) continue;
    std::vector<PerSeat<CardSet>> all;
    every_world(sampler, seen, all);
    std::vector<PerSeat<CardSet>> consistent;
    for (const auto& hands : all) {
      // The sampler's test and the play layer's replay agree on every world.
      BOOST_TEST_REQUIRE(sampler.consistent(hands) == agrees(*rules, seen, hands));
      if (agrees(*rules, seen, hands)) consistent.push_back(hands);
    }
    if (consistent.size() < 8) continue;
    ++positions;
    std::map<Key, int> index;
    for (std::size_t i = 0; i < consistent.size(); ++i) index[key_of(consistent[i])] = int(i);
    PerSeat<CardSet> real;
    for (Seat s : kSeats) real[s] = table->play()->hand(s);
    BOOST_TEST(index.count(key_of(real)) == 1);
    // Draws enough that each world is expected 60 times; the statistic's bound is
    // its mean plus six standard deviations (chi-square with k - 1 degrees of freedom).
    const int k = int(consistent.size());
    const int draws = 60 * k;
    std::vector<int> seen_count(std::size_t(k), 0);
    Xoshiro256 rng(seed, 7);
    for (int i = 0; i < draws; ++i) {
      const World w = sampler.sample(rng);
      BOOST_TEST_REQUIRE(w.consistent);
      const auto it = index.find(key_of(w.hands));
      BOOST_TEST_REQUIRE((it != index.end()));
      ++seen_count[std::size_t(it->second)];
    }
    double chi2 = 0;
    for (int c : seen_count) chi2 += (c - 60.0) * (c - 60.0) / 60.0;
    const double df = k - 1;
    BOOST_TEST(chi2 < df + 6 * std::sqrt(2 * df), "seed " << seed << ": chi2 " << chi2 << " over " << k << " worlds");
    BOOST_TEST_MESSAGE("seed " << seed << ": " << k << " consistent worlds of " << all.size() << ", chi2 " << chi2
                               << ", proposals " << sampler.proposals() << ", rejected " << sampler.rejected());
  }
  BOOST_TEST(positions == 4);
}

BOOST_AUTO_TEST_CASE(with_a_sequence_not_shown_every_consistent_world_is_drawn_as_often) {
  // A position late in a mène where another seat declared a sequence the seat
  // to act does not know (its team lost the contest, or trick 1 is not over):
  // the sampler's test and the table's own replay agree on every world, and
  // the worlds drawn are uniform over the consistent ones.
  const auto rules = ruleset("coinche");
  int positions = 0;
  for (std::uint64_t seed = 1; seed < 6000 && positions < 3; ++seed) {
    const auto table = table_after(*rules, seed, 18 + int(seed % 4));
    if (!table) continue;
    const Seat seat = table->to_act();
    const Observation seen = table->observe(seat);
    if (std::ranges::none_of(seen.declared, [](const DeclaredAnnouncement& d) { return !d.known; })) continue;
    WorldSampler sampler(*rules, seen);
    std::vector<PerSeat<CardSet>> all;
    every_world(sampler, seen, all);
    if (all.size() > 20000) continue;
    std::vector<PerSeat<CardSet>> consistent;
    for (const auto& hands : all) {
      const bool replays = replays_to(*table, seen, hands);
      BOOST_TEST_REQUIRE(sampler.consistent(hands) == replays, "seed " << seed);
      if (replays) consistent.push_back(hands);
    }
    // Some worlds fail the declaration alone: the sequence not shown is tested.
    std::size_t failing_declaration = 0;
    for (const auto& hands : all)
      if (agrees(*rules, seen, hands) && !replays_to(*table, seen, hands)) ++failing_declaration;
    if (consistent.size() < 8 || failing_declaration == 0) continue;
    ++positions;
    std::map<Key, int> index;
    for (std::size_t i = 0; i < consistent.size(); ++i) index[key_of(consistent[i])] = int(i);
    PerSeat<CardSet> real;
    for (Seat s : kSeats) real[s] = table->play()->hand(s);
    BOOST_TEST(index.count(key_of(real)) == 1);
    const int k = int(consistent.size());
    std::vector<int> seen_count(std::size_t(k), 0);
    Xoshiro256 rng(seed, 9);
    for (int i = 0; i < 60 * k; ++i) {
      const World w = sampler.sample(rng);
      BOOST_TEST_REQUIRE(w.consistent);
      const auto it = index.find(key_of(w.hands));
      BOOST_TEST_REQUIRE((it != index.end()));
      ++seen_count[std::size_t(it->second)];
    }
    double chi2 = 0;
    for (int c : seen_count) chi2 += (c - 60.0) * (c - 60.0) / 60.0;
    const double df = k - 1;
    BOOST_TEST(chi2 < df + 6 * std::sqrt(2 * df), "seed " << seed << ": chi2 " << chi2 << " over " << k << " worlds");
    BOOST_TEST_MESSAGE("seed " << seed << ": " << k << " consistent worlds of " << all.size() << " (" << failing_declaration
                               << " failing a declaration alone), chi2 " << chi2 << ", rejected " << sampler.rejected());
  }
  BOOST_TEST(positions == 3);
}

BOOST_AUTO_TEST_CASE(every_world_drawn_respects_what_the_seat_has_seen_and_the_real_deal_always_does) {
  int checked = 0;
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    if (!rules->auction.given) continue;
    const std::uint64_t games = std::max<std::uint64_t>(2, scaled(12));
    for (std::uint64_t seed = 0; seed < games; ++seed) {
      const int cards = int(seed * 7 % std::uint64_t(4 * rules->deck.hand_size));
      const auto table = table_after(*rules, seed + 100, cards);
      if (!table) continue;
      PerSeat<CardSet> real;
      for (Seat s : kSeats) real[s] = table->play()->hand(s);
      for (Seat seat : kSeats) {
        const Observation seen = table->observe(seat);
        WorldSampler sampler(*rules, seen);
        BOOST_TEST_REQUIRE(!sampler.auction());
        // What the seat infers never rules the real deal out.
        BOOST_TEST_REQUIRE(sampler.consistent(real), name << " seed " << seed << " seat " << belote::name(seat));
        for (Seat s : kSeats) {
          BOOST_TEST_REQUIRE((real[s] & sampler.excluded()[s]) == 0u);
          BOOST_TEST_REQUIRE((real[s] & sampler.known()[s]) == sampler.known()[s]);
        }
        BOOST_TEST_REQUIRE(agrees(*rules, seen, real));
        Xoshiro256 rng(seed, index(seat));
        for (int i = 0; i < 4; ++i) {
          const World w = sampler.sample(rng);
          BOOST_TEST_REQUIRE(w.consistent, name << " seed " << seed);
          BOOST_TEST_REQUIRE(agrees(*rules, seen, w.hands), name << " seed " << seed << " seat " << belote::name(seat));
          for (Seat s : kSeats) BOOST_TEST_REQUIRE((w.dealt[s] & w.hands[s]) == w.hands[s]);
          ++checked;
        }
      }
    }
  }
  BOOST_TEST(checked > 100);
}

BOOST_AUTO_TEST_CASE(no_world_gives_a_declarer_a_card_that_would_have_made_its_announcement_another) {
  // A tierce declared with 8H 9H 10H says that its seat held neither 7H nor JH (it would
  // have declared a cinquante): a card that, added to an announcement's cards, makes the
  // hand declare something else is in no world's hand of that seat.
  int announcements = 0;
  for (const char* name : {"coinche", "bulgare"}) {
    const auto rules = ruleset(name);
    for (std::uint64_t seed = 1; seed < 4000 && announcements < 12; ++seed) {
      const auto table = table_after(*rules, seed, 5);
      if (!table) continue;
      const Seat seat = table->to_act();
      const Observation seen = table->observe(seat);
      const PlayContext play = contract_context(*rules, *seen.contract);
      WorldSampler sampler(*rules, seen);
      for (const DeclaredAnnouncement& d : seen.declared) {
        if (d.seat == seat || !d.known) continue;
        CardSet breaking = 0;
        for (CardSet rest = sampler.hidden(); rest;) {
          const Card c = pop_lowest(rest);
          if (!declares(*rules, play, d.announcement.cards() | card_bit(c), d.announcement.cards())) breaking |= card_bit(c);
        }
        if (breaking == 0) continue;
        ++announcements;
        Xoshiro256 rng(seed, 11);
        for (int i = 0; i < 40; ++i) {
          const World w = sampler.sample(rng);
          BOOST_TEST_REQUIRE(w.consistent, name << " seed " << seed);
          BOOST_TEST_REQUIRE((w.dealt[d.seat] & breaking) == 0u, name << " seed " << seed << ": " << belote::name(d.seat));
        }
      }
    }
  }
  BOOST_TEST(announcements == 12);
}

BOOST_AUTO_TEST_CASE(in_the_auction_a_world_deals_the_rest_of_the_pack_around_the_seats_own_cards) {
  for (const char* name : {"coinche", "classique", "bulgare", "schieber", "klaverjas"}) {
    const auto rules = ruleset(name);
    Table table(*rules, TableSetup{.seed = 5});
    const Observation seen = table.observe(table.to_act());
    WorldSampler sampler(*rules, seen);
    BOOST_TEST(sampler.auction());
    Xoshiro256 rng(1, 2);
    for (int i = 0; i < 20; ++i) {
      const World w = sampler.sample(rng);
      CardSet all = 0;
      for (Seat s : kSeats) {
        BOOST_TEST(count(w.hands[s]) == rules->deck.hand_size);
        BOOST_TEST((all & w.hands[s]) == 0u);
        all |= w.hands[s];
      }
      BOOST_TEST((w.hands[seen.seat] & seen.dealt) == seen.dealt);
    }
  }
}

BOOST_AUTO_TEST_CASE(no_shipped_auction_shows_a_seat_anything_of_the_hidden_cards) {
  // An auction world depends on the seat's own cards and the turned card alone, so that the
  // worlds of one call are as good for the seat's next (auction_memory.h): at every call of
  // every shipped auction they are what they were at the seat's first, and no card is shown.
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    if (!rules->auction.given) continue;
    auto player = random_player(7);
    int calls = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      Table table(*rules, TableSetup{.seed = seed, .max_menes = 3});
      std::map<std::pair<int, Seat>, CardSet> first_seen;
      while (!table.over()) {
        if (table.phase() == TablePhase::auction) {
          const Observation seen = table.observe(table.to_act());
          const CardSet hidden = WorldSampler(*rules, seen).hidden();
          const auto at = first_seen.emplace(std::pair(seen.mene, seen.seat), hidden).first;
          BOOST_TEST(at->second == hidden, name << " seed " << seed << " mène " << seen.mene);
          BOOST_TEST((seen.hand == seen.dealt && seen.cards.empty() && seen.declared.empty() && seen.said_with_word == 0u), name);
          ++calls;
        }
        table.apply_legal(ask(*player, table));
      }
    }
    BOOST_TEST(calls > 20, name);
  }
}

BOOST_AUTO_TEST_SUITE_END()
