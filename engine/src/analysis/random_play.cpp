// Random legal play of a deal's hands.
#include "belote/random_play.h"

#include <algorithm>

namespace belote {

namespace {

// A stream apart from those the deals are drawn from, so that a deal's
// hands do not change when it is also played.
constexpr std::uint64_t kPlayStream = 0x706c6179ull << 32;

}  // namespace

PlayedCards RandomPlay::play(std::uint64_t number, Deal& deal) const {
  Xoshiro256 random(seed_, kPlayStream ^ number);
  PlayedMene mene(PlayContext(rules_, deal.kind, deal.trump), deal.hands, deal.first);
  PlayedCards out;
  while (!mene.over()) {
    CardSet legal = mene.legal();
    // The k-th card of the legal set, k uniform.
    for (std::uint32_t skip = random.below(std::uint32_t(count(legal))); skip > 0; --skip) legal &= legal - 1;
    const Card card = Card(std::countr_zero(legal));
    out.cards[std::size_t(out.count++)] = card;
    mene.play(card);
  }
  deal.result = DealResult{mene.points(), mene.tricks_won(), mene.tricks_by_seat(), true, mene.roem()};
  std::copy(out.cards.begin(), out.cards.begin() + out.count, deal.played.begin());
  deal.played_count = std::uint8_t(out.count);
  return out;
}

}  // namespace belote
