// The sampled double-dummy player: the best action of advise() (docs/players.md).
#include <bit>
#include <stdexcept>

#include <fmt/format.h>

#include "belote/advice.h"
#include "belote/auction_memory.h"
#include "belote/player.h"

namespace belote {

namespace sampled_impl {

// The seed of every auction's worlds: they then depend on the seat's cards alone, so that a
// seat's later calls, and the same seat's calls when a duplicate deal is played again by
// another sampled player, find them solved (auction_memory.h).
constexpr std::uint64_t kAuctionSeed = 0x61756374696f6e;

class SampledPlayer final : public Player {
 public:
  SampledPlayer(std::uint64_t seed, int worlds, unsigned threads) : seed_(seed), worlds_(worlds), threads_(threads) {}
  std::string name() const override { return fmt::format("sampled:{}", worlds_); }
  Action choose(const PlayerView& view) override {
    require_choice(view);
    const LegalActions& legal = view.legal;
    // Announcements are always declared (they only add points where counted).
    if (!legal.auction && legal.declare) return view.actions.declare(std::countr_zero(unsigned(legal.declare)));
    // One card (or one call): nothing to weigh.
    if (legal.count(view.actions) == 1) return legal.nth(view.actions, 0);
    if (!legal.auction && std::popcount(legal.cards) == 1) {
      const Card card = Card(std::countr_zero(legal.cards));
      return view.actions.card(card, contains(legal.word_cards, card));
    }
    AdviceOptions options;
    options.worlds = worlds_;
    options.threads = threads_;
    options.stop = view.stop;
    options.seed = seed_ + 0x9e3779b97f4a7c15ULL * ++decisions_;
    if (legal.auction) {
      options.seed = kAuctionSeed;
      AuctionMemory* shared = SharedAuctionMemory::current();
      options.memory = shared ? shared : &auction_;
    }
    return advise(view.rules, view.actions, view.seen, legal, options).best;
  }

 private:
  std::uint64_t seed_;
  int worlds_;
  unsigned threads_;
  std::uint64_t decisions_ = 0;
  // The worlds of its calls, kept where no shared memory is open (a mène's four seats fit).
  AuctionMemory auction_{4};
};

}  // namespace sampled_impl

using namespace sampled_impl;

std::unique_ptr<Player> sampled_player(std::uint64_t seed, int worlds, unsigned threads) {
  // As make_player and advise() refuse it: a player of no world would have nothing to choose by.
  if (worlds < 1) throw std::invalid_argument(fmt::format("sampled_player takes a number of worlds of at least 1, not {}", worlds));
  return std::make_unique<SampledPlayer>(seed, worlds, threads < 1 ? 1 : threads);
}

}  // namespace belote
