// Players by name, and a player asked at the table from its seat's view.
#include "belote/player.h"

#include <fmt/format.h>

namespace belote {

std::unique_ptr<Player> make_player(std::string_view spec, std::uint64_t seed, std::string& error) {
  if (spec == "random") return random_player(seed);
  error = fmt::format("unknown player '{}' (players: random)", spec);
  return nullptr;
}

Action ask(Player& player, const Table& table) {
  const Observation seen = table.observe(table.to_act());
  const LegalActions legal = table.legal();
  return player.choose(PlayerView{table.rules(), table.actions(), seen, legal});
}

}  // namespace belote
