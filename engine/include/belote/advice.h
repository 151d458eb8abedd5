// What each legal action of a seat is worth, by sampled double dummy: worlds
// drawn uniformly among those the seat cannot tell apart (worlds.h), each
// solved exactly (solve.h), the figures averaged (docs/players.md).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "belote/table.h"

namespace belote {

class AuctionMemory;

struct AdviceOptions {
  /// Worlds drawn, at least 1: advise() refuses fewer (std::invalid_argument).
  /// They are drawn a batch at a time as they are solved, so that in the play
  /// the memory is a batch's whatever their number; in the auction the worlds
  /// drawn are kept (`memory`).
  int worlds = 32;
  std::uint64_t seed = 0;
  /// Stop drawing and solving worlds after this many milliseconds (0: no
  /// limit): the clock is asked between draws, between worlds and, in the play
  /// once a world is solved, within each world's solve, so that it bounds the
  /// whole advice but for one world's solve. At least one world is solved.
  std::uint64_t max_milliseconds = 0;
  /// Asked between worlds and, in the play, within each world's solve (SolveOptions::stop):
  /// true ends the advice with the worlds solved so far (`stopped`; none, where it answers
  /// true before the first world is solved). For a caller that must answer a person at once.
  std::function<bool()> stop = {};
  /// Called as the worlds are tallied, in the order drawn, with the worlds
  /// done and the worlds drawn (a progress bar: a `schieber` decision at trick
  /// 1 takes seconds); one call at a time, on whichever thread solved the world.
  std::function<void(int done, int worlds)> progress = {};
  /// Proposals tried per world before the sampler gives up (worlds.h).
  int max_attempts = 2000;
  /// Threads solving the worlds, the calling one included (1: it alone). The
  /// worlds are drawn in order, and their figures summed in that order:
  /// the advice does not depend on it (with `max_milliseconds`, the worlds
  /// solved in the time may).
  unsigned threads = 1;
  /// In the auction, worlds and solves kept from earlier advice with the same
  /// cards seen (auction_memory.h; null: none kept). It changes no figure.
  AuctionMemory* memory = nullptr;
  /// In the auction, spare the solve of a contract in a world where one or two
  /// zero-window tests show that every value it could give scores alike
  /// (docs/players.md, "Valuing the actions"). It changes no figure; off, every
  /// contract is solved.
  bool screen = true;
};

/// The figures of one legal action over the worlds.
struct ActionAdvice {
  Action action = 0;
  /// Whether the action was valued (declarations are not: they are always made).
  bool valued = false;
  /// The mean and standard deviation of what it is worth to the seat's team:
  /// card points at the end of the mène in the play, the score's difference
  /// between the two teams (the seat's less the other's) in the auction.
  double expected = 0;
  double spread = 0;
  /// The share of worlds in which the contract it leads to is made (none where nothing is to make).
  std::optional<double> make_chance;
};

struct Advice {
  Seat seat = Seat::N;
  bool auction = false;
  /// Worlds solved, and how many of them the sampler gave up on (not shown consistent).
  int worlds = 0;
  int inconsistent = 0;
  /// Whether the time limit or the caller's stop cut the worlds short.
  bool stopped = false;
  /// Every legal action of the seat, in the order of LegalActions::list.
  std::vector<ActionAdvice> actions;
  /// The action a sampled player takes: a declaration first, then the best valued action.
  Action best = 0;
};

/// Advice for the seat to act, from its observation `seen` and its legal actions.
/// Throws std::invalid_argument where `seen` is another seat's ("the view is W's,
/// but N is to act: advice is for the seat to act", as ObservationReader says),
/// where the game is over, where `legal` holds no action, or where
/// `options.worlds` is less than 1 ("AdviceOptions::worlds is the number of
/// worlds to draw, at least 1, not 0").
Advice advise(const Ruleset& rules, const ActionSpace& space, const Observation& seen, const LegalActions& legal,
              const AdviceOptions& options = {});

}  // namespace belote
