// Players at the table (table.md 5): an engine player chooses an action from
// what its seat may know — its observation and the legal actions — and from
// nothing else, so that it plays as a person at the table would.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "belote/table.h"

namespace belote {

/// What a player is given when it is its turn.
struct PlayerView {
  const Ruleset& rules;
  const ActionSpace& actions;
  const Observation& seen;
  const LegalActions& legal;
  /// Asked now and then by a player that thinks long (the sampled one): true
  /// asks it to answer at once with what it has found so far (a legal action
  /// still), for a caller that stops the game (Ctrl-C). Empty: never asked.
  std::function<bool()> stop = {};
};

/// One thread's (a sampled player keeps its auction's worlds). A sampled
/// player's kept worlds name their ruleset by its address: keep the ruleset
/// (the LoadedRuleset's `shared_ptr`) alive as long as the player.
class Player {
 public:
  virtual ~Player() = default;
  /// The player as `make_player` reads it: "random", "heuristic", "sampled:32".
  virtual std::string name() const = 0;
  /// One of `view.legal`'s actions. The engine's players throw
  /// std::invalid_argument where there is none (require_choice).
  virtual Action choose(const PlayerView& view) = 0;
};

/// Throws std::invalid_argument, saying why, where `view.legal` holds no action
/// (a game over): a player has nothing to choose from; and where `view.seen` is
/// another seat's than the seat to act, in advise()'s words ("the view is W's,
/// but N is to act: advice is for the seat to act"). Every engine player checks
/// it before it chooses.
void require_choice(const PlayerView& view);

/// Uniform over the legal actions, from its own seeded generator.
std::unique_ptr<Player> random_player(std::uint64_t seed);

/// Rules of thumb from the ruleset's data (docs/players.md): a hand's strength
/// in each kind against what the contract asks, then a few rules of the play.
std::unique_ptr<Player> heuristic_player(std::uint64_t seed);

/// Sampled double dummy (docs/players.md): `worlds` worlds drawn uniformly among
/// those the seat cannot tell apart, each solved exactly; the best mean. Its
/// worlds are solved on `threads` threads (AdviceOptions::threads): it plays
/// the same on any number (0 is taken as 1). Throws std::invalid_argument for
/// fewer than 1 world, as make_player and advise() refuse them.
std::unique_ptr<Player> sampled_player(std::uint64_t seed, int worlds = 32, unsigned threads = 1);

/// The names make_player reads, for messages (`sampled` is `sampled:32`).
inline constexpr std::array<std::string_view, 3> kPlayerNames{"random", "heuristic", "sampled:N"};

/// A player from its name: `random`, `heuristic`, `sampled` (32 worlds) or
/// `sampled:N` (N worlds, 1 to 4096); docs/players.md describes them. Null,
/// with `error` set, for a name it does not know: one sentence naming it and
/// the names accepted, kPlayerNames and `also`, a name the caller reads
/// besides ("bot"). `threads`: those of a sampled player.
std::unique_ptr<Player> make_player(std::string_view spec, std::uint64_t seed, std::string& error,
                                    std::string_view also = {}, unsigned threads = 1);

/// The seed of the engine player at `seat` in a game dealt from `game_seed`,
/// each seat's its own (splitmix64): `belote play` and the page seed their
/// players so, and the same seed and players give the same game.
std::uint64_t seat_player_seed(std::uint64_t game_seed, Seat seat);

/// The action `player` chooses for the seat to act at `table`, from that seat's
/// observation; `stop` as PlayerView's. Throws std::invalid_argument where no
/// seat is to act: "the game is over: no seat is to act".
Action ask(Player& player, const Table& table, const std::function<bool()>& stop = {});

}  // namespace belote
