// The world a seat's view is replayed in (view_reader.h): the deal before the
// auction, with the suits proposed, and the checks that the seat's cards and
// the cards played fit a deal before one is drawn for the play.
#include "players/view_reader.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/text_util.h"
#include "table/dealing.h"

namespace belote::view_reading {

// The proposals of the deal: those seen, then the ruleset's other suits (not seen yet: any order does).
bool ViewReader::set_proposals(const InputNode& view, const DealingPlan& plan, DealtMene& dealt) {
  const int suit_count = plan.suit_count;
  int count = 0;
  if (rules_.dealing.turned != TurnedCard::none)
    count = rules_.auction.on_all_pass == AllPass::next_turned_card ? suit_count : std::min(suit_count, 1);
  std::vector<Suit> suits = seen_.proposals;
  if (suits.empty() && seen_.turned_card >= 0) suits.push_back(suit_of(Card(seen_.turned_card)));
  if (int(suits.size()) > count)
    return fail(key_or_object(view, "proposals"),
                fmt::format("'proposals' holds {} suits, but ruleset '{}' proposes at most {}", suits.size(), rules_.info.name, count));
  if (count > 0 && suits.empty())
    return fail(view, fmt::format("missing key 'proposals': ruleset '{}' turns a suit up (dealing.turned)", rules_.info.name));
  for (int i = 0; i < suit_count && int(suits.size()) < count; ++i)
    if (std::find(suits.begin(), suits.end(), plan.suits[std::size_t(i)]) == suits.end()) suits.push_back(plan.suits[std::size_t(i)]);
  dealt.proposal_count = std::uint8_t(count);
  for (int i = 0; i < count; ++i) dealt.proposals[std::size_t(i)] = suits[std::size_t(i)];
  return true;
}

// A deal as the ruleset deals it before the auction, the seat holding `own`
// (none: cards drawn like the others'), the turned card turned, the rest of
// the pack to deal after the auction.
DealtMene ViewReader::deal_before_auction(const DealingPlan& plan, Seat first, CardSet own, Xoshiro256& rng) const {
  DealtMene dealt;
  dealt.dealer = seen_.dealer;
  dealt.first = first;
  dealt.number = std::uint64_t(seen_.mene - 1);
  dealt.turned_card = std::int8_t(seen_.turned_card);
  const CardSet turned = seen_.turned_card >= 0 ? card_bit(Card(seen_.turned_card)) : 0;
  std::vector<Card> rest;
  for (CardSet left = deck_.all_cards() & ~own & ~turned; left;) rest.push_back(pop_lowest(left));
  for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[rng.below(std::uint32_t(i))]);
  const int each = plan.dealt / 4;
  std::size_t next = 0;
  int place = 0;
  Seat seat = seen_.dealer;
  for (int i = 0; i < 4; ++i) {
    seat = next_in_play(seat);
    CardSet hand = seat == seen_.seat && own ? own : 0;
    while (count(hand) < each) hand |= card_bit(rest[next++]);
    dealt.hands[seat] = hand;
    for (CardSet cards = hand; cards;) dealt.pack[std::size_t(place++)] = pop_lowest(cards);
  }
  if (turned) dealt.pack[std::size_t(place++)] = Card(seen_.turned_card);
  dealt.pack_next = std::uint8_t(place);
  while (next < rest.size()) dealt.pack[std::size_t(place++)] = rest[next++];
  dealt.pack_count = std::uint8_t(place);
  dealt.before_auction = dealt.hands;
  dealt.complete = rules_.dealing.packets_after.empty();
  return dealt;
}

TableSetup ViewReader::setup() const {
  TableSetup setup;
  setup.seed = kWorldSeed;
  // A target a table takes (0 is none: the ruleset's); the view's own is copied back after the replay (observation_reader.cpp).
  if (seen_.target >= 1 && seen_.target <= kMaxGameTarget) setup.target = seen_.target;
  setup.keep_history = false;
  return setup;
}

// The seat's cards are a hand's count with those it played; the cards follow the turn of play.
bool ViewReader::check_play_counts(const InputNode& view, const AuctionOutcome& contract) {
  const AuctionKind& kind = rules_.auction.kinds[std::size_t(contract.kind)];
  const PlayContext play(rules_, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
  Trick trick;
  trick.leader = contract.first_lead;
  CardSet own_played = 0;
  for (std::size_t i = 0; i < played_.size(); ++i) {
    const PlayedCard& p = played_[i];
    if (p.seat != trick.to_play())
      return fail(*p.node->get("seat"), fmt::format("'cards[{}]' is {}'s, but {} is to play", i, name(p.seat), name(trick.to_play())));
    if (p.seat == seen_.seat) own_played |= card_bit(p.card);
    add_card(play, trick, p.card);
    if (trick.complete()) {
      const Seat winner = trick.winner();
      trick = Trick{};
      trick.leader = winner;
    }
  }
  if (count(seen_.hand) + count(own_played) != deck_.hand_size)
    return fail(key_or_object(view, "hand"),
                fmt::format("'hand' holds {} card{} and {} has played {}: a hand of ruleset '{}' holds {}", count(seen_.hand),
                            plural(count(seen_.hand)), name(seen_.seat), count(own_played), rules_.info.name, deck_.hand_size));
  if (!dealt_given_) seen_.dealt = seen_.hand | own_played;
  // The turned card goes to the taker.
  if (seen_.turned_card >= 0) {
    const Card turned = Card(seen_.turned_card);
    for (std::size_t i = 0; i < played_.size(); ++i)
      if (played_[i].card == turned && played_[i].seat != contract.taker)
        return fail(*played_[i].node->get("card"), fmt::format("'cards[{}]': {} is the turned card, which the taker {} holds, not {}", i,
                                                               deck_.card_name(turned), name(contract.taker), name(played_[i].seat)));
    if (seen_.seat != contract.taker && contains(seen_.hand, turned))
      return fail(key_or_object(view, "hand"),
                  fmt::format("'hand' holds the turned card {}, which the taker {} holds", deck_.card_name(turned), name(contract.taker)));
    if (seen_.seat == contract.taker && !contains(seen_.hand | own_played, turned))
      return fail(key_or_object(view, "hand"), fmt::format("the taker {} holds the turned card {}, but 'hand' and the cards {} played lack it",
                                                           name(seen_.seat), deck_.card_name(turned), name(seen_.seat)));
  }
  return true;
}

// Whether `hands` give every card of the deck, a hand's count to each seat.
bool ViewReader::whole_deal(const PerSeat<CardSet>& hands) const {
  CardSet all = 0;
  for (Seat s : kSeats) {
    if (count(hands[s]) != deck_.hand_size || (all & hands[s])) return false;
    all |= hands[s];
  }
  return all == deck_.all_cards();
}

}  // namespace belote::view_reading
