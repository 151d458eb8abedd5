// The worlds a seat cannot tell apart, drawn uniformly: an exact count of the
// proposal by groups of cards, then every card played tested (docs/players.md).
#include <algorithm>
#include <cmath>

#include "belote/evaluator.h"
#include "belote/worlds.h"

namespace belote {

namespace worlds_impl {

// n! as a double: exact far past the 36 cards a hand of the deck may hide.
double world_factorial(int n) {
  double f = 1;
  for (int i = 2; i <= n; ++i) f *= i;
  return f;
}

// Every card of `cards`, in increasing order.
std::vector<Card> world_card_list(CardSet cards) {
  std::vector<Card> out;
  while (cards) out.push_back(pop_lowest(cards));
  return out;
}

}  // namespace worlds_impl

using namespace worlds_impl;

WorldSampler::WorldSampler(const Ruleset& rules, const Observation& seen) : rules_(&rules), seat_(seen.seat) {
  const int n = rules.deck.hand_size;
  const CardSet all = rules.deck.all_cards();
  auction_ = !seen.contract || seen.contract->redeal || seen.phase != TablePhase::play;
  if (auction_) {
    // The seat's own cards so far, the turned card with them (the seat valued as the taker: docs/players.md).
    own_[seat_] = seen.dealt;
    if (seen.turned_card >= 0 && rules.dealing.turned == TurnedCard::card && count(own_[seat_]) < n)
      own_[seat_] |= card_bit(Card(seen.turned_card));
    hidden_ = all & ~own_[seat_];
    for (Seat s : kSeats) counts_[s] = n;
    return;
  }
  const AuctionKind& kind = rules.auction.kinds[std::size_t(seen.contract->kind)];
  play_.emplace(rules, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
  // The cards played, each with the trick as it stood before it.
  Trick trick;
  trick.leader = seen.contract->first_lead;
  CardSet played_all = 0;
  for (const auto& [seat, card] : seen.cards) {
    events_.push_back(Event{seat, card, trick});
    add_card(*play_, trick, card);
    played_[seat] |= card_bit(card);
    played_all |= card_bit(card);
    if (trick.complete()) {
      const Seat winner = trick.winner();
      trick = Trick{};
      trick.leader = winner;
    }
  }
  own_[seat_] = seen.hand;
  hidden_ = all & ~seen.hand & ~played_all;
  for (Seat s : kSeats) counts_[s] = n - count(played_[s]);
  counts_[seat_] = count(seen.hand);
  // Known holdings: declared announcements, the belote's pair once its word is said, the turned card.
  for (const DeclaredAnnouncement& d : seen.declared) {
    must_[d.seat] |= d.cards() & hidden_;
    if (d.seat != seat_) declared_.push_back(d);
    else own_declared_.add(d.announcement);
  }
  // (Counted from the cards: a view read back gives no trick winners.)
  shown_ = seen.cards.size() >= 4 && std::any_of(declared_.begin(), declared_.end(), [](const DeclaredAnnouncement& d) { return !d.known; });
  first_ = seen.contract->first_lead;
  for (const Event& e : events_)
    if (contains(seen.said_with_word, e.card)) must_[e.seat] |= suit_cards(rules.belote.ranks, suit_of(e.card)) & hidden_;
  if (seen.turned_card >= 0 && rules.dealing.turned == TurnedCard::card)
    must_[seen.contract->taker] |= card_bit(Card(seen.turned_card)) & hidden_;
  must_[seat_] = 0;
  // A card a seat could not have held when it played as it did: with it beside the card played, that card is not legal.
  for (const Event& e : events_) {
    if (e.seat == seat_ || e.before.empty()) continue;
    for (CardSet rest = hidden_ & ~forbid_[e.seat]; rest;) {
      const Card c = pop_lowest(rest);
      if (!(legal_play(*play_, card_bit(e.card) | card_bit(c), e.before, e.seat).cards & card_bit(e.card)))
        forbid_[e.seat] |= card_bit(c);
    }
  }
  for (Seat s : kSeats) forbid_[s] &= ~must_[s];
  count_ways();
}

void WorldSampler::count_ways() {
  int k = 0;
  for (Seat s : kSeats)
    if (s != seat_) others_[std::size_t(k++)] = s;
  CardSet free = hidden_;
  for (Seat s : kSeats) free &= ~must_[s];
  for (int j = 0; j < 3; ++j) needs_[std::size_t(j)] = counts_[others_[std::size_t(j)]] - count(must_[others_[std::size_t(j)]]);
  stride_ = rules_->deck.hand_size + 1;
  for (int j = 0; j < 3; ++j)
    if (needs_[std::size_t(j)] < 0 || needs_[std::size_t(j)] >= stride_) return;  // a contradiction: no proposal
  // Groups of cards by the seats that may hold them.
  std::array<CardSet, 8> by_seats{};
  for (CardSet rest = free; rest;) {
    const Card c = pop_lowest(rest);
    unsigned seats = 0;
    for (int j = 0; j < 3; ++j)
      if (!contains(forbid_[others_[std::size_t(j)]], c)) seats |= 1u << j;
    by_seats[seats] |= card_bit(c);
  }
  for (unsigned m = 0; m < 8; ++m)
    if (by_seats[m]) {
      groups_.push_back(by_seats[m]);
      group_seats_.push_back(std::uint8_t(m));
    }
  const std::size_t states = std::size_t(stride_ * stride_ * stride_);
  ways_.assign(groups_.size() + 1, std::vector<double>(states, 0.0));
  ways_[groups_.size()][0] = 1;
  for (std::size_t g = groups_.size(); g-- > 0;) {
    const int size = count(groups_[g]);
    const unsigned seats = group_seats_[g];
    for (int x0 = 0; x0 < stride_; ++x0)
      for (int x1 = 0; x1 < stride_; ++x1)
        for (int x2 = 0; x2 < stride_; ++x2) {
          double total = 0;
          for (int a0 = 0; a0 <= std::min(size, x0); ++a0) {
            if (a0 && !(seats & 1)) break;
            for (int a1 = 0; a0 + a1 <= size && a1 <= x1; ++a1) {
              if (a1 && !(seats & 2)) break;
              const int a2 = size - a0 - a1;
              if (a2 > x2 || (a2 && !(seats & 4))) continue;
              const double rest = ways_[g + 1][std::size_t(state({x0 - a0, x1 - a1, x2 - a2}))];
              if (rest > 0) total += world_factorial(size) / (world_factorial(a0) * world_factorial(a1) * world_factorial(a2)) * rest;
            }
          }
          ways_[g][std::size_t(state({x0, x1, x2}))] = total;
        }
  }
}

World WorldSampler::propose(Xoshiro256& rng) const {
  World w;
  const int n = rules_->deck.hand_size;
  if (auction_) {
    std::vector<Card> pack = world_card_list(hidden_);
    for (std::size_t i = pack.size(); i > 1; --i) std::swap(pack[i - 1], pack[rng.below(std::uint32_t(i))]);
    std::size_t next = 0;
    for (Seat s : kSeats) {
      w.hands[s] = own_[s];
      while (count(w.hands[s]) < n && next < pack.size()) w.hands[s] |= card_bit(pack[next++]);
    }
    w.dealt = w.hands;
    return w;
  }
  for (Seat s : kSeats) w.hands[s] = s == seat_ ? own_[s] : must_[s];
  std::array<int, 3> x = needs_;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const int size = count(groups_[g]);
    const unsigned seats = group_seats_[g];
    // A split of the group among its seats, as likely as the deals it leaves.
    double pick = double(rng.next() >> 11) * 0x1.0p-53 * ways_[g][std::size_t(state(x))];
    std::array<int, 3> split{};
    bool chosen = false;
    for (int a0 = 0; a0 <= std::min(size, x[0]) && !chosen; ++a0) {
      if (a0 && !(seats & 1)) break;
      for (int a1 = 0; a0 + a1 <= size && a1 <= x[1]; ++a1) {
        if (a1 && !(seats & 2)) break;
        const int a2 = size - a0 - a1;
        if (a2 > x[2] || (a2 && !(seats & 4))) continue;
        const double rest = ways_[g + 1][std::size_t(state({x[0] - a0, x[1] - a1, x[2] - a2}))];
        if (rest <= 0) continue;
        split = {a0, a1, a2};
        pick -= world_factorial(size) / (world_factorial(a0) * world_factorial(a1) * world_factorial(a2)) * rest;
        if (pick < 0) {
          chosen = true;
          break;
        }
      }
    }
    // (Rounding may leave `pick` a hair above 0 after the last split: that split is kept.)
    std::vector<Card> cards = world_card_list(groups_[g]);
    for (std::size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.below(std::uint32_t(i))]);
    std::size_t next = 0;
    for (int j = 0; j < 3; ++j) {
      for (int i = 0; i < split[std::size_t(j)]; ++i) w.hands[others_[std::size_t(j)]] |= card_bit(cards[next++]);
      x[std::size_t(j)] -= split[std::size_t(j)];
    }
  }
  for (Seat s : kSeats) w.dealt[s] = w.hands[s] | played_[s];
  return w;
}

bool WorldSampler::consistent(const PerSeat<CardSet>& hands) const {
  CardSet seen_all = 0;
  for (Seat s : kSeats) {
    if (count(hands[s]) != counts_[s] || (hands[s] & must_[s]) != must_[s] || (hands[s] & seen_all)) return false;
    seen_all |= hands[s];
  }
  if (hands[seat_] != own_[seat_] && !auction_) return false;
  if (auction_) return (seen_all & own_[seat_]) == own_[seat_];
  if ((seen_all & ~own_[seat_]) != hidden_) return false;
  PerSeat<CardSet> h = hands;
  for (std::size_t i = events_.size(); i-- > 0;) {
    const Event& e = events_[i];
    h[e.seat] |= card_bit(e.card);
    if (!(legal_play(*play_, h[e.seat], e.before, e.seat).cards & card_bit(e.card))) return false;
  }
  // A declaration tells more than its cards: it is what the seat's hand as dealt declares
  // (a tierce declared is a run with no card of the hand next to it, else it would be
  // longer), so that hand must still declare it, each declaration a distinct one of its
  // announcements: one with the cards shown, or of the kind and value of one not shown.
  PerSeat<SeatAnnouncements> held;
  PerSeat<std::uint16_t> used{};
  PerSeat<bool> read{};
  Deal deal;
  const auto matches = [&](const DeclaredAnnouncement& d, bool known) {
    if (d.known != known) return true;
    if (!read[d.seat]) {
      declare_hand(*rules_, hands[d.seat] | played_[d.seat], play_->kind_index(), play_->trump(), held[d.seat]);
      read[d.seat] = true;
    }
    const Announcement& want = d.announcement;
    for (int i = 0; i < held[d.seat].count; ++i) {
      const Announcement& a = held[d.seat].items[std::size_t(i)];
      if (used[d.seat] >> i & 1) continue;
      if (known ? a.cards() == want.cards()
                : !a.carre && rules_->sequences.entry_for(a.length) == want.length && a.points == want.points) {
        used[d.seat] |= std::uint16_t(1u << i);
        deal.declared[d.seat].add(a);
        return true;
      }
    }
    return false;
  };
  // The shown first: each is one announcement; those not shown take any of their kind left.
  for (const bool known : {true, false})
    for (const DeclaredAnnouncement& d : declared_)
      if (!matches(d, known)) return false;
  return !shown_ || shows_as_seen(deal, hands);
}

// From trick 2 the seat has seen who showed: the world's declarations, in the
// contest the evaluator decides, must leave the same ones shown (docs/table.md).
bool WorldSampler::shows_as_seen(Deal& deal, const PerSeat<CardSet>& hands) const {
  deal.kind = std::uint8_t(play_->kind_index());
  deal.trump = play_->trump();
  deal.first = first_;
  deal.form = DealForm::declared;
  deal.declared[seat_] = own_declared_;
  for (Seat s : kSeats) deal.hands[s] = hands[s] | played_[s];
  Outcome contests;
  decide_declared_contests(*rules_, deal, contests);
  // A contest whose declarations are all known is decided by their cards alone, as it was at the table
  // (a view read back may give a declaration's cards that were not shown: docs/table.md).
  std::array<bool, kMaxContests> open{};
  for (const DeclaredAnnouncement& d : declared_)
    if (!d.known) open[d.announcement.contest] = true;
  for (const DeclaredAnnouncement& d : declared_) {
    if (d.announcement.carre || !open[d.announcement.contest]) continue;
    if (shows_at_trick_2(contests.contests[d.announcement.contest], team_of(d.seat)) != d.known) return false;
  }
  return true;
}

World WorldSampler::sample(Xoshiro256& rng, int max_attempts) {
  if (!auction_ && proposals() <= 0) {
    // The proposal's restrictions leave no deal (they cannot, on a consistent observation): deal the rest plainly.
    forbid_ = {};
    groups_.clear();
    group_seats_.clear();
    count_ways();
  }
  World w;
  for (int attempt = 0; attempt < std::max(1, max_attempts); ++attempt) {
    w = propose(rng);
    if (auction_ || consistent(w.hands)) return w;
    ++rejected_;
  }
  w.consistent = false;
  return w;
}

}  // namespace belote
