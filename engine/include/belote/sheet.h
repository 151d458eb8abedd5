// A score sheet: the mènes of one game, as the table reports them, and the
// game they add up to.
//
// Each mène is a deal in declared form (the announcements as declared, or the
// points each team writes for them), so nobody types 32 cards. Scoring replays
// the mènes under the ruleset: each mène's score, the points a litige holds
// over and the mène whose winner takes them, the running totals, and the
// winner once a team reaches the game's target.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "belote/deal.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"
#include "belote/seat.h"

namespace belote {

/// The highest game target a sheet may set (as for the ruleset's game.target).
inline constexpr int kMaxGameTarget = 100000;
/// The longest team name, in characters.
inline constexpr int kMaxTeamNameLength = 40;
/// Whether `name` may name a team on a sheet: 1 to kMaxTeamNameLength
/// characters, none that acts on a terminal (control or bidirectional).
bool is_team_name(std::string_view name);
/// What a team's name under `key` ("teams.NS") that is not is_team_name's must be, in the words
/// every reader of sheets and records, and the table, say it.
std::string team_name_rule(std::string_view key);
/// Two teams of one name: the message every reader of sheets and records, and the
/// table, gives (a sheet or a record must tell its teams apart); nothing otherwise.
std::optional<std::string> same_team_names(const PerTeam<std::string>& teams);
/// The most mènes a sheet holds: with each deal's amounts at most
/// kMaxDealPoints, the totals and the points held over stay within an int.
inline constexpr int kMaxSheetMenes = 1000;

struct SheetMene {
  /// Declared or team-points form; its id is the mène's number on the sheet.
  Deal deal;
  /// False when the sheet left the tricks out and they were derived from the
  /// card points (only where they cannot change the score).
  bool tricks_given = false;
  /// Where the mène is given as its auction: the seat that dealt, and the seat
  /// the deal passes to after it.
  std::optional<Seat> dealer, next_dealer;
  /// Everybody passed: the cards were dealt again and nothing was played or
  /// written. `deal` is empty; points held over wait for the next mène played.
  bool redeal = false;
};

struct Sheet {
  /// The ruleset as the sheet names it: a name, or a path relative to the sheet.
  std::string ruleset{};
  /// Whether the sheet holds its ruleset whole (`[rules]`, a game's record of a ruleset of
  /// one's own) rather than naming one to be found.
  bool holds_rules = false;
  /// The sheet's own target; without it, the ruleset's game.target.
  std::optional<int> target{};
  PerTeam<std::string> teams{{"NS", "EW"}};
  std::vector<SheetMene> menes{};

  int target_under(const Ruleset& rules) const { return target ? *target : rules.game.target; }
  /// The seat that deals next, where the last mène gives its auction.
  std::optional<Seat> next_dealer() const { return menes.empty() ? std::nullopt : menes.back().next_dealer; }
};

/// Points a litige held over: how many, and the mène (1-based) that held them.
struct HeldOver {
  int mene = 0;
  int points = 0;
  friend bool operator==(const HeldOver&, const HeldOver&) = default;
};

struct MeneScore {
  /// A redeal (SheetMene::redeal): nothing written, the totals unchanged.
  bool redeal = false;
  Outcome outcome;
  /// Who won the contract: the takers if made, the defenders if failed;
  /// nobody for a litige or a void deal.
  std::optional<Team> contract_winner;
  /// Earlier litiges' points that this mène's contract winner takes.
  std::vector<HeldOver> received;
  /// What each team writes for this mène: its score plus the points received.
  PerTeam<int> written;
  /// Running totals after this mène.
  PerTeam<int> totals;
  /// Held-over points still waiting for a winner after this mène.
  int waiting = 0;
};

/// How the game was decided.
enum class GameDecision {
  none,             ///< no team has won yet
  target,           ///< one team reached the target
  higher_total,     ///< both did on the same mène; the higher total wins (game.both_reach)
  contract_winner,  ///< both did on the same mène; that mène's contract winner wins (game.both_reach)
  draw,             ///< both did on the same mène with equal totals, and the ruleset calls it a draw (game.both_reach)
  deals_played,     ///< the game's number of mènes was played (game.deals): the higher total wins, equal draws
};

/// How a game stands after a mène: score_sheet's decision, one mène at a time.
struct GameEnd {
  std::optional<Team> winner;
  GameDecision decision = GameDecision::none;
  /// Ended with no winner (game.both_reach = "highest-or-draw", or equal totals after game.deals).
  bool drawn = false;
  /// Both teams at or over the target with equal totals: the game goes on.
  bool level_over_target = false;
  /// A team at or over the target that took no trick in the mène, and so
  /// counts as under it (game.winner_needs_trick).
  PerTeam<bool> over_target_without_trick;
  bool over() const { return winner.has_value() || drawn; }
};

/// Who won a scored mène's contract: the takers if made, the defenders if
/// failed; nobody for a litige or a void deal.
std::optional<Team> contract_winner(const Deal& deal, const Outcome& outcome);

/// Whether the game ends after a mène (game.md's [game] keys): `totals` are the
/// totals after it, `played` the mènes played with it, `target` the game's (0: none).
GameEnd game_end_after(const Ruleset& rules, int target, int played, const PerTeam<int>& totals, const Deal& deal,
                       const Outcome& outcome, std::optional<Team> winner_of_contract);

struct GameScore {
  int target = 0;  ///< 0: the game has no target, only a number of mènes
  /// The game's number of mènes (game.deals), 0 when it has none.
  int deals = 0;
  /// The mènes scored: every mène of the sheet up to the one that decides the game.
  std::vector<MeneScore> menes;
  /// The mènes played among them: redeals and void deals (dealt again) are not.
  int played = 0;
  PerTeam<int> totals;
  /// Held-over points that no mène's winner has taken yet.
  std::vector<HeldOver> waiting;
  std::optional<Team> winner;
  GameDecision decision = GameDecision::none;
  /// The mène (1-based) that decided the game; 0 while it goes on.
  int decided_at = 0;
  /// The game ended with no winner (game.both_reach = "highest-or-draw").
  bool drawn = false;
  /// Whether the game is over: won, or drawn.
  bool over() const { return winner.has_value() || drawn; }
  /// Both teams are at or over the target with equal totals, and the ruleset
  /// has the higher total win: the game goes on.
  bool level_over_target = false;
  /// After the last mène played: a team at or over the target that took no
  /// trick in it, and so counts as under it (game.winner_needs_trick).
  PerTeam<bool> over_target_without_trick;
};

/// Replays the sheet's mènes under `rules`. Mènes after the one that decides
/// the game are not scored (the sheet reader refuses them).
GameScore score_sheet(const Ruleset& rules, const Sheet& sheet);

/// The points `held` add up to.
int held_points(const std::vector<HeldOver>& held);

}  // namespace belote
