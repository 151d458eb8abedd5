// An arena (docs/arena.md): two players, A and B, play the same deals in
// duplicate. Each deal is played twice from its seed: first A holds N–S and B
// E–W, then they change sides, so that each holds the cards the other held and
// the luck of the cards cancels. A deal's two plays are a game; what is
// compared is A's points less B's, per game and per mène.
//
// Each deal depends only on (seed, its number), and the tally only on the
// deals in it: a run gives the same result on 1 thread or 64, and ranges of
// deals run apart merge into the result of the whole range.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "belote/diagnostic.h"
#include "belote/player.h"
#include "belote/table.h"

namespace belote {

/// The two players of an arena: A holds N–S in a deal's first play, B E–W.
enum class ArenaSide : std::uint8_t { a = 0, b = 1 };
constexpr int index(ArenaSide side) { return int(side); }
constexpr std::string_view name(ArenaSide side) { return side == ArenaSide::a ? "A" : "B"; }

/// A value per side.
template <class T>
struct PerSide {
  std::array<T, 2> values{};
  constexpr T& operator[](ArenaSide side) { return values[std::size_t(index(side))]; }
  constexpr const T& operator[](ArenaSide side) const { return values[std::size_t(index(side))]; }
  friend constexpr bool operator==(const PerSide&, const PerSide&) = default;
};

/// One seat's player for one play, asked at the table: an engine player, or
/// a program the caller runs (the CLI's bots).
class SeatActor {
 public:
  virtual ~SeatActor() = default;
  /// One of `table.legal()`'s actions for the seat to act, which is this one's;
  /// `stop` as PlayerView's (an engine player that thinks long asks it).
  virtual Action act(const Table& table, const std::function<bool()>& stop) = 0;
  /// Told to every seat's player when a mène ends (a redeal too; `number`
  /// counts them, from 1) and when the game is over, unless the play was
  /// stopped: what a program playing the seat is sent (the bot protocol's
  /// mene_end and game_end). Engine players need neither.
  virtual void mene_ended(const Table& /*table*/, const FinishedMene& /*mene*/, int /*number*/) {}
  virtual void game_ended(const Table& /*table*/) {}
  /// The play is over for this player (its end, a failure or the caller's
  /// stop): told to every seat's player before any is destroyed, so that the
  /// programs they run are all let go at once, not one after another.
  virtual void play_ended() {}
};

/// Makes the player of `seat` for one play; `seed` is that seat's own in that play.
using SeatActorMaker = std::function<std::unique_ptr<SeatActor>(Seat seat, std::uint64_t seed)>;

/// An engine player by name (make_player's names); none, with `error` set, for
/// a name it does not know (naming `also` among the names accepted, as make_player).
std::optional<SeatActorMaker> engine_actor(std::string_view spec, std::string& error, std::string_view also = {});

/// A player that failed to act (a program that exited, or answered wrongly): the run stops.
class ArenaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The contracts one side took.
struct ContractCount {
  std::uint64_t taken = 0;
  std::uint64_t made = 0;
  std::uint64_t failed = 0;
  /// Neither made nor failed: a litige, its points held over.
  std::uint64_t litige = 0;
  ContractCount& operator+=(const ContractCount& other);
  friend bool operator==(const ContractCount&, const ContractCount&) = default;
};

/// One play of a deal: a game from the deal's seed, to `menes` mènes played (redeals do not count).
struct TablePlay {
  /// What each team scored in the mènes played (points held over at the end left out).
  PerTeam<long long> points;
  int menes = 0;
  PerTeam<ContractCount> contracts;
  /// Each played mène as a deal line (record_deal_lines), when asked for.
  std::string records;
  /// The last mène played: its taker and what became of its contract.
  Seat taker = Seat::N;
  ContractResult result = ContractResult::none;
};

/// Redeals in a row after which a game's players are taken never to bid: a
/// game counted in mènes played would otherwise redeal for ever.
inline constexpr int kMaxRedealsInARow = 1000;

/// Plays the game of `seed` under `rules` for `menes` mènes, N–S played by
/// `ns`'s players and E–W by `ew`'s; each seat's player seeded from `seed`
/// and `stream`. Throws ArenaError when a player fails (or after
/// kMaxRedealsInARow redeals in a row), naming the mène. `stop` is handed to
/// each player's decisions (PlayerView::stop), and asked before each: once it
/// is true the play ends where it is, cut short, its players told no more.
/// With `records`, the play's deal lines are kept (TablePlay::records), each
/// named `*records` then "mene-N" (record_deal_lines).
TablePlay play_table(const Ruleset& rules, std::uint64_t seed, std::uint64_t stream, int menes, const SeatActorMaker& ns,
                     const SeatActorMaker& ew, std::optional<std::string_view> records,
                     const std::function<bool()>& stop = {});

/// The start of the ids of the deal lines of play `play` (0, A at N–S; 1) of
/// deal `deal`: "deal-7-play-1-", the play counted from 1.
std::string arena_record_id(std::uint64_t deal, int play);

/// The seed of deal number `deal` of an arena seeded `seed`.
std::uint64_t arena_deal_seed(std::uint64_t seed, std::uint64_t deal);

/// The most deals one arena plays, and mènes a play (`belote arena --deals`
/// and `--menes`): a result read back (read_arena_json) holds no more, nor
/// does a merge of results.
inline constexpr std::uint64_t kMaxArenaDeals = 1'000'000'000'000;
inline constexpr int kMaxArenaMenes = 100;

/// What an arena asks for.
struct ArenaSettings {
  std::uint64_t seed = 0;
  /// The deals played: numbers first_deal to first_deal + deals − 1.
  std::uint64_t first_deal = 0;
  std::uint64_t deals = 0;
  /// Mènes per play (1: each play is the deal's first mène played).
  int menes = 1;
  /// The players' names, as the results give them, and how each side's players are made.
  PerSide<std::string> names{};
  PerSide<SeatActorMaker> players{};
  /// Keep each play's deal lines (TablePlay::records).
  bool records = false;
};

/// A deal played in duplicate: the first play (A at N–S), the second (A at E–W).
struct DuplicateDeal {
  std::uint64_t number = 0;
  std::array<TablePlay, 2> plays;
  /// A's points less B's over both plays, and the mènes played in both.
  long long difference() const;
  int menes() const { return plays[0].menes + plays[1].menes; }
  /// The contracts each side took over both plays.
  PerSide<ContractCount> contracts() const;
};

/// Plays deal number `deal` of the arena in duplicate; `stop` as play_table's
/// (a stop in the first play leaves the second unplayed).
DuplicateDeal play_duplicate(const Ruleset& rules, const ArenaSettings& settings, std::uint64_t deal,
                             const std::function<bool()>& stop = {});

/// A mean with its 95% confidence interval (none with fewer than two games, or no spread to measure).
struct Estimate {
  double mean = 0;
  std::optional<double> half_width;
  double low() const { return mean - half_width.value_or(0); }
  double high() const { return mean + half_width.value_or(0); }
};

/// The mean of n values from their sum and the sum of their squares, with its
/// 95% interval (the normal approximation: for a few dozen values and more).
Estimate mean_estimate(std::uint64_t n, double sum, double sum_squares);

/// The sums an arena keeps: enough for its means and intervals, and added
/// exactly when ranges of deals merge (integers, in any order).
struct ArenaTally {
  std::uint64_t games = 0;
  std::uint64_t menes = 0;
  /// Over games: Σd, Σd², Σm², Σd·m, for d a game's difference and m its mènes.
  long long sum = 0;
  long long sum_squares = 0;
  long long menes_squares = 0;
  long long sum_by_menes = 0;
  /// Games where A scored more, as many, less than B.
  std::uint64_t a_ahead = 0;
  std::uint64_t even = 0;
  std::uint64_t b_ahead = 0;
  PerSide<ContractCount> contracts;

  void add(const DuplicateDeal& deal);
  void add(const ArenaTally& other);
  /// A's points less B's per game, and per mène (a ratio of means: its interval by the delta method).
  Estimate per_game() const;
  Estimate per_mene() const;
  friend bool operator==(const ArenaTally&, const ArenaTally&) = default;
};

/// An arena's result: what was played, and its tally.
struct ArenaResult {
  std::string ruleset;
  /// Its conventions' ruleset_fingerprint; empty in a result of an earlier version, which wrote none, and
  /// for a ruleset built in code.
  std::string ruleset_fingerprint;
  PerSide<std::string> players;
  std::uint64_t seed = 0;
  std::uint64_t first_deal = 0;
  std::uint64_t deals = 0;
  int menes = 1;
  ArenaTally tally;
  friend bool operator==(const ArenaResult&, const ArenaResult&) = default;
};

/// Plays the arena's deals on `threads` threads. `each` (optional) is called
/// for every deal in order of number, on one thread at a time, `progress(done,
/// total)` after each. `stop()` (optional), asked after each deal merged and
/// by the players as they think (PlayerView::stop), ends the run early (an
/// interrupted call): the result then holds the deals played whole before it,
/// and none that was being played when it came. Throws ArenaError when a player fails.
ArenaResult run_arena(const Ruleset& rules, const ArenaSettings& settings, unsigned threads,
                      const std::function<void(const DuplicateDeal&)>& each = {},
                      const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
                      const std::function<bool()>& stop = {});

/// The fingerprint of a ruleset's conventions, 16 hexadecimal digits: a hash
/// of its resolved keys and what each means (Ruleset::resolved_meanings), so
/// the same for two files that set the same conventions, whatever their names,
/// paths, comments, metadata and spellings of a value; another where a key is
/// set in one only or means another thing. The same on every machine: results
/// of ranges run apart merge by it. Empty for a ruleset built in code.
std::string ruleset_fingerprint(const Ruleset& rules);

/// The result as one JSON object (docs/arena.md, "The result as JSON").
std::string arena_json(const ArenaResult& result, bool pretty = false);
/// A result read back from arena_json's text; none, with `error` set, when it
/// is not one: in `source` (the file the text is from) and, with `placed`, at
/// the line and column of the fault with the line quoted, a message that
/// names the key that is unknown, missing or wrong. Every count and sum must be a whole
/// number in the range an arena gives it (at most kMaxArenaDeals deals, 1 to
/// kMaxArenaMenes mènes a play) and agree with the others: as many games as
/// deals, each counted once in `games_ahead`, each of two plays of 1 to
/// menes_per_play mènes, each contract taken made, failed or in litige, and
/// sums of squares that the sums allow (docs/arena.md). Without `placed`
/// (a text the caller wrote itself), the message names the key alone.
std::optional<ArenaResult> read_arena_json(std::string_view text, std::string_view source, Diagnostic& error,
                                           bool placed = true);
/// Results of ranges of the same arena (ruleset, players, seed, mènes, and the
/// ruleset's fingerprint where both parts carry one) merged
/// into the result of their union, which must be one range without overlaps
/// and of at most kMaxArenaDeals deals;
/// none, with `error` set, otherwise: a message that starts with the source
/// of the part at fault and names the other part and the key. `sources`
/// names the parts in order (their files); a part without one is "result N"
/// (from 1).
std::optional<ArenaResult> merge_arena(std::vector<ArenaResult> parts, std::span<const std::string> sources,
                                       std::string& error);

}  // namespace belote
