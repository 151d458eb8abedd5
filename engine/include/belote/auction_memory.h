// The worlds of a seat's auction advice and the contracts solved in them,
// kept from one call to the next (docs/players.md, "Worlds kept through the
// auction").
//
// An auction world depends on nothing the calls say: only on the seat's own
// cards, the turned card and the seed (worlds.h). The advice draws the worlds
// of an auction observation from a generator seeded by the seed and those
// cards, so that the same cards always give the same worlds; a memory keeps
// them, and each contract's value in them, for the next call with the same
// cards: the seat's own later calls of the mène, and the same seat's calls when
// a duplicate deal is played again. What it gives back is what the advice
// would draw and solve again: it spares time and changes no figure.
//
// A sampled player keeps its own; while a SharedAuctionMemory is open on a
// thread, the sampled players of that thread share it instead: an arena opens
// one for each duplicate deal, whose second play deals each seat the cards of
// the first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "belote/card_set.h"
#include "belote/deal.h"
#include "belote/random_deals.h"
#include "belote/seat.h"
#include "belote/solve.h"
#include "belote/solver_pool.h"
#include "belote/worlds.h"

namespace belote {

class AuctionMemory {
 public:
  /// What the worlds of an auction observation are drawn from.
  struct Seen {
    const Ruleset* rules = nullptr;
    Seat seat = Seat::N;
    /// The mène (its number in the game): the same cards in another are drawn again.
    int mene = 0;
    /// The cards the seat does not see (the pack less its own cards and the turned card).
    CardSet hidden = 0;
    std::uint64_t seed = 0;
    bool operator==(const Seen&) const = default;
  };
  /// One world, and the result of each contract solved in it (the mène's points, tricks
  /// and roem with best play), by kind, takers and first lead.
  struct SolvedWorld {
    World world;
    std::map<std::tuple<int, int, int>, DealResult> results;
    /// By the same key, where tests have bounded the takers' points without a solve: the
    /// least and the most they can make.
    std::map<std::tuple<int, int, int>, std::pair<int, int>> bounds;
  };
  /// The worlds of one observation, in the order drawn, and the generator that draws the next.
  struct Worlds {
    Seen seen;
    Xoshiro256 rng;
    std::vector<SolvedWorld> worlds;
  };

  /// Keeps the worlds of up to `observations` observations, forgetting the oldest first.
  explicit AuctionMemory(std::size_t observations = 32) : capacity_(observations < 1 ? 1 : observations) {}

  /// The worlds kept for `seen`, or none yet with their generator seeded from it.
  Worlds& of(const Seen& seen);
  /// How many observations' worlds are kept.
  std::size_t observations() const { return kept_.size(); }

  /// The solvers of the advice's contracts, made by its first advice (one a thread that
  /// solves worlds): their tables' memory is allocated once, and each solve is what a
  /// new solver's would be (solve.h).
  std::optional<SolverPool> solvers;
  /// The same for contracts whose value counts roem, solved with a line of best play.
  std::optional<SolverPool> line_solvers;

 private:
  std::size_t capacity_;
  std::deque<Worlds> kept_;
};

/// While it lives, the memory the sampled players of its thread share (an inner one hides an outer).
class SharedAuctionMemory {
 public:
  explicit SharedAuctionMemory(std::size_t observations = 64);
  ~SharedAuctionMemory();
  SharedAuctionMemory(const SharedAuctionMemory&) = delete;
  SharedAuctionMemory& operator=(const SharedAuctionMemory&) = delete;

  /// The memory open on this thread, or null.
  static AuctionMemory* current();

 private:
  AuctionMemory memory_;
  AuctionMemory* outer_;
};

}  // namespace belote
