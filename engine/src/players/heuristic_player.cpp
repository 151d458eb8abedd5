// The rules-of-thumb player (docs/players.md): a hand's hand_strength estimated
// from the ruleset's card orders and points in each kind a call may name, a
// bid where it clears what the contract asks, and a few rules of the play.
// Nothing here names a family: the orders, points, kinds, ladder and duties
// are all the ruleset's.
#include <algorithm>
#include <bit>
#include <span>

#include "belote/evaluator.h"
#include "belote/player.h"
#include "belote/random_deals.h"

namespace belote {

namespace heuristic_impl {

// What the heuristic counts on from one hand in one kind: card points its team takes.
struct HandStrength {
  double points = 0;
  int total = 0;
};

// The hand's tricks: a card no unseen card of its suit beats is one; one beaten
// by one unseen card, with a smaller card to guard it, half; by two, with two, a quarter.
// Trumps past the third, and short plain suits beside two trumps, ruff.
HandStrength hand_strength(const Ruleset& rules, CardSet hand, int kind, Suit trump) {
  const PlayContext play(rules, kind, trump);
  const int n = play.hand_size();
  HandStrength out;
  out.total = play.total_points();
  const double average = double(out.total) / n;
  double tricks = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const CardSet mine = hand & suit_mask(s);
    for (CardSet rest = mine; rest;) {
      const Card c = pop_lowest(rest);
      const int missing = count(play.stronger(c) & ~hand);
      int lower = 0;
      for (CardSet other = mine & ~card_bit(c); other;)
        if (contains(play.stronger(pop_lowest(other)), c)) ++lower;
      tricks += missing == 0 ? 1.0 : missing == 1 && lower >= 1 ? 0.5 : missing == 2 && lower >= 2 ? 0.25 : 0.0;
    }
  }
  const int trumps = count(hand & play.trumps());
  if (play.trumps() != 0) {
    tricks += std::max(0, trumps - 3) * 0.6;
    if (trumps >= 2)
      for (Suit s = 0; s < kSuitCount; ++s) {
        if (s == trump) continue;
        const int length = count(hand & suit_mask(s));
        tricks += length == 0 ? 0.5 : length == 1 ? 0.25 : 0.0;
      }
  } else if (!play.all_trumps()) {
    tricks -= 0.5 * std::max(0, 2 - std::popcount(unsigned(suit_ranks(hand, 0) != 0) + unsigned(suit_ranks(hand, 1) != 0) +
                                                   unsigned(suit_ranks(hand, 2) != 0) + unsigned(suit_ranks(hand, 3) != 0)));
  }
  tricks = std::clamp(tricks, 0.0, double(n));
  // Cards not yet dealt count as an average card; the partner takes a third of the rest.
  const int unknown = std::max(0, n - count(hand));
  out.points = tricks * average * 1.1 + unknown * average * 0.4 + std::max(0.0, n - tricks - unknown) * average * 0.3;
  if (rules.contract.counts_announcements) {
    SeatAnnouncements held;
    declare_hand(rules, hand, kind, trump, held);
    out.points += 0.7 * held.points;
  }
  if (rules.contract.counts_belote)
    out.points += belotes_held(rules, hand, kind, trump) * rules.tables.kinds[std::size_t(kind)].belote_points;
  return out;
}

// What a contract in `kind` at ladder step `bid` (-1: none) asks of the takers' card points.
double required_points(const Ruleset& rules, const HandStrength& s, int bid) {
  if (bid >= 0 && rules.contract.test != ContractTest::more_than_defenders && rules.contract.test != ContractTest::none)
    return rules.auction.ladder[std::size_t(bid)].value;
  return s.total / 2.0 + s.total * 0.08;
}

Auction thumb_heard_auction(const Ruleset& rules, const Observation& seen) {
  const Seat first = seen.calls.empty() ? seen.to_act : seen.calls.front().seat;
  Auction auction(rules, seen.dealer, first, std::span(seen.proposals.data(), seen.proposals.size()));
  for (const Call& call : seen.calls) auction.apply(call);
  return auction;
}

class HeuristicPlayer final : public Player {
 public:
  explicit HeuristicPlayer(std::uint64_t seed) : rng_(seed, 0x7468756d62) {}
  std::string name() const override { return "heuristic"; }

  Action choose(const PlayerView& view) override {
    require_choice(view);
    if (view.legal.auction) return call(view);
    // Every announcement held is declared, the belote said: both only ever add points where they count.
    if (view.legal.declare) return view.actions.declare(std::countr_zero(unsigned(view.legal.declare)));
    const Card c = card(view);
    return view.actions.card(c, contains(view.legal.word_cards, c));
  }

 private:
  Action call(const PlayerView& view) {
    const Ruleset& rules = view.rules;
    const LegalCalls& legal = view.legal.calls;
    const Observation& seen = view.seen;
    const Seat me = legal.seat;
    const Auction auction = thumb_heard_auction(rules, seen);
    CardSet hand = seen.dealt;
    const int turned = seen.turned_card;
    auto act = [&](const Call& c) { return *view.actions.call(c); };
    auto kind_strength = [&](int auction_kind, bool with_turned) {
      const AuctionKind& k = rules.auction.kinds[std::size_t(auction_kind)];
      CardSet h = hand;
      if (with_turned && turned >= 0 && rules.dealing.turned == TurnedCard::card) h |= card_bit(Card(turned));
      return hand_strength(rules, h, k.kind, Suit(k.suit < 0 ? 0 : k.suit));
    };
    const std::optional<Call> standing = auction.standing_bid();
    const bool partner_holds = standing && team_of(standing->seat) == team_of(me) && standing->seat != me;
    const bool opponents_hold = standing && team_of(standing->seat) != team_of(me);

    // Doubling: only a contract the seat's hand alone makes likely to fail.
    if (legal.double_ && opponents_hold && standing->kind >= 0) {
      const HandStrength s = kind_strength(standing->kind, false);
      const double needed = standing->bid >= 0 && rules.contract.test != ContractTest::more_than_defenders
                                 ? s.total - rules.auction.ladder[std::size_t(standing->bid)].value + 1
                                 : s.total / 2.0;
      if (s.points >= needed + s.total * 0.15) return act(Call{me, CallType::double_});
    }
    if (legal.redouble && standing && team_of(standing->seat) == team_of(me) && standing->kind >= 0) {
      const HandStrength s = kind_strength(standing->kind, false);
      if (s.points >= required_points(rules, s, standing->bid) + s.total * 0.25) return act(Call{me, CallType::redouble});
    }

    // The best bid or choice the hand supports: the kind whose hand_strength clears its need by most.
    std::optional<Call> best;
    double margin = -1e9;
    if (legal.any_bid() && !partner_holds) {
      for (int k = 0; k < int(rules.auction.kinds.size()); ++k) {
        if (!(legal.bid_kinds >> k & 1)) continue;
        const HandStrength s = kind_strength(k, false);
        if (rules.auction.order == BidOrder::value) {
          // The highest numeric step the estimate reaches, at least the lowest legal; kinds
          // compared by how far they clear the lowest legal step.
          const double m = s.points - required_points(rules, s, legal.lowest_bid);
          if (m < 0 || m <= margin) continue;
          for (int b = int(rules.auction.ladder.size()) - 1; b >= legal.lowest_bid; --b) {
            if (rules.auction.ladder[std::size_t(b)].named_bid >= 0 || s.points < required_points(rules, s, b)) continue;
            margin = m;
            best = Call{me, CallType::bid, std::int16_t(b), std::int8_t(k)};
            break;
          }
        } else {
          const double m = s.points - required_points(rules, s, -1);
          if (m >= 0 && m > margin) {
            margin = m;
            best = Call{me, CallType::bid, -1, std::int8_t(k)};
          }
        }
      }
    }
    if (legal.take) {
      const int suit = auction.turned_suit();
      for (int k = 0; k < int(rules.auction.kinds.size()); ++k) {
        if (rules.auction.kinds[std::size_t(k)].suit != suit) continue;
        const HandStrength s = kind_strength(k, true);
        const double m = s.points - required_points(rules, s, -1);
        if (m >= 0 && m > margin) {
          margin = m;
          best = Call{me, CallType::take};
        }
        break;
      }
    }
    std::optional<Call> forced;
    double forced_margin = -1e9;
    if (legal.choose_kinds)
      for (int k = 0; k < int(rules.auction.kinds.size()); ++k) {
        if (!(legal.choose_kinds >> k & 1)) continue;
        const HandStrength s = kind_strength(k, true);
        const double m = s.points - required_points(rules, s, -1);
        const Call c{me, CallType::choose, -1, std::int8_t(k)};
        if (m > forced_margin) {
          forced_margin = m;
          forced = c;
        }
        if (m >= 0 && m > margin) {
          margin = m;
          best = c;
        }
      }
    if (best && legal.allows(*best)) return act(*best);
    if (legal.schieben) return act(Call{me, CallType::schieben});
    if (legal.pass) return act(Call{me, CallType::pass});
    if (forced && legal.allows(*forced)) return act(*forced);
    const LegalActions& all = view.legal;
    return all.nth(view.actions, int(rng_.below(std::uint32_t(all.count(view.actions)))));
  }

  Card card(const PlayerView& view) {
    const Ruleset& rules = view.rules;
    const Observation& seen = view.seen;
    const AuctionOutcome& contract = *seen.contract;
    const AuctionKind& kind = rules.auction.kinds[std::size_t(contract.kind)];
    const PlayContext play(rules, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
    const Seat me = view.legal.seat;
    const CardSet hand = seen.hand;
    const CardSet legal = view.legal.cards;
    // The trick in progress, and the cards the other seats may still hold.
    Trick trick;
    trick.leader = contract.first_lead;
    CardSet played = 0;
    for (const auto& [seat, c] : seen.cards) {
      add_card(play, trick, c);
      played |= card_bit(c);
      if (trick.complete()) {
        const Seat winner = trick.winner();
        trick = Trick{};
        trick.leader = winner;
      }
    }
    const CardSet out = rules.deck.all_cards() & ~hand & ~played;
    const CardSet trumps = play.trumps();
    auto master = [&](Card c) { return (play.stronger(c) & out) == 0; };
    auto points = [&](Card c) { return play.card_points(c); };
    // Weakest first: plain before trumps, fewer points, then lower in the trick order.
    auto cheaper = [&](Card a, Card b) {
      const auto key = [&](Card c) { return std::make_tuple(contains(trumps, c), points(c), -count(play.stronger(c))); };
      return key(a) < key(b);
    };
    auto pick = [&](CardSet cards, auto better) {
      Card best = Card(std::countr_zero(cards));
      for (CardSet rest = cards; rest;) {
        const Card c = pop_lowest(rest);
        if (better(c, best)) best = c;
      }
      return best;
    };
    auto lowest = [&](CardSet cards) { return pick(cards, cheaper); };
    const bool takers = team_of(me) == team_of(contract.taker);

    if (trick.empty()) {
      const CardSet my_trumps = legal & trumps;
      if (takers && my_trumps && (trumps & out)) {
        // Draw trumps: the master trump, or the taker's lowest from a long suit of them.
        for (CardSet rest = my_trumps; rest;) {
          const Card c = pop_lowest(rest);
          if (master(c)) return c;
        }
        if (me == contract.taker && count(my_trumps) >= 3) return lowest(my_trumps);
      }
      // A master of a plain suit, the richest first.
      CardSet masters = 0;
      for (CardSet rest = legal & ~trumps; rest;) {
        const Card c = pop_lowest(rest);
        if (master(c)) masters |= card_bit(c);
      }
      if (masters) return pick(masters, [&](Card a, Card b) { return points(a) > points(b); });
      return lowest(legal & ~trumps ? legal & ~trumps : legal);
    }
    // Who takes the trick with each card.
    CardSet winners = 0;
    for (CardSet rest = legal; rest;) {
      const Card c = pop_lowest(rest);
      Trick t = trick;
      add_card(play, t, c);
      if (t.winner() == me) winners |= card_bit(c);
    }
    const Seat winning = trick.winner();
    if (team_of(winning) == team_of(me)) {
      const Card w = trick.winning_card();
      const bool sure = trick.count == 3 || (master(w) && (contains(trumps, w) || (trumps & out) == 0));
      if (sure) {
        // The partner takes it: give it points, keeping masters and trumps.
        CardSet give = legal & ~trumps;
        for (CardSet rest = give; rest;) {
          const Card c = pop_lowest(rest);
          if (master(c)) give &= ~card_bit(c);
        }
        if (give) return pick(give, [&](Card a, Card b) { return points(a) > points(b); });
      }
      return lowest(legal & ~winners ? legal & ~winners : legal);
    }
    // The opponents hold it: take it as cheaply as possible, else throw the least.
    if (winners) return lowest(winners);
    return lowest(legal);
  }

  Xoshiro256 rng_;
};

}  // namespace heuristic_impl

using namespace heuristic_impl;

std::unique_ptr<Player> heuristic_player(std::uint64_t seed) { return std::make_unique<HeuristicPlayer>(seed); }

}  // namespace belote
