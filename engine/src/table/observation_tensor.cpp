// A seat's observation as a fixed-size vector of numbers (table.md 3).
#include "belote/observation_tensor.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <stdexcept>

namespace belote {

namespace {

/// Where `seat` sits from `observer`'s place: 0 itself, 1 the next to play, 2 its partner, 3 the one before it.
int relative(Seat observer, Seat seat) { return (index(observer) - index(seat)) & 3; }

}  // namespace

ObservationLayout::ObservationLayout(const Ruleset& rules, const ActionSpace& space)
    : cards_(space.card_count()),
      call_actions_(space.size() - *space.call(Call{Seat::N, CallType::pass})),
      first_call_(*space.call(Call{Seat::N, CallType::pass})),
      kinds_(int(rules.auction.kinds.size())),
      ladder_(rules.auction.order == BidOrder::value ? int(rules.auction.ladder.size()) : 0) {
  const int C = cards_;
  const std::array<std::pair<std::string_view, int>, 19> sizes{{{"hand", C},
                                                                 {"played", 4 * C},
                                                                 {"trick", 4 * C},
                                                                 {"leader", 4},
                                                                 {"turned", C},
                                                                 {"proposals", kSuitCount},
                                                                 {"words", C},
                                                                 {"declared", 4 * C},
                                                                 {"declared_unshown", 4},
                                                                 {"phase", 3},
                                                                 {"dealer", 4},
                                                                 {"to_act", 4},
                                                                 {"last_call", 4 * call_actions_},
                                                                 {"contract", 1},
                                                                 {"taker", 4},
                                                                 {"kind", kinds_},
                                                                 {"bid", ladder_},
                                                                 {"doubling", 3},
                                                                 {"scalars", 8}}};
  for (const auto& [name, size] : sizes) {
    blocks_.push_back(TensorBlock{name, size_, size});
    size_ += size;
  }
}

const TensorBlock& ObservationLayout::block(std::string_view name) const& {
  const auto found = std::find_if(blocks_.begin(), blocks_.end(), [&](const TensorBlock& b) { return b.name == name; });
  if (found == blocks_.end()) throw std::out_of_range(fmt::format("the observation tensor has no block '{}'", name));
  return *found;
}

void encode_observation(const Ruleset& rules, const ActionSpace& space, const ObservationLayout& layout, const Observation& seen,
                        std::span<float> out) {
  if (int(out.size()) != layout.size())
    throw std::invalid_argument(fmt::format("encode_observation: the tensor holds {} entries, not {}", layout.size(), out.size()));
  std::fill(out.begin(), out.end(), 0.0f);
  const int C = layout.cards();
  const Seat me = seen.seat;
  const auto card_index = [&](Card card) { return int(space.card(card)); };
  const auto set_cards = [&](float* at, CardSet cards) {
    for (CardSet c = cards; c;) at[card_index(pop_lowest(c))] = 1.0f;
  };
  float* at = out.data();
  set_cards(at, seen.hand);
  at += C;
  // played: each seat's cards of this mène; trick: each seat's card in the trick in progress.
  float* played = at;
  float* trick = at + 4 * C;
  float* leader = trick + 4 * C;
  const std::size_t in_tricks = 4 * seen.trick_winners.size();
  for (std::size_t i = 0; i < seen.cards.size(); ++i) {
    const auto [seat, card] = seen.cards[i];
    played[relative(me, seat) * C + card_index(card)] = 1.0f;
    if (i >= in_tricks) trick[relative(me, seat) * C + card_index(card)] = 1.0f;
  }
  if (seen.phase == TablePhase::play) {
    const Seat lead = seen.cards.size() > in_tricks ? seen.cards[in_tricks].first : seen.to_act;
    leader[relative(me, lead)] = 1.0f;
  }
  at = leader + 4;
  // turned, proposals, words
  if (seen.turned_card >= 0) at[card_index(Card(seen.turned_card))] = 1.0f;
  at += C;
  for (Suit suit : seen.proposals) at[suit] = 1.0f;
  at += kSuitCount;
  set_cards(at, seen.said_with_word);
  at += C;
  // declared: the cards of each seat's announcements the seat knows; declared_unshown: the points of those it does not
  for (const DeclaredAnnouncement& d : seen.declared) {
    set_cards(at + relative(me, d.seat) * C, d.cards());
    if (!d.known) at[4 * C + relative(me, d.seat)] += float(d.announcement.points) / 100.0f;
  }
  at += 4 * C + 4;
  // phase, dealer, to_act
  at[int(seen.phase)] = 1.0f;
  at += 3;
  at[relative(me, seen.dealer)] = 1.0f;
  at += 4;
  if (seen.phase != TablePhase::over) at[relative(me, seen.to_act)] = 1.0f;
  at += 4;
  // last_call: each seat's last call of this mène
  PerSeat<int> last{{-1, -1, -1, -1}};
  for (const Call& call : seen.calls)
    if (const auto action = space.call(call)) last[call.seat] = *action - layout.first_call();
  for (Seat seat : kSeats)
    if (last[seat] >= 0) at[relative(me, seat) * layout.call_actions() + last[seat]] = 1.0f;
  at += 4 * layout.call_actions();
  // contract, taker, kind, bid, doubling
  const int kinds = layout.kinds();
  const int ladder = layout.ladder_steps();
  if (seen.contract) {
    const AuctionOutcome& c = *seen.contract;
    at[0] = 1.0f;
    at[1 + relative(me, c.taker)] = 1.0f;
    at[5 + c.kind] = 1.0f;
    if (ladder > 0 && c.bid >= 0) at[5 + kinds + c.bid] = 1.0f;
    at[5 + kinds + ladder + std::min<int>(c.doubling, 2)] = 1.0f;
  }
  at += 8 + kinds + ladder;
  // scalars: the trick, tricks and card points taken, totals, points held over; the seat's team first
  const Team mine = team_of(me);
  const Team theirs = other(mine);
  const float hand = float(std::max(1, rules.deck.hand_size));
  const float totals_scale = seen.target > 0 ? float(seen.target) : 1000.0f;
  at[0] = seen.phase == TablePhase::play ? float(seen.trick_winners.size() + 1) / hand : 0.0f;
  at[1] = float(seen.tricks[mine]) / hand;
  at[2] = float(seen.tricks[theirs]) / hand;
  at[3] = float(seen.points[mine]) / 100.0f;
  at[4] = float(seen.points[theirs]) / 100.0f;
  at[5] = float(seen.totals[mine]) / totals_scale;
  at[6] = float(seen.totals[theirs]) / totals_scale;
  at[7] = float(seen.held_over) / 100.0f;
}

std::vector<float> observation_tensor(const Table& table, Seat seat) {
  const ObservationLayout layout(table);
  std::vector<float> out(std::size_t(layout.size()));
  encode_observation(table.rules(), table.actions(), layout, table.observe(seat), out);
  return out;
}

}  // namespace belote
