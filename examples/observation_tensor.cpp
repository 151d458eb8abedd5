// What each seat may know, as numbers (docs/table.md, "The observation as
// numbers"): a few random actions into a game, the four seats' observations
// encoded into one batch, as a player that learns would give them to its
// network, and each seat's hand read back from its block.
//
//   observation_tensor [RULESET] [SEED]
#include <belote/belote.h>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  const belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
  const belote::LoadedRuleset loaded = loader.load(argc > 1 ? argv[1] : "coinche");
  if (!loaded.ok()) return 1;
  const belote::Ruleset& rules = *loaded.ruleset;

  belote::TableSetup setup;
  setup.seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 7;
  belote::Table table(rules, setup);
  // Random actions until two cards are on the table (or the game's end).
  belote::Xoshiro256 rng(setup.seed, 1);
  while (!table.over() && table.observe(belote::Seat::N).cards.size() < 2) (void)table.apply_random(rng);

  const belote::ObservationLayout layout(table);
  std::printf("%d entries a seat, in %zu blocks\n", layout.size(), layout.blocks().size());
  for (const belote::TensorBlock& block : layout.blocks())
    std::printf("  %-16.*s %4d %4d\n", int(block.name.size()), block.name.data(), block.offset, block.size);

  // One buffer for the four seats, each encoded in its own slice.
  const std::size_t size = std::size_t(layout.size());
  std::vector<float> batch(4 * size);
  for (belote::Seat seat : belote::kSeats)
    belote::encode_observation(rules, table.actions(), layout, table.observe(seat),
                               std::span(batch).subspan(std::size_t(belote::index(seat)) * size, size));

  // The hand block: one entry a card action, 1 for each card the seat holds.
  const belote::TensorBlock& hand = layout.block("hand");
  for (belote::Seat seat : belote::kSeats) {
    std::string cards;
    for (int c = 0; c < hand.size; ++c)
      if (batch[std::size_t(belote::index(seat)) * size + std::size_t(hand.offset + c)] == 1.0f) {
        cards += ' ';
        cards += table.action_text(belote::Action(c));
      }
    std::printf("%s holds%s\n", std::string(belote::name(seat)).c_str(), cards.c_str());
  }
  return 0;
}
