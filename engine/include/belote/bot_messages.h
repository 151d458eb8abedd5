// The bot protocol's messages (docs/table.md, "The bot protocol"): what
// `belote play --bot` and `belote arena` send a bot, one JSON object a line,
// and how they read its answer. A program that hosts bots over a transport
// of its own (a socket, a web page's worker) speaks the same protocol with
// these, and a bot written for `belote play` plays at its tables unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "belote/table.h"

namespace belote {

/// The protocol's version, given by every `start` message.
inline constexpr int kBotProtocolVersion = 1;

/// A seed for the bot's own random choices, the same for the same game and
/// seat. The game's seed gives every hand (the deals are drawn from it), so it
/// is told at the game's end only; this one cannot be worked back to it.
std::uint64_t bot_seed(std::uint64_t game_seed, Seat seat);

/// `start`: the ruleset (as the bot's own commands find it: a name, or a
/// path), the bot's seat and seed, the first dealer, the game's length, the
/// teams' names and the number of actions.
std::string bot_start_message(const Table& table, Seat seat, std::string_view ruleset);
/// `act`: the seat to act, what it may know (observation_json) and its legal
/// actions (legal_actions_json). Only for a table where a seat is to act.
std::string bot_act_message(const Table& table);
/// `error`: why the last answer was refused, and how many answers are left.
std::string bot_error_message(std::string_view why, int tries_left);
/// `mene_end`: a mène has ended (a redeal too; `number` counts them from 1):
/// its contract, score, result, the points held over, the totals and, every
/// card having been seen, the mène as a deal line.
std::string bot_mene_end_message(const Table& table, const FinishedMene& mene, int number);
/// `game_end`: the totals, the winner or a draw, the mènes played, the game's seed.
std::string bot_game_end_message(const Table& table);

/// The action a bot's answer names for the seat to act: {"action": N}, a
/// number of the legal list, or {"text": "..."}, the action's words read as
/// the terminal reads a person's (any case, suits as letters or symbols), or
/// both naming the same action. None where the answer is no JSON object, gives
/// a key twice, names no action or two, with `why` saying so, the answer quoted
/// first. Whether the action is legal is the table's to say (Table::apply).
std::optional<Action> read_bot_answer(const Table& table, std::string_view line, std::string& why);

}  // namespace belote
