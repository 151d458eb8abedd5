// The random player: uniform over the legal actions.
#include "belote/player.h"
#include "belote/random_deals.h"

namespace belote {

namespace {

class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed, 0x706c6179) {}
  std::string name() const override { return "random"; }
  Action choose(const PlayerView& view) override {
    require_choice(view);
    return view.legal.random(view.actions, rng_);
  }

 private:
  Xoshiro256 rng_;
};

}  // namespace

std::unique_ptr<Player> random_player(std::uint64_t seed) { return std::make_unique<RandomPlayer>(seed); }

}  // namespace belote
