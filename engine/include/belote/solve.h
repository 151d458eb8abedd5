// Best play with every hand known (double dummy): the points the takers take
// when all four play their best, the cards that achieve it, and a line of
// best play (docs/solve.md).
//
// The search follows the play layer exactly: the legal cards are play.h's,
// a trick's winner is add_card's, and what a trick is worth is counted as the
// ruleset counts the points that depend on play (card points, the last
// trick's bonus, the value of taking every trick, and klaverjas roem per
// trick with its pit).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "belote/card_set.h"
#include "belote/play.h"
#include "belote/seat.h"

namespace belote {

/// A position to solve: the cards each seat still holds, the trick in
/// progress (its leader when empty), and what the tricks already played gave.
struct SolvePosition {
  PerSeat<CardSet> hands{};
  Trick trick{};
  /// The team whose points are counted (the takers); the other side minimises them.
  Team takers = Team::NS;
  /// Points each team took in the tricks already played (their roem
  /// included), and how many tricks.
  PerTeam<int> points{};
  PerTeam<int> tricks{};

  /// The start of a mène: `first` leads trick 1.
  static SolvePosition start(const PerSeat<CardSet>& hands, Seat first, Team takers);
  /// Where a mène played card by card has got to.
  static SolvePosition of(const PlayedMene& mene, Team takers);
};

/// Why a position cannot be solved, for a person; empty when it can: the hands
/// overlap, a card is not of the deck, the hands do not match the trick in progress.
std::string check_position(const PlayContext& play, const SolvePosition& position);

struct SolveOptions {
  /// The memory of the tables (transposition and similar positions, half each): they grow up to it and then replace entries.
  /// Each solve starts them small: only a search of millions of nodes (36 cards) grows them far.
  std::size_t max_table_bytes = std::size_t{64} << 20;
  /// Stop after this many nodes (0: no limit) or this many milliseconds (0: no limit).
  std::uint64_t max_nodes = 0;
  std::uint64_t max_milliseconds = 0;
  /// Asked as often as the clock is (every 16,384 nodes): true stops the
  /// search (SolveStatus::stopped), for a caller that must answer a person at
  /// once (Ctrl-C, a closed page). Empty: never asked.
  std::function<bool()> stop = {};
  /// Also find every card that achieves the best result at the position.
  bool best_cards = true;
  /// Also give a line of best play to the end of the mène.
  bool line = false;
  /// Also give the exact value of every legal card of the player to play
  /// (`SolveResult::card_value`): one solve seeks each first card's value in
  /// one table, and takes the value and the best cards from them.
  bool card_values = false;
  /// Search without the transposition table: much slower, the same values (a check of the table).
  bool table = true;
};

enum class SolveStatus : std::uint8_t { solved, node_limit, time_limit, stopped };

struct SolveResult {
  SolveStatus status = SolveStatus::solved;
  /// The takers' points at the end of the mène with best play, the points already taken included.
  int takers_points = 0;
  /// The cards of the player to play that achieve it (with `best_cards`).
  CardSet best_cards = 0;
  /// With `card_values`: the legal cards of the player to play, and for each the
  /// takers' points at the end of the mène with best play after it (the points
  /// already taken included), by card.
  CardSet valued = 0;
  std::array<std::int16_t, 64> card_value{};
  /// Best play from the position to the end of the mène (with `line`).
  std::vector<Card> line;
  /// Positions searched, for the figures of docs/solve.md.
  std::uint64_t nodes = 0;
  /// What stopped the search, for a person (empty when solved).
  std::string message() const;
};

/// One zero-window test of a position (Solver::test): whether the takers end
/// the mène with at least `threshold` points with best play, and the bound the
/// test proves on the other side (fail-soft): the value is at least `bound`
/// where `at_least`, else at most `bound`.
struct SolveTest {
  SolveStatus status = SolveStatus::solved;
  bool at_least = false;
  /// The takers' points, the points already taken included.
  int bound = 0;
  std::uint64_t nodes = 0;
};

/// What a caller knows of a position from another solve of the same deal
/// (under another ruleset, or for the other side): it orders the search, so
/// that a good hint spares nodes, and never changes the result.
struct SolveHint {
  /// The takers' points expected, the points already taken included (for
  /// example another ruleset's result): the search tests the value from there.
  std::optional<int> expected = {};
  /// Start from the move order the solver's last solve learnt, where that
  /// solve had the same cards in each hand and the same trumps (else ignored).
  bool reuse_order = false;
};

/// Solves positions one after the other, keeping its memory between them
/// (each solve starts from an empty table; only a hint carries anything over).
/// Not thread-safe: one solver per thread.
class Solver {
 public:
  explicit Solver(SolveOptions options = {});
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  /// The position must be valid (check_position gives no message).
  SolveResult solve(const PlayContext& play, const SolvePosition& position, const SolveHint& hint = {});
  /// Whether the takers make at least `threshold` points from `position`: one test,
  /// far cheaper than the value where the value lies far from it (docs/players.md,
  /// "Valuing the actions"); the options' limits apply as to a solve.
  SolveTest test(const PlayContext& play, const SolvePosition& position, int threshold);
  /// Worlds of one position (a sampled player's: the same cards played, the
  /// same seat to play with the same hand, the other hands dealt otherwise),
  /// each solved as solve() solves it, in the same tables' memory. Nothing
  /// else is carried from one world to the next: the last world's move order,
  /// its value as the first test and its similar positions each cost more
  /// than they spare (docs/solve.md, "Worlds of one position").
  std::vector<SolveResult> solve_worlds(const PlayContext& play, std::span<const SolvePosition> worlds);
  const SolveOptions& options() const { return options_; }

 private:
  struct Table;
  SolveOptions options_;
  std::unique_ptr<Table> table_;
};

/// One position solved with a solver of its own.
SolveResult solve(const PlayContext& play, const SolvePosition& position, const SolveOptions& options = {});

}  // namespace belote
